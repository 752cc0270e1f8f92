// databaseDetail_account: the accounts of a managed database instance (ADR 0055). Each is a real
// user of the instance's engine, granted read-only, DML, DDL and DML, or deploy-user privileges on
// the instance's databases it names. Phone: a card per account with its actions; from 1024 px a
// table. Adding, changing the privilege and resetting the password open a sheet; deleting asks first.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { formatDateTime } from '../../../domain/time-format.ts';
import { DataTable, type DataColumn, type RowAction } from '../../ui/data-table/data-table.tsx';
import { CardActions } from './card-actions.tsx';
import { CenterPopup, Popup } from '../../ui/light/overlay.tsx';
import { SpinLoading } from '../../ui/light/spin-loading.tsx';
import { Toast } from '../../ui/light/toast.ts';
import type { Resource } from '../../features/resources/kind-meta.ts';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import {
  adminKeys,
  changePrivilege,
  createAccount,
  deleteAccount,
  listAccounts,
  listDatabases,
  resetPassword,
  type DbAccount,
  type DbDatabase,
} from './accounts-api.ts';
import { AdminFrame, failureText, useWide } from './admin-frame.tsx';
import { AccountCreateForm, PasswordForm, PrivilegeForm, type NewAccount } from './account-forms.tsx';

type Sheet = { kind: 'create' } | { kind: 'privilege'; account: DbAccount } | { kind: 'password'; account: DbAccount } | null;

export function AccountsPage({ id }: KindPageProps<true>) {
  return (
    <AdminFrame id={id} page="accounts">
      {(row) => <Accounts row={row} />}
    </AdminFrame>
  );
}

/** A sheet from below on a phone, a centred box from 1024 px. */
export function Sheet(props: { open: boolean; title: string; onClose: () => void; children: React.ReactNode }) {
  const wide = useWide();
  const body = (
    <div className="ys-dba__sheet">
      <h2 className="ys-dba__sheettitle">{props.title}</h2>
      {props.children}
    </div>
  );
  return wide ? (
    <CenterPopup visible={props.open} onMaskClick={props.onClose} onClose={props.onClose} style={{ '--min-width': '480px', '--max-width': '560px' }}>
      {body}
    </CenterPopup>
  ) : (
    <Popup
      visible={props.open}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      bodyStyle={{ maxHeight: '90vh', overflowY: 'auto', borderRadius: '12px 12px 0 0' }}
    >
      {body}
    </Popup>
  );
}

function Accounts({ row }: { row: Resource }) {
  const { t } = useTranslation();
  const wide = useWide();
  const client = useQueryClient();
  const id = row.id;
  const engine = String(row.spec.engine);
  const accounts = useQuery({ queryKey: adminKeys.accounts(id), queryFn: () => listAccounts(id) });
  const databases = useQuery({ queryKey: adminKeys.databases(id), queryFn: () => listDatabases(id) });
  const [sheet, setSheet] = useState<Sheet>(null);
  const k = (key: string, p?: Record<string, unknown>) => t(`kinds:db_instance.accounts.${key}`, p);
  const done = async (message: string) => {
    setSheet(null);
    Toast.show({ content: message });
    await client.invalidateQueries({ queryKey: adminKeys.accounts(id) });
  };
  const remove = useMutation({
    mutationFn: (name: string) => deleteAccount(id, name),
    onSuccess: () => done(k('deleted')),
    onError: (e) => Toast.show({ content: failureText(e, t('kinds:db_instance.admin.failed')) }),
  });
  const askDelete = async (a: DbAccount) => {
    const ok = await Dialog.confirm({
      title: k('delete_title'),
      content: k('delete_confirm', { name: a.name }),
      confirmText: <span className="ys-dba__danger">{k('delete')}</span>,
      cancelText: t('kinds:db_instance.admin.cancel'),
    });
    if (ok) remove.mutate(a.name);
  };
  const actions = (a: DbAccount): RowAction[] => [
    { key: 'privilege', label: k('change_privilege'), onClick: () => setSheet({ kind: 'privilege', account: a }) },
    { key: 'password', label: k('reset_password'), onClick: () => setSheet({ kind: 'password', account: a }) },
    { key: 'delete', label: k('delete'), danger: true, onClick: () => void askDelete(a) },
  ];
  const rows = accounts.data?.data ?? [];
  const dbs: DbDatabase[] = databases.data?.data ?? [];
  return (
    <section className="ys-dba__body">
      <div className="ys-dba__bar">
        <p className="ys-dba__hint">{k('hint')}</p>
        <Button color="primary" size="small" className="ys-dba__add" onClick={() => setSheet({ kind: 'create' })} data-testid="account-add">
          <AddOutline /> {k('add')}
        </Button>
      </div>
      {accounts.isPending ? (
        <div className="ys-dba__state">
          <SpinLoading /> {t('kinds:db_instance.admin.loading')}
        </div>
      ) : accounts.isError ? (
        <div className="ys-dba__state">{k('failed_load')}</div>
      ) : !rows.length ? (
        <div className="ys-dba__empty" data-testid="accounts-empty">
          <p>{k('empty')}</p>
          <Button color="primary" fill="outline" onClick={() => setSheet({ kind: 'create' })}>
            {k('add')}
          </Button>
        </div>
      ) : wide ? (
        <DataTable columns={columns(t)} rows={rows} rowKey={(a) => a.name} rowActions={actions} testId="accounts-table" />
      ) : (
        <ul className="ys-dba__cards" data-testid="accounts-cards">
          {rows.map((a) => (
            <AccountCard key={a.name} account={a} actions={actions(a)} />
          ))}
        </ul>
      )}
      <Sheet open={sheet !== null} title={sheet ? sheetTitle(t, sheet) : ''} onClose={() => setSheet(null)}>
        {sheet?.kind === 'create' ? (
          <AccountCreateForm
            engine={engine}
            databases={dbs}
            onCancel={() => setSheet(null)}
            onSubmit={async (v: NewAccount) => {
              await createAccount(id, { ...v, name: v.name.trim(), privilege: v.privilege[0] });
              await done(k('created', { name: v.name.trim() }));
            }}
          />
        ) : sheet?.kind === 'privilege' ? (
          <PrivilegeForm
            account={sheet.account}
            databases={dbs}
            onCancel={() => setSheet(null)}
            onSubmit={async (v) => {
              await changePrivilege(id, sheet.account.name, { privilege: v.privilege[0]!, databases: v.databases });
              await done(k('privilege_changed'));
            }}
          />
        ) : sheet?.kind === 'password' ? (
          <PasswordForm
            account={sheet.account}
            onCancel={() => setSheet(null)}
            onSubmit={async (v) => {
              await resetPassword(id, sheet.account.name, v);
              await done(k('password_reset'));
            }}
          />
        ) : null}
      </Sheet>
    </section>
  );
}

type T = ReturnType<typeof useTranslation>['t'];
const sheetTitle = (t: T, s: NonNullable<Sheet>) =>
  s.kind === 'create'
    ? t('kinds:db_instance.accounts.add')
    : t(`kinds:db_instance.accounts.${s.kind === 'privilege' ? 'change_privilege' : 'reset_password'}`) + ` · ${s.account.name}`;

function columns(t: T): DataColumn<DbAccount>[] {
  const k = (key: string) => t(`kinds:db_instance.accounts.${key}`);
  const privilege = (a: DbAccount) => t(`kinds:db_instance.accounts.privileges.${a.privilege}`);
  return [
    { id: 'name', header: k('name'), frozen: true, cell: (a) => a.name, text: (a) => a.name },
    { id: 'engine_user', header: k('engine_user'), cell: (a) => <code>{a.engine_user}</code>, text: (a) => a.engine_user },
    {
      id: 'privilege',
      header: k('privilege'),
      cell: (a) => <span className={`ys-dba__priv ys-dba__priv--${a.privilege}`}>{privilege(a)}</span>,
      text: privilege,
    },
    { id: 'databases', header: k('databases'), cell: (a) => a.databases.join('、'), text: (a) => a.databases.join('、') },
    { id: 'description', header: k('description'), cell: (a) => a.description ?? '—', text: (a) => a.description ?? '' },
    { id: 'created_at', header: k('created_at'), cell: (a) => formatDateTime(a.created_at), text: (a) => formatDateTime(a.created_at) },
  ];
}

function AccountCard({ account: a, actions }: { account: DbAccount; actions: RowAction[] }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`kinds:db_instance.accounts.${key}`);
  return (
    <li className="ys-dba__card" data-testid="account-card">
      <div className="ys-dba__cardhead">
        <span className="ys-dba__cardname">{a.name}</span>
        <span className={`ys-dba__priv ys-dba__priv--${a.privilege}`}>{t(`kinds:db_instance.accounts.privileges.${a.privilege}`)}</span>
      </div>
      <dl className="ys-dba__meta">
        <dt>{k('engine_user')}</dt>
        <dd>
          <code>{a.engine_user}</code>
        </dd>
        <dt>{k('databases')}</dt>
        <dd>{a.databases.join('、') || '—'}</dd>
        {a.description ? (
          <>
            <dt>{k('description')}</dt>
            <dd>{a.description}</dd>
          </>
        ) : null}
        <dt>{k('created_at')}</dt>
        <dd>{formatDateTime(a.created_at)}</dd>
      </dl>
      <CardActions actions={actions} className="ys-dba__cardbtns" />
    </li>
  );
}

// databaseDetail_account: the accounts of a managed database instance (ADR 0055). Each is a real
// user of the instance's engine, granted read-only, DML, DDL and DML, or deploy-user privileges on
// the instance's databases it names. Phone: a card per account with its actions; from 1024 px a
// table. Adding, changing the privilege and resetting the password open a sheet; deleting asks first.
// The document and cache databases' 账号管理 tab draws the same panel (AccountsPanel, ADR 0076).
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
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { accountCalls, adminKeys, listDatabases, scopeLabel, type AccountCalls, type DbAccount, type DbDatabase } from './accounts-api.ts';
import { AdminFrame, failureText, useWide } from './admin-frame.tsx';
import { AccountCreateForm, PasswordForm, PrivilegeForm, type NewAccount } from './account-forms.tsx';

type Sheet = { kind: 'create' } | { kind: 'privilege'; account: DbAccount } | { kind: 'password'; account: DbAccount } | null;

export function AccountsPage({ id }: KindPageProps<true>) {
  return (
    <AdminFrame id={id} page="accounts">
      {(row) => <AccountsPanel id={row.id} engine={String(row.spec.engine)} calls={DB_CALLS} writable />}
    </AdminFrame>
  );
}

const DB_CALLS = accountCalls('dbinstances');

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

/** The engines whose accounts the cloud keeps (ADR 0076): no database list to pick from, names as typed. */
const cloudEngine = (engine: string) => engine === 'mongodb' || engine === 'redis';

export interface AccountsPanelProps {
  id: string;
  engine: string;
  calls: AccountCalls;
  /** false while the instance is not running: the list shows, the changes do not */
  writable: boolean;
  /** what the panel says instead of its add button when it is not writable */
  notice?: string;
}

export function AccountsPanel({ id, engine, calls, writable, notice }: AccountsPanelProps) {
  const { t } = useTranslation();
  const wide = useWide();
  const client = useQueryClient();
  const cloud = cloudEngine(engine);
  const accounts = useQuery({ queryKey: adminKeys.accounts(id), queryFn: () => calls.list(id) });
  const databases = useQuery({ queryKey: adminKeys.databases(id), queryFn: () => listDatabases(id), enabled: !cloud });
  const [sheet, setSheet] = useState<Sheet>(null);
  const k = (key: string, p?: Record<string, unknown>) => t(`kinds:db_instance.accounts.${key}`, p);
  const done = async (message: string) => {
    setSheet(null);
    Toast.show({ content: message });
    await client.invalidateQueries({ queryKey: adminKeys.accounts(id) });
  };
  const remove = useMutation({
    mutationFn: (name: string) => calls.remove(id, name),
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
  const actions = (a: DbAccount): RowAction[] =>
    writable
      ? [
          { key: 'privilege', label: k('change_privilege'), onClick: () => setSheet({ kind: 'privilege', account: a }) },
          { key: 'password', label: k('reset_password'), onClick: () => setSheet({ kind: 'password', account: a }) },
          { key: 'delete', label: k('delete'), danger: true, onClick: () => void askDelete(a) },
        ]
      : [];
  const rows = accounts.data?.data ?? [];
  const dbs: DbDatabase[] = databases.data?.data ?? [];
  return (
    <section className="ys-dba__body">
      <div className="ys-dba__bar">
        <p className="ys-dba__hint">{writable ? k(cloud ? `hint_${engine}` : 'hint') : notice}</p>
        {writable ? (
          <Button color="primary" size="small" className="ys-dba__add" onClick={() => setSheet({ kind: 'create' })} data-testid="account-add">
            <AddOutline /> {k('add')}
          </Button>
        ) : null}
      </div>
      {accounts.isPending ? (
        <div className="ys-dba__state">
          <SpinLoading /> {t('kinds:db_instance.admin.loading')}
        </div>
      ) : accounts.isError ? (
        <div className="ys-dba__state">{k('failed_load')}</div>
      ) : !rows.length ? (
        <div className="ys-dba__empty" data-testid="accounts-empty">
          <p>{k(cloud ? 'empty_cloud' : 'empty')}</p>
          {writable ? (
            <Button color="primary" fill="outline" onClick={() => setSheet({ kind: 'create' })}>
              {k('add')}
            </Button>
          ) : null}
        </div>
      ) : wide ? (
        <DataTable columns={columns(t, engine)} rows={rows} rowKey={(a) => a.name} rowActions={writable ? actions : undefined} testId="accounts-table" />
      ) : (
        <ul className="ys-dba__cards" data-testid="accounts-cards">
          {rows.map((a) => (
            <AccountCard key={a.name} account={a} actions={actions(a)} engine={engine} />
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
              await calls.create(id, { ...v, name: v.name.trim(), privilege: v.privilege[0] });
              await done(k('created', { name: v.name.trim() }));
            }}
          />
        ) : sheet?.kind === 'privilege' ? (
          <PrivilegeForm
            account={sheet.account}
            databases={dbs}
            engine={engine}
            onCancel={() => setSheet(null)}
            onSubmit={async (v) => {
              await calls.changePrivilege(id, sheet.account.name, { privilege: v.privilege[0]!, databases: v.databases });
              await done(k('privilege_changed'));
            }}
          />
        ) : sheet?.kind === 'password' ? (
          <PasswordForm
            account={sheet.account}
            onCancel={() => setSheet(null)}
            onSubmit={async (v) => {
              await calls.resetPassword(id, sheet.account.name, v);
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

/** An account's databases (or Redis key prefixes) as they read. */
const scopesText = (t: T, engine: string, a: DbAccount) =>
  a.databases.map((d) => scopeLabel(engine, d, t('kinds:db_instance.accounts.all_keys'))).join('、') || '—';
const scopesHeader = (engine: string) => (engine === 'redis' ? 'keys' : 'databases');

function columns(t: T, engine: string): DataColumn<DbAccount>[] {
  const k = (key: string) => t(`kinds:db_instance.accounts.${key}`);
  const privilege = (a: DbAccount) => t(`kinds:db_instance.accounts.privileges.${a.privilege}`);
  const scopes = (a: DbAccount) => scopesText(t, engine, a);
  return [
    { id: 'name', header: k('name'), frozen: true, cell: (a) => a.name, text: (a) => a.name },
    ...(cloudEngine(engine)
      ? []
      : [{ id: 'engine_user', header: k('engine_user'), cell: (a: DbAccount) => <code>{a.engine_user}</code>, text: (a: DbAccount) => a.engine_user }]),
    {
      id: 'privilege',
      header: k('privilege'),
      cell: (a) => <span className={`ys-dba__priv ys-dba__priv--${a.privilege}`}>{privilege(a)}</span>,
      text: privilege,
    },
    { id: 'databases', header: k(scopesHeader(engine)), cell: scopes, text: scopes },
    { id: 'description', header: k('description'), cell: (a) => a.description ?? '—', text: (a) => a.description ?? '' },
    { id: 'created_at', header: k('created_at'), cell: (a) => formatDateTime(a.created_at), text: (a) => formatDateTime(a.created_at) },
  ];
}

function AccountCard({ account: a, actions, engine }: { account: DbAccount; actions: RowAction[]; engine: string }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`kinds:db_instance.accounts.${key}`);
  return (
    <li className="ys-dba__card" data-testid="account-card">
      <div className="ys-dba__cardhead">
        <span className="ys-dba__cardname">{a.name}</span>
        <span className={`ys-dba__priv ys-dba__priv--${a.privilege}`}>{t(`kinds:db_instance.accounts.privileges.${a.privilege}`)}</span>
      </div>
      <dl className="ys-dba__meta">
        {cloudEngine(engine) ? null : (
          <>
            <dt>{k('engine_user')}</dt>
            <dd>
              <code>{a.engine_user}</code>
            </dd>
          </>
        )}
        <dt>{k(scopesHeader(engine))}</dt>
        <dd>{scopesText(t, engine, a)}</dd>
        {a.description ? (
          <>
            <dt>{k('description')}</dt>
            <dd>{a.description}</dd>
          </>
        ) : null}
        <dt>{k('created_at')}</dt>
        <dd>{formatDateTime(a.created_at)}</dd>
      </dl>
      {actions.length ? <CardActions actions={actions} className="ys-dba__cardbtns" /> : null}
    </li>
  );
}

// databaseDetail_database: the databases of a managed database instance (ADR 0055): the instance's
// own default database first, then those made here — a MySQL database of the server, or a schema
// of the instance's database on PostgreSQL. Accounts are granted on them. Deleting asks first and
// drops it in the engine, with everything in it.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Form, Input, Selector, TextArea } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { formatDateTime } from '../../../domain/time-format.ts';
import { dbDatabaseCharsets, dbDatabaseNameMax } from '../../../domain/kinds/db-instance/db-accounts.rules.ts';
import { DataTable, type DataColumn, type RowAction } from '../../ui/data-table/data-table.tsx';
import { SpinLoading } from '../../ui/light/spin-loading.tsx';
import { Toast } from '../../ui/light/toast.ts';
import type { Resource } from '../../features/resources/kind-meta.ts';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { adminKeys, createDatabase, databaseNameProblem, deleteDatabase, listDatabases, type DbDatabase } from './accounts-api.ts';
import { AdminFrame, failureText, useWide } from './admin-frame.tsx';
import { Sheet } from './accounts-page.tsx';

type T = ReturnType<typeof useTranslation>['t'];

export function DatabasesPage({ id }: KindPageProps<true>) {
  return (
    <AdminFrame id={id} page="databases">
      {(row) => <Databases row={row} />}
    </AdminFrame>
  );
}

function Databases({ row }: { row: Resource }) {
  const { t } = useTranslation();
  const wide = useWide();
  const client = useQueryClient();
  const id = row.id;
  const engine = String(row.spec.engine);
  const q = useQuery({ queryKey: adminKeys.databases(id), queryFn: () => listDatabases(id) });
  const [adding, setAdding] = useState(false);
  const k = (key: string, p?: Record<string, unknown>) => t(`kinds:db_instance.databases.${key}`, p);
  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: adminKeys.databases(id) }), client.invalidateQueries({ queryKey: adminKeys.accounts(id) })]);
  const remove = useMutation({
    mutationFn: (name: string) => deleteDatabase(id, name),
    onSuccess: async () => {
      Toast.show({ content: k('deleted') });
      await refresh();
    },
    onError: (e) => Toast.show({ content: failureText(e, t('kinds:db_instance.admin.failed')) }),
  });
  const askDelete = async (d: DbDatabase) => {
    const ok = await Dialog.confirm({
      title: k('delete_title'),
      content: k('delete_confirm', { name: d.name }),
      confirmText: <span className="ys-dba__danger">{k('delete')}</span>,
      cancelText: t('kinds:db_instance.admin.cancel'),
    });
    if (ok) remove.mutate(d.name);
  };
  const actions = (d: DbDatabase): RowAction[] => [
    {
      key: 'delete',
      label: k('delete'),
      danger: true,
      disabled: d.default,
      reason: d.default ? k('default_kept') : undefined,
      onClick: () => void askDelete(d),
    },
  ];
  const rows = q.data?.data ?? [];
  return (
    <section className="ys-dba__body">
      <div className="ys-dba__bar">
        <p className="ys-dba__hint">{k(engine === 'mysql' ? 'hint_mysql' : 'hint_schema')}</p>
        <Button color="primary" size="small" className="ys-dba__add" onClick={() => setAdding(true)} data-testid="database-add">
          <AddOutline /> {k('add')}
        </Button>
      </div>
      {q.isPending ? (
        <div className="ys-dba__state">
          <SpinLoading /> {t('kinds:db_instance.admin.loading')}
        </div>
      ) : q.isError ? (
        <div className="ys-dba__state">{k('failed_load')}</div>
      ) : !rows.length ? (
        <div className="ys-dba__empty" data-testid="databases-empty">
          <p>{k('empty')}</p>
        </div>
      ) : wide ? (
        <DataTable columns={columns(t)} rows={rows} rowKey={(d) => d.name} rowActions={actions} testId="databases-table" />
      ) : (
        <ul className="ys-dba__cards" data-testid="databases-cards">
          {rows.map((d) => (
            <li key={d.name} className="ys-dba__card" data-testid="database-card">
              <div className="ys-dba__cardhead">
                <span className="ys-dba__cardname">{d.name}</span>
                {d.default ? <span className="ys-dba__tag">{k('default')}</span> : null}
              </div>
              <dl className="ys-dba__meta">
                <dt>{k('engine_name')}</dt>
                <dd>
                  <code>{d.engine_name}</code>
                </dd>
                <dt>{k('charset')}</dt>
                <dd>{d.charset}</dd>
                {d.description ? (
                  <>
                    <dt>{k('description')}</dt>
                    <dd>{d.description}</dd>
                  </>
                ) : null}
                <dt>{k('created_at')}</dt>
                <dd>{d.created_at ? formatDateTime(d.created_at) : k('with_instance')}</dd>
              </dl>
              {d.default ? (
                <p className="ys-dba__note">{k('default_kept')}</p>
              ) : (
                <div className="ys-dba__cardbtns">
                  <Button size="small" fill="outline" color="danger" onClick={() => void askDelete(d)}>
                    {k('delete')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Sheet open={adding} title={k('add')} onClose={() => setAdding(false)}>
        {adding ? (
          <DatabaseForm
            engine={engine}
            onCancel={() => setAdding(false)}
            onSubmit={async (v) => {
              await createDatabase(id, { name: v.name.trim(), charset: v.charset[0], description: v.description });
              setAdding(false);
              Toast.show({ content: k('created', { name: v.name.trim() }) });
              await refresh();
            }}
          />
        ) : null}
      </Sheet>
    </section>
  );
}

function columns(t: T): DataColumn<DbDatabase>[] {
  const k = (key: string) => t(`kinds:db_instance.databases.${key}`);
  return [
    {
      id: 'name',
      header: k('name'),
      frozen: true,
      cell: (d) => (
        <>
          {d.name}
          {d.default ? <span className="ys-dba__tag">{k('default')}</span> : null}
        </>
      ),
      text: (d) => d.name,
    },
    { id: 'engine_name', header: k('engine_name'), cell: (d) => <code>{d.engine_name}</code>, text: (d) => d.engine_name },
    { id: 'charset', header: k('charset'), cell: (d) => d.charset, text: (d) => d.charset },
    { id: 'description', header: k('description'), cell: (d) => d.description ?? '—', text: (d) => d.description ?? '' },
    {
      id: 'created_at',
      header: k('created_at'),
      cell: (d) => (d.created_at ? formatDateTime(d.created_at) : k('with_instance')),
      text: (d) => (d.created_at ? formatDateTime(d.created_at) : ''),
    },
  ];
}

interface NewDatabase {
  name: string;
  charset: string[];
  description?: string;
}

function DatabaseForm(props: { engine: string; onSubmit: (v: NewDatabase) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const charsets = dbDatabaseCharsets(props.engine);
  const max = dbDatabaseNameMax(props.engine);
  const k = (key: string, p?: Record<string, unknown>) => t(`kinds:db_instance.databases.${key}`, p);
  const submit = async (v: NewDatabase) => {
    setBusy(true);
    setFailure(null);
    try {
      await props.onSubmit(v);
    } catch (e) {
      setFailure(failureText(e, t('kinds:db_instance.admin.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      layout="vertical"
      className="ys-dba__form"
      initialValues={{ charset: [charsets[0]] }}
      onFinish={submit}
      footer={
        <>
          {failure ? (
            <div className="ys-dba__failure" role="alert" data-testid="dbadmin-failure">
              {failure}
            </div>
          ) : null}
          <div className="ys-dba__formbtns">
            <Button onClick={props.onCancel}>{t('kinds:db_instance.admin.cancel')}</Button>
            <Button color="primary" type="submit" loading={busy} data-testid="database-submit">
              {t('kinds:db_instance.admin.submit')}
            </Button>
          </div>
        </>
      }
    >
      <Form.Item
        name="name"
        label={k('name')}
        required
        description={k('name_help', { max })}
        rules={[
          {
            validator: (_r, v: string | undefined) => {
              const problem = databaseNameProblem(props.engine, (v ?? '').trim());
              return problem ? Promise.reject(new Error(t(`kinds:db_instance.accounts.rules.${problem}`, { max }))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input placeholder={k('name_placeholder')} autoComplete="off" data-testid="database-name" />
      </Form.Item>
      <Form.Item name="charset" label={k('charset')} description={charsets.length === 1 ? k('charset_schema') : undefined}>
        <Selector columns={charsets.length > 2 ? 4 : 2} options={charsets.map((c) => ({ value: c, label: c }))} />
      </Form.Item>
      <Form.Item name="description" label={k('description')}>
        <TextArea maxLength={256} rows={2} placeholder={k('description_placeholder')} />
      </Form.Item>
    </Form>
  );
}

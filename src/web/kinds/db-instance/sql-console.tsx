// dmsLogin: the SQL console of a managed database instance (ADR 0054). The instance comes from
// `?id=` (the detail's link) or is picked here among the scope's MySQL and PostgreSQL instances;
// one statement runs per 执行, as the instance's own user or, with 只读, its read-only user; the
// answer is a table, a refusal the platform's {title, description}; the history puts a statement
// back into the editor. A plain textarea keeps the phone's chunk light.
import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LeftOutline } from 'antd-mobile-icons';
import { RequestError, type ErrorBody } from '../../lib/request.ts';
import { closedReason, listInstances, runSql, sqlKeys, type Failure, type SqlAnswer } from './sql-api.ts';
import { backPath } from './sql-paths.ts';
import { InstancePicker, InstanceState } from './sql-instance.tsx';
import { SqlEditor } from './sql-editor.tsx';
import { SqlResult } from './sql-result.tsx';
import { SqlHistory } from './sql-history.tsx';
import './sql-console.css';

/** What a refused or failed statement shows: the server's {title, description}, else the generic texts. */
function failureOf(err: unknown, t: (k: string) => string): Failure {
  const body: ErrorBody | null = err instanceof RequestError ? err.body : null;
  return { title: body?.title || t('kinds:db_instance.console.failed'), description: body?.description || (err instanceof Error ? err.message : '') };
}

export function SqlConsole() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const instances = useQuery({ queryKey: sqlKeys.instances, queryFn: listInstances });
  const row = instances.data?.data.find((r) => r.id === id);
  const open = row && !closedReason(row) ? row : undefined;
  // Switching instances replaces the address; the first pick is a step the back button undoes.
  const pick = (v: string) => setParams({ id: v }, { replace: Boolean(id) });
  return (
    <div className="ys-sql" data-testid="sql-console">
      <header className="ys-sql__head">
        <Link to={backPath(row?.id)} className="ys-sql__back" data-testid="sql-back">
          <LeftOutline aria-hidden="true" /> {t(row ? 'kinds:db_instance.console.back_detail' : 'kinds:db_instance.console.back_list')}
        </Link>
        <h1 className="ys-sql__title">{t('kinds:db_instance.console.title')}</h1>
        <InstancePicker rows={instances.data?.data} loading={instances.isPending} value={row?.id} onPick={pick} />
      </header>
      <InstanceState rows={instances.data?.data} loading={instances.isPending} failed={instances.isError} row={row} onPick={pick} />
      {open ? <ConsoleBody key={open.id} id={open.id} /> : null}
    </div>
  );
}

/** The editor, the answer and the history of one running instance. */
function ConsoleBody({ id }: { id: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [sql, setSql] = useState('');
  const [readonly, setReadonly] = useState(false);
  const editor = useRef<HTMLTextAreaElement>(null);
  const result = useRef<HTMLElement>(null);
  const run = useMutation<SqlAnswer, Failure, { sql: string; readonly: boolean }>({
    mutationFn: (v) => runSql(id, v.sql, v.readonly).catch((e: unknown) => Promise.reject(failureOf(e, t))),
    onSettled: () => {
      // On a phone the answer may start below the fold: bring its top in once it is drawn.
      requestAnimationFrame(() => result.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
      return client.invalidateQueries({ queryKey: sqlKeys.history(id) });
    },
  });
  const submit = () => {
    if (sql.trim() && !run.isPending) run.mutate({ sql: sql.trim(), readonly });
  };
  const reuse = (statement: string) => {
    setSql(statement);
    editor.current?.focus({ preventScroll: true });
    editor.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };
  return (
    <div className="ys-sql__body">
      <div className="ys-sql__main">
        <SqlEditor ref={editor} value={sql} onChange={setSql} readonly={readonly} onReadonly={setReadonly} running={run.isPending} onRun={submit} />
        <SqlResult ref={result} answer={run.data} failure={run.error} running={run.isPending} />
      </div>
      <SqlHistory id={id} onPick={reuse} />
    </div>
  );
}

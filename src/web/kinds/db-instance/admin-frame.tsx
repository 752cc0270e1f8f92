// The frame of an instance's accounts and databases pages (databaseDetail_account,
// databaseDetail_database): the way back to the instance's detail, the page's title with the
// instance's name, the switch between accounts, databases and the SQL console, and what the page
// says when the instance cannot have accounts now (another engine, not running).
import { useSyncExternalStore, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LeftOutline } from 'antd-mobile-icons';
import { listKindOf } from '../../../domain/kinds/list-kind.ts';
import { isSqlConsoleEngine } from '../../../domain/kinds/db-instance/db-instance.rules.ts';
import { isCloudSqlEngine } from '../../../domain/kinds/db-instance/db-accounts.rules.ts';
import { getResource } from '../../features/resources/api.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import { statusLabel, type Resource } from '../../features/resources/kind-meta.ts';
import { SpinLoading } from '../../ui/light/spin-loading.tsx';
import { adminPaths } from './accounts-api.ts';
import { consolePath } from './sql-paths.ts';
import './dbadmin.css';

const WIDE = '(min-width: 1024px)';
const subscribe = (cb: () => void) => {
  const m = window.matchMedia(WIDE);
  m.addEventListener('change', cb);
  return () => m.removeEventListener('change', cb);
};
/** A table from 1024 px on, cards below. */
export const useWide = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );

export function AdminFrame(props: { id: string; page: 'accounts' | 'databases'; children: (row: Resource) => ReactNode }) {
  const { t } = useTranslation();
  const def = listKindOf('db_instance')!;
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, props.id), queryFn: () => getResource(def, props.id) });
  const row = q.data;
  const k = (key: string) => t(`kinds:db_instance.admin.${key}`);
  const tab = (to: string, label: string, testId: string) => (
    <NavLink to={to} replace className={({ isActive }) => `ys-dba__tab${isActive ? ' ys-dba__tab--on' : ''}`} data-testid={testId}>
      {label}
    </NavLink>
  );
  return (
    <div className="ys-dba" data-testid={`dbadmin-${props.page}`}>
      <header className="ys-dba__head">
        <Link to={adminPaths.detail(props.id)} className="ys-dba__back" data-testid="dbadmin-back">
          <LeftOutline aria-hidden="true" /> {k('back')}
        </Link>
        <h1 className="ys-dba__title">
          {k(props.page)}
          {row ? <span className="ys-dba__inst">{row.name}</span> : null}
        </h1>
        <nav className="ys-dba__tabs" aria-label={k('nav')}>
          {tab(adminPaths.accounts(props.id), k('accounts'), 'dbadmin-tab-accounts')}
          {tab(adminPaths.databases(props.id), k('databases'), 'dbadmin-tab-databases')}
          {row && isSqlConsoleEngine(row.spec.engine) ? (
            <Link to={consolePath(props.id)} className="ys-dba__tab">
              {t('kinds:db_instance.console.open')}
            </Link>
          ) : null}
        </nav>
      </header>
      {q.isPending ? (
        <div className="ys-dba__state">
          <SpinLoading /> {k('loading')}
        </div>
      ) : q.isError || !row ? (
        <div className="ys-dba__state">{k('instance_failed')}</div>
      ) : !isSqlConsoleEngine(row.spec.engine) && !isCloudSqlEngine(row.spec.engine) ? (
        <div className="ys-dba__state" data-testid="dbadmin-unsupported">
          {k('unsupported')}
        </div>
      ) : row.status !== 'running' ? (
        <div className="ys-dba__state" data-testid="dbadmin-not-running">
          {t('kinds:db_instance.admin.not_running', { status: statusLabel(t, row.status) })}
        </div>
      ) : (
        props.children(row)
      )}
    </div>
  );
}

/** A write's refusal as the page shows it: the server's description, else the generic text. */
export function failureText(err: unknown, fallback: string): string {
  const body = (err as { body?: { description?: string } } | null)?.body;
  return body?.description || fallback;
}

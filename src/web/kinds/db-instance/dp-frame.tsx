// The frame of an instance's disaster recovery and data-lake tabs (databaseDetail_disasterTolerant,
// databaseDetail_dbToLake, ADR 0060): the way back to the instance, the title with its name, the
// switch between the two tabs, and what the page says while the instance loads or cannot be read.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LeftOutline } from 'antd-mobile-icons';
import { listKindOf } from '../../../domain/kinds/list-kind.ts';
import { STATE_TONE, taskNameSchema, type TaskState } from '../../../domain/dataprotect.ts';
import { getResource } from '../../features/resources/api.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import type { Resource } from '../../features/resources/kind-meta.ts';
import { SpinLoading } from '../../ui/light/spin-loading.tsx';
import { adminPaths } from './accounts-api.ts';
import { dpPaths } from './dataprotect-api.ts';
import './dbadmin.css';
import './dataprotect.css';

export function DpFrame(props: { id: string; page: 'dr' | 'lake'; children: (row: Resource) => ReactNode }) {
  const { t } = useTranslation();
  const def = listKindOf('db_instance')!;
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, props.id), queryFn: () => getResource(def, props.id) });
  const row = q.data;
  const tab = (to: string, label: string, testId: string) => (
    <NavLink to={to} replace className={({ isActive }) => `ys-dba__tab${isActive ? ' ys-dba__tab--on' : ''}`} data-testid={testId}>
      {label}
    </NavLink>
  );
  return (
    <div className="ys-dba ys-dp" data-testid={`dataprotect-${props.page}`}>
      <header className="ys-dba__head">
        <Link to={adminPaths.detail(props.id)} className="ys-dba__back" data-testid="dp-back">
          <LeftOutline aria-hidden="true" /> {t('dataprotect:back')}
        </Link>
        <h1 className="ys-dba__title">
          {t(`dataprotect:${props.page}.title`)}
          {row ? <span className="ys-dba__inst">{row.name}</span> : null}
        </h1>
        <nav className="ys-dba__tabs" aria-label={t('dataprotect:nav')}>
          {tab(dpPaths.dr(props.id), t('dataprotect:dr.title'), 'dp-tab-dr')}
          {tab(dpPaths.lake(props.id), t('dataprotect:lake.title'), 'dp-tab-lake')}
        </nav>
      </header>
      {q.isPending ? (
        <div className="ys-dba__state">
          <SpinLoading /> {t('dataprotect:loading')}
        </div>
      ) : q.isError || !row ? (
        <div className="ys-dba__state">{t('dataprotect:instance_failed')}</div>
      ) : (
        props.children(row)
      )}
    </div>
  );
}

/** A task's state in the seed's words and its colour. */
export function StateTag({ state }: { state: TaskState }) {
  const { t } = useTranslation();
  return (
    <span className={`ys-dp__state ys-dp__state--${STATE_TONE[state]}`} data-testid="dp-state">
      {t(`dataprotect:state.${state}`)}
    </span>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** The task-name rule of seed 001 §5, with its message. */
export function nameRule(t: T) {
  return {
    validator: (_r: unknown, v: string | undefined) =>
      taskNameSchema.safeParse(v ?? '').success ? Promise.resolve() : Promise.reject(new Error(t('dataprotect:rules.task_name'))),
  };
}

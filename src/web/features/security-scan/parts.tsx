// The pieces the security pages share: the frame with the area's tabs, the severity, finding and
// scan tags (colours with AA contrast, words never codes), labelled rows, severity counts and dates
// in China time (2026-11-23 14:05).
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../domain/time-format.ts';
import type { SeverityCounts } from '../../../domain/security-scan/security-scan.ts';
import { TaskFrame, TaskListState } from '../../ui/task-frame.tsx';
import './security.css';

export const PATHS = {
  overview: '/leakOverview',
  manage: '/leakManage',
  hosts: '/leakHost',
  baseline: '/baselineCheck',
  strategies: '/scanStrategy',
  history: '/leakHistory',
  operations: '/operationalData',
  finding: (id: string) => `/leakDetail/${id}`,
  host: (id: string) => `/leakHostDetail/${id}`,
  scan: (id: string) => `/leakHistoryDetail/${id}`,
  strategy: (id: string) => `/strategyDetail/${id}`,
} as const;
const TABS = ['overview', 'manage', 'hosts', 'baseline', 'strategies', 'history', 'operations'] as const;

const OS: Readonly<Record<string, string>> = {
  'centos-7.9': 'CentOS 7.9',
  'ubuntu-22.04': 'Ubuntu 22.04',
  'windows-2019': 'Windows Server 2019',
  'windows-2022': 'Windows Server 2022',
};
const OS_WORDS: Readonly<Record<string, string>> = { 'kylin-v10': 'os.kylin', 'uos-20': 'os.uos' };
/** The host's operating system by its image: product names as written, the two Chinese ones in the page's script. */
export function useOsName() {
  const { t } = useTranslation('security');
  return (image: string) => (OS_WORDS[image] ? t(OS_WORDS[image]) : (OS[image] ?? image));
}

/** Minutes, never seconds: 2026-11-23 14:05. */
export const when = (v: string | null | undefined) => (v ? formatDateTime(v).slice(0, 16) : '—');

export function SecFrame({
  page,
  tab,
  title,
  back,
  toolbar,
  children,
}: {
  page: string;
  tab?: (typeof TABS)[number];
  title: string;
  back?: { to: string; label: string };
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('security');
  // On a phone the seven tabs scroll sideways: the current one is brought into view.
  useEffect(() => {
    document.querySelector('.ys-sec .ys-task__tab[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  return (
    <TaskFrame
      page={page}
      className="ys-sec"
      title={title}
      back={back ?? { to: '/homeOperation', label: t('back_console') }}
      tabs={tab ? TABS.map((k) => ({ key: k, to: PATHS[k], label: t(`tab.${k}`) })) : undefined}
      tab={tab}
      tabsLabel={t('area')}
      toolbar={toolbar}
    >
      {children}
    </TaskFrame>
  );
}

export function Loading({ q, empty, emptyText }: { q: { isPending: boolean; isError: boolean }; empty?: boolean; emptyText?: string }) {
  const { t } = useTranslation('security');
  return (
    <TaskListState
      loading={q.isPending}
      failed={q.isError}
      empty={Boolean(empty)}
      loadingText={t('loading')}
      failedText={t('failed')}
      emptyText={emptyText ?? ''}
    />
  );
}

export function SeverityTag({ severity, score }: { severity: string; score?: number }) {
  const { t } = useTranslation('security');
  return (
    <span className={`ys-sec__sev ys-sec__sev--${severity}`} data-severity={severity}>
      {t(`severity.${severity}`)}
      {score !== undefined ? ` ${score.toFixed(1)}` : ''}
    </span>
  );
}

export function StateTag({ kind, state }: { kind: 'vuln' | 'scan' | 'baseline'; state: string }) {
  const { t } = useTranslation('security');
  return (
    <span className={`ys-sec__state ys-sec__state--${state}`} data-state={state}>
      {t(`${kind}_state.${state}`)}
    </span>
  );
}

export function Counts({ c }: { c: SeverityCounts }) {
  const { t } = useTranslation('security');
  const total = c.critical + c.high + c.medium + c.low;
  if (!total) return <span className="ys-sec__muted">{t('none_found')}</span>;
  return (
    <span className="ys-sec__counts">
      {(['critical', 'high', 'medium', 'low'] as const)
        .filter((k) => c[k])
        .map((k) => (
          <span key={k} className={`ys-sec__sev ys-sec__sev--${k}`}>
            {t(`severity.${k}`)} {c[k]}
          </span>
        ))}
    </span>
  );
}

export function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="ys-sec__dl">
      {rows.map(([label, value]) => (
        <div key={label} className="ys-sec__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Section({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  return (
    <section className="ys-sec__section" aria-labelledby={id}>
      {title ? <h2 id={id}>{title}</h2> : null}
      {children}
    </section>
  );
}

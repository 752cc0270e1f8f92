// The pieces the dashboards share: the frame with the area's tabs, the working scope for query
// keys, values in words and units (「4 核」「8 GB」「1.5 TB」, vendors by name, never a code), a
// used-of-total bar, and the capacity card of one place.
import { useEffect, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { percent, type CapacityFigures, type Cluster, type MetricKey, METRICS } from '../../../domain/dashboards.ts';
import { projectAtom, tenantAtom } from '../../lib/store.ts';
import { TaskFrame } from '../../ui/task-frame.tsx';
import './dashboards.css';

export const PATHS = {
  custom: '/cloudCustom',
  layout: '/customLayout',
  report: '/customsReport',
  openstack: '/portalOpenstack',
  gtm: '/gtm',
  capacity: { compute: '/clusterViewMore', database: '/dbClusterViewMore', memory: '/memoryClusterViewMore' } as Record<Cluster, string>,
} as const;

/** The working tenant and project, for query keys (the figures are theirs). */
export function useScopeKey(): readonly [string | undefined, string | undefined] {
  const tenant = useAtomValue(tenantAtom);
  const project = useAtomValue(projectAtom);
  return [tenant?.id, project?.id] as const;
}

const TABS = ['custom', 'openstack', 'compute', 'database', 'memory', 'report'] as const;
const TAB_PATH: Record<(typeof TABS)[number], string> = {
  custom: PATHS.custom,
  openstack: PATHS.openstack,
  compute: PATHS.capacity.compute,
  database: PATHS.capacity.database,
  memory: PATHS.capacity.memory,
  report: PATHS.report,
};

export function DashFrame({
  page,
  title,
  tab,
  toolbar,
  intro,
  back,
  children,
}: {
  page: string;
  title: string;
  tab?: (typeof TABS)[number];
  toolbar?: ReactNode;
  intro?: string;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboards');
  // On a phone the tabs scroll sideways: the current one is brought into view.
  useEffect(() => {
    document.querySelector(`[data-page="${page}"] .ys-task__tab[aria-current="page"]`)?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [page]);
  return (
    <TaskFrame
      page={page}
      className="ys-dash"
      title={title}
      back={back ?? { to: '/homeOperation', label: t('back_home') }}
      tabs={tab ? TABS.map((k) => ({ key: k, to: TAB_PATH[k], label: t(`tabs.${k}`) })) : undefined}
      tab={tab}
      tabsLabel={t('tabs.label')}
      intro={intro}
      toolbar={toolbar}
    >
      {children}
    </TaskFrame>
  );
}

/** GB as people read it: 512 GB, 1.5 TB. */
export function gbText(gb: number): string {
  if (gb >= 1024) return `${Number((gb / 1024).toFixed(gb >= 10240 ? 0 : 1)).toLocaleString('zh-CN')} TB`;
  return `${Number(gb.toFixed(gb % 1 ? 1 : 0)).toLocaleString('zh-CN')} GB`;
}

/** A metric's value with its unit in words. */
export function useValueText() {
  const { t } = useTranslation('dashboards');
  return (metric: MetricKey | 'cores' | 'gb' | 'count', value: number) => {
    const unit = metric === 'cores' ? 'core' : metric === 'gb' ? 'gb' : metric === 'count' ? 'count' : METRICS[metric].unit;
    if (unit === 'gb') return gbText(value);
    return t(`unit.${unit}`, { n: value.toLocaleString('zh-CN') });
  };
}

export function useVendorName() {
  const { t } = useTranslation('dashboards');
  return (vendor: string) => t(`vendors.${vendor}`, { defaultValue: t('vendors.other') });
}

/** Used of total: the bar, the share, and the two values in words. */
export function UsageBar({ label, used, total, text }: { label: string; used: number; total: number; text: (v: number) => string }) {
  const { t } = useTranslation('dashboards');
  const p = percent(used, total);
  const level = p >= 85 ? 'high' : p >= 60 ? 'mid' : 'low';
  return (
    <div className="ys-dash__usage" data-level={level}>
      <div className="ys-dash__usage-head">
        <span className="ys-dash__usage-label">{label}</span>
        <span className="ys-dash__usage-pct">{used > 0 && p === 0 ? t('percent_small') : t('percent', { n: p })}</span>
      </div>
      <div className="ys-dash__bar" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={p}>
        <span style={{ width: `${Math.max(p, used > 0 ? 2 : 0)}%` }} />
      </div>
      <div className="ys-dash__usage-values">{t('used_of', { used: text(used), total: text(total) })}</div>
    </div>
  );
}

/** Which figures a cluster's capacity shows (the memory cluster has no cores or disks of its own). */
export const CLUSTER_FIGURES: Record<Cluster, ('cores' | 'memory' | 'storage')[]> = {
  compute: ['cores', 'memory', 'storage'],
  database: ['cores', 'memory', 'storage'],
  memory: ['memory'],
};

export function CapacityBars({ cluster, f }: { cluster: Cluster; f: CapacityFigures }) {
  const { t } = useTranslation('dashboards');
  const value = useValueText();
  return (
    <div className="ys-dash__bars">
      {CLUSTER_FIGURES[cluster].map((k) =>
        k === 'cores' ? (
          <UsageBar key={k} label={t('figure.cores')} used={f.cores_used} total={f.cores_total} text={(v) => value('cores', v)} />
        ) : (
          <UsageBar
            key={k}
            label={t(`figure.${k}`)}
            used={k === 'memory' ? f.memory_used : f.storage_used}
            total={k === 'memory' ? f.memory_total : f.storage_total}
            text={gbText}
          />
        ),
      )}
    </div>
  );
}

/** A section with a heading and optional link or actions beside it. */
export function Card({ title, aside, children, testId, id }: { title: string; aside?: ReactNode; children: ReactNode; testId?: string; id?: string }) {
  return (
    <section className="ys-dash__card" data-testid={testId} aria-labelledby={id}>
      <div className="ys-dash__card-head">
        <h2 id={id}>{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

// clusterViewMore, dbClusterViewMore, memoryClusterViewMore: a cluster's capacity across vendors —
// the whole scope's used of total, then each vendor's region with its resources and bars (cores,
// memory, storage; the memory cluster memory only). Used is the tenant's own resources (their
// project's for a project member), total the cloud's capacity in that region.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Cluster } from '../../../domain/dashboards.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { TaskListState } from '../../ui/task-frame.tsx';
import { getCapacity } from './api.ts';
import { CapacityBars, Card, DashFrame, useScopeKey, useVendorName } from './parts.tsx';
import { dashboardKeys } from './query-keys.ts';

const CLUSTER_OF: Record<string, Cluster> = { clusterViewMore: 'compute', dbClusterViewMore: 'database', memoryClusterViewMore: 'memory' };
/** Where a cluster's resources are listed. */
const LIST_OF: Record<Cluster, string> = { compute: '/ecsManage', database: '/database', memory: '/cacheDatabase' };

export default function CapacityPage() {
  const { t } = useTranslation('dashboards');
  const page = usePageHandle()?.name ?? 'clusterViewMore';
  const cluster = CLUSTER_OF[page] ?? 'compute';
  const scope = useScopeKey();
  const vendorName = useVendorName();
  const q = useQuery({ queryKey: dashboardKeys.capacity(scope, cluster), queryFn: () => getCapacity(cluster), enabled: Boolean(scope[0]) });
  return (
    <DashFrame page={page} title={t(`routes:${page}`)} tab={cluster} intro={t(`capacity_intro.${cluster}`)}>
      <TaskListState
        loading={q.isPending}
        failed={q.isError}
        empty={q.data?.rows.length === 0}
        emptyText={t(`capacity_empty.${cluster}`)}
        loadingText={t('loading')}
        failedText={t('failed')}
        action={
          <Link to={LIST_OF[cluster]} className="ys-dash__btn">
            {t(`go_list.${cluster}`)}
          </Link>
        }
      />
      {q.data && q.data.rows.length > 0 ? (
        <>
          <Card
            title={t('capacity_total')}
            id="cap-total"
            testId="capacity-total"
            aside={<span className="ys-dash__muted">{t(`cluster_count.${cluster}`, { n: q.data.totals.count })}</span>}
          >
            <CapacityBars cluster={cluster} f={q.data.totals} />
          </Card>
          <ul className="ys-dash__places">
            {q.data.rows.map((r) => (
              <li key={`${r.vendor}-${r.region_id}`} className="ys-dash__card" data-testid="capacity-row" data-vendor={r.vendor}>
                <div className="ys-dash__card-head">
                  <h2>
                    <span className="ys-dash__vendor">{vendorName(r.vendor)}</span>
                    <span className="ys-dash__region">{r.region_name}</span>
                  </h2>
                  <span className="ys-dash__muted">{t(`cluster_count.${cluster}`, { n: r.count })}</span>
                </div>
                <CapacityBars cluster={cluster} f={r} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </DashFrame>
  );
}

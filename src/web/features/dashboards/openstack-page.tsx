// portalOpenstack: the private clouds' overview — OpenStack (or VMware, the other private cloud) on
// its own: the scope's resources there with the 30-day trend, and the compute, database and memory
// clusters' used of total in its data centres.
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Selector } from 'antd-mobile';
import { TaskListState } from '../../ui/task-frame.tsx';
import { getSummary } from './api.ts';
import { CapacityPanel, OverviewPanel } from './panels.tsx';
import { DashFrame, useScopeKey, useVendorName } from './parts.tsx';
import { dashboardKeys } from './query-keys.ts';

const PRIVATE = ['openstack', 'vmware'] as const;

export default function OpenstackPage() {
  const { t } = useTranslation('dashboards');
  const scope = useScopeKey();
  const vendorName = useVendorName();
  const [params, setParams] = useSearchParams();
  const vendor = params.get('vendor') === 'vmware' ? 'vmware' : 'openstack';
  const q = useQuery({ queryKey: dashboardKeys.summary(scope, vendor), queryFn: () => getSummary(vendor), enabled: Boolean(scope[0]) });
  return (
    <DashFrame page="portalOpenstack" title={t('routes:portalOpenstack')} tab="openstack" intro={t('private_intro')}>
      <Selector
        className="ys-dash__switcher"
        columns={2}
        value={[vendor]}
        onChange={(v) => v[0] && setParams({ vendor: v[0] }, { replace: true })}
        options={PRIVATE.map((v) => ({ label: vendorName(v), value: v }))}
      />
      <TaskListState loading={q.isPending} failed={q.isError} empty={false} emptyText="" loadingText={t('loading')} failedText={t('failed')} />
      {q.data ? (
        <div className="ys-dash__grid">
          <OverviewPanel s={q.data} />
          <CapacityPanel cluster="compute" s={q.data} />
          <CapacityPanel cluster="database" s={q.data} />
          <CapacityPanel cluster="memory" s={q.data} />
        </div>
      ) : null}
    </DashFrame>
  );
}

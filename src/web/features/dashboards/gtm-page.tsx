// gtm (运维 · 全局流量调度): an overview of the scope's GTM instances — how many, enabled or stopped,
// their address pools and access policies, how many watch with alarms — and the newest instances,
// each linked to its settings; the instances themselves are managed at gtmManage (DNS area).
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd-mobile';
import { TaskListState } from '../../ui/task-frame.tsx';
import { getGtm } from './api.ts';
import { Card, DashFrame, useScopeKey, useVendorName } from './parts.tsx';
import { dashboardKeys } from './query-keys.ts';

const COLORS: Record<string, 'success' | 'default' | 'primary' | 'danger'> = {
  enabled: 'success',
  disabled: 'default',
  creating: 'primary',
  deleting: 'primary',
  error: 'danger',
};

export default function GtmPage() {
  const { t } = useTranslation('dashboards');
  const scope = useScopeKey();
  const vendorName = useVendorName();
  const q = useQuery({ queryKey: dashboardKeys.gtm(scope), queryFn: getGtm, enabled: Boolean(scope[0]) });
  const manage = (
    <Link to="/gtmManage" className="ys-dash__btn" data-testid="gtm-manage">
      {t('gtm.manage')}
    </Link>
  );
  const g = q.data;
  return (
    <DashFrame page="gtm" title={t('routes:gtm')} intro={t('gtm.intro')} toolbar={manage}>
      <TaskListState
        loading={q.isPending}
        failed={q.isError}
        empty={g?.total === 0}
        emptyText={t('gtm.empty')}
        loadingText={t('loading')}
        failedText={t('failed')}
      />
      {g && g.total > 0 ? (
        <>
          <div className="ys-dash__tiles ys-dash__tiles--wide">
            {(
              [
                ['total', g.total],
                ['enabled', g.by_status.enabled ?? 0],
                ['disabled', g.by_status.disabled ?? 0],
                ['pools', g.pools],
                ['policies', g.policies],
                ['alarm_on', g.alarm_on],
              ] as const
            ).map(([k, n]) => (
              <div key={k} className="ys-dash__tile" data-figure={k}>
                <span className="ys-dash__tile-label">{t(`gtm.figure.${k}`)}</span>
                <span className="ys-dash__tile-value">{t(k === 'policies' ? 'unit.item' : 'unit.count', { n })}</span>
              </div>
            ))}
          </div>
          <Card title={t('gtm.latest')} id="gtm-latest">
            <ul className="ys-dash__gtm">
              {g.instances.map((i) => (
                <li key={i.id}>
                  <div className="ys-dash__card-head">
                    <Link to={`/gtmDetail/globarSet/${i.id}`} className="ys-dash__name">
                      {i.name}
                    </Link>
                    <Tag color={COLORS[i.status] ?? 'default'} fill="outline">
                      {t(`gtm.status.${i.status}`, { defaultValue: t('gtm.status.other') })}
                    </Tag>
                  </div>
                  <dl className="ys-dash__dl">
                    <div>
                      <dt>{t('gtm.cname')}</dt>
                      <dd className="ys-dash__break">{i.cname || '—'}</dd>
                    </div>
                    <div>
                      <dt>{t('gtm.vendor')}</dt>
                      <dd>{vendorName(i.vendor)}</dd>
                    </div>
                    <div>
                      <dt>{t('gtm.pools_policies')}</dt>
                      <dd>{t('gtm.pools_policies_value', { pools: i.pool_count, policies: i.policy_count })}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          </Card>
        </>
      ) : null}
    </DashFrame>
  );
}

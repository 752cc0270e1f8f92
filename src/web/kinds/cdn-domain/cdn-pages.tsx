// The CDN console's own pieces: the 域名管理 / 统计分析 / 刷新预热 tab bar over the cdnTab routes,
// the 统计分析 page (bandwidth and origin traffic of a picked accelerated domain, the simulator's
// deterministic metrics drawn with uPlot) and the daily-limit notice of the refresh page
// (cdn-domain.screens.tsx puts them in their slots).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NoticeBar } from 'antd-mobile';
import { kindOf } from '../../../domain/kinds/registry.ts';
import { listResources } from '../../features/resources/api.ts';
import { routePath } from '../../features/resources/kind-meta.ts';
import { MetricPanel } from '../../features/resources/detail/metric-chart.tsx';
import { resourceKeys } from '../../features/resources/query-keys.ts';

/** The CDN console's tab routes (域名管理 / 统计分析 / 刷新预热) and their label keys (kinds:cdn.*). */
const TABS = [
  ['cdnTab_cdnManage', 'manage'],
  ['cdnTab_cdnWatch', 'watch'],
  ['cdnTab_refreshPreheat', 'refresh'],
] as const;
/** The network metrics a CDN domain is drawn with: bandwidth out to users, traffic back to the origin. */
const CDN_METRICS = { network_out: 'bandwidth', network_in: 'traffic' } as const;

export function CdnTabs() {
  const { t } = useTranslation();
  return (
    <nav className="ys-cdn-tabs" aria-label={t('kinds:cdn_domain.name')} data-testid="cdn-tabs">
      {TABS.map(([route, key]) => (
        <NavLink key={route} to={routePath(route)!} end className={({ isActive }) => `ys-cdn-tabs__tab${isActive ? ' is-active' : ''}`}>
          {t(`kinds:cdn.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}

export function CdnRefreshNotice() {
  const { t } = useTranslation();
  return <NoticeBar className="ys-rlist__notice" wrap color="info" content={t('kinds:cdn_task.limits')} data-testid="cdn-limits" />;
}

export function CdnWatch() {
  const { t } = useTranslation();
  const def = kindOf('cdn_domain')!;
  const q = useQuery({ queryKey: resourceKeys.watch('cdn_domain'), queryFn: ({ signal }) => listResources(def, { __limit: 100 }, signal) });
  const rows = q.data?.data ?? [];
  const [picked, setPicked] = useState<string>('');
  const id = picked || rows[0]?.id || '';
  return (
    <div className="ys-cdn-watch" data-testid="cdn-watch">
      <label className="ys-form__label" htmlFor="cdn-watch-domain">
        {t('kinds:cdn.pick_domain')}
      </label>
      <select id="cdn-watch-domain" className="ys-input" value={id} data-testid="cdn-watch-domain" onChange={(e) => setPicked(e.target.value)}>
        {rows.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
      {id ? (
        <MetricPanel
          key={id}
          def={def}
          id={id}
          metrics={Object.keys(CDN_METRICS)}
          labelOf={(m) => t(`kinds:cdn.${CDN_METRICS[m as keyof typeof CDN_METRICS]}`)}
        />
      ) : (
        <div className="ys-empty">{q.isLoading ? t('resources:common.loading') : t('kinds:cdn.no_domain')}</div>
      )}
    </div>
  );
}

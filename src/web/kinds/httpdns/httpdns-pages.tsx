// HTTPDNS's own pieces (the rest are the kinds' derived screens): the tab bar over its routes and,
// above the instance list (httpDnsManage), the 7-day request overview.
import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fullKindOf } from '../../features/resources/full-kind.ts';
import { listResources } from '../../features/resources/api.ts';
import { routePath } from '../../features/resources/kind-meta.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';

/** HTTPDNS's tab routes. */
const HTTPDNS_TABS = ['httpDnsManage_httpDns', 'httpDnsManage_httpDomainList'] as const;

export function HttpDnsTabs() {
  const { t } = useTranslation();
  return (
    <nav className="ys-cdn-tabs" aria-label={t('kinds:httpdns_instance.name')} data-testid="httpdns-tabs">
      {HTTPDNS_TABS.map((route) => (
        <NavLink key={route} to={routePath(route)!} end className={({ isActive }) => `ys-cdn-tabs__tab${isActive ? ' is-active' : ''}`}>
          {t(`kinds:dns_adv.httpdns_tabs.${route.split('_')[1]}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** The service overview: each instance's requests of the last 7 days (the simulated cloud's counts, sent with the instance). */
export function HttpDnsOverview() {
  const { t } = useTranslation();
  const def = fullKindOf('httpdns_instance')!;
  const q = useQuery({ queryKey: resourceKeys.overview(def.kind), queryFn: ({ signal }) => listResources(def, { __limit: 20 }, signal) });
  const rows = q.data?.data ?? [];
  const days = new Map<string, number>();
  for (const r of rows)
    for (const h of (r.spec.request_history as { day: string; count: number }[] | undefined) ?? []) days.set(h.day, (days.get(h.day) ?? 0) + h.count);
  const series = [...days.entries()].sort(([a], [b]) => a.localeCompare(b));
  const max = Math.max(1, ...series.map(([, n]) => n));
  const today = series.length ? series[series.length - 1]![1] : 0;
  return (
    <section className="ys-dnsadv__overview" data-testid="httpdns-overview">
      <div className="ys-dnsadv__stat">
        <span>{t('kinds:dns_adv.requests_today')}</span>
        <strong data-testid="httpdns-today">{today.toLocaleString('zh-CN')}</strong>
      </div>
      <h2 className="ys-dnsadv__title">{t('kinds:dns_adv.requests_week')}</h2>
      {series.length ? (
        <ol className="ys-dnsadv__bars">
          {series.map(([day, n]) => (
            <li key={day}>
              <span className="ys-dnsadv__day">{day.slice(5)}</span>
              <span className="ys-dnsadv__bar" style={{ width: `${Math.round((n / max) * 100)}%` }} />
              <span className="ys-dnsadv__num">{n.toLocaleString('zh-CN')}</span>
            </li>
          ))}
        </ol>
      ) : (
        <div className="ys-empty">{q.isLoading ? t('resources:common.loading') : t('kinds:dns_adv.no_instance')}</div>
      )}
    </section>
  );
}

// The GTM instance's pages, whose tabs are routes (gtmDetail/globarSet|policyAdd|gtmLog/:id):
// settings with the address pools, the access policies, and the operation log the server records
// with every change.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { gtmPolicyFormSchema } from '../../../domain/kinds/gtm/gtm.schema.ts';
import { getList } from '../../lib/request.ts';
import { fullKindOf } from '../../features/resources/full-kind.ts';
import { getResource } from '../../features/resources/api.ts';
import { formatTime, optionLabel, routePath } from '../../features/resources/kind-meta.ts';
import { StatusBadge } from '../../features/resources/parts.tsx';
import { ChildList } from '../../features/resources/detail/child-list.tsx';
import { ResourceDetail } from '../../features/resources/detail/detail.tsx';
import { resourceKeys } from '../../features/resources/query-keys.ts';

/** A GTM instance's route tabs. */
const GTM_TABS = ['gtmDetail_globarSet', 'gtmDetail_policyAdd', 'gtmDetail_gtmLog'] as const;

interface LogRow {
  id: string;
  operation: string;
  target_kind: string;
  target_name: string;
  detail: Record<string, unknown>;
  created_at: string;
}

/** The order a log line's details read in (the database keeps JSON keys in its own order). */
const DETAIL_ORDER = [
  'line',
  'primary_pool',
  'backup_pool',
  'failover',
  'addresses',
  'health_check',
  'ttl',
  'alarm_enabled',
  'health_protocol',
  'health_port',
  'health_interval',
];
const rank = (k: string) => (DETAIL_ORDER.includes(k) ? DETAIL_ORDER.indexOf(k) : DETAIL_ORDER.length);

function detailText(t: (k: string, o?: Record<string, unknown>) => string, detail: Record<string, unknown>): string {
  const inst = fullKindOf('gtm_instance')!;
  const policy = fullKindOf('gtm_policy')!;
  return Object.entries(detail)
    .sort(([a], [b]) => rank(a) - rank(b))
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => {
      let text = String(v);
      if (typeof v === 'boolean') text = v ? t('kinds:common.yes') : t('kinds:common.no');
      else if (k === 'health_protocol') text = optionLabel(t, inst, k, String(v));
      else if (k === 'line') text = optionLabel(t, policy, k, String(v));
      else if (k === 'ttl' || k === 'health_interval') text = `${String(v)} ${t('kinds:units.second')}`;
      return `${t(`kinds:dns_adv.log.keys.${k}`, { defaultValue: k })}：${text}`;
    })
    .join('；');
}

function GtmLog({ id }: { id: string }) {
  const { t } = useTranslation();
  const q = useInfiniteQuery({
    queryKey: resourceKeys.gtmLog(id),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      getList<{ count: number; data: LogRow[] }>(`gtm-instances/${id}/logs`, { __limit: 20, __offset: pageParam }, { signal }),
    getNextPageParam: (last, pages) => {
      const seen = pages.reduce((n, p) => n + p.data.length, 0);
      return seen < last.count ? seen : undefined;
    },
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section className="ys-dnsadv__log" data-testid="gtm-log">
      {rows.length ? (
        <ol className="ys-dnsadv__entries">
          {rows.map((r) => (
            <li key={r.id} className="ys-dnsadv__entry" data-testid="gtm-log-row">
              <div className="ys-dnsadv__entry-top">
                <strong>
                  {t(`kinds:dns_adv.log.operations.${r.operation}`, { defaultValue: r.operation })}
                  {t(`kinds:dns_adv.log.kinds.${r.target_kind}`, { defaultValue: '' })}
                </strong>
                <span className="ys-dnsadv__target">
                  {r.target_kind === 'gtm_policy' ? optionLabel(t, fullKindOf('gtm_policy')!, 'line', r.target_name) : r.target_name}
                </span>
                <time>{formatTime(r.created_at)}</time>
              </div>
              {Object.keys(r.detail ?? {}).length ? <p className="ys-dnsadv__detail">{detailText(t, r.detail)}</p> : null}
            </li>
          ))}
        </ol>
      ) : (
        <div className="ys-empty" data-testid="gtm-log-empty">
          {q.isLoading ? t('resources:common.loading') : t('kinds:dns_adv.log.empty')}
        </div>
      )}
      {q.hasNextPage ? (
        <Button size="small" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
          {t('kinds:dns_adv.log.more')}
        </Button>
      ) : null}
    </section>
  );
}

/** gtmDetail/<tab>/:id: the instance's tabs, each a route (a reload or shared link opens the same tab). */
export function GtmDetail({ route, id }: { route: string; id: string }) {
  const { t } = useTranslation();
  const def = fullKindOf('gtm_instance')!;
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, id), queryFn: () => getResource(def, id) });
  const gtm = q.data;
  const ready = gtm ? ['enabled', 'disabled'].includes(gtm.status) : false;
  let body: React.ReactNode;
  if (q.isError)
    body = (
      <div className="ys-empty" data-testid="detail-missing">
        {t('kinds:dns_adv.missing')}
      </div>
    );
  else if (route === 'gtmDetail_globarSet') {
    body = (
      <>
        <ResourceDetail key={id} def={def} id={id} embedded />
        <ChildList
          kind="gtm_pool"
          parentParam="gtm_id"
          parentId={id}
          canAdd={ready}
          cardKeys={['address_summary', 'health_check']}
          title={t('kinds:dns_adv.pools')}
        />
      </>
    );
  } else if (route === 'gtmDetail_policyAdd') {
    body = (
      <ChildList
        kind="gtm_policy"
        parentParam="gtm_id"
        parentId={id}
        canAdd={ready}
        formSchema={gtmPolicyFormSchema}
        titleField="line"
        cardKeys={['primary_pool_name', 'backup_pool_name', 'failover']}
        title={t('kinds:dns_adv.policies')}
      />
    );
  } else body = <GtmLog id={id} />;
  return (
    <div className="ys-dnsadv" data-testid="gtm-detail" data-tab={route}>
      <nav className="ys-cdn-tabs" aria-label={gtm?.name ?? t('kinds:gtm_instance.name')} data-testid="gtm-tabs">
        {GTM_TABS.map((r) => (
          <NavLink key={r} to={routePath(r, { id })!} replace className={({ isActive }) => `ys-cdn-tabs__tab${isActive ? ' is-active' : ''}`}>
            {t(`kinds:dns_adv.gtm_tabs.${r.split('_')[1]}`)}
          </NavLink>
        ))}
      </nav>
      {route !== 'gtmDetail_globarSet' && gtm ? (
        <section className="ys-dnsadv__head">
          <h1 className="ys-natd__name" data-testid="detail-name">
            {gtm.name}
          </h1>
          <StatusBadge def={def} status={gtm.status} />
        </section>
      ) : null}
      {body}
    </div>
  );
}

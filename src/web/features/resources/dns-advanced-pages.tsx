// The bespoke pieces of smart DNS, HTTPDNS and GTM (the rest are the kinds' generic screens):
// a domain's records by resolution line (smartDns/domain/:id), the HTTPDNS tab bar and its
// 7-day request overview (httpDnsManage), and the GTM instance pages whose tabs are routes
// (gtmDetail/globarSet|policyAdd|gtmLog/:id): settings with the address pools, the access
// policies, and the operation log the server records with every change.
import { useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActionSheet, Button, Popup, Toast } from 'antd-mobile';
import { AddOutline, MoreOutline } from 'antd-mobile-icons';
import type { z } from 'zod';
import { fullKindOf } from './full-kind.ts';
import type { FullKind } from '../../../domain/kinds/kind-schemas.ts';
import { SMART_LINES } from '../../../domain/kinds/smart-dns/smart-dns.kind.ts';
import { gtmPolicyFormSchema } from '../../../domain/kinds/gtm/gtm.schema.ts';
import { getList } from '../../lib/request.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { DataTable, type RowAction } from '../../ui/data-table/data-table.tsx';
import { createResource, getResource, listResources } from './api.ts';
import { displayValue, fieldLabel, formatTime, optionLabel, routePath, type Resource } from './kind-meta.ts';
import { useActionRunner } from './actions.tsx';
import { StatusBadge } from './parts.tsx';
import { rowActions, useShownColumns } from './child-table.tsx';
import { FormFields, exists } from './form-fields.tsx';
import { fieldsOf, initialValues, validateAll } from './zod-fields.ts';
import { settlePoll } from './live.ts';
import { ResourceDetail } from './detail.tsx';
import { GTM_TABS, HTTPDNS_TABS } from './route-groups.ts';
import { resourceKeys } from './query-keys.ts';

// ── a kind's rows inside their parent (records of a domain, pools and policies of an instance) ──

interface ChildListProps {
  kind: string;
  /** the create body's key naming the parent (zone_id, gtm_id) */
  parentParam: string;
  parentId: string;
  canAdd: boolean;
  /** extra list filters (a line) and the values a new row starts with */
  filters?: Record<string, string>;
  cardKeys: readonly string[];
  /** the form schema when the kind's create schema is transformed */
  formSchema?: z.ZodObject<any>;
  title?: string;
}

function AddChild({
  def,
  schema,
  parentParam,
  parentId,
  preset,
  onDone,
  onCancel,
}: {
  def: FullKind;
  schema: z.ZodObject<any>;
  parentParam: string;
  parentId: string;
  preset: Record<string, string>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fields = useMemo(() => fieldsOf(schema, def, new Set([parentParam])), [def, schema, parentParam]);
  const [values, setValues] = useState<Record<string, unknown>>(() => ({ ...initialValues(fields), ...preset }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const label = (k: string) => fieldLabel(t, def, k);
  const submit = async () => {
    if (busy) return;
    const body = { ...values, [parentParam]: parentId };
    const errs = validateAll(schema, body, label, t, exists);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const created = await createResource(def, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== '' && v !== undefined)));
      Toast.show({ content: created.message ?? t('kinds:dns_adv.added') });
      onDone();
    } catch {
      /* the notice shows the server's reason */
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ys-sheet" data-testid="child-form" data-kind={def.kind}>
      <div className="ys-sheet__title">{t(`kinds:${def.kind}.actions.create`)}</div>
      {exists(`kinds:${def.kind}.hint`) ? (
        <div className="ys-form__notice" role="note">
          {t(`kinds:${def.kind}.hint`)}
        </div>
      ) : null}
      <FormFields
        def={def}
        fields={fields}
        values={values}
        errors={errors}
        onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))}
        refFilters={() => ({ [parentParam]: parentId, status: 'enabled' })}
        onError={(k, m) =>
          setErrors((s) => {
            const n = { ...s };
            if (m) n[k] = m;
            else delete n[k];
            return n;
          })
        }
      />
      <div className="ys-sheet__foot">
        <Button onClick={onCancel}>{t('resources:common.cancel')}</Button>
        <Button color="primary" loading={busy} disabled={busy} data-testid="child-submit" onClick={submit}>
          {t('kinds:dns_adv.submit')}
        </Button>
      </div>
    </div>
  );
}

export function ChildList({ kind, parentParam, parentId, canAdd, filters = {}, cardKeys, formSchema, title }: ChildListProps) {
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const client = useQueryClient();
  const def = fullKindOf(kind)!;
  const key = resourceKeys.underParent(def.kind, parentId, filters);
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => listResources(def, { [parentParam]: parentId, ...filters, __limit: 100, __orders: 'name' }, signal),
    refetchInterval: settlePoll,
  });
  const rows = q.data?.data ?? [];
  const runner = useActionRunner(def, { onChanged: () => void client.invalidateQueries({ queryKey: resourceKeys.kind(def.kind) }) });
  const [adding, setAdding] = useState(false);
  const [sheetRow, setSheetRow] = useState<Resource | null>(null);
  const items = (r: Resource): RowAction[] => rowActions(t, def, r, runner.run);
  const columns = useShownColumns(t, def);
  const cardTitle = (r: Resource) => (kind === 'gtm_policy' ? displayValue(t, def, r, 'line') : r.name);
  return (
    <section className="ys-dnsrecords" data-testid="child-list" data-kind={def.kind}>
      <div className="ys-rlist__toolbar">
        {title ? <h2 className="ys-dnsadv__title">{title}</h2> : null}
        <Button size="small" color="primary" data-testid="child-add" disabled={!canAdd} onClick={() => setAdding(true)}>
          <AddOutline /> {t(`kinds:${def.kind}.actions.create`)}
        </Button>
      </div>
      {bp === 'phone' ? (
        <div className="ys-dnsrecords__cards">
          {rows.map((r) => (
            <article key={r.id} className="ys-card" data-testid="child-card" data-id={r.id} onClick={() => setSheetRow(r)}>
              <div className="ys-card__top">
                <div className="ys-card__name">{cardTitle(r)}</div>
                <StatusBadge def={def} status={r.status} />
                <button
                  type="button"
                  className="ys-card__more"
                  aria-label={t('resources:list.actions')}
                  onClick={(e) => {
                    e.stopPropagation();
                    setSheetRow(r);
                  }}
                >
                  <MoreOutline fontSize={18} />
                </button>
              </div>
              <dl>
                {cardKeys.map((k) => (
                  <div key={k} className="ys-card__kv">
                    <dt>{fieldLabel(t, def, k)}</dt>
                    <dd>{displayValue(t, def, r, k)}</dd>
                  </div>
                ))}
              </dl>
            </article>
          ))}
          {!q.isLoading && !rows.length ? (
            <div className="ys-empty" data-testid="list-empty">
              {t('resources:table.empty')}
            </div>
          ) : null}
        </div>
      ) : (
        <DataTable<Resource>
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          rowActions={(r) => items(r).filter((a) => !a.disabled)}
          loading={q.isLoading}
          emptyText={t('resources:table.empty')}
          testId="child-table"
        />
      )}
      <ActionSheet
        visible={sheetRow !== null}
        onClose={() => setSheetRow(null)}
        cancelText={t('resources:common.cancel')}
        extra={sheetRow ? cardTitle(sheetRow) : undefined}
        actions={
          sheetRow
            ? items(sheetRow).map((a) => ({
                key: a.key,
                text: a.label,
                danger: a.danger,
                disabled: a.disabled,
                description: a.reason,
                onClick: () => {
                  setSheetRow(null);
                  a.onClick();
                },
              }))
            : []
        }
      />
      <Popup
        visible={adding}
        onMaskClick={() => setAdding(false)}
        position={bp === 'phone' ? 'bottom' : 'right'}
        destroyOnClose
        bodyStyle={
          bp === 'phone'
            ? { borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '85vh', overflowY: 'auto' }
            : { width: 'min(480px, 100vw)', overflowY: 'auto' }
        }
      >
        {adding ? (
          <AddChild
            def={def}
            schema={formSchema ?? def.createSchema}
            parentParam={parentParam}
            parentId={parentId}
            preset={filters}
            onDone={() => {
              setAdding(false);
              void client.invalidateQueries({ queryKey: resourceKeys.all });
            }}
            onCancel={() => setAdding(false)}
          />
        ) : null}
      </Popup>
      {runner.element}
    </section>
  );
}

// ── smart DNS ─────────────────────────────────────────────────────────────────────────────────

/** smartDns/domain/:id: the domain's records, one resolution line at a time or all of them. */
export function SmartDnsDomain({ id }: { id: string }) {
  const { t } = useTranslation();
  const def = fullKindOf('smart_dns_domain')!;
  const recordDef = fullKindOf('smart_dns_record')!;
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, id), queryFn: () => getResource(def, id) });
  const [line, setLine] = useState<string>('');
  if (q.isError)
    return (
      <div className="ys-empty" data-testid="detail-missing">
        {t('resources:detail.missing')}
      </div>
    );
  const domain = q.data;
  return (
    <div className="ys-dnsadv" data-testid="smart-dns-domain">
      <section className="ys-dnsadv__head">
        <h1 className="ys-natd__name" data-testid="detail-name">
          {domain?.name ?? ''}
        </h1>
        {domain ? <StatusBadge def={def} status={domain.status} /> : null}
        <Link to={routePath('smartDns_domainDetail', { id }) ?? '/smartDns'} className="ys-dnsadv__link">
          {t('kinds:dns_adv.overview')}
        </Link>
      </section>
      <div className="ys-dnsadv__lines" role="tablist" data-testid="smart-lines">
        {['', ...SMART_LINES].map((l) => (
          <button
            key={l || 'all'}
            type="button"
            role="tab"
            aria-selected={line === l}
            className={`ys-dnsadv__chip${line === l ? ' is-active' : ''}`}
            onClick={() => setLine(l)}
          >
            {l ? `${optionLabel(t, recordDef, 'line', l)} ${String(domain?.spec[`line_${l}`] ?? 0)}` : t('kinds:dns_adv.all_lines')}
          </button>
        ))}
      </div>
      <ChildList
        key={line}
        kind="smart_dns_record"
        parentParam="zone_id"
        parentId={id}
        canAdd={domain?.status === 'enabled'}
        filters={line ? { line } : {}}
        cardKeys={['line', 'type', 'value', 'ttl']}
      />
    </div>
  );
}

/** Above the generic overview of a smart DNS domain: the way to its records. */
export function SmartDnsDetailLinks({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <div className="ys-rlist__toolbar">
      <Link
        to={routePath('smartDns_domain', { id }) ?? '/smartDns'}
        className="adm-button adm-button-primary adm-button-small"
        data-testid="smart-records-link"
      >
        {t('kinds:dns_adv.open_records')}
      </Link>
    </div>
  );
}

// ── HTTPDNS ───────────────────────────────────────────────────────────────────────────────────

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

// ── GTM ───────────────────────────────────────────────────────────────────────────────────────

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

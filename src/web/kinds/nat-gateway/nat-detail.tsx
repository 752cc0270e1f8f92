// A detail page whose tabs are routes (natDetail: 概览 / SNAT规则 / DNAT规则 / IPv6转换, each
// /natDetail/<tab>/:id with the gateway's id). kind-screens.ts derives the tabs from the registry;
// switching a tab replaces the URL, so a reload or a shared link opens the same tab. The rule tabs
// list the gateway's own rules (filtered server-side by nat_gateway_id, inside the caller's scope)
// and their config routes are the add / edit forms.
import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LeftOutline } from 'antd-mobile-icons';
import type { ListKind } from '../../../domain/kinds/list-kind.ts';
import { backAction } from '../../../domain/navigation/rules.ts';
import { useBreakpoint, usePageHandle } from '../../lib/hooks.ts';
import { withNamespaces } from '../../lib/i18n.ts';
import { getResource } from '../../features/resources/api.ts';
import { listPath, routePath, type Resource } from '../../features/resources/kind-meta.ts';
import { ResourceDetail } from '../../features/resources/detail/detail.tsx';
import { StatusBadge } from '../../features/resources/parts.tsx';
import { Popup } from '../../ui/light/overlay.tsx';
import { Tabs } from '../../ui/light/tabs.tsx';
import './nat-detail.css';
import type { RouteTabsProps } from '../../features/resources/kind-slots.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';

// The rule list (its desktop table, row menus and the kinds' definitions) loads with a rule tab, the
// rule form (zod and the full kinds) when a rule is added or edited: the outline needs neither (issue 28).
const NatRuleList = lazy(() => import('../nat-rules/nat-rule-list.tsx').then((m) => ({ default: m.NatRuleList })));
// A form: its labels and its refusals' texts load with it.
const NatRuleForm = lazy(() => withNamespaces(['forms', 'errors'], import('../nat-rules/nat-rule-form.tsx')));
const formFallback = <div className="ys-empty" />;

/** EIPs bound to the gateway, from its relations (id and name). */
export function boundEips(gateway: Resource): { id: string; name: string }[] {
  return (gateway.relations ?? []).filter((r) => r.relation === 'bound_to' && r.direction === 'in' && r.kind === 'eip');
}

function Summary({ def, gateway }: { def: ListKind; gateway: Resource }) {
  const { t } = useTranslation();
  const eips = boundEips(gateway);
  return (
    <section className="ys-natd__summary" data-testid="nat-summary">
      <div className="ys-natd__summary-top">
        <h1 className="ys-natd__name" data-testid="detail-name">
          {gateway.name}
        </h1>
        <StatusBadge def={def} status={gateway.status} />
      </div>
      <dl className="ys-natd__facts">
        <div>
          <dt>{t('nat:summary.eips')}</dt>
          <dd>{eips.length ? eips.map((e) => e.name).join('、') : t('nat:summary.no_eip')}</dd>
        </div>
        <div>
          <dt>{t('nat:summary.rules')}</dt>
          <dd>{String(gateway.spec.rule_count ?? 0)}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * `embedded`: the detail pane of the tablet split view (natManage at 768–1199px). The tabs switch in
 * place there (the URL stays the list's); adding or editing a rule opens its own page.
 */
export function RouteTabsDetail({ def, tabs, active: routeActive, config, id, embedded = false }: RouteTabsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const handle = usePageHandle();
  const bp = useBreakpoint();
  const [search] = useSearchParams();
  const [popupRule, setPopupRule] = useState<string | null | undefined>(undefined);
  const [localKey, setLocalKey] = useState(routeActive.key);
  const active = embedded ? (tabs.find((x) => x.key === localKey) ?? routeActive) : routeActive;
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, id), queryFn: () => getResource(def, id), staleTime: 5_000, enabled: active.key !== 'outline' });
  const pathOf = (route: string, query = '') => `${routePath(route, { id }) ?? '/console'}${query}`;
  const goBack = () => {
    const action = backAction(handle?.meta ?? {}, location.key !== 'default');
    if (action.kind === 'history') navigate(-1);
    else navigate(action.to);
  };
  const child = active.child;
  const gateway = q.data;

  let body: React.ReactNode;
  if (active.key === 'outline') body = <ResourceDetail key={id} def={def} id={id} embedded />;
  else if (q.isError) {
    body = (
      <div className="ys-detail ys-detail--missing" data-testid="detail-missing">
        <p>{t('resources:detail.missing')}</p>
        <Link to={listPath(def) ?? '/console'}>{t('resources:detail.back_list')}</Link>
      </div>
    );
  } else if (!gateway || !child) body = <div className="ys-empty">{t('resources:common.loading')}</div>;
  else if (config) {
    body = (
      <Suspense fallback={formFallback}>
        <NatRuleForm
          key={`${child.kind}-${search.get('rule') ?? 'new'}`}
          def={child}
          parent={def}
          gateway={gateway}
          ruleId={search.get('rule')}
          onDone={() => navigate(pathOf(active.route), { replace: true })}
          onCancel={() => navigate(pathOf(active.route), { replace: true })}
        />
      </Suspense>
    );
  } else {
    // Kinds with a config route add and edit there; the others (IPv6) in a sheet over the list.
    const openForm = (ruleId: string | null) => {
      if (active.configRoute) navigate(pathOf(active.configRoute, ruleId ? `?rule=${ruleId}` : ''));
      else setPopupRule(ruleId);
    };
    body = (
      <>
        <Summary def={def} gateway={gateway} />
        <Suspense fallback={formFallback}>
          <NatRuleList key={child.kind} def={child} gateway={gateway} compact={embedded} onAdd={() => openForm(null)} onEdit={(r) => openForm(r.id)} />
        </Suspense>
        {popupRule !== undefined ? (
          <Popup
            visible
            onMaskClick={() => setPopupRule(undefined)}
            position={bp === 'phone' ? 'bottom' : 'right'}
            bodyStyle={
              bp === 'phone'
                ? { borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '88vh', overflowY: 'auto' }
                : { width: 'min(520px, 100vw)', overflowY: 'auto' }
            }
          >
            <Suspense fallback={formFallback}>
              <NatRuleForm
                def={child}
                parent={def}
                gateway={gateway}
                ruleId={popupRule}
                onDone={() => setPopupRule(undefined)}
                onCancel={() => setPopupRule(undefined)}
              />
            </Suspense>
          </Popup>
        ) : null}
      </>
    );
  }

  return (
    <div
      className={`ys-natd${embedded ? ' ys-natd--embedded' : ''}`}
      data-kind={def.kind}
      data-id={id}
      data-tab={active.key}
      data-testid={embedded ? 'nat-split-detail' : undefined}
    >
      <div className="ys-natd__bar">
        {bp !== 'phone' && !embedded ? (
          <button type="button" className="ys-iconbtn" aria-label={t('shell:nav.back')} data-testid="nat-back" onClick={goBack}>
            <LeftOutline fontSize={18} />
          </button>
        ) : null}
        <Tabs
          activeKey={active.key}
          className="ys-natd__tabs"
          stretch={bp === 'phone'}
          onChange={(key) => {
            const tab = tabs.find((x) => x.key === key);
            if (!tab || tab === active) return;
            if (embedded) setLocalKey(tab.key);
            else navigate(pathOf(tab.route), { replace: true });
          }}
        >
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.key} title={<span data-testid={`nat-tab-${tab.key}`}>{t(`nat:tabs.${tab.key}`)}</span>} />
          ))}
        </Tabs>
      </div>
      {body}
    </div>
  );
}

// The one page module of every resource route (pages.ts maps them here): the route name picks
// the screen from the kind registry (kind-screens.ts), so a new kind's routes need no new code, and
// a kind's own screens come from its folder in src/web/kinds (kind-folders.ts), found by name.
// A phone opening a kind's plain list reads that kind's list model alone; every other screen loads
// the screens' module with every kind's (list-models.ts, ADR 0057).
import { lazy, Suspense, use, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBreakpoint, usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { SplitView } from '../../ui/split-view.tsx';
import type { Screen } from './kind-screens.ts';
import { kindScreens, listModelOf, listRouteKind } from './list-models.ts';
import { kindAbove, kindPage, kindRouteTabs } from './kind-folders.ts';
import { useLiveResources } from './live.ts';
import { PhoneList } from './list/phone-list.tsx';
import { ROUTE_FORM_TITLES } from './forms/route-form-names.ts';
import './resources.css';
import { withConsoleTexts } from '../../lib/i18n.ts';

// Every screen but the phone list is a chunk of its own: a phone opening a list loads the list
// (and never the desktop table library); a detail, a form or a desktop table loads when shown.
const DesktopList = lazy(() => withConsoleTexts(import('./list/desktop-list.tsx')).then((m) => ({ default: m.DesktopList })));
// A detail and a recycle bin read the resource texts and their kinds' (loaded with the route: ROUTE_KINDS).
const ResourceDetail = lazy(() => import('./detail/detail.tsx').then((m) => ({ default: m.ResourceDetail })));
const BuyWizard = lazy(() => withConsoleTexts(import('./forms/buy.tsx')).then((m) => ({ default: m.BuyWizard })));
const RecycleBin = lazy(() => import('./list/recycle.tsx').then((m) => ({ default: m.RecycleBin })));
const Downloads = lazy(() => withConsoleTexts(import('./list/downloads.tsx')).then((m) => ({ default: m.Downloads })));
const AdminList = lazy(() => withConsoleTexts(import('./list/admin-list.tsx')).then((m) => ({ default: m.AdminList })));

/**
 * The screen of a route and the id it shows: on a phone, a plain list from its kind's model alone;
 * else from every kind's. A detail route without an id in its path (/cacheDatabaseDetail) takes it
 * from the query (?id=…, where the router also puts /cacheDatabaseDetail/<id>).
 */
function useScreen(
  handle: { name: string; path: string } | null,
  phone: boolean,
  pathId: string | undefined,
  queryId: string | null,
): [Screen, string | undefined] {
  if (!handle) return [{ screen: 'none' }, undefined];
  const kind = phone ? listRouteKind(handle.name) : undefined;
  if (kind) return [{ screen: 'list', def: use(listModelOf(kind)), admin: false }, pathId];
  const { screenFor, withoutId } = use(kindScreens());
  const found = screenFor(handle.name, handle.path);
  const id = pathId ?? (found.screen === 'detail' && !handle.path.includes(':id') ? (queryId ?? undefined) : undefined);
  // A detail route that is also a form (certificateAdd/:id?) shows the form without an id.
  return [id || ROUTE_FORM_TITLES[handle.name] ? found : withoutId(found), id];
}

export default function ResourcesPage() {
  const handle = usePageHandle();
  const path = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  useLiveResources();
  const [s, id] = useScreen(handle ?? null, bp === 'phone', path.id, search.get('id'));
  const params = { id };
  if (!handle) return null;
  const title = t(handle.meta.title);
  let body: React.ReactNode = null;
  // A page a kind's folder draws instead of the derived screen (CDN statistics, smart DNS records by
  // line, the GTM instance's route tabs).
  const page = kindPage(handle.name, Boolean(params.id));
  if (page) {
    return (
      <PageFrame name={handle.name} className={`ys-res ys-res--${page.frame}`}>
        <Suspense fallback={null}>
          <page.Page key={params.id} route={handle.name} id={params.id} />
        </Suspense>
      </PageFrame>
    );
  }
  switch (s.screen) {
    case 'list':
      // Admin lists (…AdminManage) span every tenant: their own screen with the admin tag editor.
      if (s.admin) body = <AdminList def={s.def} title={title} />;
      else if (bp === 'desktop') body = <DesktopList def={s.def} route={handle.name} title={title} />;
      else if (bp === 'tablet') {
        // A kind whose detail has route tabs (NAT gateway: 概览 / SNAT / DNAT / IPv6) shows them in the pane.
        const tabs = use(kindScreens()).detailTabsOf(s.def);
        const RouteTabs = tabs.length ? kindRouteTabs(s.def.kind) : undefined;
        const detail = !picked ? (
          <div className="ys-empty">{t('resources:list.pick')}</div>
        ) : RouteTabs ? (
          <RouteTabs key={picked} def={s.def} tabs={tabs} active={tabs[0]!} config={false} id={picked} embedded />
        ) : (
          <ResourceDetail key={picked} def={s.def} id={picked} embedded />
        );
        // A narrower list leaves the four tabs room to show whole in the pane.
        body = (
          <SplitView
            listWidth={RouteTabs ? 280 : undefined}
            list={<PhoneList def={s.def} activeId={picked} onSelect={(r) => setPicked(r.id)} />}
            detail={detail}
          />
        );
      } else body = <PhoneList def={s.def} />;
      break;
    case 'detail':
      body = params.id ? (
        <ResourceDetail key={params.id} def={s.def} id={params.id} tab={s.tab} />
      ) : ROUTE_FORM_TITLES[handle.name] ? (
        <BuyWizard def={s.def} formRoute={handle.name} />
      ) : null;
      break;
    case 'buy':
      body = <BuyWizard def={s.def} formRoute={handle.name} />;
      break;
    case 'recycle':
      body = <RecycleBin defs={s.defs} title={title} />;
      break;
    case 'downloads':
      body = <Downloads title={title} productCode={handle.name === 'downloadRecord_downloadBill' ? 'bill' : undefined} />;
      break;
    case 'tabs': {
      // Drawn by the kind's folder; without one, the kind's derived detail.
      const RouteTabs = kindRouteTabs(s.def.kind);
      body = !params.id ? null : RouteTabs ? (
        <RouteTabs key={params.id} def={s.def} tabs={s.tabs} active={s.active} config={s.config} id={params.id} />
      ) : (
        <ResourceDetail key={params.id} def={s.def} id={params.id} />
      );
      break;
    }
    case 'redirect':
      return <Navigate to={s.to} replace />;
    default:
      body = null;
  }
  return (
    <PageFrame name={handle.name} className={`ys-res ys-res--${s.screen}`}>
      <Suspense fallback={null}>
        {/* What kinds' folders show above the derived screen: the CDN and HTTPDNS tab bars, notices, links. */}
        {kindAbove(handle.name, Boolean(params.id)).map((Above, i) => (
          <Above key={i} route={handle.name} id={params.id} />
        ))}
        {body}
      </Suspense>
    </PageFrame>
  );
}

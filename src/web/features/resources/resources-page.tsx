// The one page module of every resource route (pages.ts maps them here): the route name picks
// the screen from the kind registry (kind-screens.ts), so a new kind's routes need no new code.
import { lazy, Suspense, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBreakpoint, usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { SplitView } from '../../ui/split-view.tsx';
import { detailTabsOf, screenFor, withoutId } from './kind-screens.ts';
import { useLiveResources } from './live.ts';
import { PhoneList } from './phone-list.tsx';
import { ROUTE_FORM_TITLES } from './route-form-names.ts';
import { CDN_TAB_ROUTES, GTM_ROUTES, HTTPDNS_TAB_ROUTES } from './route-groups.ts';
import './resources.css';
import { withConsoleTexts } from '../../lib/i18n.ts';

// Every screen but the phone list is a chunk of its own: a phone opening a list loads the list
// (and never the desktop table library); a detail, a form or a desktop table loads when shown.
const DesktopList = lazy(() => withConsoleTexts(import('./desktop-list.tsx')).then((m) => ({ default: m.DesktopList })));
const ResourceDetail = lazy(() => withConsoleTexts(import('./detail.tsx')).then((m) => ({ default: m.ResourceDetail })));
const BuyWizard = lazy(() => withConsoleTexts(import('./buy.tsx')).then((m) => ({ default: m.BuyWizard })));
const RecycleBin = lazy(() => withConsoleTexts(import('./recycle.tsx')).then((m) => ({ default: m.RecycleBin })));
const Downloads = lazy(() => withConsoleTexts(import('./downloads.tsx')).then((m) => ({ default: m.Downloads })));
const AdminList = lazy(() => withConsoleTexts(import('./admin-list.tsx')).then((m) => ({ default: m.AdminList })));
const RouteTabsDetail = lazy(() => withConsoleTexts(import('./nat-detail.tsx')).then((m) => ({ default: m.RouteTabsDetail })));
const CdnTabs = lazy(() => withConsoleTexts(import('./cdn-pages.tsx')).then((m) => ({ default: m.CdnTabs })));
const CdnRefreshNotice = lazy(() => withConsoleTexts(import('./cdn-pages.tsx')).then((m) => ({ default: m.CdnRefreshNotice })));
const CdnWatch = lazy(() => withConsoleTexts(import('./cdn-pages.tsx')).then((m) => ({ default: m.CdnWatch })));
const GtmDetail = lazy(() => withConsoleTexts(import('./dns-advanced-pages.tsx')).then((m) => ({ default: m.GtmDetail })));
const HttpDnsOverview = lazy(() => withConsoleTexts(import('./dns-advanced-pages.tsx')).then((m) => ({ default: m.HttpDnsOverview })));
const HttpDnsTabs = lazy(() => withConsoleTexts(import('./dns-advanced-pages.tsx')).then((m) => ({ default: m.HttpDnsTabs })));
const SmartDnsDetailLinks = lazy(() => withConsoleTexts(import('./dns-advanced-pages.tsx')).then((m) => ({ default: m.SmartDnsDetailLinks })));
const SmartDnsDomain = lazy(() => withConsoleTexts(import('./dns-advanced-pages.tsx')).then((m) => ({ default: m.SmartDnsDomain })));

export default function ResourcesPage() {
  const handle = usePageHandle();
  const params = useParams();
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  useLiveResources();
  if (!handle) return null;
  const found = screenFor(handle.name, handle.path);
  // A detail route that is also a form (certificateAdd/:id?) shows the form without an id.
  const s = params.id || ROUTE_FORM_TITLES[handle.name] ? found : withoutId(found);
  const title = t(handle.meta.title);
  let body: React.ReactNode = null;
  // CDN statistics are a page of their own among the CDN tabs.
  if (handle.name === 'cdnTab_cdnWatch') {
    return (
      <PageFrame name={handle.name} className="ys-res ys-res--cdn-watch">
        <Suspense fallback={null}>
          <CdnTabs />
          <CdnWatch />
        </Suspense>
      </PageFrame>
    );
  }
  // Smart DNS records by line and the GTM instance's route tabs are pages of their own.
  if (handle.name === 'smartDns_domain' && params.id) {
    return (
      <PageFrame name={handle.name} className="ys-res ys-res--detail">
        <Suspense fallback={null}>
          <SmartDnsDomain key={params.id} id={params.id} />
        </Suspense>
      </PageFrame>
    );
  }
  if (GTM_ROUTES.has(handle.name) && params.id) {
    return (
      <PageFrame name={handle.name} className="ys-res ys-res--detail">
        <Suspense fallback={null}>
          <GtmDetail key={params.id} route={handle.name} id={params.id} />
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
        const tabs = detailTabsOf(s.def);
        const detail = !picked ? (
          <div className="ys-empty">{t('resources:list.pick')}</div>
        ) : tabs.length ? (
          <RouteTabsDetail key={picked} def={s.def} tabs={tabs} active={tabs[0]!} config={false} id={picked} embedded />
        ) : (
          <ResourceDetail key={picked} def={s.def} id={picked} embedded />
        );
        // A narrower list leaves the four tabs room to show whole in the pane.
        body = (
          <SplitView
            listWidth={tabs.length ? 280 : undefined}
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
    case 'tabs':
      body = params.id ? <RouteTabsDetail key={params.id} def={s.def} tabs={s.tabs} active={s.active} config={s.config} id={params.id} /> : null;
      break;
    case 'redirect':
      return <Navigate to={s.to} replace />;
    default:
      body = null;
  }
  return (
    <PageFrame name={handle.name} className={`ys-res ys-res--${s.screen}`}>
      <Suspense fallback={null}>
        {CDN_TAB_ROUTES.has(handle.name) ? <CdnTabs /> : null}
        {handle.name === 'cdnTab_refreshPreheat' ? <CdnRefreshNotice /> : null}
        {HTTPDNS_TAB_ROUTES.has(handle.name) ? <HttpDnsTabs /> : null}
        {handle.name === 'httpDnsManage_httpDns' || handle.name === 'httpDnsManage' ? <HttpDnsOverview /> : null}
        {handle.name === 'smartDns_domainDetail' && params.id ? <SmartDnsDetailLinks id={params.id} /> : null}
        {body}
      </Suspense>
    </PageFrame>
  );
}

// The console layout at three widths (ARCHITECTURE.md "Web"):
// phone (< 768px): nav bar with back, the page, the bottom tab bar;
// tablet (768–1199px): top bar, the menu list beside the page (split view);
// desktop (≥ 1200px): side menu, top bar with tenant/project pickers, language, messages, user menu.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { TabBar } from 'antd-mobile';
import { Popup } from '../../ui/light/overlay.tsx';
import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import { AppOutline, AppstoreOutline, BellOutline, BillOutline, FolderOutline, LeftOutline, UserOutline } from 'antd-mobile-icons';
import { allowedMenuUrls } from '../../../domain/navigation/menu-urls.ts';
import { backAction, phoneTabs } from '../../../domain/navigation/rules.ts';
import { ensureShellData } from '../../lib/auth-flow.ts';
import { QueryProvider } from '../../lib/query-provider.tsx';
import { useBreakpoint, usePageHandle } from '../../lib/hooks.ts';
import { loginStateAtom, menuListAtom, pageSplitCountAtom, sidebarCollapsedAtom, store, tabletMenuChoiceAtom } from '../../lib/store.ts';
import { LanguageSwitch } from '../../ui/shell/language-switch.tsx';
import { UnreadBadge } from '../../ui/shell/unread-badge.tsx';
import { DeferredOfflineBanner } from './deferred-offline-banner.tsx';
import './console-layout.css';
import { adaptAntdMobile } from '../../lib/antd-react19.ts';

// Parts of the tablet and desktop shells (the side menu with its icons, the top bar's pickers)
// and of the phone's scope sheet load when shown: a phone's first load does not carry them.
const SideMenuPart = lazy(() => import('./side-menu.tsx').then((m) => ({ default: m.SideMenu })));
const ScopePickerPart = lazy(() => import('../../ui/shell/scope-picker.tsx').then((m) => ({ default: m.ScopePicker })));
const UserMenuPart = lazy(() => import('../../ui/shell/user-menu.tsx').then((m) => ({ default: m.UserMenu })));
const SideMenu = (props: { collapsed: boolean }) => (
  <Suspense fallback={null}>
    <SideMenuPart {...props} />
  </Suspense>
);
const ScopePicker = (props: { layout?: 'column' }) => (
  <Suspense fallback={null}>
    <ScopePickerPart {...props} />
  </Suspense>
);
const UserMenu = () => (
  <Suspense fallback={null}>
    <UserMenuPart />
  </Suspense>
);

// Console screens call the kit's imperative Toast and Dialog.
adaptAntdMobile();

// Approvals' live part (server-sent events, the 审批 tab badge, the unread count) brings the
// offline store along: loaded after the first screen, like the offline banner.
// A chunk that cannot load (offline before it was fetched, no service worker yet) leaves the plain
// icon instead of failing the page.
const ApprovalsLive = lazy(() =>
  import('../../features/approvals/live.tsx').then(
    (m) => ({ default: m.ApprovalsLive }),
    () => ({ default: () => null }),
  ),
);
const ApprovalsTabIcon = lazy(() =>
  import('../../features/approvals/live.tsx').then(
    (m) => ({ default: m.ApprovalsTabIcon }),
    () => ({ default: () => <BillOutline /> }),
  ),
);

function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 1500);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

const TAB_ICONS = { home: AppOutline, resources: AppstoreOutline, approvals: BillOutline, alarms: BellOutline, mine: UserOutline } as const;

function Brand() {
  const { t } = useTranslation('shell');
  return (
    <Link to="/homeOperation" className="ys-brand" aria-label={t('brand_full')}>
      <img src="/icons/icon.svg" alt="" width={24} height={24} className="ys-brand__logo" />
      <span className="ys-brand__name">{t('brand')}</span>
    </Link>
  );
}

function TopBar({ compact }: { compact: boolean }) {
  return (
    <header className={`ys-topbar${compact ? ' ys-topbar--compact' : ''}`}>
      {compact ? <Brand /> : null}
      <ScopePicker />
      <div className="ys-topbar__spacer" />
      <LanguageSwitch compact />
      <UnreadBadge />
      <UserMenu />
    </header>
  );
}

function PhoneShell() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const handle = usePageHandle();
  const menus = useAtomValue(menuListAtom);
  const [scopeOpen, setScopeOpen] = useState(false);
  const tabs = useMemo(() => phoneTabs(allowedMenuUrls(menus)), [menus]);
  const later = useAfterFirstScreen();
  const activeTab = tabs.find((tab) => location.pathname === tab.path || handle?.meta.previousMenu === tab.menuUrl);
  const isTabRoot = tabs.some((tab) => tab.path === location.pathname);
  const goBack = () => {
    const action = backAction(handle?.meta ?? {}, location.key !== 'default');
    if (action.kind === 'history') navigate(-1);
    else navigate(action.to);
  };
  return (
    <div className="ys-phone">
      {/* antd-mobile's NavBar makes its left side a role=button even with nothing in it (an
          unnamed button to a screen reader): the same classes, with a real, named back button. */}
      <div className="adm-nav-bar ys-phone__nav">
        <div className="adm-nav-bar-left">
          {!isTabRoot && (
            <button type="button" className="ys-iconbtn ys-phone__back" aria-label={t('nav.back')} data-testid="nav-back" onClick={goBack}>
              <LeftOutline fontSize={22} />
            </button>
          )}
        </div>
        <div className="adm-nav-bar-title">{handle ? t(handle.meta.title) : ''}</div>
        <div className="adm-nav-bar-right">
          <div className="ys-phone__navright">
            <UnreadBadge />
            <button type="button" className="ys-iconbtn" aria-label={t('scope.open')} data-testid="scope-open" onClick={() => setScopeOpen(true)}>
              <FolderOutline fontSize={20} />
            </button>
          </div>
        </div>
      </div>
      <DeferredOfflineBanner />
      <main className="ys-phone__main">
        <Outlet />
      </main>
      <TabBar
        className="ys-phone__tabs"
        activeKey={activeTab?.key ?? null}
        onChange={(key) => {
          const tab = tabs.find((x) => x.key === key);
          if (tab) navigate(tab.path);
        }}
      >
        {tabs.map((tab) => {
          const Icon = TAB_ICONS[tab.key];
          const icon =
            tab.key === 'approvals' && later ? (
              <Suspense fallback={<Icon />}>
                <ApprovalsTabIcon />
              </Suspense>
            ) : (
              <Icon />
            );
          return <TabBar.Item key={tab.key} icon={icon} title={t(`tabs.${tab.key}`)} />;
        })}
      </TabBar>
      <Popup
        visible={scopeOpen}
        onMaskClick={() => setScopeOpen(false)}
        onClose={() => setScopeOpen(false)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      >
        <div className="ys-phone__scope">
          <div className="ys-sheet__title">{t('scope.title')}</div>
          <ScopePicker layout="column" />
          <div className="ys-phone__scope-row">
            <span>{t('language.label')}</span>
            <LanguageSwitch />
          </div>
        </div>
      </Popup>
    </div>
  );
}

function TabletShell() {
  const { t } = useTranslation('shell');
  const splits = useAtomValue(pageSplitCountAtom);
  const choice = useAtomValue(tabletMenuChoiceAtom);
  // A page with its own list/detail split needs the width: the menu folds to icons unless the user opened it.
  const folded = choice ? choice === 'folded' : splits > 0;
  return (
    <div className={`ys-tablet${folded ? ' is-folded' : ''}`} data-menu={folded ? 'folded' : 'open'}>
      <TopBar compact />
      <DeferredOfflineBanner />
      <div className="ys-tablet__body">
        <aside className="ys-tablet__list">
          <SideMenu collapsed={folded} />
          <button
            type="button"
            className="ys-desk__collapse ys-tablet__fold"
            data-testid="tablet-menu-toggle"
            onClick={() => store.set(tabletMenuChoiceAtom, folded ? 'open' : 'folded')}
          >
            {folded ? t('nav.expand') : t('nav.collapse')}
          </button>
        </aside>
        <main className="ys-tablet__detail">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function DesktopShell() {
  const collapsed = useAtomValue(sidebarCollapsedAtom);
  const { t } = useTranslation('shell');
  return (
    <div className={`ys-desk${collapsed ? ' is-collapsed' : ''}`}>
      <aside className="ys-desk__side">
        <Brand />
        <SideMenu collapsed={collapsed} />
        <button type="button" className="ys-desk__collapse" onClick={() => store.set(sidebarCollapsedAtom, !collapsed)}>
          {collapsed ? t('nav.expand') : t('nav.collapse')}
        </button>
      </aside>
      <div className="ys-desk__main">
        <TopBar compact={false} />
        <DeferredOfflineBanner />
        <main className="ys-desk__content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function ConsoleLayout() {
  const bp = useBreakpoint();
  const loggedIn = useAtomValue(loginStateAtom);
  // Pages without a login requirement (e.g. /isp) still show the user's menus when signed in.
  useEffect(() => {
    if (loggedIn) ensureShellData().catch(() => undefined);
  }, [loggedIn]);
  const later = useAfterFirstScreen();
  return (
    <QueryProvider>
      {bp === 'phone' ? <PhoneShell /> : bp === 'tablet' ? <TabletShell /> : <DesktopShell />}
      {loggedIn && later && (
        <Suspense fallback={null}>
          <ApprovalsLive />
        </Suspense>
      )}
    </QueryProvider>
  );
}

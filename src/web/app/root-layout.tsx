// The root page (seed 000 §2 "Root and help widget"): the router outlet, notices, the loading
// overlay, scroll-to-top on every navigation, the document title, and — once the first screen is
// up — the help widget, AI panel, image viewer and offline banner (their own lazy chunk).
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginUrl } from '../../domain/navigation/rules.ts';
import { forgetSession } from '../lib/auth-flow.ts';
import { usePageHandle } from '../lib/hooks.ts';
import { setStepUpHandler, setUnauthorizedHandler } from '../lib/request.ts';
import { i18next, loadNamespace } from '../lib/i18n.ts';
import { importWhenOnline } from '../lib/import-when-online.ts';
import { returnPathAtom, store } from '../lib/store.ts';
import { NoticeHost } from '../ui/notice-host.tsx';
import { LoadingOverlay } from '../ui/loading-overlay.tsx';
import { removeBootShell } from './boot-shell.ts';

const RootExtras = lazy(() => importWhenOnline(() => import('./root-extras.tsx')));

/** True a moment after the first page has rendered and the browser is idle (not part of the first screen). */
function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  const navigation = useNavigation();
  const pageShown = usePageHandle() !== undefined && navigation.state === 'idle';
  useEffect(() => {
    if (ready || !pageShown) return;
    const idle = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
    const timer = setTimeout(() => {
      if (idle) idle(() => setReady(true), { timeout: 3000 });
      else setReady(true);
    }, 1200);
    return () => clearTimeout(timer);
  }, [pageShown, ready]);
  return ready;
}

export function RootLayout() {
  // The HTML's console frame (ADR 0036) leaves in the paint that shows the first page.
  useLayoutEffect(removeBootShell, []);
  const location = useLocation();
  const navigate = useNavigate();
  const handle = usePageHandle();
  const { t, i18n } = useTranslation();
  const extras = useAfterFirstScreen();

  // Scroll to top on every navigation (seed 000 §2).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  useEffect(() => {
    const title = handle ? t(handle.meta.title) : '';
    document.title = title ? `${title} · ${t('shell:brand')}` : t('shell:brand_full');
  }, [handle, t, i18n.language]);

  // 401 anywhere: the session is dropped silently and the user signs in again, then comes back.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      forgetSession();
      const here = window.location.pathname + window.location.search;
      if (window.location.pathname === '/login') return;
      store.set(returnPathAtom, { path: here });
      navigate(loginUrl(here), { replace: true });
    });
  }, [navigate]);

  // A destructive call the server refuses for want of a step-up (ADR 0029): the step-up dialog, then
  // the request helper sends the call once more. The dialog's code loads only when it is needed.
  useEffect(() => {
    setStepUpHandler(async () => {
      try {
        const [{ obtainStepUp }] = await Promise.all([import('../ui/step-up.tsx'), loadNamespace('keys')]);
        return await obtainStepUp(i18next.t('keys:step_up.title'), i18next.t('keys:step_up.destructive_hint'));
      } catch {
        return null; // the options call failed (its notice is shown) or the chunk did not load
      }
    });
    return () => setStepUpHandler(null);
  }, []);

  return (
    <>
      <Outlet />
      <NoticeHost />
      <LoadingOverlay />
      {extras ? (
        <Suspense fallback={null}>
          <RootExtras />
        </Suspense>
      ) : null}
    </>
  );
}

// Registers the service worker in production builds and asks the user before a waiting version
// takes over (seed 000 §8 "update notice"): accept → SKIP_WAITING → reload once it controls.
import { Workbox } from 'workbox-window';
import i18next from 'i18next';

/**
 * The update prompt: antd-mobile's Dialog, loaded only when a new version waits (not with every
 * page). Its imperative API renders through the legacy ReactDOM.render, which React 19 removed;
 * it gets createRoot (antd-mobile's documented React 19 adapter, idempotent).
 */
async function askToUpdate(): Promise<boolean> {
  const [{ default: Dialog }, { adaptAntdMobile }] = await Promise.all([import('antd-mobile/es/components/dialog'), import('./antd-react19.ts')]);
  adaptAntdMobile();
  return Dialog.confirm({
    title: i18next.t('offline:update.title'),
    content: i18next.t('offline:update.content'),
    confirmText: i18next.t('offline:update.confirm'),
    cancelText: i18next.t('offline:update.later'),
  });
}

let registered: Workbox | null = null;

export interface RegisterOptions {
  /** Service worker URL; vite-plugin-pwa writes it to /sw.js. */
  url?: string;
  /** Register in development too (the dev server does not serve the built worker by default). */
  force?: boolean;
}

export function registerServiceWorker(opts: RegisterOptions = {}): Workbox | null {
  if (registered) return registered;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (!import.meta.env.PROD && !opts.force) return null;

  const wb = new Workbox(opts.url ?? '/sw.js', { scope: '/' });
  registered = wb;
  let asked = false;

  const prompt = () => {
    if (asked) return;
    asked = true;
    void askToUpdate().then((accepted) => {
      if (!accepted) {
        asked = false;
        return;
      }
      // Reload only after the new worker controls the page, so the reload gets the new shell.
      wb.addEventListener('controlling', () => {
        window.location.reload();
      });
      wb.messageSkipWaiting();
    });
  };
  wb.addEventListener('waiting', prompt);

  void wb.register({ immediate: true }).then(
    (reg) => {
      // main.tsx registered first: a new version already installing then is one workbox did not see
      // start (no `updatefound` after its register), so it is watched here until it waits.
      const installing = reg?.installing;
      if (!installing || !navigator.serviceWorker.controller) return;
      installing.addEventListener('statechange', () => {
        if (installing.state === 'installed' && reg.waiting === installing) prompt();
      });
    },
    (err: unknown) => {
      console.warn('service worker registration failed', err);
    },
  );
  // The worker precaches only what must open offline; the assets this page loaded before the
  // worker was active go to its runtime cache now (later ones it caches as they load).
  // (`ready`, not workbox's `active`: a first install started by main.tsx's register may be one
  // workbox never saw start.)
  void navigator.serviceWorker.ready.then((reg) => {
    const urls = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => u.startsWith(`${location.origin}/assets/`));
    if (urls.length) reg.active?.postMessage({ type: 'CACHE_URLS', urls });
  });
  return wb;
}

/** Checks for a new version now (e.g. when the app comes back to the foreground). */
export function checkForUpdate(): void {
  void registered?.update();
}

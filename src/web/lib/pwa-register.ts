// Registers the service worker in production builds and asks the user before a waiting version
// takes over (seed 000 §8 "update notice"): accept → SKIP_WAITING → reload once it controls.
import { Workbox } from 'workbox-window';
import { Dialog, unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import i18next from 'i18next';

/**
 * antd-mobile's imperative Dialog renders through the legacy ReactDOM.render, which React 19
 * removed; give it createRoot (antd-mobile's documented React 19 adapter, idempotent).
 */
function adaptAntdMobileToReact19() {
  unstableSetRender((node, container) => {
    const host = container as Element & { _yunshuRoot?: Root };
    host._yunshuRoot ??= createRoot(host);
    const root = host._yunshuRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete host._yunshuRoot;
    };
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

  adaptAntdMobileToReact19();
  const wb = new Workbox(opts.url ?? '/sw.js', { scope: '/' });
  registered = wb;
  let asked = false;

  wb.addEventListener('waiting', () => {
    if (asked) return;
    asked = true;
    void Dialog.confirm({
      title: i18next.t('offline:update.title'),
      content: i18next.t('offline:update.content'),
      confirmText: i18next.t('offline:update.confirm'),
      cancelText: i18next.t('offline:update.later'),
    }).then((accepted) => {
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
  });

  void wb.register().catch((err) => {
    console.warn('service worker registration failed', err);
  });
  return wb;
}

/** Checks for a new version now (e.g. when the app comes back to the foreground). */
export function checkForUpdate(): void {
  void registered?.update();
}

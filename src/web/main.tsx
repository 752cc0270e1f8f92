// Entry: i18n first (the first paint is already in the chosen language), then the providers and
// the data router. The service worker registers after the first screen (its own chunk).
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initI18n } from './lib/i18n.ts';
import { getUsername } from './lib/session.ts';
import { AppProviders } from './app/providers.tsx';
import './app/app.css';

/**
 * antd-mobile's imperative Toast/Dialog render through ReactDOM.render, which React 19 removed:
 * give them createRoot once, for the whole app (antd-mobile's documented React 19 adapter). Loaded
 * after the first screen, not statically: the adapter lives in the kit's chunk, and a static
 * import put all of antd-mobile (~105 KB gz) into the first screen of /portal and /login.
 */
function adaptAntdMobile(): void {
  void import('antd-mobile/es/utils/unstable-render')
    .then(({ unstableSetRender }) =>
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
      }),
    )
    .catch(() => undefined);
}

/**
 * The outbox replays queued writes (approval decisions…) now, on every 'online' event and while
 * entries wait; only the signed-in user's entries are sent. Its own chunk (Dexie), right after
 * the first render so a start-up with queued decisions sends them at once.
 */
function startOutbox(): void {
  void Promise.all([import('./offline/outbox.ts'), import('./lib/request.ts')])
    .then(([outbox, request]) => outbox.startOutboxSync(outbox.createFetchSend(request.scopeHeaders), { owner: getUsername }))
    .catch(() => undefined);
}

/**
 * Runs `fn` once the router has loaded the first page (its loaders and lazy chunk) and the browser
 * has painted it: what is started here does not compete with the first screen's JavaScript.
 */
function afterFirstScreen(
  router: { state: { initialized: boolean }; subscribe: (fn: (state: { initialized: boolean }) => void) => () => void },
  fn: () => void,
): void {
  const idle = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  const run = () => {
    if (idle) idle(fn, { timeout: 2000 });
    else setTimeout(fn, 200);
  };
  if (router.state.initialized) {
    run();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    run();
  });
}

async function start() {
  await initI18n();
  const { router } = await import('./app/router.tsx');
  const { RouterProvider } = await import('react-router');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // Neither is part of the first screen: both load once the first page is on screen.
  afterFirstScreen(router, () => {
    adaptAntdMobile();
    startOutbox();
  });
  // After the first screen: the service worker (and its update prompt) is not part of it.
  const registerLater = () => {
    const idle = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
    const run = () => {
      void import('./lib/pwa-register.ts').then((m) => m.registerServiceWorker()).catch(() => undefined);
    };
    setTimeout(() => {
      if (idle) idle(run, { timeout: 5000 });
      else run();
    }, 3000);
  };
  if (document.readyState === 'complete') registerLater();
  else window.addEventListener('load', registerLater, { once: true });
}

void start();

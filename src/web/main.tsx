// Entry: i18n first (the first paint is already in the chosen language), then the providers and
// the data router. The service worker registers once the first page is loaded (its own chunk).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './lib/i18n.ts';
import { getToken, getUsername } from './lib/session.ts';
import { loginStateAtom, store } from './lib/store.ts';
import { AppProviders } from './app/providers.tsx';
import './app/app.css';

/**
 * The outbox replays queued writes (approval decisions…) now, on every 'online' event and while
 * entries wait; only the signed-in user's entries are sent. Its own chunk (Dexie), right after
 * the first render so a start-up with queued decisions sends them at once — and only when the
 * outbox is in use (entries stored, or a write made in this or another tab: outbox-gate.ts) and
 * the chunk can be fetched (online, or from the service worker's precache).
 */
/** Runs `fn` now if someone is signed in, else once a sign-in happens (the login state turning true). */
function whenSignedIn(fn: () => void): void {
  if (getUsername()) return fn();
  const stop = store.sub(loginStateAtom, () => {
    if (!store.get(loginStateAtom)) return;
    stop();
    fn();
  });
}

let outboxStarted = false;
function startOutbox(): void {
  // A visitor who has not signed in has no outbox: Dexie stays out of anonymous pages until a
  // sign-in starts it.
  if (outboxStarted) return;
  if (!getUsername()) return whenSignedIn(startOutbox);
  outboxStarted = true;
  // An empty outbox has nothing to replay: Dexie loads only once entries exist or a write is made.
  // (The gate is its own small chunk too: /portal's visitors never need it.)
  // Offline, before the service worker holds the chunk, it waits for the network (the inbox
  // queues meanwhile without Dexie: offline/outbox-queue.ts) and replays once the chunk is in.
  void import('./offline/outbox-gate.ts').then((gate) =>
    gate.whenOutboxInUse(() => {
      void gate
        .loadWhenReachable(() => Promise.all([import('./offline/outbox.ts'), import('./lib/request.ts')]))
        .then(([outbox, request]) =>
          outbox.startOutboxSync(outbox.createFetchSend(request.scopeHeaders), {
            owner: getUsername,
            // Consecutive approval decisions go together (one request, each with its own key).
            sendBatch: outbox.createFetchBatchSend(request.scopeHeaders),
          }),
        );
    }),
  );
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

/**
 * A first screen's HTML names the GETs it makes (<meta name="ys-early-get">, vite.config.ts
 * firstScreenPages): started now, beside the router and the page's chunks, for the page's own
 * requests to take (lib/request.ts prefetch; ADR 0033, 0038). `data-auth`: only for a signed-in
 * reader; `media`: only at that width (a phone list asks for other pages than a desktop table);
 * `data-bare`: only when the address has no query (filters in it change the list's request). A
 * landing page whose HTML carries the answer in the reader's language asks for nothing.
 */
function startEarlyGets(lang: string): void {
  const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="ys-early-get"]')].filter(
    (m) =>
      (!m.hasAttribute('data-auth') || getToken()) &&
      (!m.media || window.matchMedia(m.media).matches) &&
      (!m.hasAttribute('data-bare') || !window.location.search) &&
      !document.querySelector(`script[data-ys-early="${CSS.escape(m.content)}"][data-lang="${lang}"]`),
  );
  // (request.ts is its own chunk, preloaded with the entry: imported here it would split the entry's texts apart)
  if (metas.length) void import('./lib/request.ts').then((r) => metas.forEach((m) => r.prefetch(m.content))).catch(() => undefined); // (the page asks for itself)
}

/**
 * A first screen's HTML preloads the style sheets of its page (vite.config.ts firstScreenPages).
 * Applied now, they style the boot frame's few nodes as they arrive; left to the chunk loader,
 * they applied once React had drawn the page, and restyling the whole page was the longest task
 * of the console's first screen (console-base's sheet: ~300 ms in Lighthouse's slow-phone model).
 * The loader then finds each sheet in place and adds none (ADR 0041).
 */
function applyPreloadedStyles(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')) link.rel = 'stylesheet';
}

async function start() {
  applyPreloadedStyles();
  const i18n = await initI18n();
  startEarlyGets(i18n.language);
  const { router } = await import('./app/router.tsx');
  const { RouterProvider } = await import('react-router');
  // Rendered at once, not as a transition: a transition's render yields, and React Router's
  // provider reads the router's state when it renders but subscribes only when it commits, so a
  // route loaded in between was lost and the page stayed blank (ADR 0041).
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // Neither is part of the first screen: both load once the first page is on screen.
  afterFirstScreen(router, () => {
    startOutbox();
  });
  // The update prompt (workbox-window, its own chunk) attaches to the worker's registration once the
  // first page is on screen.
  whenFirstPageLoaded(router, () => {
    void import('./lib/pwa-register.ts').then((m) => m.registerServiceWorker()).catch(() => undefined);
    // Once it is active, the outbox's forms get the choices they read (app/offline-kit.ts).
    whenSignedIn(() => {
      void navigator.serviceWorker?.ready
        .then(() => import('./app/offline-kit.ts'))
        .then((kit) => kit.keepOfflineKit())
        .catch(() => undefined);
    });
  });
}

/** Runs `fn` once the router has loaded the first page and the window has loaded (no idle wait). */
function whenFirstPageLoaded(router: Parameters<typeof afterFirstScreen>[0], fn: () => void): void {
  const loaded = () => (document.readyState === 'complete' ? fn() : window.addEventListener('load', fn, { once: true }));
  if (router.state.initialized) return loaded();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    loaded();
  });
}

// The service worker registers at the window's load event, not seconds later: it must control the
// page within moments of a first visit, so the outbox's forms open offline from its precache even if
// the network goes right after (issue 27; it used to wait 3 s and then for an idle moment, up to 8 s,
// and a form opened offline in between was missing or claimed an update).
if (import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

void start();

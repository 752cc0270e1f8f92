// The service worker (vite-plugin-pwa injectManifest). The app shell and what must open offline
// are precached (vite.config.ts OFFLINE_MODULES); every other hashed asset is cached when first
// loaded; navigations fall back to the precached index.html so a visited page reloads offline;
// the API is never cached (the Dexie store in src/web/offline/ keeps what is readable offline);
// manuals under /docs/ and the embedded assistant are network-first with a cache.
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const urlOf = (entry: PrecacheEntry | string) => (typeof entry === 'string' ? entry : entry.url).replace(/^\//, '');
// Manuals are many and change apart from app releases: they are cached when read (below), not
// precached with the shell, even when the build's glob picks them up.
const manifest = self.__WB_MANIFEST.filter((entry) => !urlOf(entry).startsWith('docs/'));

// The precache is workbox's (its cache, keys, routing and clean-up), but installed with every file
// fetched at once: workbox's own install takes one file at a time (workbox issue 2528), ~150 files
// took 3–5 s on a loaded 2-core machine, and until it is done the worker neither activates nor
// controls the page, so a form opened offline right after a first visit was missing (issue 27).
const precache = new PrecacheController();
precache.addToCacheList(manifest);

/** Puts every file of the manifest not in the precache yet into it, all at once; fails if one fails (as workbox's install does). */
async function installPrecache(): Promise<void> {
  const cache = await caches.open(precache.strategy.cacheName);
  const held = new Set((await cache.keys()).map((request) => request.url));
  await Promise.all(
    [...precache.getURLsToCacheKeys()].map(async ([url, cacheKey]) => {
      if (held.has(cacheKey)) return;
      // A file with a revision (index.html) past the browser's HTTP cache; a hashed file never changes.
      const revised = cacheKey !== url;
      const response = await fetch(new Request(url, { cache: revised ? 'reload' : 'default', credentials: 'same-origin' }));
      if (!response.ok || response.redirected) throw new Error(`precache: ${url} answered ${response.status}${response.redirected ? ' (redirected)' : ''}`);
      await cache.put(cacheKey, response);
    }),
  );
}
self.addEventListener('install', (event) => event.waitUntil(installPrecache()));
// (activate: the precache's clean-up of entries no longer in the manifest; it waits on the event itself)
self.addEventListener('activate', (event) => void precache.activate(event));
registerRoute(new PrecacheRoute(precache));
cleanupOutdatedCaches();

const ASSETS_CACHE = 'yunshu-assets';
const isAsset = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');
const isApi = (url: URL) => url.pathname === '/api' || url.pathname.startsWith('/api/');

/** Keeps a runtime cache to its newest `max` entries (older releases' hashed files fall out). */
const keepNewest = (max: number): WorkboxPlugin => ({
  cacheDidUpdate: async ({ cacheName }) => {
    const cache = await caches.open(cacheName);
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(old);
  },
});

// Hashed assets outside the precache (a desktop table, a form, a wizard…): cached when first
// loaded; a hashed file never changes, so the cached copy is answered first.
registerRoute(({ url, request }) => isAsset(url) && request.method === 'GET', new CacheFirst({ cacheName: ASSETS_CACHE, plugins: [keepNewest(300)] }));

// Static manuals: the newest when online, the last seen when not.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/docs/') && request.method === 'GET',
  new NetworkFirst({ cacheName: 'yunshu-docs', networkTimeoutSeconds: 5 }),
);

// The assistant page embedded by the AI panel (public/aiassistant/), when not in the precache.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/aiassistant/') && request.method === 'GET',
  new NetworkFirst({ cacheName: 'yunshu-assistant', networkTimeoutSeconds: 5 }),
);

// Same-origin images outside the precache (uploaded pictures, product images).
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.destination === 'image' && !isApi(url),
  new StaleWhileRevalidate({ cacheName: 'yunshu-images' }),
);

// Every client route is the single-page app: answer navigations with the precached shell.
const hasShell = manifest.some((entry) => urlOf(entry) === 'index.html');
if (hasShell) {
  registerRoute(
    new NavigationRoute(precache.createHandlerBoundToURL('index.html'), {
      denylist: [/^\/api(\/|$)/, /^\/docs\//, /^\/aiassistant\//],
    }),
  );
}

// A waiting version takes over only when the page asks (after the user accepted the update).
// The page also sends the assets it loaded before this worker controlled it (CACHE_URLS): they
// join the runtime cache, so the screens of the first visit open offline as well.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!data || typeof data !== 'object' || !('type' in data)) return;
  if (data.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data.type === 'CACHE_URLS' && 'urls' in data && Array.isArray(data.urls)) {
    const urls = data.urls
      .filter((u): u is string => typeof u === 'string')
      .map((u) => new URL(u, self.location.origin))
      .filter(isAsset);
    event.waitUntil(
      (async () => {
        const cache = await caches.open(ASSETS_CACHE);
        for (const url of urls) {
          if (await precache.matchPrecache(url.pathname)) continue; // the precache has it
          if (await cache.match(url)) continue;
          await cache.add(url).catch(() => undefined);
        }
      })(),
    );
  }
});

// clientsClaim: the first install controls the open pages at once, so they work offline.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// Web Push (the notification service, src/server/notifications/outside-channels.ts pushPayload):
// show the message with its one-tap actions; a tap opens Yunshu on the subject (the deep link), in
// an open window of the app when there is one.
interface PushMessage {
  title: string;
  body: string;
  url: string;
  category?: string;
  actions?: { action: string; title: string; url: string }[];
}

/** Only links to this app are opened; anything else opens the app's start page. */
function sameOrigin(url: string): string {
  try {
    const u = new URL(url, self.location.origin);
    return u.origin === self.location.origin ? u.pathname + u.search + u.hash : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('push', (event) => {
  let msg: PushMessage | null = null;
  try {
    msg = event.data ? (event.data.json() as PushMessage) : null;
  } catch {
    msg = null;
  }
  if (!msg || typeof msg.title !== 'string') return;
  const actions = (msg.actions ?? []).slice(0, 2);
  const options: NotificationOptions & { actions?: { action: string; title: string }[] } = {
    body: msg.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    tag: msg.url,
    data: { url: sameOrigin(msg.url), actions: Object.fromEntries(actions.map((a) => [a.action, sameOrigin(a.url)])) },
    actions: actions.map((a) => ({ action: a.action, title: a.title })),
  };
  event.waitUntil(self.registration.showNotification(msg.title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = (event.notification.data ?? {}) as { url?: string; actions?: Record<string, string> };
  const target = (event.action && data.actions?.[event.action]) || data.url || '/';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

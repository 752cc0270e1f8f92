// The service worker (vite-plugin-pwa injectManifest). The app shell and hashed assets are
// precached; navigations fall back to the precached index.html so a visited page reloads offline;
// the API is never cached (the Dexie store in src/web/offline/ keeps what is readable offline);
// manuals under /docs/ and the embedded assistant are network-first with a cache.
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const urlOf = (entry: PrecacheEntry | string) => (typeof entry === 'string' ? entry : entry.url).replace(/^\//, '');
// Manuals are many and change apart from app releases: they are cached when read (below), not
// precached with the shell, even when the build's glob picks them up.
const manifest = self.__WB_MANIFEST.filter((entry) => !urlOf(entry).startsWith('docs/'));
precacheAndRoute(manifest);
cleanupOutdatedCaches();

const isApi = (url: URL) => url.pathname === '/api' || url.pathname.startsWith('/api/');

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
    new NavigationRoute(createHandlerBoundToURL('index.html'), {
      denylist: [/^\/api(\/|$)/, /^\/docs\//, /^\/aiassistant\//],
    }),
  );
}

// A waiting version takes over only when the page asks (after the user accepted the update).
self.addEventListener('message', (event) => {
  if (event.data && typeof event.data === 'object' && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

// clientsClaim: the first install controls the open pages at once, so they work offline.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

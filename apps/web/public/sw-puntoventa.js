/* Service worker of the point of sale (issue 12, branch posfix; docs/decisions.md "posfix").
 * Scope /puntoventa only: the rest of the app is never controlled by it. It keeps the app shell (the page's HTML) and
 * the built, hashed assets the page loaded, so /puntoventa opens without a network after one online visit. It never
 * stores /api responses: the offline data (queue, catalogue copy, customers) is the page's own IndexedDB.
 * Navigations: network first (a new build is picked up at once online), the cached shell offline. /assets/*: cache
 * first (their names carry the content hash). A new shell (a new build) empties the asset cache, which the new page
 * fills again; a new version of this file replaces the old one at once (skipWaiting + claim) and drops old caches. */
const VERSION = 'yupana-pos-v1';
const SHELL = `${VERSION}-shell`;
const ASSETS = `${VERSION}-assets`;
const URL_SHELL = '/puntoventa';

const esAsset = (url) => url.origin === self.location.origin && (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg');

async function guardarShell(respuesta) {
  const cache = await caches.open(SHELL);
  const previa = await cache.match(URL_SHELL);
  const texto = await respuesta.clone().text();
  if (previa && (await previa.text()) !== texto) await caches.delete(ASSETS);
  await cache.put(URL_SHELL, new Response(texto, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const r = await fetch(URL_SHELL, { cache: 'no-store' });
      if (r.ok) await guardarShell(r);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const k of await caches.keys()) if (k.startsWith('yupana-pos-') && !k.startsWith(VERSION)) await caches.delete(k);
      await self.clients.claim();
    })(),
  );
});

// The page sends the assets it loaded before this worker controlled it (the first visit).
self.addEventListener('message', (event) => {
  const datos = event.data;
  if (!datos || datos.tipo !== 'precargar' || !Array.isArray(datos.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(ASSETS);
      for (const u of datos.urls) {
        const url = new URL(u, self.location.origin);
        if (!esAsset(url) || (await cache.match(url.href))) continue;
        try {
          const r = await fetch(url.href);
          if (r.ok) await cache.put(url.href, r);
        } catch {
          // Offline now: the next online load stores it.
        }
      }
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (req.mode === 'navigate') {
    if (!(url.pathname === URL_SHELL || url.pathname.startsWith(`${URL_SHELL}/`))) return;
    event.respondWith(
      (async () => {
        try {
          const r = await fetch(req);
          if (r.ok) await guardarShell(r.clone());
          return r;
        } catch (e) {
          const c = await (await caches.open(SHELL)).match(URL_SHELL);
          if (c) return c;
          throw e;
        }
      })(),
    );
    return;
  }
  if (!esAsset(url)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(ASSETS);
      const c = await cache.match(req.url);
      if (c) return c;
      const r = await fetch(req);
      if (r.ok) await cache.put(req.url, r.clone());
      return r;
    })(),
  );
});

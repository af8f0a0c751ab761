// The app's service worker (issue 23 §3). The hashed build files (`assets/`) are kept after their first
// use, so a second start reads them from the device; pages always come from the network first (a new
// release is seen at once) and, with no connection, the offline page answers. The API (`/web`, its
// socket) and the console (`/admin`) are never cached: what the server says is always asked.
const SHELL_CACHE = 'bolsa-shell-v1';
const ASSET_CACHE = 'bolsa-assets-v1';
const OFFLINE_FILES = ['./offline.html', './offline.js', './icons/icon-192.png', './manifest.webmanifest', './favicon.ico'];
/** Old builds' files are dropped beyond this many, oldest first. */
const ASSETS_KEPT = 150;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const kept = new Set([SHELL_CACHE, ASSET_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !kept.has(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function trimAssets(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - ASSETS_KEPT)).map((request) => cache.delete(request)));
}

async function fromCacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    await trimAssets(cache);
  }
  return response;
}

async function page(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match('./offline.html', { ignoreSearch: true })) ?? Response.error();
  }
}

async function fromNetworkFirst(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(request)) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const scope = new URL(self.registration.scope);
  const path = url.pathname.slice(scope.pathname.length - 1);
  if (path.startsWith('/web/') || path === '/web' || path.startsWith('/admin')) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (path.startsWith('/assets/')) event.respondWith(fromCacheFirst(request));
  else event.respondWith(fromNetworkFirst(request));
});

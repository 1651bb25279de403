// CourseCraft's service worker, hand-written (docs/features/offline.md says why). It precaches the
// offline shell (/offline and the scripts and styles it loads) and the icons; a navigation that
// fails (no connection) is answered with the shell, which shows a saved course, the offline review
// or "you're offline" from the device's IndexedDB. Scripts and styles of a build (/_next/static/,
// named by their content) are kept as they are fetched, so the shell runs offline.
importScripts("/sw-push.js");

const SHELL = "coursecraft-shell-v1";
const STATIC = "coursecraft-static-v1";
const OFFLINE_URL = "/offline";
const ASSETS = ["/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png", "/favicon.svg"];

/** The shell and every /_next/static file it names (scripts, styles, fonts). */
async function cacheShell() {
  const response = await fetch(OFFLINE_URL, { cache: "no-store", credentials: "same-origin" });
  if (!response.ok) throw new Error(`offline shell: ${response.status}`);
  const html = await response.clone().text();
  const files = [...new Set([...html.matchAll(/\/_next\/static\/[^"'\s)\\]+/g)].map((match) => match[0]))];
  const statics = await caches.open(STATIC);
  await Promise.all(files.map((file) => statics.add(file).catch(() => undefined)));
  const shell = await caches.open(SHELL);
  await shell.put(OFFLINE_URL, response);
  await shell.addAll(ASSETS);
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL && key !== STATIC).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// A page asks after it loaded: the shell of the build now served (a new deploy, new files).
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "refresh-shell") event.waitUntil(cacheShell().catch(() => undefined));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE_URL, { cacheName: SHELL })) ?? Response.error()));
    return;
  }
  if (url.pathname.startsWith("/_next/static/")) {
    event.respondWith(
      caches.open(STATIC).then(async (cache) => {
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      }),
    );
    return;
  }
  if (ASSETS.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(async () => (await caches.match(request, { cacheName: SHELL })) ?? Response.error()));
  }
});

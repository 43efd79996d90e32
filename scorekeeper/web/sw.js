// Hearts Scorekeeper's service worker (written by `scorekeeper build-web`): every file of
// the site is cached when it is installed, and served from that cache from then on, so
// the app opens with no network. VERSION is a hash of the site's files: a new build is a
// new worker with a new cache, which replaces the old one (and deletes its cache) when
// it activates.
"use strict";

const VERSION = "__VERSION__";
const CACHE = "hearts-" + VERSION;
const FILES = __FILES__;
const INDEX = "./index.html";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "reload" so that no file comes from the browser's HTTP cache of an older build
    await cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("hearts-") && name !== CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    if (request.mode === "navigate") {
      const page = await cache.match(INDEX);
      if (page) {
        return page;
      }
    }
    const hit = await cache.match(request, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});

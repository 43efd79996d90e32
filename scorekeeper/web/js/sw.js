// Hearts Scorekeeper's service worker (written by `scorekeeper build-web`): the site is
// cached when the worker is installed and served from that cache from then on, so the app
// opens with no network. FILES are cached at install; AS_USED only as this browser uses
// them: the files of Flutter's two builds (a phone runs one build: it downloads and keeps
// that one) and the client's files the app never asks for. The page says which it loaded
// once the app shows ({keep: [urls]}: on the first open this worker did not control the
// page yet); later fetches of them are kept as they pass. LATER (name: SHA-256) are the
// files only a Python that could not be restored from its snapshot reads (the whole
// standard library and archive): cached once the page says the app is up ({later: true}),
// so that the first open does not wait for them and a phone that opened once starts
// offline even without its snapshot; each kept only with this build's own bytes (a host
// updated since the install serves another build's). VERSION is a hash of the site's
// files: a new build is a new worker with a new cache, which replaces the old one (and
// deletes its cache) when it activates.
//
// Every answer it gives carries the headers that make the page cross-origin isolated
// (what Flet's own server sends; a static host cannot be asked to): Flutter's WebAssembly
// renderer then draws in a worker of its own, not on the page's thread, where each frame
// of the sheet cost some 20 ms. The first open, before this worker controls the page, is
// not isolated and draws on the page's thread.
"use strict";

const VERSION = /*VERSION*/null;
const CACHE = "hearts-" + VERSION;
const FILES = /*FILES*/null;
const AS_USED = /*AS_USED*/null;
const LATER = /*LATER*/null;
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

const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

function isolated(response) {
  if (!response || response.type === "opaque" || response.status === 0) {
    return response;
  }
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) {
    headers.set(name, value);
  }
  return new Response(response.body, {
    status: response.status, statusText: response.statusText, headers,
  });
}

// The site's own name for a URL ("main.dart.wasm"), or null for anything else.
function siteFile(url) {
  const scope = self.registration.scope;
  const href = new URL(url, scope).href.split(/[?#]/)[0];
  return href.startsWith(scope) ? href.slice(scope.length) : null;
}

async function keep(cache, name, response) {
  if (response && response.ok && AS_USED.includes(name)) {
    await cache.put(name, response);
  }
}

// A file of LATER from the network, kept if it is this build's; whether it is kept.
async function keepLater(cache, name, response) {
  if (!response || !response.ok || !(name in LATER)) {
    return false;
  }
  const body = await response.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  if (hex !== LATER[name]) {
    console.warn(`${name} is not this build's (${VERSION}): not kept`);
    return false;
  }
  await cache.put(name, new Response(body, { status: response.status,
    statusText: response.statusText, headers: response.headers }));
  return true;
}

async function fetchLater(cache) {
  const kept = [];
  for (const name of Object.keys(LATER)) {
    if (await cache.match(name)) {
      kept.push(name);
      continue;
    }
    try {
      if (await keepLater(cache, name, await fetch(new Request(name, { cache: "reload" })))) {
        kept.push(name);
      }
    } catch (e) {
      continue;  // offline now: fetched when the page next says the app is up
    }
  }
  return kept;
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.later) {
    event.waitUntil(caches.open(CACHE).then(fetchLater).then((kept) => {
      if (event.ports[0]) {
        event.ports[0].postMessage(kept);
      }
    }));
    return;
  }
  const urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) {
    return;
  }
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const kept = [];
    for (const name of new Set(urls.map(siteFile))) {
      if (!AS_USED.includes(name)) {
        continue;
      }
      if (!(await cache.match(name))) {
        try {
          await keep(cache, name, await fetch(new Request(name, { cache: "reload" })));
        } catch (e) {
          continue;  // offline now: kept when it is next fetched through this worker
        }
      }
      kept.push(name);
    }
    if (event.ports[0]) {
      event.ports[0].postMessage(kept);
    }
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
        return isolated(page);
      }
    }
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) {
      return isolated(hit);
    }
    const response = await fetch(request);
    const name = siteFile(request.url);
    if (name !== null && AS_USED.includes(name)) {
      event.waitUntil(keep(cache, name, response.clone()));
    } else if (name !== null && name in LATER) {
      event.waitUntil(keepLater(cache, name, response.clone()));
    }
    return isolated(response);
  })());
});

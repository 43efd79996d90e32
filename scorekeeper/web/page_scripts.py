"""The web app's own scripts in the page (``scorekeeper build-web``): :data:`BOOT_SCRIPT`
goes into ``index.html`` before Flet's ``python.js``, :data:`START_EARLY` at the end of
``python.js`` (see :func:`.client.patch_worker`). Each is plain JavaScript that
``tests/web/test_page_scripts.py`` runs in Node with a made-up browser around it.
"""

from __future__ import annotations

START_EARLY = """
// scorekeeper build-web: start Python's worker and Pyodide now, while Flutter loads; the
// first connection from Flutter takes this worker, later ones start their own.
;(function () {
    const workers = [];  // every Python this page started
    function newWorker() {
        const worker = new Worker((flet.entrypointBaseUrl.endsWith("/") ?
            flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl) + "/python-worker.js",
            { type: "module" });
        workers.push(worker);
        return worker;
    }
    let early = null;
    if (flet.pyodide) {
        early = newWorker();
        early.postMessage({ preload: flet.pyodideUrl });
    }
    // The steps of Python's start, as its worker says them (ms on this page's clock).
    window.pythonSteps = {};
    if (typeof BroadcastChannel !== "undefined") {
        new BroadcastChannel("scorekeeper-steps").onmessage = function (event) {
            window.pythonSteps[event.data[0]] = event.data[1] - performance.timeOrigin;
        };
    }
    globalThis.takeEarlyWorker = function () {
        const worker = early || newWorker();
        early = null;
        return worker;
    };
    // A page that is left ends its Python, and with it the data folder's Web Lock, which
    // Python holds in its worker: a browser may keep the page in its back/forward cache
    // (WebKit does, for minutes), and the next page at this address would wait for it.
    window.addEventListener("pagehide", function () {
        for (const worker of workers.splice(0)) {
            worker.terminate();
        }
    });
    // A page brought back from that cache has no Python left: open it anew.
    window.addEventListener("pageshow", function (event) {
        if (event.persisted) {
            location.reload();
        }
    });
})();
"""

# Flutter reads the browser's languages at its start with ``new Intl.Locale(tag)``, which
# throws on a tag it cannot parse (WebKitGTK under LANG=C reports ['C']), and the page
# stays on its splash: such tags are dropped before Flutter reads them (English when none
# is left).
LOCALES = """
(function () {
  function parsable(tag) {
    try {
      new Intl.Locale(tag);
      return true;
    } catch (e) {
      return false;
    }
  }
  var said = navigator.languages && navigator.languages.length ?
    Array.prototype.slice.call(navigator.languages) : [navigator.language];
  var kept = said.filter(function (tag) { return typeof tag === "string" && parsable(tag); });
  if (kept.length === said.length) return;
  if (!kept.length) kept = ["en"];
  try {
    Object.defineProperty(navigator, "languages",
      { configurable: true, get: function () { return kept.slice(); } });
    Object.defineProperty(navigator, "language",
      { configurable: true, get: function () { return kept[0]; } });
  } catch (e) {
    console.warn("the browser's languages could not be corrected", e);
  }
})();
"""

BOOT_SCRIPT = """<script>""" + LOCALES + """
// Python in the browser (scorekeeper build-web): the runtime by an absolute address (a
// module worker cannot import a bare name), this site's own service worker (sw.js), and
// storage the browser should not clear.
flet.pyodideUrl = new URL("pyodide/pyodide.mjs", document.baseURI).href;
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch(function (e) {
    console.warn("service worker not registered", e);
  });
}
if (navigator.storage && navigator.storage.persist) {
  navigator.storage.persist().catch(function () {});
}
// Once the app shows, the service worker keeps the files of Flutter's build this browser
// loaded (on the first open it did not control the page yet, so it never saw them).
window.addEventListener("flutter-first-frame", function () {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.ready.then(function (registration) {
    var used = performance.getEntriesByType("resource").map(function (e) { return e.name; });
    var channel = new MessageChannel();
    channel.port1.onmessage = function (e) { window.heartsKept = e.data; };
    registration.active.postMessage({ keep: used }, [channel.port2]);
  });
}, { once: true });
</script>
"""

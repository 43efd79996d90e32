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

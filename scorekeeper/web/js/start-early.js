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

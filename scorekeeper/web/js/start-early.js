// scorekeeper build-web: start Python's worker and Pyodide now, while Flutter loads; the
// first connection from Flutter takes this worker, later ones start their own.
;(function () {
    const SHOWN = /*SHOWN*/null;  // the step Python says when its first screen is sent
    // where the app keeps its language for this page (Flutter's shared_preferences)
    const LANGUAGE_KEY = /*LANGUAGE_KEY*/null;
    const workers = [];  // every Python this page started
    function newWorker() {
        const worker = new Worker((flet.entrypointBaseUrl.endsWith("/") ?
            flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl) + "/python-worker.js",
            { type: "module" });
        workers.push(worker);
        // the worker says a string other than "initialized" when Python did not start
        // (python-worker.js's initPyodide), or fails to load at all
        worker.addEventListener("message", function (event) {
            if (typeof event.data === "string" && event.data !== "initialized" &&
                    event.data.indexOf("__flet_no_ui__") !== 0) {
                cannotStart();
            }
        });
        worker.addEventListener("error", cannotStart);
        // Where a Save's time goes (tests/benchmarks/bench_engines.py): while the page has
        // window.pythonMessages (an array), each message to and from Python is noted
        // there with its moment on the page's clock.
        const post = worker.postMessage.bind(worker);
        worker.postMessage = function (message, transfer) {
            note("to Python");
            return post(message, transfer);
        };
        worker.addEventListener("message", function () { note("from Python"); });
        return worker;
    }
    function note(way) {
        if (Array.isArray(window.pythonMessages)) {
            window.pythonMessages.push([way, performance.now()]);
        }
    }
    // Python could not start (offline, with neither its snapshot nor the files of the
    // usual start): the page says so over Flutter's own error, in the player's language
    // (the app's, as the app last kept it, else the browser's first), and what to do.
    const WORDS = /*WORDS*/null;
    function language() {
        let kept = null;
        try {
            kept = JSON.parse(localStorage.getItem(LANGUAGE_KEY) || "null");
        } catch (e) { /* not kept, or no storage */ }
        const said = kept && kept !== "system" ? kept : (navigator.languages || [])[0] ||
            navigator.language || "";
        const code = String(said).replace("_", "-").split("-")[0].toLowerCase();
        return Object.prototype.hasOwnProperty.call(WORDS, code) ? code : "en";
    }
    function cannotStart() {
        if (document.getElementById("hearts-cannot-start") || !document.body) {
            return;
        }
        const words = WORDS[language()];
        const box = document.createElement("div");
        box.id = "hearts-cannot-start";
        box.setAttribute("role", "alert");
        box.lang = language();
        box.style.cssText = "position:fixed;inset:0;z-index:2147483647;display:flex;" +
            "flex-direction:column;align-items:center;justify-content:center;gap:28px;" +
            "padding:32px;background:#f7faf4;color:#181d18;text-align:center;" +
            "font:18px/1.5 system-ui,sans-serif";
        const text = document.createElement("p");
        text.style.cssText = "margin:0;max-width:30em";
        text.textContent = navigator.onLine === false ? words.offline : words.other;
        const again = document.createElement("button");
        again.textContent = words.again;
        again.style.cssText = "font:inherit;font-weight:600;padding:14px 32px;border:0;" +
            "border-radius:28px;background:#1b6b3a;color:#fff;min-height:48px";
        again.addEventListener("click", function () { location.reload(); });
        box.append(text, again);
        document.body.appendChild(box);
    }
    let early = null;
    if (flet.pyodide) {
        early = newWorker();
        early.postMessage({ preload: flet.pyodideUrl });
    }
    // The steps of Python's start, as its worker says them (ms on this page's clock).
    // Once the app's first screen is up, the service worker is asked to keep what a
    // Python that cannot be restored from its snapshot reads (sw.js's LATER): then, not
    // before, so that the first open does not wait for it; the files it keeps are in
    // window.heartsLater.
    window.pythonSteps = {};
    if (typeof BroadcastChannel !== "undefined") {
        new BroadcastChannel("scorekeeper-steps").onmessage = function (event) {
            window.pythonSteps[event.data[0]] = event.data[1] - performance.timeOrigin;
            if (event.data[0] === SHOWN) {
                keepLater();
            }
        };
    }
    function keepLater() {
        if (!("serviceWorker" in navigator) || window.heartsLater !== undefined) {
            return;
        }
        window.heartsLater = null;
        navigator.serviceWorker.ready.then(function (registration) {
            const channel = new MessageChannel();
            channel.port1.onmessage = function (e) { window.heartsLater = e.data; };
            registration.active.postMessage({ later: true }, [channel.port2]);
        });
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

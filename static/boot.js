// Boot watcher: says in words what the page is doing until Python sets
// <html data-ready="1">, so the page never stays blank.
//
// - While loading: a progress line in #boot-status, written once the catalog has
//   arrived, floating over the page: `boot.loading` while the runtime's large files
//   arrive, then `boot.starting` once all their bytes are in (Python is starting), with
//   a <progress> bar of the bytes received so far (sizes from <link data-bytes>).
//   Only our own localised texts are shown: PyScript's `py:progress` details ("Loaded
//   Pyodide", in English) are kept in window.__boot.detail for debugging, never shown.
// - After `slowMs` without data-ready: `boot.slow` (still waiting).
// - On failure: `boot.failed` in #boot-error (role="alert"). Failure means, before
//   data-ready: a `.py-error` element appears (PyScript's error plugin), a <script>
//   fails to load, an uncaught error or unhandled promise rejection reaches window
//   (e.g. Pyodide's wasm cannot be fetched or compiled), or `timeoutMs` passes.
//   PyScript 0.7.31 dispatches no "py:error" event: only `py:progress` on window,
//   `py:ready`/`py:done` on the script and `py:all-done` on window.
//
// Texts come from ./locales/<lang>.json (keys boot.loading, boot.starting, boot.failed,
// boot.slow),
// <lang> from the saved settings, else navigator.languages, among the languages of
// static/facts.js (generated from game/ui/i18n.py, with its aliases); the English
// texts below are used only if the catalog (or facts.js) cannot be fetched.
//
// Timings: data-slow-ms / data-timeout-ms on the <script> element, or
// window.BOOT_TIMEOUTS = {slowMs, timeoutMs} set before this script runs (tests).
// When the page is ready, #boot-status is removed and the listeners are detached.
// Also: the IndexedDB guard (guardIndexedDB, at the end), installed first.
// The offline copy (issue 27 point 5): once ready and online, the page asks the service
// worker to check its cache against the release's list and repair it ({type: "heal"};
// window.__boot.healed is a promise of its answer {fixed, failed}). When the start
// fails, the worker is asked which listed files its cache lacks ({type: "missing"});
// if any, the failure says which and what to do (boot.missing, in the player's
// language, from static/facts.js: the catalog may be the missing file).
// window.__boot exposes {state, lang, detail, progress} for tests and debugging,
// {catalogLang, catalogText} (a promise of the catalog's text) for the app, and got
// (bytes of a file that arrived, for static/pyodide-start.js).
(() => {
  "use strict";
  guardIndexedDB();
  const facts = window.__facts || { rtl: [], keys: {} };
  const RTL = new Set(facts.rtl);
  const FALLBACK = {
    "boot.loading": "Loading the game…",
    "boot.starting": "Starting the game…",
    "boot.failed": "The game could not start. Reload the page to try again.",
    "boot.slow": "Starting takes longer than usual.",
  };
  const script = document.currentScript;
  const opts = window.BOOT_TIMEOUTS || {};
  const num = (v, d) => (Number.isFinite(Number(v)) && v !== undefined && v !== "" ? Number(v) : d);
  const slowMs = num(opts.slowMs ?? (script && script.dataset.slowMs), 15000);
  const timeoutMs = num(opts.timeoutMs ?? (script && script.dataset.timeoutMs), 60000);
  const root = document.documentElement;
  const state = { state: "loading", lang: "en", detail: "" };
  window.__boot = state;

  const isReady = () => root.dataset.ready === "1";
  const setState = (s) => {
    state.state = s;
    root.dataset.boot = s; // html[data-boot="loading|slow|ready|failed"] for CSS and tests
  };
  setState("loading");

  // game/ui/i18n.py choose_language, through its twin in static/facts.js.
  function pickLang() {
    if (typeof window.__chooseLanguage !== "function") return "";
    let setting = null;
    try {
      const saved = JSON.parse(localStorage.getItem(facts.keys.settings) || "null");
      setting = saved && saved.language;
    } catch (_) { /* no storage or bad JSON: use the browser's languages */ }
    return window.__chooseLanguage(setting, navigator.languages || [navigator.language]);
  }

  const chosen = pickLang() || "";
  state.lang = chosen;
  let texts = FALLBACK;
  // The loading line is written only once the catalog has arrived (or failed): a
  // py:progress event before that used to write the English fallback for a moment, in
  // every language (and made tests/browser/test_runtime.py flaky, issue 9).
  let textsSettled = false;
  // The whole catalog is kept for the app (game/ui/app.py), which then needs no second
  // request for it at start-up: state.catalogText resolves to its text, or null.
  const catalogText = fetch(`./locales/${state.lang}.json`)
    .then((r) => {
      if (!r.ok) noteMissing(r);
      return r.ok ? r.text() : Promise.reject(new Error(r.status));
    });
  state.catalogLang = state.lang;
  state.catalogText = catalogText.catch(() => null);
  const textsReady = catalogText
    .then((text) => JSON.parse(text))
    .then((cat) => {
      const t = { ...FALLBACK };
      for (const k of Object.keys(FALLBACK)) if (typeof cat[k] === "string") t[k] = cat[k];
      texts = t;
    })
    .catch(() => {
      state.lang = "en"; // the language of FALLBACK
    })
    .then(() => {
      textsSettled = true;
      render();
    });

  function box(id, role) {
    let el = document.getElementById(id);
    if (!el) {
      el = document.createElement("div");
      el.id = id;
      (document.body || root).prepend(el);
    }
    el.setAttribute("role", role);
    el.lang = state.lang;
    el.dir = RTL.has(state.lang) ? "rtl" : "ltr";
    el.hidden = false;
    if (!el.style.cssText) {
      el.style.cssText =
        "margin:1rem auto;max-width:min(40rem,calc(100% - 2rem));box-sizing:border-box;padding:.75rem 1rem;font:1rem/1.4 system-ui,sans-serif;" +
        "border-radius:.5rem;background:#fff;color:#222;text-align:center;";
      // The loading line floats over the page: in the flow it would push the header and
      // the table down, and its removal would move the table (or the early picture of
      // static/prepaint.js) when the game takes over.
      if (id === "boot-status") {
        el.style.cssText += "position:fixed;z-index:3000;inset-inline:0;bottom:max(1rem,env(safe-area-inset-bottom));" +
          "width:max-content;margin:0 auto;box-shadow:0 4px 16px rgba(0,0,0,.35);pointer-events:none;";
      }
    }
    return el;
  }

  function render() {
    if (state.state === "ready") return;
    if (state.state === "failed") {
      const status = document.getElementById("boot-status");
      if (status) status.remove();
      const el = box("boot-error", "alert");
      el.style.border = "2px solid #b00020";
      el.textContent = state.missingText || texts["boot.failed"];
      if (state.missingText) {
        el.lang = chosen;
        el.dir = RTL.has(chosen) ? "rtl" : "ltr";
        el.dataset.missing = state.missing.join(" ");
      }
      return;
    }
    if (!document.body || !textsSettled) return;
    const el = box("boot-status", "status");
    el.setAttribute("aria-live", "polite");
    let line = el.querySelector(".boot-line");
    if (!line) {
      line = document.createElement("span");
      line.className = "boot-line";
      el.replaceChildren(line);
    }
    line.textContent = lineText();
    renderBar(el);
  }

  // The download bar: bytes of the runtime's large files received so far (those named
  // by <link data-bytes> in index.html, with their sizes), from the Resource Timing
  // entries of finished downloads and, while one is under way, from a copy of the
  // response stream that Pyodide's fetch gets (window.fetch below).
  const expected = new Map();
  for (const link of document.querySelectorAll("link[data-bytes]")) {
    const n = Number(link.dataset.bytes);
    if (n > 0) expected.set(new URL(link.getAttribute("href"), document.baseURI).href, n);
  }
  const received = new Map();
  let totalBytes = [...expected.values()].reduce((a, b) => a + b, 0);
  state.progress = 0;
  let barQueued = false;
  // got(url, bytes, size): `bytes` of the file `url` have arrived; `size`, when given,
  // adds a file not named by a <link data-bytes> (static/pyodide-start.js tells the
  // decoded bytes of the compressed copies it fetches, issue 25, as state.got or, before
  // this script ran, through window.__bootBytes).
  function got(url, bytes, size) {
    if (size > 0 && !expected.has(url)) {
      expected.set(url, size);
      totalBytes += size;
    }
    const max = expected.get(url);
    if (max === undefined) return;
    received.set(url, Math.min(max, Math.max(bytes, received.get(url) || 0)));
    let sum = 0;
    for (const v of received.values()) sum += v;
    state.progress = totalBytes ? sum / totalBytes : 0;
    if (!barQueued) {
      barQueued = true;
      requestAnimationFrame(() => {
        barQueued = false;
        const el = document.getElementById("boot-status");
        if (el && !isReady()) renderBar(el);
      });
    }
  }
  // A page the service worker controls downloads nothing (every file from its cache,
  // no byte told here): it is starting, not shuffling (a tester read "Shuffling the
  // cards…" over the game they left as a new deal).
  const fromCache = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  function lineText() {
    if (state.state === "slow") return texts["boot.slow"];
    if (!totalBytes && fromCache) return texts["boot.starting"];
    return totalBytes && state.progress >= 1 ? texts["boot.starting"] : texts["boot.loading"];
  }
  function renderBar(el) {
    const line = el.querySelector(".boot-line");
    if (line && textsSettled) line.textContent = lineText();
    if (!totalBytes) return;
    let bar = el.querySelector("progress");
    if (!bar) {
      bar = document.createElement("progress");
      bar.max = 1;
      bar.style.cssText = "display:block;width:100%;min-width:12rem;height:.5rem;margin-top:.4rem;accent-color:#0e5a3a;";
      el.append(bar);
    }
    bar.value = state.progress;
  }
  state.got = got;
  for (const told of window.__bootBytes || []) got(...told);
  window.__bootBytes = [];
  let resourceObserver = null;
  if (window.PerformanceObserver && totalBytes) {
    try {
      resourceObserver = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) got(e.name, e.decodedBodySize || expected.get(e.name) || 0);
      });
      resourceObserver.observe({ type: "resource", buffered: true });
    } catch (_) {
      resourceObserver = null;
    }
  }
  function countStream(url, response) {
    if (!expected.has(url) || !response.ok || !response.body) return;
    let count = 0;
    const reader = response.clone().body.getReader();
    const pump = () => reader.read().then(({ done, value }) => {
      if (done) return;
      count += value.byteLength;
      got(url, count);
      pump();
    }, () => {});
    pump();
  }

  function fail(reason) {
    if (isReady() || state.state === "failed") return;
    setState("failed");
    state.reason = String(reason || "");
    stop();
    textsReady.then(render);
    render();
    diagnose();
  }

  // Ask the service worker (sw.js) something about its cache; null without a worker or
  // an answer within 3 s.
  function askWorker(type) {
    const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!sw) return Promise.resolve(null);
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      const timer = setTimeout(() => resolve(null), type === "heal" ? 120000 : 3000);
      channel.port1.onmessage = (e) => {
        clearTimeout(timer);
        resolve(e.data);
      };
      sw.postMessage({ type, lang: root.lang }, [channel.port2]);
    });
  }
  function diagnose() {
    askWorker("missing").then((missing) => {
      const all = [...new Set([...(state.missing || []), ...(Array.isArray(missing) ? missing : [])])];
      const table = facts.texts && facts.texts["boot.missing"];
      const text = table && (table[chosen] || table[facts.default]);
      if (!all.length || !text) return;
      state.missing = all;
      state.missingText = text.replace("{file}", all.join(", "));
      render();
    });
  }
  // A listed file the worker could not answer offline (sw.js: 504, X-Offline-Missing).
  function noteMissing(response) {
    const path = response && response.headers && response.headers.get("X-Offline-Missing");
    if (path) state.missing = [...(state.missing || []), path];
  }

  function ready() {
    if (state.state === "failed") return; // a late ready after a failure keeps the message
    setState("ready");
    stop();
    const status = document.getElementById("boot-status");
    if (status) status.remove();
    state.healed = navigator.onLine ? askWorker("heal") : Promise.resolve(null);
  }

  const onProgress = (e) => {
    state.detail = typeof e.detail === "string" ? e.detail : "";
    render();
  };
  const onError = (e) => {
    const t = e.target;
    if (t && t !== window && t.tagName) {
      if (t.tagName === "SCRIPT") fail(`script failed to load: ${t.src}`);
      return; // a missing image or stylesheet does not stop the game
    }
    fail(e.message || e.error);
  };
  const onRejection = (e) => fail(e.reason && (e.reason.message || e.reason));

  // Pyodide compiles its wasm with WebAssembly.compileStreaming/instantiateStreaming and
  // has no fallback: when that rejects (404, wrong MIME type) the page hangs with only a
  // console warning. Watch those promises (returned unchanged) and fail after a short
  // grace period unless the page becomes ready anyway.
  const WA = window.WebAssembly;
  const originals = {};
  for (const name of ["compileStreaming", "instantiateStreaming"]) {
    if (WA && typeof WA[name] === "function") {
      const orig = (originals[name] = WA[name]);
      WA[name] = function (...args) {
        const p = orig.apply(this, args);
        p.catch((e) => setTimeout(() => fail(`wasm: ${e && e.message}`), 2000));
        return p;
      };
    }
  }

  // Some runtime download failures (e.g. pyodide-lock.json) end in errors that reach
  // no window listener, and the page would wait forever: watch fetches of the vendored
  // runtime too.
  // A file index.html marks optional (the interpreter copy: without it
  // static/pyodide-start.js starts Pyodide the normal way) does not fail the start when
  // it is missing: a <link data-optional>'s href, or the URL in data-optional="..." of
  // another element, with its compressed copies (x.gz, x.xor.gz..., scripts/packed.py).
  // Which of this script (deferred) and pyodide-start.js (an async module) runs first
  // varies from load to load, so the copy's fetch may or may not pass here.
  const optional = [...document.querySelectorAll("[data-optional]")]
    .map((el) => new URL(el.dataset.optional || el.getAttribute("href"), document.baseURI).href);
  const isOptional = (abs) => optional.some((u) => abs === u || abs.startsWith(`${u}.`));
  // A vendored file that failed (`response` not ok, or null when the fetch itself
  // failed) fails the start 2 s later, unless it is optional or the page is ready by then.
  const vendoredFailed = (url, response) => {
    if (response) noteMissing(response);
    const abs = new URL(url, document.baseURI).href;
    const why = response ? `HTTP ${response.status}` : "fetch failed";
    if (!isOptional(abs)) setTimeout(() => fail(`${why}: ${url}`), 2000);
  };
  const origFetch = window.fetch;
  const watchedFetch = function (input, ...rest) {
    const url = typeof input === "string" ? input : (input && input.url) || String(input);
    if (isReady() || !url.includes("/vendor/")) return origFetch.call(this, input, ...rest);
    // The caller gets the response after the counting copy is made (a copy made later
    // would miss what the caller has already read).
    return origFetch.call(this, input, ...rest).then((r) => {
      if (!r.ok) vendoredFailed(url, r);
      else countStream(new URL(url, document.baseURI).href, r);
      return r;
    }, (err) => {
      vendoredFailed(url, null);
      throw err;
    });
  };
  window.fetch = watchedFetch;
  // The same for the vendored files static/pyodide-start.js fetched before this script
  // ran (an async module may run first): it tells them here, or queues them in
  // window.__bootFailed ([url, Response or null]) until this script runs.
  state.fetchFailed = vendoredFailed;
  for (const told of window.__bootFailed || []) vendoredFailed(...told);
  window.__bootFailed = [];

  const observer = new MutationObserver(() => {
    if (isReady()) ready();
    else if (document.querySelector(".py-error")) fail("py-error");
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"], childList: true, subtree: true });
  addEventListener("py:progress", onProgress);
  addEventListener("error", onError, true);
  addEventListener("unhandledrejection", onRejection);
  const slowTimer = setTimeout(() => {
    if (state.state === "loading") {
      setState("slow");
      render();
    }
  }, slowMs);
  const failTimer = setTimeout(() => fail("timeout"), timeoutMs);

  function stop() {
    observer.disconnect();
    removeEventListener("py:progress", onProgress);
    removeEventListener("error", onError, true);
    removeEventListener("unhandledrejection", onRejection);
    if (resourceObserver) resourceObserver.disconnect();
    clearTimeout(slowTimer);
    clearTimeout(failTimer);
    for (const [name, orig] of Object.entries(originals)) WA[name] = orig;
    if (window.fetch === watchedFetch) window.fetch = origFetch;
  }

  if (isReady()) ready();
  else if (document.body) render();
  else document.addEventListener("DOMContentLoaded", render, { once: true });
})();

// IndexedDB guard (issue 14). PyScript opens IndexedDB databases of its own as it
// starts ("IDBMap/@pyscript.fs" when its module loads, and the Pyodide lock-file cache,
// which it awaits even with no packages). Where IndexedDB is unavailable (a
// cross-origin iframe with storage blocked, some private modes, IDBFactory.open
// throwing), that open throws, or its request fails and PyScript's error handler
// re-dispatches the event being dispatched (InvalidStateError): either way PyScript
// never starts. For PyScript's own databases only (names "IDBMap/..."), a failed open
// is answered with an in-memory database that has the few operations PyScript uses,
// so the game starts; it keeps its own data in localStorage (and says so when that is
// unavailable too). window.__idbFallback counts the databases so answered.
// Where there is no IndexedDB at all (window.indexedDB undefined: some embedded
// browsers, privacy settings; issue 27 case 9), patching IDBFactory.prototype.open does
// nothing, since PyScript calls indexedDB.open on the global, which throws "Cannot read
// properties of undefined (reading 'open')" and stops the start: then a stand-in
// factory is put on window whose open answers PyScript's databases from memory, and
// any other database with a failed request.
function guardIndexedDB() {
  "use strict";
  const proto = window.IDBFactory && window.IDBFactory.prototype;
  let factory;
  try {
    factory = window.indexedDB;
  } catch (_) {
    factory = undefined;
  }
  const missing = !factory || typeof factory.open !== "function";
  if (!missing && (!proto || typeof proto.open !== "function" || proto.open.__guarded)) return;
  const open = missing ? null : proto.open;
  const ours = (name) => typeof name === "string" && name.startsWith("IDBMap/");
  const later = (fn) => setTimeout(fn, 0);
  function memoryDatabase() {
    const data = new Map();
    const op = (compute) => {
      const req = { result: undefined, error: null, onsuccess: null, onerror: null };
      later(() => {
        req.result = compute();
        if (typeof req.onsuccess === "function") req.onsuccess({ type: "success", target: req });
      });
      return req;
    };
    const store = {
      count: () => op(() => data.size),
      clear: () => op(() => data.clear()),
      delete: (k) => op(() => { data.delete(k); }),
      get: (k) => op(() => data.get(k)),
      getKey: (k) => op(() => (data.has(k) ? k : undefined)),
      getAllKeys: () => op(() => [...data.keys()]),
      put: (v, k) => op(() => { data.set(k, v); return k; }),
    };
    window.__idbFallback = (window.__idbFallback || 0) + 1;
    return {
      objectStoreNames: { length: 1, contains: () => true },
      createObjectStore: () => store,
      transaction: () => ({ objectStore: () => store }),
      close() {},
    };
  }
  const answer = (req) => later(() => {
    const db = memoryDatabase();
    try {
      req.result = db; // a plain stand-in request (a real one keeps its own)
      req.readyState = "done";
    } catch (_) { /* a real IDBRequest: its result is read-only */ }
    if (typeof req.onsuccess === "function") {
      req.onsuccess({ type: "success", target: { result: db } });
    }
  });
  const guarded = function (name, ...rest) {
    if (!ours(name)) return open.call(this, name, ...rest);
    let req;
    try {
      req = open.call(this, name, ...rest);
    } catch (_) {
      const fake = { onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null };
      answer(fake);
      return fake;
    }
    // A request that fails later: PyScript's own error handler never sees the event.
    let onerror = null;
    Object.defineProperty(req, "onerror", {
      configurable: true,
      get: () => onerror,
      set: (fn) => { onerror = fn; },
    });
    req.addEventListener("error", (e) => {
      e.preventDefault();
      e.stopImmediatePropagation();
      answer(req);
    });
    return req;
  };
  guarded.__guarded = true;
  if (!missing) {
    proto.open = guarded;
    return;
  }
  const refuse = () => {
    const req = { result: undefined, error: null, onsuccess: null, onerror: null,
      onupgradeneeded: null, onblocked: null, readyState: "pending" };
    later(() => {
      req.error = new DOMException("IndexedDB is not available", "UnknownError");
      req.readyState = "done";
      if (typeof req.onerror === "function") req.onerror({ type: "error", target: req });
    });
    return req;
  };
  const standIn = {
    open(name) {
      if (!ours(name)) return refuse();
      const req = { result: undefined, error: null, onsuccess: null, onerror: null,
        onupgradeneeded: null, onblocked: null, readyState: "pending" };
      answer(req);
      return req;
    },
    deleteDatabase: refuse,
    databases: () => Promise.resolve([]),
    cmp: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  };
  try {
    Object.defineProperty(window, "indexedDB", { configurable: true, enumerable: true, get: () => standIn });
  } catch (_) { /* a non-configurable indexedDB: nothing more can be done here */ }
}

// The interpreter module named in pyscript.toml (issue 14, "ready fast"): the vendored
// Pyodide, started from a memory snapshot of its own freshly started interpreter when
// this browser has one.
//
// Most of Pyodide's start-up is Python initialising itself (about 2.7 s of one long
// task on the 2-core test machine, 10x the rest of loadPyodide). Pyodide can save the
// memory of an interpreter right after that start (makeMemorySnapshot, with the
// `_makeSnapshot` option) and start from such a copy instead (`_loadSnapshot`): the
// same Python, in about 0.4 s. The copy holds only the bare interpreter: PyScript's
// set-up, the game's files and the game itself run after it, every time, as before;
// Python stays the one source of truth.
//
// - A start with a saved copy restores it.
// - A start without one is Pyodide's normal start; 3 s after the game is ready (and
//   once the browser is idle), a module worker (static/pyodide-snapshot-worker.js) starts a
//   throwaway Pyodide with `_makeSnapshot`, off the main thread, and saves its copy for
//   the next start. (The instance that makes a copy cannot be PyScript's: in that mode
//   Pyodide wraps `globalThis` in a recording proxy, and `js.document` then throws
//   "Illegal invocation".)
//
// Exports, the shape PyScript expects of a Pyodide module:
// - loadPyodide(options) -> Promise<PyodideAPI>: options as for Pyodide's own
//   loadPyodide (PyScript passes `indexURL`, this file's folder, and its `stdout` and
//   `stderr` line handlers); `indexURL` is replaced by the vendored Pyodide's folder.
// - version: the vendored Pyodide's version string (e.g. "314.0.7").
//
// The copy: cache `solitaire-snapshot:<scope path>:<version>`, one entry (about 31 MB for
// Pyodide 314.0.7). Caches of other versions in the same scope are deleted when a new
// copy is saved. `_loadSnapshot` and `makeMemorySnapshot` are Pyodide's own, marked
// private in pyodide.d.ts: a copy that Pyodide refuses (it checks the build id) or that
// fails to start is deleted and the start is a normal one. `random`, imported by
// Pyodide's start, is reseeded from os.urandom after a restore (the copy holds one
// generator state).
//
// Errors: a failed normal start (wasm not fetched or not compiled) rejects the promise
// that PyScript awaits, as Pyodide's own loadPyodide would; static/boot.js then says the
// game could not start. No Cache Storage (an insecure origin, storage blocked), no
// module workers or a full quota only mean no copy: every start is a normal one.
//
// window.__pyodideStart = {mode, ms, copy, bytes, error} says what happened (tests,
// bench/bench_startup.py): mode "restored" or "normal"; ms: loadPyodide's time; copy:
// "used", "none" (not made: window.PYODIDE_SNAPSHOT = "off", set by the browser tests,
// or no Cache Storage), "waiting" (until the game is ready), "making", "saved" or
// "failed" (`error` says why); bytes: the copy's size.
import { loadPyodide as loadVendored, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const SCOPE = new URL("../", import.meta.url).pathname;
const CACHE_PREFIX = `solitaire-snapshot:${SCOPE}:`;
const CACHE = CACHE_PREFIX + version;
const KEY = new URL("./vendor/pyodide/interpreter.snapshot", import.meta.url).href;

const report = (info) => {
  window.__pyodideStart = info;
  return info;
};

async function openCache() {
  if (!globalThis.caches) return null;
  try {
    return await caches.open(CACHE);
  } catch (_) {
    return null; // storage blocked (e.g. some private modes): no copy
  }
}

async function savedCopy(cache) {
  if (!cache) return null;
  try {
    const res = await cache.match(KEY);
    return res ? new Uint8Array(await res.arrayBuffer()) : null;
  } catch (_) {
    return null;
  }
}

// Looked up as soon as this module runs (index.html loads it early, with async): the
// read of the copy overlaps PyScript's own loading.
const wanted = window.PYODIDE_SNAPSHOT !== "off";
const lookup = wanted ? openCache().then(async (cache) => ({ cache, copy: await savedCopy(cache) })) : null;

const whenReady = () => new Promise((resolve) => {
  const root = document.documentElement;
  if (root.dataset.ready === "1") return resolve();
  const obs = new MutationObserver(() => {
    if (root.dataset.ready === "1") {
      obs.disconnect();
      resolve();
    }
  });
  obs.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
});
// The copy is made a few seconds after the game is ready, when the browser is idle: a
// second Pyodide start costs seconds of CPU (on another thread), better not spent while
// the player's first taps are handled or while a reload is already on its way.
const MAKE_AFTER_MS = 3000;
const idle = () => new Promise((resolve) => {
  setTimeout(() => {
    if (window.requestIdleCallback) requestIdleCallback(() => resolve(), { timeout: 2000 });
    else resolve();
  }, MAKE_AFTER_MS);
});

async function makeCopy(info) {
  await whenReady();
  await idle();
  info.copy = "making";
  let worker;
  try {
    worker = new Worker(new URL("./pyodide-snapshot-worker.js", import.meta.url), { type: "module" });
  } catch (err) {
    info.copy = "failed";
    info.error = String((err && err.message) || err);
    return;
  }
  worker.onmessage = ({ data }) => {
    worker.terminate();
    if (data && data.ok) {
      info.copy = "saved";
      info.bytes = data.bytes;
    } else {
      info.copy = "failed";
      info.error = (data && data.error) || "no answer";
    }
  };
  worker.onerror = (event) => {
    worker.terminate();
    info.copy = "failed";
    info.error = (event && event.message) || "worker failed";
  };
  worker.postMessage({ cache: CACHE, key: KEY, prefix: CACHE_PREFIX });
}

export async function loadPyodide(options = {}) {
  const t0 = performance.now();
  const base = { ...options, indexURL: INDEX_URL };
  const { cache, copy } = lookup ? await lookup : { cache: null, copy: null };
  if (copy) {
    try {
      const pyodide = await loadVendored({ ...base, _loadSnapshot: copy });
      pyodide.runPython("import random\nrandom.seed()");
      report({ mode: "restored", ms: performance.now() - t0, copy: "used", bytes: copy.byteLength, error: null });
      return pyodide;
    } catch (err) {
      console.warn("Pyodide's saved start refused, starting afresh:", err);
      try {
        await cache.delete(KEY);
      } catch (_) {
        // a new copy overwrites it anyway
      }
    }
  }
  const pyodide = await loadVendored(base);
  const info = report({ mode: "normal", ms: performance.now() - t0, copy: cache ? "waiting" : "none", bytes: 0, error: null });
  if (cache) makeCopy(info);
  return pyodide;
}

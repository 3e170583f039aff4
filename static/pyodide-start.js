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
// - A start without one is Pyodide's normal start, with `_makeSnapshot`: the copy is
//   taken from that same interpreter as soon as it is up (about 45 ms for 31 MB, before
//   PyScript runs any Python) and saved in the background while the game starts, so the
//   very next start, a reload during the first visit included, can restore it.
//   (Taking it later, from a throwaway second Pyodide in a worker, cost seconds of CPU
//   and missed a reload made soon after the first visit.)
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
// game could not start. No Cache Storage (an insecure origin, storage blocked) or a full
// quota only mean no copy: every start is a normal one. Should the copy's private
// hooks fail, the game gets a second, plain start (no copy).
//
// Without JSPI: Pyodide runs Python on stacks of its own (WebAssembly's JavaScript
// Promise Integration, `WebAssembly.Suspending`) when the browser has them, and
// Chromium 156 then crashes the tab at random. Its crash stack trace, taken when an
// allocation is sampled for GWP-ASan (any allocation, by chance), scans up to 8 KiB
// above the frame pointer and runs off the end of such a stack (SIGSEGV, the same
// instruction in all 9 crash dumps read; 1 start in 60 to 400 on the test machine, 4 in
// 45 with GWP-ASan's sampling made more frequent, 0 in 90 without JSPI). The game uses
// nothing JSPI gives (`run_sync`: Python waiting on a promise), so Pyodide is started
// without seeing it (`withoutJspi`): Python then runs on the page's own stack, as it
// does in browsers without JSPI. The copy's cache name says so (`:no-jspi`): a copy
// made with JSPI holds an interpreter set up for it and is not restored.
//
// window.__pyodideStart = {mode, ms, copy, bytes, error, jspi} says what happened (tests,
// bench/bench_startup.py): mode "restored" or "normal"; ms: loadPyodide's time; copy:
// "used", "none" (no Cache Storage: no copy made), "making" (being saved), "saved" or
// "failed" (`error` says why); bytes: the copy's size; jspi: whether this Pyodide uses
// JSPI (false wherever the page runs).
import { loadPyodide as loadVendored, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const SCOPE = new URL("../", import.meta.url).pathname;
const CACHE_PREFIX = `solitaire-snapshot:${SCOPE}:`;
const CACHE = `${CACHE_PREFIX}${version}:no-jspi`;
const KEY = new URL("./vendor/pyodide/interpreter.snapshot", import.meta.url).href;

// What `pyodide`'s start did, for window.__pyodideStart (`jspi` read from it).
const report = (pyodide, info) => {
  window.__pyodideStart = { ...info, jspi: Boolean(pyodide._module && pyodide._module.jspiSupported) };
  return window.__pyodideStart;
};

// Pyodide decides whether to use JSPI once per start, when its module sets itself up
// (`"Suspending" in WebAssembly`, in pyodide.asm.mjs): the names are hidden for that
// time and put back, exactly as they were, after it.
const JSPI_NAMES = ["Suspending", "Suspender"];

async function withoutJspi(start) {
  const hidden = [];
  for (const name of JSPI_NAMES) {
    const found = Object.getOwnPropertyDescriptor(WebAssembly, name);
    if (found && delete WebAssembly[name]) hidden.push([name, found]);
  }
  try {
    return await start();
  } finally {
    for (const [name, found] of hidden) Object.defineProperty(WebAssembly, name, found);
  }
}

const startVendored = (options) => withoutJspi(() => loadVendored(options));

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
const lookup = openCache().then(async (cache) => ({ cache, copy: await savedCopy(cache) }));

// The copy is taken from this start's own interpreter, right after loadPyodide and
// before PyScript or the game runs any Python: Pyodide's memory is then exactly that of a
// fresh start. With `_makeSnapshot`, Pyodide hands Python a recording proxy of
// `globalThis` as the `js` module (it notes which JS objects Python holds, so that a
// restore can find them again); the proxy's getters run with the proxy as `this`, so
// `js.document` would throw "Illegal invocation". Once the copy is taken, the live
// interpreter is given the real `globalThis` instead. Returns the copy, or null.
function takeCopy(pyodide, info) {
  let bytes = null;
  try {
    bytes = pyodide.makeMemorySnapshot();
  } catch (err) {
    info.copy = "failed";
    info.error = String((err && err.message) || err);
  }
  pyodide._api.config.jsglobals = globalThis;
  pyodide.runPython("import sys\nsys.modules.pop('js', None)");
  pyodide.registerJsModule("js", globalThis);
  pyodide.runPython("import js\njs.document.documentElement"); // throws if still the proxy
  return bytes;
}

async function saveCopy(cache, bytes, info) {
  try {
    await cache.put(KEY, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
    for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
    }
    info.copy = "saved";
    info.bytes = bytes.byteLength;
  } catch (err) {
    info.copy = "failed"; // the quota, most likely: the next start is a normal one again
    info.error = String((err && (err.message || err.name)) || err);
  }
}

export async function loadPyodide(options = {}) {
  const t0 = performance.now();
  const base = { ...options, indexURL: INDEX_URL };
  const { cache, copy } = await lookup;
  if (copy) {
    try {
      const pyodide = await startVendored({ ...base, _loadSnapshot: copy });
      pyodide.runPython("import random\nrandom.seed()");
      report(pyodide, { mode: "restored", ms: performance.now() - t0, copy: "used", bytes: copy.byteLength, error: null });
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
  if (!cache) {
    const pyodide = await startVendored(base);
    report(pyodide, { mode: "normal", ms: performance.now() - t0, copy: "none", bytes: 0, error: null });
    return pyodide;
  }
  const pyodide = await startVendored({ ...base, _makeSnapshot: true });
  const info = report(pyodide, { mode: "normal", ms: performance.now() - t0, copy: "making", bytes: 0, error: null });
  let bytes;
  try {
    bytes = takeCopy(pyodide, info);
  } catch (err) {
    // Pyodide's private parts changed under us: this interpreter may still hold the
    // proxy, so the game gets one started the plain way (a second start, once).
    console.warn("Pyodide's copy could not be taken, starting afresh:", err);
    const plain = await startVendored(base);
    report(plain, { mode: "normal", ms: performance.now() - t0, copy: "failed", bytes: 0, error: String(err) });
    return plain;
  }
  if (bytes) saveCopy(cache, bytes, info); // not awaited: the game starts meanwhile
  return pyodide;
}

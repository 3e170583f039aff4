// The interpreter module named in pyscript.toml (issue 14, "ready fast"): the vendored
// Pyodide, started from the shipped copy of its own freshly started interpreter.
//
// Most of Pyodide's start-up is Python initialising itself (about 2.7 s of one long
// task on the 2-core test machine, 10x the rest of loadPyodide). Pyodide can save the
// memory of an interpreter right after that start (makeMemorySnapshot, with the
// `_makeSnapshot` option) and start from such a copy instead (`_loadSnapshot`): the
// same Python, in about 0.4 s. The set-up step makes that copy once per Pyodide build,
// under Node (scripts/interpreter_copy.py): static/vendor/interpreter.snapshot, about
// 31 MB (4 MB with Brotli), preloaded by index.html, fetched as soon as this module runs
// and precached by the service worker like every other file. The copy holds only
// the bare interpreter: PyScript's set-up, the game's files and the game itself run
// after it, every time; Python stays the one source of truth. `random` is reseeded
// from os.urandom after a restore (the copy holds one generator state).
//
// - A start restores the copy.
// - No copy (not made, not found, offline before the worker holds it) or a copy Pyodide
//   refuses (it checks the build id; `_loadSnapshot` is private in pyodide.d.ts) means
//   Pyodide's normal start, a few seconds longer, and the same game.
// - Copies this browser saved itself under an earlier version of this file
//   (`solitaire-snapshot:` caches, 31 MB each) are deleted.
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
// does in browsers without JSPI. The shipped copy is made under Node, without JSPI too.
//
// Exports, the shape PyScript expects of a Pyodide module:
// - loadPyodide(options) -> Promise<PyodideAPI>: options as for Pyodide's own
//   loadPyodide (PyScript passes `indexURL`, this file's folder, and its `stdout` and
//   `stderr` line handlers); `indexURL` is replaced by the vendored Pyodide's folder.
// - version: the vendored Pyodide's version string (e.g. "314.0.7").
//
// Errors: a failed normal start (wasm not fetched or not compiled) rejects the promise
// that PyScript awaits, as Pyodide's own loadPyodide would; static/boot.js then says the
// game could not start.
//
// window.__pyodideStart = {mode, ms, copy, bytes, error, jspi} says what happened (tests,
// bench/bench_startup.py): mode "restored" or "normal"; ms: loadPyodide's time; copy:
// "used", "none" (no copy to be had) or "refused" (`error` says why); bytes: the copy's
// size; jspi: whether this Pyodide uses JSPI (false wherever the page runs).
import { loadPyodide as loadVendored, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const COPY_URL = new URL("./vendor/interpreter.snapshot", import.meta.url).href;
const OLD_COPIES = `solitaire-snapshot:${new URL("../", import.meta.url).pathname}:`;

// What `pyodide`'s start did, for window.__pyodideStart (`jspi` read from it).
const report = (pyodide, info) => {
  window.__pyodideStart = { ...info, jspi: Boolean(pyodide._module && pyodide._module.jspiSupported) };
};

// One download per preloaded file, in every engine (issue 25). index.html preloads the
// large files with `<link rel=preload as=fetch>` (no `crossorigin`: mode "no-cors",
// credentials "include"). A browser hands a preloaded response only to a fetch with the
// same mode and credentials: Chromium and Firefox also gave it to a plain `fetch(url)`
// when the link said `crossorigin`, but WebKit (Safari, every iOS browser) never did and
// downloaded each file a second time (a bare page reproduces it: 2 requests for
// `crossorigin` + plain fetch, 1 for this pair, in Chromium 156, Firefox ESR 153 and
// WebKitGTK 2.50). So the first fetch of each preloaded file (by this module, Pyodide or
// PyScript, which all call `fetch(url)` with no mode of their own) is made with the
// preload's mode and credentials; for a same-origin file the response is the same
// ("basic", readable, streamed into WebAssembly as before). Other fetches are untouched,
// and the wrapper takes itself off once every preloaded file has been asked for.
const PRELOAD_INIT = { mode: "no-cors", credentials: "include" };
const preloaded = new Set(
  [...document.querySelectorAll('link[rel="preload"][as="fetch"]:not([crossorigin])')].map((l) => l.href));

function fetchAsPreloaded() {
  const before = window.fetch;
  const plain = (init) => !init || Object.keys(init).every((k) => k === "credentials");
  const asPreloaded = function (input, init) {
    const url = typeof input === "string" || input instanceof URL ? new URL(input, document.baseURI).href : null;
    const first = url !== null && preloaded.delete(url);
    if (!preloaded.size && window.fetch === asPreloaded) window.fetch = before;
    if (first && plain(init)) return before.call(this, input, { ...init, ...PRELOAD_INIT });
    return before.call(this, input, init);
  };
  if (preloaded.size) window.fetch = asPreloaded;
}
fetchAsPreloaded();

// Fetched as soon as this module runs (index.html loads it early, with async, and
// preloads the copy): the download overlaps PyScript's own loading. null when there is
// no copy to be had.
async function fetchCopy() {
  try {
    const res = await fetch(COPY_URL);
    return res.ok ? new Uint8Array(await res.arrayBuffer()) : null;
  } catch (_) {
    return null;
  }
}
const lookup = fetchCopy();

async function dropOldCopies() {
  try {
    for (const name of await caches.keys()) {
      if (name.startsWith(OLD_COPIES)) await caches.delete(name);
    }
  } catch (_) {
    // no Cache Storage (an insecure origin, storage blocked): nothing was saved there
  }
}

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

export async function loadPyodide(options = {}) {
  const t0 = performance.now();
  const base = { ...options, indexURL: INDEX_URL };
  const copy = await lookup;
  dropOldCopies(); // not awaited: nothing here needs them
  let error = null;
  if (copy) {
    try {
      const pyodide = await startVendored({ ...base, _loadSnapshot: copy });
      pyodide.runPython("import random\nrandom.seed()");
      report(pyodide, { mode: "restored", ms: performance.now() - t0, copy: "used", bytes: copy.byteLength,
                        error: null });
      return pyodide;
    } catch (err) {
      console.warn("Pyodide's saved start refused, starting afresh:", err);
      error = String((err && err.message) || err);
    }
  }
  const pyodide = await startVendored(base);
  report(pyodide, { mode: "normal", ms: performance.now() - t0, copy: copy ? "refused" : "none",
                    bytes: copy ? copy.byteLength : 0, error });
  return pyodide;
}

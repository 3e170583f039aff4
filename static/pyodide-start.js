// The interpreter module named in pyscript.toml (issue 14, "ready fast"): the vendored
// Pyodide, started from the shipped copy of its own started interpreter.
//
// Most of Pyodide's start-up is Python initialising itself (about 2.7 s of one long
// task on the 2-core test machine with the standard library as Pyodide ships it; about
// a third of that with the modules a start imports compiled ahead, scripts/stdlib_zip.mjs).
// Pyodide can save the
// memory of an interpreter right after that start (makeMemorySnapshot, with the
// `_makeSnapshot` option) and start from such a copy instead (`_loadSnapshot`): the
// same Python, in about 0.4 s. The set-up step makes that copy once per Pyodide build and game archive,
// under Node (scripts/interpreter_copy.py): static/vendor/interpreter.snapshot, about
// 31 MB (2.8 MB as the compressed copy a first visit may fetch, below), precached by
// the service worker like every other file. The copy holds
// the interpreter with the game's modules imported (kept only when they are the game
// archive's build: game/freshness.py, called by index.html's entry script); PyScript's
// set-up, the game's files and the start of the game run after it, every time. `random` is reseeded
// from os.urandom after a restore (the copy holds one generator state).
//
// - A start restores the copy, but a first visit skips it where it does not pay (below,
//   RESTORE_SAVES_MS: everywhere but in WebKit on a fast network).
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
// bench/bench_startup.py): mode "restored" or "normal"; ms: loadPyodide's time (from
// PyScript's call; with `early: true` the restore began before it, and `restoreMs` is
// that restore's own time); copy:
// "used", "none" (no copy to be had), "skipped" (a first visit on a network too slow
// for it to pay, below) or "refused" (`error` says why); bytes: the copy's size; jspi:
// whether this Pyodide uses JSPI (false wherever the page runs); copyEtaMs and copyRate
// (bytes/ms): the first visit's estimate of the copy's download, 0 when not made, and
// copyDecidedMs when it was decided (ms from navigation start; 0: not decided); wasm
// (an early restore): "early" when it took the wasm static/warm-copy.js compiled, "own"
// when Pyodide compiled its own, and wasmWhy why ("" when early).
import "./vendor/packed.js";
import "./vendor/fzstd/index.js";
import "./unpack.js";
import { loadPyodide as loadVendored, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const ROOT = new URL("../", import.meta.url).href;
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const COPY_URL = new URL("./vendor/interpreter.snapshot", import.meta.url).href;
const ASM_URL = new URL("pyodide.asm.mjs", INDEX_URL).href;
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
const OLD_COPIES = `solitaire-snapshot:${new URL(ROOT).pathname}:`;
// Where this page leaves the files it decoded for the service worker (sw.js, precache).
const GIVEN = `solitaire:${new URL(ROOT).pathname}:given`;

// The large files, compressed on the wire (issue 25). A page that no service worker
// controls (a first visit, ?nosw) fetches the compressed copies listed by
// static/vendor/packed.js and decodes them (static/unpack.js), all at once, as soon as
// this module runs: the interpreter copy (read below), Pyodide's wasm and its lock file
// (handed to Pyodide's own fetch of each file by the wrapper below; the copy's is
// XORed with the wasm's data segments, which the page puts back), and Pyodide's module
// pyodide.asm.mjs, run from its text (moduleText below). A controlled page
// asks for the files themselves, which the service worker answers from its cache,
// decoded already: a warm start decodes nothing.
// What was decoded is kept (a copy of each stream, as a Blob; so are the preloaded
// files, python_stdlib.zip and game.zip among them) and, once the page is ready (or
// failed), written to the cache GIVEN; the service worker's precache takes
// the files from there (checking their hashes) instead of fetching them a second time.
// window.__handoff is the promise of that (the service worker is registered after it,
// static/pwa.js); window.__unpacked lists {url: key of the copy} decoded by this page.
// Each is stamped with the file's hash as packed.js lists it, and the next start that
// finds it still there (before the worker took over: a reload while it precaches) takes
// it again instead of downloading and decoding it (decodedBefore; window.__reused).
// The reload while precaching, ready against bare Pyodide's (5 December): Chromium
// 0.82-0.96 before, 0.49 after (bench/bench_startup.py, 4 rounds); Firefox 0.92-1.01
// before, 0.55 after; WebKitGTK 0.52-0.67 before, 0.52 after (bench_engines_start.py, 3).
const controlled = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
// static/warm-copy.js (async, in the head) reads the cached copy and wasm for a
// controlled page, and sets window.__warmCopyRan first thing. It usually runs before
// this module, but nothing orders two async scripts: in Firefox under load this module
// ran first in 2 of 23 runs of the engines test, saw none of warm-copy.js's promises, and
// Pyodide compiled its own wasm and asked the worker for the copy (0 in 40 runs after
// this wait, the same load beside them: 7 December).
// So whatever reads them here waits for that script (its load or error event, at most
// WARM_WAIT_MS: a start never hangs on it).
const WARM_WAIT_MS = 2000;
const warmCopyRan = !controlled || window.__warmCopyRan ? Promise.resolve() : new Promise((resolve) => {
  const el = document.querySelector('script[src$="static/warm-copy.js"]');
  if (!el) return resolve();
  el.addEventListener("load", resolve);
  el.addEventListener("error", resolve);
  setTimeout(resolve, WARM_WAIT_MS);
});
// The page's fetch as it is now, before serveEarly (below) answers the early files' own
// URLs with the responses made here.
const pageFetch = window.fetch.bind(window);
const early = new Map(); // URL of the file -> Promise<Response> of its decoded copy
const given = []; // [URL, Promise<Blob>, Content-Type, stamp, reused] for GIVEN
// A first visit's file but the copy that fails (not found, no network) is told to
// boot.js, which says the game could not start (boot.fetchFailed, or the queue
// window.__bootFailed when it has not run yet): its own watch on fetch() sees these
// fetches only when it was in place before this module ran.
const fileFailed = (url, response = null) => {
  const boot = window.__boot;
  if (boot && boot.fetchFailed) boot.fetchFailed(url, response);
  else (window.__bootFailed ||= []).push([url, response]);
};
window.__unpacked = {};
window.__reused = []; // URLs of the decoded files taken again from GIVEN (decodedBefore)

// The progress line (static/boot.js) counts decoded bytes against each file's size; it
// may start after this module, so what is told before is queued for it.
function tell(url, bytes, size) {
  const boot = window.__boot;
  if (boot && boot.got) boot.got(url, bytes, size);
  else (window.__bootBytes ||= []).push([url, bytes, size]);
}

// The interpreter copy only where it pays for its bytes (issue 25): a restore saves
// this engine about RESTORE_SAVES_MS of Python starting itself, but the copy is the
// largest download (2.8 MB compressed). So on a first visit it is asked for last, once
// every other compressed file has arrived (not sharing the network with them), and
// only if, at the rate those came at, it would arrive within that saving; otherwise
// the page (and its solver's worker) start Python normally, and the service worker's
// precache fetches the copy for every later start, where it still pays (Chromium, warm:
// ready 0.64-0.67 s restored against 0.91-0.96 s started, bench_startup.py).
// The savings, measured on the 2-core test machine (bench_wire.py on localhost, 2
// rounds, ready with the copy and without; 6 December 2026, the standard library
// compiled ahead, scripts/stdlib_zip.mjs, which made Python's own start 3x quicker):
// WebKit (Safari, every iOS browser) 0.45 s; Chromium none (1.97 against 1.86 s, and
// bench_startup.py's first visits 0.73-0.91 of bare Pyodide either way); Firefox
// (Gecko) none (1.57 against 1.32 s). So only WebKit takes it, on a fast network
// (at 12 Mbit/s its first visit is ready after 5.6-5.9 s without the copy, 7.3-7.8 s with).
const UA = navigator.userAgent;
// window.__restoreSavesMs, set before this module runs, replaces it: the browser tests
// take WebKit's path in Chromium with it (tests/browser/test_snapshot.py).
const RESTORE_SAVES_MS = window.__restoreSavesMs
  ?? (/AppleWebKit\//.test(UA) && !/(Chrome|Chromium|Edg)\//.test(UA) ? 450 : 0);
// {skipped: bool, etaMs, rateBytesPerMs} once the page decided about the copy (a
// controlled page restores the service worker's copy: no decision); read by
// window.__pyodideStart and by the solver's worker (window.__giveFiles).
let copyDecision = Promise.resolve({ skipped: false, etaMs: 0, rateBytesPerMs: 0 });

// A decoded file an earlier start of this page left in GIVEN (below, handOff) and that
// is still there: the service worker, installing, has not taken the files over yet (a
// reload while it precaches; it deletes GIVEN once it is active). Such a file is taken
// again instead of being downloaded and decoded a second time when its stamp (the
// first 16 hex digits of its SHA-256, as static/vendor/packed.js lists it) is this
// page's listing's: a file of another version is never used. Resolves to the cached
// Response or null.
async function decodedBefore(url, stamp) {
  if (!stamp) return null;
  try {
    const hit = await (await caches.open(GIVEN)).match(url);
    return hit && hit.ok && hit.headers.get(STAMP) === stamp ? hit : null;
  } catch (_) {
    return null; // no Cache Storage: downloaded as on a first visit
  }
}
const STAMP = "X-Sha256";

if (!controlled) {
  const { fetchUnpacked, encoding, packed } = self.__unpack;
  // (pageFetch, above: a copy that fails falls back to its file with it, which
  // serveEarly would answer with the very response that waits for it)
  // The rate the files came at is the network's, not the decoding's: from the first
  // request's start to the last byte's arrival, as Resource Timing records them (the
  // browser notes responseEnd as it receives the bytes, however far behind the decoding
  // is; a file without an entry counts as arriving now). Measured at the end of the
  // decoding, a busy processor (a cheap phone, or two test processes beside the
  // browser) looked like a slow network and cost the copy on a fast one, where
  // Python's normal start is slowest of all.
  const asked = []; // the URLs asked for
  const fetchFirst = (url, init) => {
    asked.push(new URL(url, location.href).href);
    return pageFetch(url, init);
  };
  const networkMs = (since) => {
    let first = Infinity;
    let last = 0;
    for (const url of asked) {
      const entry = performance.getEntriesByName(url, "resource").pop();
      first = Math.min(first, entry ? entry.startTime : since);
      last = Math.max(last, entry && entry.responseEnd > 0 ? entry.responseEnd : performance.now());
    }
    return asked.length ? last - Math.max(first, since) : performance.now() - since;
  };
  const blobs = new Map(); // path -> Promise<Blob | null> of the decoded file
  const copyPath = new URL(COPY_URL).href.slice(ROOT.length);
  const others = []; // [wire bytes, Promise] of each compressed file but the copy and AFTER_START's
  // The game's archive and the standard library's rest (scripts/stdlib_zip.mjs) are
  // needed only once Python has started (PyScript's [files]): asked for once the last
  // byte of the files Python's start needs has arrived, they no longer share the
  // network with them, and they come while Python starts. (When that byte is decoded,
  // not when the file is whole: Python's start, one long task, follows at once and
  // would hold the requests back until it ends.)
  const AFTER_START = new Set(["static/vendor/game.zip", "static/vendor/pyodide/python_stdlib_rest.zip"]);
  const GAME_AFTER = ["static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/pyodide/python_stdlib.zip"];
  const arrived = new Map(GAME_AFTER.map((path) => {
    let resolve;
    const done = new Promise((r) => { resolve = r; });
    return [path, { done, resolve }];
  }));
  const received = new Map(); // path -> wire bytes received so far (from the decoded count)
  const t0 = performance.now();
  let startCopy;
  let copyBefore = Promise.resolve(null); // the copy left by an earlier start, if any
  const copyWanted = new Promise((resolve) => { startCopy = resolve; });
  // The interpreter copy is sent XORed with the wasm (scripts/packed.py): the wasm this
  // page decodes anyway, once whole.
  const base = async (path) => {
    const blob = await blobs.get(path);
    if (!blob) throw new Error(`${path} not decoded`);
    return new Uint8Array(await blob.arrayBuffer());
  };
  for (const [path, info] of Object.entries(packed())) {
    const key = encoding(path);
    if (!key) continue;
    const url = new URL(path, ROOT).href;
    let keep;
    blobs.set(path, new Promise((resolve) => { keep = resolve; }));
    tell(url, 0, info.bytes);
    const isCopy = path === copyPath;
    const onBytes = (n) => {
      tell(url, n, info.bytes);
      received.set(path, (n * info[key]) / info.bytes);
      if (n >= info.bytes && arrived.has(path)) arrived.get(path).resolve();
    };
    if (arrived.has(path)) blobs.get(path).then(() => arrived.get(path).resolve()); // (reused, or failed)
    const options = { onBytes, base, fetch: fetchFirst };
    const download = () => (isCopy
      ? copyWanted.then((wanted) => (wanted ? fetchUnpacked(ROOT, path, options)
        : new Response(null, { status: 204, headers: { "X-Copy": "skipped" } })))
      : AFTER_START.has(path)
        ? Promise.all([...arrived.values()].map((a) => a.done)).then(() => fetchUnpacked(ROOT, path, options))
        : fetchUnpacked(ROOT, path, options));
    let reused = false;
    const before = decodedBefore(url, info.sha256);
    if (isCopy) copyBefore = before;
    const fetched = before.then((hit) => {
      if (!hit) return download();
      reused = true;
      window.__reused.push(url);
      tell(url, info.bytes, info.bytes);
      return hit;
    });
    const res = fetched.then((res) => {
      if (!res.ok || !res.body) {
        keep(null);
        if (!isCopy && !res.ok) fileFailed(url, res);
        return res;
      }
      // (the file itself where its copy failed: kept all the same, sw.js checks its hash)
      if (res.headers.get("X-Unpacked") && !reused) window.__unpacked[url] = key;
      const [mine, kept] = res.body.tee();
      const blob = new Response(kept).blob().catch(() => null); // null: not decoded
      keep(blob);
      given.push([url, blob, res.headers.get("Content-Type"), info.sha256, reused]);
      return new Response(mine, { headers: res.headers });
    }, (err) => {
      keep(null);
      throw err;
    });
    res.catch(() => { if (!isCopy) fileFailed(url); }); // (also said by whoever fetches it: below, or Pyodide)
    early.set(url, res);
    if (!isCopy && !AFTER_START.has(path)) others.push([info[key], blobs.get(path)]);
  }
  // (a file not fetched here, no copy of it being listed or decodable, is not waited for)
  for (const [path, { resolve }] of arrived) if (!blobs.has(path)) resolve();
  // Once the others have arrived (or failed): the copy, if it comes in time. Pyodide
  // sets its module up, and compiles the wasm as it downloads, only once this is decided
  // (a restore needs the copy's size first), so it is decided as soon as it can be:
  // where a restore saves nothing (RESTORE_SAVES_MS 0: Chromium and Firefox), at once;
  // where it saves some (WebKit), when the others have arrived, or as soon as they are
  // late for a network fast enough to make the copy pay (their bytes at the rate that
  // brings the copy within RESTORE_SAVES_MS): the copy is then skipped, its arrival
  // estimated from the bytes received so far. A copy an earlier start left (reused) is
  // taken everywhere.
  copyDecision = (async () => {
    const reusedCopy = await copyBefore;
    const info = packed()[copyPath];
    const key = info && encoding(copyPath);
    let etaMs = 0;
    let rateBytesPerMs = 0;
    if (!reusedCopy && RESTORE_SAVES_MS > 0) {
      const wire = others.reduce((sum, [n]) => sum + n, 0);
      const deadline = key ? (wire * RESTORE_SAVES_MS) / info[key] : Infinity;
      const late = await new Promise((resolve) => {
        Promise.all(others.map(([, done]) => done)).then(() => resolve(false));
        if (Number.isFinite(deadline)) setTimeout(() => resolve(true), deadline);
      });
      if (late) {
        const got = [...received.entries()].filter(([path]) => path !== copyPath && !AFTER_START.has(path))
          .reduce((sum, [, n]) => sum + n, 0);
        rateBytesPerMs = got / Math.max(1, performance.now() - t0);
      } else {
        rateBytesPerMs = wire / Math.max(1, networkMs(t0));
      }
      etaMs = key ? info[key] / Math.max(rateBytesPerMs, 1e-6) : 0;
    }
    const skipped = !reusedCopy && (RESTORE_SAVES_MS <= 0 || etaMs > RESTORE_SAVES_MS);
    if (skipped && info) tell(COPY_URL, info.bytes, info.bytes); // the progress line: nothing to wait for
    startCopy(!skipped);
    return { skipped, etaMs, rateBytesPerMs, atMs: performance.now() };
  })();
}

// A controlled page imports pyodide.asm.mjs and fetches the other packed files now
// (from the worker's cache), as the preloads did: Pyodide's own import and fetches of
// them, later, find them under way.
// Pyodide's wasm is compiled from the worker's cache by static/warm-copy.js
// (window.__warmWasm): its fetch here is made only if Pyodide reads it (that compile
// failed), not 9.6 MB read for nothing.
if (controlled) warmCopyRan.then(() => {
  import(ASM_URL).catch(() => {});
  for (const path of Object.keys(self.__unpack.packed())) {
    const url = new URL(path, ROOT).href;
    if (url === WASM_URL && window.__warmWasm) {
      early.set(url, Promise.resolve(fetchWhenRead(url)));
    } else if (url !== ASM_URL && url !== COPY_URL) {
      const res = fetch(url);
      res.catch(() => {}); // said by Pyodide's own fetch, which gets this promise
      early.set(url, res);
    }
  }
});

// A Response for `url` whose body is fetched when it is first read (never, if nobody
// reads it).
function fetchWhenRead(url) {
  let reader = null;
  const body = new ReadableStream({
    async pull(controller) {
      if (!reader) {
        const res = await pageFetch(url);
        if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
        reader = res.body.getReader();
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: () => reader && reader.cancel(),
  }, { highWaterMark: 0 });
  return new Response(body, { headers: { "Content-Type": "application/wasm" } });
}

// Pyodide's module as a function (static/unpack.js, moduleFunction) from the text
// decoded above, for loadPyodide's `createPyodideModule`; undefined when this page did
// not decode it or its text is not the expected module: Pyodide then imports it.
async function moduleText() {
  const res = early.get(ASM_URL);
  if (!res) return undefined;
  early.delete(ASM_URL);
  try {
    return self.__unpack.moduleFunction(await (await res).text(), ASM_URL);
  } catch (err) {
    console.warn("Pyodide's module not run from its copy:", err);
    return undefined;
  }
}

// Pyodide's own fetch of a file decoded above gets that decoded copy (once).
function serveEarly() {
  const before = window.fetch;
  const served = function (input, init) {
    const url = typeof input === "string" || input instanceof URL ? new URL(input, document.baseURI).href : null;
    const found = url !== null && early.get(url);
    if (!found) return before.call(this, input, init);
    early.delete(url);
    if (!early.size && window.fetch === served) window.fetch = before;
    return found;
  };
  if (early.size) window.fetch = served;
}

async function handOff() {
  const root = document.documentElement;
  const settled = () => root.dataset.ready === "1" || root.dataset.boot === "failed";
  const out = { given: [], failed: [] };
  if (controlled) return out; // (`given` fills as the files arrive)
  if (!settled()) {
    await new Promise((resolve) => {
      const obs = new MutationObserver(() => {
        if (settled()) {
          obs.disconnect();
          resolve();
        }
      });
      obs.observe(root, { attributes: true, attributeFilter: ["data-ready", "data-boot"] });
    });
  }
  // No Cache Storage, or a copy that failed: the service worker fetches what is missing.
  let cache = null;
  try {
    cache = await caches.open(GIVEN);
  } catch (err) {
    out.failed.push(String(err));
    return out;
  }
  await Promise.all(given.map(async ([url, kept, type, stamp, reused]) => {
    try {
      if (reused) return; // there already, stamped
      const blob = await kept;
      if (!blob) throw new Error("not decoded");
      // with the file's type: the worker answers with this response (a module script
      // and WebAssembly.instantiateStreaming want theirs); stamped, for decodedBefore
      const headers = { "Content-Type": type, ...(stamp ? { [STAMP]: stamp } : {}) };
      await cache.put(url, new Response(blob, { headers }));
      out.given.push(url);
    } catch (err) {
      out.failed.push(`${url}: ${err}`);
    }
  }));
  return out;
}

// Called as the start gives `pyodide` to PyScript: says what its start did, for
// window.__pyodideStart (`jspi` read from it), and makes its unpackArchive quicker for
// the game's archive: PyScript's [files] (pyscript.toml) unpacks it with Pyodide's, which copies
// it into a file and runs Python's shutil.unpack_archive (40-140 ms of every start),
// where static/unpack.js's unpackStored copies its stored members straight from the
// buffer. An archive it does not take is left to Pyodide. `archive` in
// window.__pyodideStart: "stored" (read here), "pyodide" (left to it) or null (none yet).
const giveToPyScript = (pyodide, info) => {
  const said = { ...info, jspi: Boolean(pyodide._module && pyodide._module.jspiSupported), archive: null,
                 smallModules: { ...smallModules } };
  window.__pyodideStart = said;
  const own = pyodide.unpackArchive.bind(pyodide);
  pyodide.unpackArchive = (buffer, format, options = {}) => {
    if (format === "zip" && self.__unpack.unpackStored(pyodide.FS, buffer, options.extractDir)) {
      said.archive = "stored";
      return undefined;
    }
    said.archive = "pyodide";
    return own(buffer, format, options);
  };
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
    if (!first || !plain(init)) return before.call(this, input, init);
    const res = before.call(this, input, { ...init, ...PRELOAD_INIT });
    // kept for the service worker too (handOff), before the caller reads the body
    if (!controlled) {
      res.then((r) => r.ok && given.push([url, r.clone().blob().catch(() => null), r.headers.get("Content-Type")]),
        () => {});
    }
    return res;
  };
  if (preloaded.size) window.fetch = asPreloaded;
}
fetchAsPreloaded();
if (controlled) warmCopyRan.then(serveEarly); // after the files above are under way
else serveEarly();
window.__handoff = handOff();

// The files this page decoded or preloaded, for its solver's worker, which would
// otherwise fetch and decode them again (static/solver-worker.js, named "given" by
// game/ui/browser.py when this is here): posted to `worker` as
// {type: "files", files: [[URL, Blob, Content-Type], ...]} once all are at hand (the
// worker starts after the page is ready, when they are); [] on a failure, so the
// worker never waits in vain.
// `noCopy: true` when the page skipped the interpreter copy (above): the worker then
// starts Python normally rather than fetch the copy beside the service worker's precache.
window.__giveFiles = (worker) => {
  Promise.all([copyDecision, ...given.map(async ([url, kept, type]) => [url, await kept, type])])
    .then(([decided, ...files]) => worker.postMessage({ type: "files", files: files.filter(([, blob]) => blob),
                                                       noCopy: decided.skipped }))
    .catch(() => worker.postMessage({ type: "files", files: [] }));
};

// Fetched as soon as this module runs (index.html loads it early, with async; decoded
// from its compressed copy on a first visit, above): the download overlaps PyScript's
// own loading. null when there is no copy to be had.
async function fetchCopy() {
  // A controlled page: read from the worker's cache by static/warm-copy.js, if it ran.
  // Not there (storage pressure, an extension): Python starts normally, rather than
  // the 31 MB file cross the network now or, offline, be asked for in vain; the
  // service worker puts it back once the page is ready (sw.js, heal).
  if (controlled) await warmCopyRan;
  if (controlled && window.__warmCopy) return window.__warmCopy;
  try {
    const res = await fetch(COPY_URL);
    return res.status === 200 ? new Uint8Array(await res.arrayBuffer()) : null; // 204: skipped, above
  } catch (_) {
    // a copy that could not be decoded: the file itself
    try {
      const res = await fetch(COPY_URL, { cache: "reload" });
      return res.ok ? new Uint8Array(await res.arrayBuffer()) : null;
    } catch (_) {
      return null;
    }
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

// Each start links about 260 JavaScript functions into the wasm's function table, and
// Emscripten wraps each one in a tiny wasm module of its own (convertJsFunctionToWasm in
// pyodide.asm.mjs: `new WebAssembly.Module(bytes)`, then an instance), compiled
// synchronously one by one although the bytes depend only on the function's signature.
// While Pyodide starts, a module of at most SMALL_MODULE bytes is compiled once per
// distinct bytes and the same WebAssembly.Module given again (a module is immutable;
// each wrapper still gets an instance of its own). WebAssembly.Module is a Proxy of
// itself meanwhile (instanceof and its static methods unchanged), put back after.
const SMALL_MODULE = 64;
// How many small modules were asked for and how many compiled (window.__pyodideStart).
const smallModules = { asked: 0, compiled: 0 };

async function sharingSmallModules(start) {
  const own = Object.getOwnPropertyDescriptor(WebAssembly, "Module");
  const compiled = new Map(); // the bytes as a string -> WebAssembly.Module
  const shared = new Proxy(own.value, {
    construct(target, args, newTarget) {
      const [bytes] = args;
      if (newTarget !== shared || !(bytes instanceof Uint8Array) || bytes.length > SMALL_MODULE) {
        return Reflect.construct(target, args, newTarget === shared ? target : newTarget);
      }
      const key = String.fromCharCode(...bytes);
      let module = compiled.get(key);
      smallModules.asked += 1;
      if (!module) {
        module = new target(bytes);
        compiled.set(key, module);
        smallModules.compiled += 1;
      }
      return module;
    },
  });
  Object.defineProperty(WebAssembly, "Module", { ...own, value: shared });
  try {
    return await start();
  } finally {
    if (WebAssembly.Module === shared) Object.defineProperty(WebAssembly, "Module", own);
  }
}

const startVendored = (options) => withoutJspi(() => sharingSmallModules(() => loadVendored(options)));

// A warm start's restore, quicker (issue 25): Pyodide awaits the copy (`_loadSnapshot`)
// for its size alone before it sets its module up, then instantiates its wasm
// (WebAssembly.instantiateStreaming of its fetch), and reads the copy's bytes only after
// that. Here it gets the array static/warm-copy.js reads the copy into as soon as that
// is allocated (window.__warmCopyEarly), and its one instantiation waits until the copy
// is read (`read`) and takes the module warm-copy.js compiled meanwhile (`wasm`), so
// that the module's set-up, the copy's read and the wasm's compile overlap instead of
// following each other. Without a module (not compiled), Pyodide's own response is
// instantiated as before. Pyodide never resolves its start if the instantiation
// throws, so a module that cannot be instantiated falls back to that too.
// `said.wasm` becomes "early" when the module compiled early was used, else "own", and
// `said.wasmWhy` says why not ("" when it was).
async function withWarmParts(start, wasm, read, said) {
  const own = Object.getOwnPropertyDescriptor(WebAssembly, "instantiateStreaming");
  said.wasm = "own";
  said.wasmWhy = "not asked";
  WebAssembly.instantiateStreaming = async function instantiateOnce(source, imports) {
    if (WebAssembly.instantiateStreaming === instantiateOnce) Object.defineProperty(WebAssembly, "instantiateStreaming", own);
    await read;
    const module = await wasm;
    said.wasmWhy = module ? "" : `not compiled early: ${window.__warmWasmWhy || "no warm-copy.js"}`;
    if (module) {
      try {
        const instance = await WebAssembly.instantiate(module, imports);
        Promise.resolve(source).then((res) => res.body && res.body.cancel(), () => {});
        said.wasm = "early";
        return { instance, module };
      } catch (err) {
        console.warn("Pyodide's wasm compiled early not used:", err);
        said.wasmWhy = `not instantiated: ${(err && err.message) || err}`;
      }
    }
    return own.value.call(WebAssembly, source, imports);
  };
  try {
    return await start();
  } finally {
    if (WebAssembly.instantiateStreaming !== own.value) Object.defineProperty(WebAssembly, "instantiateStreaming", own);
  }
}

// Pyodide restored from `copy` (bytes, or a promise of them); `random` reseeded (the
// copy holds one generator state). Rejects as loadPyodide does, or if Pyodide refuses it.
async function restore(options, copy) {
  const pyodide = await startVendored({ ...options, _loadSnapshot: copy });
  pyodide.runPython("import random\nrandom.seed()");
  return pyodide;
}

// A warm start restores at once (issue 25): a page the service worker controls has the
// copy in its cache (read by static/warm-copy.js), so Pyodide starts from it as soon as
// this module runs, beside PyScript's own loading, instead of when PyScript asks for
// the interpreter (0.2-0.5 s after navigation on the test machine; bare Pyodide's page
// 0.08 s). Pyodide sets itself up and fetches its files while the copy is read (it
// awaits `_loadSnapshot` only before instantiating). PyScript's options (its `stdout`
// and `stderr` line handlers) are applied when it asks; if it asks with any other
// option, this start is left unused and Pyodide starts as below. A first visit does
// not start early: there the copy may be skipped, and a normal start competing with
// PyScript's loading for the CPU was slower (README "Measured").
const EARLY_OPTIONS = new Set(["indexURL", "stdout", "stderr"]);
const NO_COPY = "no copy";
const earlyRestore = controlled ? (async () => {
  const t0 = performance.now();
  await warmCopyRan;
  // the copy as a promise: Pyodide sets up and fetches its files meanwhile
  const copy = (window.__warmCopyEarly || lookup).then((bytes) => bytes || Promise.reject(new Error(NO_COPY)));
  // (handled below, through Pyodide, which awaits it only once its module is loaded: a
  // copy missing from the cache is known sooner, and an unhandled rejection would fail
  // the start, static/boot.js)
  copy.catch(() => {});
  try {
    const said = {};
    const pyodide = await withWarmParts(() => restore({ indexURL: INDEX_URL }, copy),
      window.__warmWasm || null, lookup, said);
    return { pyodide, ms: performance.now() - t0, bytes: (await copy).byteLength, error: null, wasm: said.wasm,
             wasmWhy: said.wasmWhy };
  } catch (err) {
    const why = String((err && err.message) || err);
    if (why !== NO_COPY) console.warn("Pyodide's saved start refused, starting afresh:", err);
    return { pyodide: null, error: why === NO_COPY ? null : why };
  }
})() : null;

export async function loadPyodide(options = {}) {
  const t0 = performance.now();
  dropOldCopies(); // not awaited: nothing here needs them
  const started = earlyRestore && Object.keys(options).every((k) => EARLY_OPTIONS.has(k)) ? await earlyRestore : null;
  if (started && started.pyodide) {
    const { pyodide } = started;
    if (options.stdout) pyodide.setStdout({ batched: options.stdout });
    if (options.stderr) pyodide.setStderr({ batched: options.stderr });
    giveToPyScript(pyodide, { mode: "restored", ms: performance.now() - t0, restoreMs: started.ms, early: true,
                      copy: "used", bytes: started.bytes, error: null, copyEtaMs: 0, copyRate: 0,
                      wasm: started.wasm, wasmWhy: started.wasmWhy });
    return pyodide;
  }
  const createPyodideModule = await moduleText();
  const base = { ...options, indexURL: INDEX_URL, ...(createPyodideModule ? { createPyodideModule } : {}) };
  const refused = started && !started.pyodide && started.error !== null; // failed: not again
  const copy = refused ? null : await lookup;
  const decided = await copyDecision;
  let error = refused ? started.error : null;
  // how the page decided about the copy (above): for tests and bench/bench_wire.py
  const why = { copyEtaMs: Math.round(decided.etaMs), copyRate: decided.rateBytesPerMs,
                copyDecidedMs: Math.round(decided.atMs || 0) };
  if (copy) {
    try {
      const pyodide = await restore(base, copy);
      giveToPyScript(pyodide, { mode: "restored", ms: performance.now() - t0, copy: "used", bytes: copy.byteLength,
                        error: null, ...why });
      return pyodide;
    } catch (err) {
      console.warn("Pyodide's saved start refused, starting afresh:", err);
      error = String((err && err.message) || err);
    }
  }
  const pyodide = await startVendored(base);
  giveToPyScript(pyodide, { mode: "normal", ms: performance.now() - t0,
                    copy: copy || refused ? "refused" : decided.skipped ? "skipped" : "none",
                    bytes: copy ? copy.byteLength : 0, error, ...why });
  return pyodide;
}

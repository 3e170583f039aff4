// The solver's worker (issue 24 point 1): searches beside the page, in an interpreter of
// its own, so that no search ever takes the page's thread.
//
// Started by the page once it is ready (game/ui/assist.py, `new Worker(url, {type:
// "module"})`: Pyodide 314 supports module workers only). It starts the vendored
// Pyodide from the same interpreter copy as the page (static/pyodide-start.js:
// static/vendor/interpreter.snapshot, `_loadSnapshot`; a normal start when the copy is
// missing or refused), unpacks the game archive (static/vendor/game.zip, with its
// bytecode; the copy's game modules are kept when they are this archive's,
// game/freshness.py), writes the standard library's rest zip where the page has it
// and runs game/ui/searcher.py's `Searcher`. Every file it fetches is one
// the page itself uses (its compressed copy where the page fetched that, below), so
// the service worker's precache serves it offline; it is a same-origin script, as the
// page's Content-Security-Policy (`script-src 'self'`, which `worker-src` falls back
// to) requires.
//
// Messages, both ways, are JSON texts (game/ui/protocol.py): the page's go to
// `Searcher.receive`; while a search is under way `Searcher.step` runs one slice (about
// 10 ms) per task, and a message from the page is let in between two slices (a
// MessageChannel task, not setTimeout, which browsers clamp to 4 ms when nested). While
// the page says the player acts ("pause"), the next slice waits on a timer.
// Messages that come before Python is ready wait and are handed over in order.
//
// Errors: a failed start posts {"type": "failed", "error": ...}; a fault of a step is
// sent by the Searcher as an "error" answer. Either way the page searches in its own
// slices instead.
import "./vendor/packed.js";
import "./vendor/fzstd/index.js";
import "./unpack.js";
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const T0 = performance.now();
const ROOT = new URL("../", import.meta.url).href;

// A worker of a page that no service worker controls (named "packed" by the page,
// game/ui/browser.py) fetches the large files as the page did: their compressed copies,
// decoded here (static/unpack.js; the browser's HTTP cache holds the copies the page
// fetched). Named "given", it first waits for the files the page decoded itself
// (static/pyodide-start.js, window.__giveFiles: one message {type: "files", files:
// [[URL, Blob, Content-Type], ...]}) and takes each from there, decoding nothing; a
// file not given is fetched as "packed". Otherwise the files themselves, from the
// service worker's cache. Pyodide's module too, run from its decoded text
// (static/unpack.js, moduleFunction).
const GIVEN = self.name === "given";
const PACKED = GIVEN || self.name === "packed";
const GIVEN_WAIT_MS = 5000; // a page that never sends them: decoded here after all
const ASM_PATH = "static/vendor/pyodide/pyodide.asm.mjs";
const plainFetch = self.fetch.bind(self);
// The page skipped the interpreter copy (a first visit on a slow network,
// static/pyodide-start.js): Python starts normally here too, rather than fetch the copy
// beside the service worker's precache of it.
let noCopy = false;
const givenFiles = new Promise((resolve) => {
  if (!GIVEN) {
    resolve(new Map());
    return;
  }
  const take = (e) => {
    if (!e.data || e.data.type !== "files") return;
    self.removeEventListener("message", take);
    noCopy = Boolean(e.data.noCopy);
    resolve(new Map(e.data.files.map(([url, blob, type]) => [url, [blob, type]])));
  };
  self.addEventListener("message", take);
  setTimeout(() => resolve(new Map()), GIVEN_WAIT_MS);
});
// A Response of the file at `url` given by the page, or null.
async function givenFile(url) {
  const found = (await givenFiles).get(url);
  if (!found) return null;
  const [blob, type] = found;
  return new Response(blob, { headers: type ? { "Content-Type": type } : {} });
}
if (PACKED) {
  const { fetchUnpacked, encoding, packed } = self.__unpack;
  const paths = new Map(Object.keys(packed()).filter(encoding).map((p) => [new URL(p, ROOT).href, p]));
  self.fetch = async (input, init) => {
    const url = typeof input === "string" || input instanceof URL ? new URL(input, self.location.href).href : null;
    const bare = !init || Object.keys(init).length === 0; // Pyodide passes {}
    const given = url !== null && bare && await givenFile(url);
    if (given) return given;
    const path = url !== null && bare && paths.get(url);
    return path ? fetchUnpacked(ROOT, path, { fetch: plainFetch }) : plainFetch(input, init);
  };
}

// {createPyodideModule} for loadPyodide's options, or {} (Pyodide imports its module).
async function moduleOption() {
  if (!PACKED) return {};
  try {
    const url = new URL(ASM_PATH, ROOT).href;
    const given = await givenFile(url);
    const res = given || await self.__unpack.fetchUnpacked(ROOT, ASM_PATH, { fetch: plainFetch });
    if (!given && (!res.ok || !res.headers.get("X-Unpacked"))) return {};
    return { createPyodideModule: self.__unpack.moduleFunction(await res.text(), url) };
  } catch (_) {
    return {};
  }
}
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const COPY_URL = new URL("./vendor/interpreter.snapshot", import.meta.url).href;
const GAME_URL = new URL("./vendor/game.zip", import.meta.url).href;
// The standard library's modules that Pyodide's start does not import, put where the
// page puts them (pyscript.toml [files], index.html; scripts/stdlib_zip.mjs).
const REST_URL = new URL("./vendor/pyodide/python_stdlib_rest.zip", import.meta.url).href;
const REST_PATH = "/lib/python_stdlib_rest.zip";
const HOME = "/home/pyodide";

let searcher = null;
const inbox = [];
const post = (text) => self.postMessage(text);

self.addEventListener("message", (e) => {
  if (e.data && e.data.type === "files") return; // the page's files (givenFiles, above)
  if (searcher === null) inbox.push(e.data);
  else receive(e.data);
});

function receive(data) {
  searcher.receive(typeof data === "string" ? data : "");
  pump();
}

// One slice per task while a search is under way; during a pause the next slice waits
// on a timer instead (the worker then uses no CPU).
const tick = new MessageChannel();
let queued = false;
const run = () => {
  queued = false;
  searcher.step();
  pump();
};
tick.port1.onmessage = run;
function pump() {
  if (queued || !searcher.busy) return;
  queued = true;
  const wait = searcher.wait_ms();
  if (wait > 0) setTimeout(run, wait);
  else tick.port2.postMessage(0);
}

async function bytes(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${url}`);
  return new Uint8Array(await res.arrayBuffer());
}

// As static/pyodide-start.js: Pyodide started without JSPI (Chromium 156 crashes at
// random with it, and nothing here needs it), the names put back after its start.
async function withoutJspi(start) {
  const hidden = [];
  for (const name of ["Suspending", "Suspender"]) {
    const found = Object.getOwnPropertyDescriptor(WebAssembly, name);
    if (found && delete WebAssembly[name]) hidden.push([name, found]);
  }
  try {
    return await start();
  } finally {
    for (const [name, found] of hidden) Object.defineProperty(WebAssembly, name, found);
  }
}

// When each step of the start ended (ms since the script began), for bench/bench_worker.py.
const steps = {};
const stepDone = (name) => { steps[name] = performance.now() - T0; };

async function start() {
  await givenFiles;
  const copy = noCopy ? null : bytes(COPY_URL).catch(() => null);
  const [zip, rest, made, saved] = await Promise.all([bytes(GAME_URL), bytes(REST_URL), moduleOption(), copy]);
  stepDone("fetched");
  let pyodide = null;
  let mode = "normal";
  if (saved) {
    try {
      pyodide = await withoutJspi(() => loadPyodide({ indexURL: INDEX_URL, _loadSnapshot: saved, ...made }));
      mode = "restored";
    } catch (err) {
      console.warn("The solver's worker: the interpreter copy was refused, starting afresh:", err);
    }
  }
  if (pyodide === null) pyodide = await withoutJspi(() => loadPyodide({ indexURL: INDEX_URL, ...made }));
  stepDone("interpreter");
  // (its stored members copied straight into the file system, as in the page:
  // static/unpack.js; else Pyodide's unpackArchive)
  if (!self.__unpack.unpackStored(pyodide.FS, zip, HOME)) pyodide.unpackArchive(zip, "zip", { extractDir: HOME });
  pyodide.FS.writeFile(REST_PATH, rest);
  // (the copy's game modules kept only when they are this archive's: game/freshness.py)
  const copyGame = pyodide.runPython(`import random, sys\nrandom.seed()\nif ${JSON.stringify(HOME)} not in sys.path: sys.path.insert(0, ${JSON.stringify(HOME)})
sys.path.append(${JSON.stringify(REST_PATH)})
import _stdlib_rest
from game.freshness import forget_stale_copy\nforget_stale_copy()`);
  const Searcher = pyodide.pyimport("game.ui.searcher").Searcher;
  searcher = Searcher(post);
  stepDone("imported");
  self.__solverStart = { ms: performance.now() - T0, mode, steps, copyGame }; // read by bench/bench_worker.py
  post(JSON.stringify({ type: "ready", ms: self.__solverStart.ms, mode }));
  for (const data of inbox.splice(0)) receive(data);
}

start().catch((err) => post(JSON.stringify({ type: "failed", error: String((err && err.message) || err) })));

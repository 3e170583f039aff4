// A warm start's first steps (issue 25): a page the service worker controls reads the
// copy of Pyodide's started interpreter (static/vendor/interpreter.snapshot, 31 MB)
// straight from the worker's cache, and compiles Pyodide's wasm from it, as soon as the
// page's head is parsed, while the modules of static/pyodide-start.js (which restores
// the copy) and PyScript still load.
// Through the worker the same read took twice as long (90 ms against 44 on an idle
// page, 200-450 ms while the page starts), and started with pyodide-start.js, 0.15 s
// after navigation.
//
// How the copy is read depends on the engine, as measured: Chromium (Blink) reads only
// the copy's data, which the service worker stores with the byte ranges that hold any
// (X-Data-Ranges, sw.js; about 15.6 of 31.5 MB, the rest zeros), as slices of the
// cached body, which the browser keeps on disk (on an idle page 28-37 ms instead of
// 49-58 for the whole copy, 6 interleaved reads each). Other engines read Blob slices
// slowly and streams quickly: there the cached body is read as a stream into an array
// of the size stored with it (X-Decoded-Length). Idle reads, ms, 3 each, 6 December
// 2026, WebKitGTK / Firefox / Chromium: streamed 8-44 / 48-55 / 35-54, the data ranges
// as slices 58-120 / 104-116 / 38-60. In the warm starts themselves (3 rounds of 2
// reloads, each engine, the data ranges against the stream): ready WebKitGTK median
// 2,690 -> 1,829 ms, Firefox 1,166 -> 960; Chromium 744 with the ranges, 871 with the
// stream (a busy main thread delays each of the stream's many chunks). Without the
// header, or if a read fails, the whole copy is read.
//
// - window.__warmCopy: Promise<Uint8Array | null>, the copy once read, or null when
//   Cache Storage cannot be read or holds no copy (pyodide-start.js then starts Python
//   normally; the service worker puts a missing copy back once the page is ready).
//   Absent on an uncontrolled page, or one without Cache Storage (pyodide-start.js
//   then asks the worker).
// - window.__warmCopyEarly: Promise<Uint8Array | null>, the same array as soon as its
//   size is known, before its bytes are read into it: Pyodide sets its module up (which
//   needs only the size) while the copy is read, and pyodide-start.js holds back the
//   restore itself until __warmCopy has resolved. If that array is not the one
//   __warmCopy gives (its reading failed), its first bytes are zero, which Pyodide
//   refuses (the snapshot's magic number), and Python starts normally.
// - window.__warmCopyRead: how the copy was read, once it was: "ranges", "stream" or
//   "whole" (for tests and benches).
// - window.__warmWasm: Promise<WebAssembly.Module | null>, Pyodide's wasm
//   (static/vendor/pyodide/pyodide.asm.wasm) compiled from the worker's cache, or null
//   (not cached, not compiled): Pyodide then compiles it itself.
// - window.__warmCopyRan: true once this script ran (both scripts are async:
//   static/pyodide-start.js waits for this one when it runs first).
// - window.__warmWasmWhy: why __warmWasm is null ("not cached" or the compile's error).
//
// The cache: the oldest of this scope's (sw.js: `solitaire:<scope path>:<version>`),
// leaving out `…:given` (a first visit's files, before the worker precached them). There
// is one but during an update, when the older is the controlling worker's, whose
// Pyodide the page runs. (Pyodide refuses a copy of another build, and the page then
// starts Python normally: a wrong pick costs time, never the game.)
(() => {
  window.__warmCopyRan = true; // static/pyodide-start.js waits for this script otherwise
  const sw = navigator.serviceWorker;
  const me = document.currentScript;
  if (!sw || !sw.controller || !self.caches || !me) return;
  const root = new URL("../", me.src);
  const copyUrl = new URL("static/vendor/interpreter.snapshot", root).href;
  const wasmUrl = new URL("static/vendor/pyodide/pyodide.asm.wasm", root).href;
  const prefix = `solitaire:${root.pathname}:`;
  // The copy from the ranges its X-Data-Ranges header lists (zeros elsewhere), or null
  // when the header is missing or does not fit the body. `allocated(copy)` is told the
  // array before any byte is read into it.
  const dataOnly = async (hit, allocated) => {
    const listed = (hit.headers.get("X-Data-Ranges") || "").split(",").filter(Boolean)
      .map((r) => r.split("-").map(Number));
    let end = 0;
    for (const [a, b] of listed) {
      if (!(Number.isSafeInteger(a) && Number.isSafeInteger(b) && end <= a && a < b)) return null;
      end = b;
    }
    if (!listed.length) return null;
    const blob = await hit.blob();
    if (end > blob.size) return null;
    const copy = new Uint8Array(blob.size);
    allocated(copy);
    await Promise.all(listed.map(async ([a, b]) => copy.set(new Uint8Array(await blob.slice(a, b).arrayBuffer()), a)));
    return copy;
  };
  // The copy read as a stream into an array of the size its X-Decoded-Length header
  // gives, or null when the header is missing or does not fit the body. `allocated(copy)`
  // is told the array before any byte is read into it.
  const streamed = async (hit, allocated) => {
    const size = Number(hit.headers.get("X-Decoded-Length"));
    if (!Number.isSafeInteger(size) || size <= 0 || !hit.body) return null;
    const copy = new Uint8Array(size);
    allocated(copy);
    const reader = hit.body.getReader();
    let at = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      if (at + part.value.byteLength > size) {
        reader.cancel();
        return null;
      }
      copy.set(part.value, at);
      at += part.value.byteLength;
    }
    return at === size ? copy : null;
  };
  const UA = navigator.userAgent;
  const read = /(Chrome|Chromium|Edg)\//.test(UA) ? dataOnly : streamed;
  // The entry for `url` in this scope's cache (above), or null.
  const cached = async (url) => {
    for (const name of await caches.keys()) {
      if (!name.startsWith(prefix) || name === `${prefix}given`) continue;
      const hit = await (await caches.open(name)).match(url);
      if (hit && hit.ok) return hit;
    }
    return null;
  };
  window.__warmWasm = (async () => {
    try {
      const hit = await cached(wasmUrl);
      if (!hit) window.__warmWasmWhy = "not cached";
      return hit ? await WebAssembly.compileStreaming(hit) : null;
    } catch (err) {
      window.__warmWasmWhy = String((err && err.message) || err);
      return null; // not compiled here: Pyodide compiles it
    }
  })();
  let early = null;
  let tellEarly;
  window.__warmCopyEarly = new Promise((resolve) => { tellEarly = resolve; });
  const allocated = (copy) => {
    early = copy;
    tellEarly(copy);
  };
  window.__warmCopy = (async () => {
    let copy = null;
    try {
      const hit = await cached(copyUrl);
      if (hit) {
        try {
          copy = await read(hit, allocated);
          if (copy) window.__warmCopyRead = read === dataOnly ? "ranges" : "stream";
        } catch (_) {
          // a slice or the stream not read: the whole copy, below
        }
        if (!copy) {
          copy = new Uint8Array(await (await cached(copyUrl)).arrayBuffer());
          window.__warmCopyRead = "whole";
        }
      }
    } catch (_) {
      // no Cache Storage (storage blocked): null, below
    }
    if (early && early !== copy) {
      if (copy && copy.length === early.length) {
        early.set(copy);
        copy = early;
      } else {
        early.fill(0, 0, 64); // refused by Pyodide (its magic number): a normal start
      }
    }
    tellEarly(copy);
    return copy;
  })();
})();

// A warm start's first step (issue 25): a page the service worker controls reads the
// copy of Pyodide's started interpreter (static/vendor/interpreter.snapshot, 31 MB)
// straight from the worker's cache, as soon as the page's head is parsed, while the
// modules of static/pyodide-start.js (which restores it) and PyScript still load.
// Through the worker the same read took twice as long (90 ms against 44 on an idle
// page, 200-450 ms while the page starts), and started with pyodide-start.js, 0.15 s
// after navigation.
//
// Only the copy's data is read: the service worker stores it with the byte ranges that
// hold any (X-Data-Ranges, sw.js; about 15.6 of 31.5 MB, the rest zeros), read here as
// slices of the cached body, which the browser keeps on disk. Without that header, or
// if a slice cannot be read, the whole copy is read. On an idle page the read took
// 28-37 ms instead of 49-58 (Chromium, 6 interleaved reads each).
//
// window.__warmCopy: Promise<Uint8Array | null>, the copy, or null when this page has
// no controller, no Cache Storage or no copy cached (pyodide-start.js then asks the
// worker or starts Python normally). Absent on an uncontrolled page.
//
// The cache: the oldest of this scope's (sw.js: `solitaire:<scope path>:<version>`),
// leaving out `…:given` (a first visit's files, before the worker precached them). There
// is one but during an update, when the older is the controlling worker's, whose
// Pyodide the page runs. (Pyodide refuses a copy of another build, and the page then
// starts Python normally: a wrong pick costs time, never the game.)
(() => {
  const sw = navigator.serviceWorker;
  const me = document.currentScript;
  if (!sw || !sw.controller || !self.caches || !me) return;
  const root = new URL("../", me.src);
  const copyUrl = new URL("static/vendor/interpreter.snapshot", root).href;
  const prefix = `solitaire:${root.pathname}:`;
  // The copy from the ranges its X-Data-Ranges header lists (zeros elsewhere), or null
  // when the header is missing or does not fit the body.
  const dataOnly = async (hit) => {
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
    await Promise.all(listed.map(async ([a, b]) => copy.set(new Uint8Array(await blob.slice(a, b).arrayBuffer()), a)));
    return copy;
  };
  window.__warmCopy = (async () => {
    try {
      for (const name of await caches.keys()) {
        if (!name.startsWith(prefix) || name === `${prefix}given`) continue;
        const cache = await caches.open(name);
        const hit = await cache.match(copyUrl);
        if (!hit || !hit.ok) continue;
        try {
          const copy = await dataOnly(hit);
          if (copy) return copy;
        } catch (_) {
          // a slice not read: the whole copy, below
        }
        const whole = await cache.match(copyUrl);
        return new Uint8Array(await whole.arrayBuffer());
      }
    } catch (_) {
      // no Cache Storage (storage blocked): the worker is asked
    }
    return null;
  })();
})();

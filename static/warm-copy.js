// A warm start's first step (issue 25): a page the service worker controls reads the
// copy of Pyodide's started interpreter (static/vendor/interpreter.snapshot, 31 MB)
// straight from the worker's cache, as soon as the page's head is parsed, while the
// modules of static/pyodide-start.js (which restores it) and PyScript still load.
// Through the worker the same read took twice as long (90 ms against 44 on an idle
// page, 200-450 ms while the page starts), and started with pyodide-start.js, 0.15 s
// after navigation.
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
  window.__warmCopy = (async () => {
    try {
      for (const name of await caches.keys()) {
        if (!name.startsWith(prefix) || name === `${prefix}given`) continue;
        const hit = await (await caches.open(name)).match(copyUrl);
        if (hit && hit.ok) return new Uint8Array(await hit.arrayBuffer());
      }
    } catch (_) {
      // no Cache Storage (storage blocked): the worker is asked
    }
    return null;
  })();
})();

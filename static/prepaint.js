// The table as the player left it, on screen before Python is up (issue 14 point 1).
//
// Save: when the page is hidden (visibilitychange "hidden", pagehide) and once the game
// is ready, the table's DOM (#table with its attributes), the header (.bar) and the
// page-level look (<html> lang, dir, class, the --cw/--ch card size) are written to one
// localStorage key, "solitaire.paint", with
//   - a fingerprint of what they show: the saved game and settings blobs
//     (solitaire.game, solitaire.settings) as they are at that moment,
//   - the viewport size, and a fingerprint of the page's own header markup (so another
//     release of index.html never gets a stale picture).
// Nothing is saved while a card is being dragged; selection, hint, focus and drop
// target marks are left out.
//
// Paint: when this script runs (deferred, before boot.js and PyScript), if the key's
// fingerprints match the current save and page, the viewport has the same size and the
// address has no ?deal=, the saved DOM is put in place and marked as starting:
// html[data-prepaint="1"] (style.css shows the table and header although data-ready is
// not set yet), the table and the header's buttons are `inert` (the plain route: no
// input is taken before the game is ready; the boot line says it is starting). The
// Python view then builds the same DOM over it (game/ui/app.py replaces #table's
// content, and updates the header in place); when it sets data-ready, the marks go.
// Any error here is swallowed: the page then simply starts as without it.
//
// window.__prepaint = {painted: bool, reason: string, save()} for tests and benchmarks.
(() => {
  "use strict";
  const KEY = "solitaire.paint";
  const VERSION = 1;
  const root = document.documentElement;
  const table = document.getElementById("table");
  const bar = document.querySelector("header.bar");
  const state = { painted: false, reason: "", save };
  window.__prepaint = state;
  if (!table || !bar) return;

  // FNV-1a, 32 bits, over UTF-16 code units: fast, and enough to tell saves apart.
  function hash(text) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return `${h.toString(16)}:${text.length}`;
  }
  const shell = hash(bar.innerHTML); // the header as index.html has it, before any change
  function storage() {
    try {
      return window.localStorage;
    } catch (_) {
      return null;
    }
  }
  function fingerprint(store) {
    return hash(`${store.getItem("solitaire.game") || ""}\n${store.getItem("solitaire.settings") || ""}`);
  }
  const TRANSIENT = ["data-selected", "data-hint", "data-focus", "data-target"];

  function save() {
    const store = storage();
    if (!store || root.dataset.ready !== "1" || !table.querySelector("[data-card]")) return false;
    if (table.querySelector(".dragging")) return false;
    try {
      // The picture must show the saved game: not when another tab has just saved
      // another deal that this page has not adopted yet.
      const code = bar.querySelector('[data-status="code"]');
      const saved = JSON.parse(store.getItem("solitaire.game") || "null");
      if (code && saved && typeof saved.code === "string" && saved.code !== code.dataset.value) {
        return false;
      }
      const tableCopy = table.cloneNode(true);
      const barCopy = bar.cloneNode(true);
      for (const copy of [tableCopy, barCopy]) {
        for (const name of TRANSIENT) {
          for (const el of copy.querySelectorAll(`[${name}]`)) el.removeAttribute(name);
        }
      }
      const attrs = {};
      for (const a of table.attributes) if (a.name !== "id" && a.name !== "inert") attrs[a.name] = a.value;
      attrs.class = (attrs.class || "").replace(/\binstant\b/, "").trim();
      const snap = {
        v: VERSION,
        shell,
        key: fingerprint(store),
        w: innerWidth,
        h: innerHeight,
        html: { lang: root.lang, dir: root.dir, cls: root.className, style: root.getAttribute("style") || "" },
        attrs,
        table: tableCopy.innerHTML,
        bar: barCopy.innerHTML,
      };
      store.setItem(KEY, JSON.stringify(snap));
      return true;
    } catch (_) {
      // storage full or disabled: the next start is simply not painted early
      try { store.removeItem(KEY); } catch (__) { /* nothing more to do */ }
      return false;
    }
  }

  function paint() {
    if (new URLSearchParams(location.search).has("deal")) return "deal link";
    const store = storage();
    if (!store) return "no storage";
    let snap;
    try {
      snap = JSON.parse(store.getItem(KEY) || "null");
    } catch (_) {
      return "unreadable";
    }
    if (!snap || snap.v !== VERSION) return "none";
    if (snap.shell !== shell) return "other page";
    if (snap.key !== fingerprint(store)) return "other game";
    if (snap.w !== innerWidth || snap.h !== innerHeight) return "other size";
    root.lang = snap.html.lang || root.lang;
    root.dir = snap.html.dir || root.dir;
    if (snap.html.cls) root.className = snap.html.cls;
    if (snap.html.style) root.setAttribute("style", snap.html.style);
    for (const [name, value] of Object.entries(snap.attrs || {})) table.setAttribute(name, value);
    bar.innerHTML = snap.bar;
    table.innerHTML = snap.table;
    table.inert = true;
    const actions = bar.querySelector(".actions");
    if (actions) actions.inert = true;
    root.dataset.prepaint = "1";
    return "";
  }

  try {
    state.reason = paint();
    state.painted = state.reason === "";
  } catch (err) {
    state.reason = `error: ${err && err.message}`;
  }

  function onReady() {
    if (root.dataset.ready !== "1") return;
    observer.disconnect();
    table.inert = false;
    const actions = bar.querySelector(".actions");
    if (actions) actions.inert = false;
    delete root.dataset.prepaint;
    // A first picture for the next visit even if this one ends without a "hidden".
    setTimeout(save, 1000);
  }
  const observer = new MutationObserver(onReady);
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  onReady();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") save();
  });
  addEventListener("pagehide", save);
})();

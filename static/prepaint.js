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
// Empty table (issue 14 point 1): with no picture to paint (a first visit, a ?deal=
// link, another window size...), the felt and the empty piles of the game the player
// will get are put on screen instead, where the game will put them: the places come
// from static/empty-table.js, the real layout (game/ui/layout.py) traced at build time
// by scripts/empty_table.py into a small program of min/max/arithmetic over the table's
// width and height, evaluated here (emptyTable) with the same double operations in the
// same order, so the game builds its piles in the same places (to the 0.1 px the DOM is
// written with). The game: the ?deal= link's variant when no game with actions is saved
// (the app opens such a link at once), else the saved game's, else Easy Harp (what a
// first visit deals); right to left for Arabic (the saved language, else the
// browser's), left-handed from the settings. Marked html[data-skeleton="1"] (style.css
// shows the table), the table inert, until the game is ready.
//
// window.__prepaint = {painted: bool, reason: string, empty: variant or "", emptyReason:
// string, save()} for tests and benchmarks.
(() => {
  "use strict";
  const KEY = "solitaire.paint";
  const VERSION = 1;
  const root = document.documentElement;
  const table = document.getElementById("table");
  const bar = document.querySelector("header.bar");
  const state = { painted: false, reason: "", empty: "", emptyReason: "", save };
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
  // Left out of the picture: selection, hint (the cards and pile it marks, and the glow
  // of the top card it points to), keyboard focus and drop targets.
  const TRANSIENT = ["data-selected", "data-hint", "data-hint-top", "data-focus", "data-target"];

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
      const skip = new Set(["id", "inert", "aria-activedescendant"]);
      for (const a of table.attributes) if (!skip.has(a.name)) attrs[a.name] = a.value;
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

  // ---- the empty table on a first visit ----
  const LANGS = ["en", "ro", "ar", "id"];
  const CODE = /^\s*(EH1-N|EO1-C([842]))-[A-Z]{7}\s*$/i;
  function readJSON(store, key) {
    try {
      return JSON.parse(store.getItem(key) || "null");
    } catch (_) {
      return null;
    }
  }
  function variantOf(gameName, cells) {
    if (gameName === "easy-harp") return "easy-harp";
    return gameName === "eight-off" && [8, 4, 2].includes(cells) ? `eight-off-${cells}` : "";
  }
  function chooseVariant(store) {
    const saved = store && readJSON(store, "solitaire.game");
    const savedVariant = saved && typeof saved === "object" ? variantOf(saved.game, saved.cells) : "";
    const link = CODE.exec(new URLSearchParams(location.search).get("deal") || "");
    if (link && !(savedVariant && saved.moves > 0)) {
      return link[2] ? `eight-off-${link[2]}` : "easy-harp";
    }
    return savedVariant || "easy-harp";
  }
  function language(settings) {
    const l = settings && settings.language;
    if (typeof l === "string" && LANGS.includes(l)) return l;
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const base = String(tag).toLowerCase().split("-")[0];
      if (base === "in") return "id";
      if (LANGS.includes(base)) return base;
    }
    return "en";
  }
  // The places of a program's piles for a width x height table, or null when no path
  // of the program holds there (then nothing is painted).
  function emptyTable(nodes, paths, width, height) {
    const memo = new Map();
    const val = (a) => {
      if (Array.isArray(a)) return a[0];
      if (memo.has(a)) return memo.get(a);
      const [op, x, y] = nodes[a];
      let v;
      switch (op) {
        case "W": v = width; break;
        case "H": v = height; break;
        case "+": v = val(x) + val(y); break;
        case "-": v = val(x) - val(y); break;
        case "*": v = val(x) * val(y); break;
        case "/": v = val(x) / val(y); break;
        case "min": v = Math.min(val(x), val(y)); break;
        case "max": v = Math.max(val(x), val(y)); break;
        default: throw new Error(`op ${op}`);
      }
      memo.set(a, v);
      return v;
    };
    const holds = ([x, y, op, outcome]) => {
      const a = val(x), b = val(y);
      const r = op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b;
      return r === outcome;
    };
    const path = paths.find((p) => p.when.every(holds));
    if (!path) return null;
    return { cw: val(path.cw), ch: val(path.ch), at: path.at.map(([x, y]) => [val(x), val(y)]) };
  }
  function paintEmpty() {
    const data = window.__emptyTable;
    if (!data || data.v !== 1) return "no data";
    const store = storage();
    const variant = chooseVariant(store);
    const g = data.games[variant];
    const settings = (store && readJSON(store, "solitaire.settings")) || {};
    const rtl = language(settings) === "ar";
    const paths = g.flags[`${rtl ? 1 : 0}${settings.left_handed === true ? 1 : 0}`];
    const box = table.getBoundingClientRect();
    const lay = emptyTable(g.nodes, paths, box.width, box.height);
    if (!lay) return "no path";
    root.style.setProperty("--cw", `${lay.cw.toFixed(1)}px`);
    root.style.setProperty("--ch", `${lay.ch.toFixed(1)}px`);
    const piles = g.html.map((html, i) => {
      const [x, y] = lay.at[i];
      return html.replace("<div ", `<div style="transform:translate(${x.toFixed(1)}px,${y.toFixed(1)}px)" `);
    });
    table.innerHTML = data.sprite + piles.join("");
    table.inert = true;
    root.dataset.skeleton = "1";
    state.empty = variant;
    if (window.performance && performance.mark) performance.mark("solitaire:empty-table");
    return "";
  }
  if (!state.painted) {
    try {
      state.emptyReason = paintEmpty();
    } catch (err) {
      state.emptyReason = `error: ${err && err.message}`;
    }
  }

  function onReady() {
    if (root.dataset.ready !== "1") return;
    observer.disconnect();
    table.inert = false;
    delete root.dataset.skeleton;
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

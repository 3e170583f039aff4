// The table as the player left it, on screen before Python is up (issue 14 point 1).
//
// The picture is data, not markup (issue 27 point 4): anything read back from storage
// is data (SPEC §7), and one write to the origin's storage (another app under the same
// origin) must not be able to put markup, attributes or styles into the page.
//
// Save: when the page is hidden (visibilitychange "hidden", pagehide) and once the game
// is ready, what the table and the header show is read from the DOM the Python view
// built and written to one localStorage key (facts.keys.paint, "solitaire.paint") as
// JSON with only these fields:
//   v (2), shell (fingerprint of index.html's header markup: another release never gets
//   a stale picture), key (fingerprint of the saved game and settings blobs it shows),
//   w/h (the viewport), lang (one of facts.languages; the direction follows from
//   facts.rtl), cls (classes of <html> from the allow-list facts.classes), cw/ch (the
//   card size in px), variant (a key of facts.variants), won (the table's glow),
//   piles ([x, y] per pile, in the order of the variant's piles in empty-table.js),
//   empty (the stock is empty), cards ([id, up, pile, index, x, y, z] per card), count
//   and pass (the stock's count and pass texts with their places, or null), status
//   ({game, code, score, moves, time: [value, text]}, time with a hidden flag), winnable
//   ([shown, value, text, short text, "won" | "helped" | ""]), score (the score label),
//   undo/redo (disabled), labels
//   (accessible names of the header's buttons).
// Nothing is saved while a card is being dragged; selection, hint, focus and drop
// target marks are not part of the data. A picture is written only if it leaves room
// in storage: a probe of the picture plus MARGIN characters must fit first (issue 27
// case 8: the game, its meta and the statistics come before the picture).
//
// Paint: when this script runs (deferred, before boot.js and PyScript), if the key's
// fingerprints match the current save and page, the viewport has the same size and the
// address has no ?deal=, the picture is validated field by field (types, ranges, sizes,
// card ids matching facts.card, piles those of the variant, values of the status
// those the page writes); anything else and the picture is ignored. It is then drawn
// with the page's own code: the card sprite and the pile elements come from
// static/empty-table.js (generated from the Python view), cards are made with
// createElement/setAttribute of known attributes, texts with textContent. It is marked
// as starting: html[data-prepaint="1"] (style.css shows the table and header although
// data-ready is not set yet), the table and the header's buttons are `inert` (the
// plain route: no input is taken before the game is ready; the boot line says it is
// starting). The Python view then builds the same DOM over it (game/ui/app.py replaces
// #table's content, and updates the header in place); when it sets data-ready, the
// marks go. Any error here is swallowed: the page then simply starts as without it.
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
// first visit deals); right to left for a right-to-left language (the saved one, else
// the browser's), left-handed from the settings. Marked html[data-skeleton="1"]
// (style.css shows the table), the table inert, until the game is ready.
//
// Every fact of the Python sources (languages, storage keys, deal codes, variants, card
// ids, classes) comes from static/facts.js (scripts/facts.py), never typed here.
//
// window.__prepaint = {painted: bool, reason: string, empty: variant or "", emptyReason:
// string, save()} for tests and benchmarks.
(() => {
  "use strict";
  const VERSION = 2;
  //: Largest picture read, in characters (a real one is 4 to 8 thousand).
  const MAX_TEXT = 60000;
  //: Room a picture must leave in storage, in characters: the game (with its 100
  //: actions of undo), its meta and the statistics, each written twice over.
  const MARGIN = 64 * 1024;
  const SVG = "http://www.w3.org/2000/svg";
  const STATUS = ["game", "code", "score", "moves", "time"];
  const BUTTONS = ["undo", "redo", "hint", "solve", "new", "stats", "settings", "help"];
  const WINNABLE = ["thinking", "yes", "no", "unknown"];
  // the short word of a won game's verdict, by the status bar's mark (game/ui/statusbar.py)
  const SHORT = { won: "won", helped: "finished" };
  const root = document.documentElement;
  const table = document.getElementById("table");
  const bar = document.querySelector("header.bar");
  const state = { painted: false, reason: "", empty: "", emptyReason: "", save };
  window.__prepaint = state;
  const facts = window.__facts;
  const data = window.__emptyTable;
  if (!table || !bar || !facts) return;
  const KEY = facts.keys.paint;
  const CARD = new RegExp(facts.card);
  const CODE = new RegExp(facts.code, "i");

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
    return hash(`${store.getItem(facts.keys.game) || ""}\n${store.getItem(facts.keys.settings) || ""}`);
  }
  const PLACE = /^translate\((-?\d+(?:\.\d+)?)px,\s*(-?\d+(?:\.\d+)?)px\)$/;
  function place(el) {
    const m = PLACE.exec(el.style.transform);
    return m ? [Number(m[1]), Number(m[2])] : null;
  }
  const translate = ([x, y]) => `translate(${x}px,${y}px)`;

  // ---- save: the data the view shows ----
  function read() {
    const variant = Object.keys(facts.variants).find((v) => data && data.games[v]
      && facts.variants[v].game === table.dataset.game
      && data.games[v].piles.length === table.querySelectorAll(".pile").length
      && data.games[v].piles.every((p, i) => table.querySelectorAll(".pile")[i].dataset.pile === p));
    if (!variant) return null;
    const piles = [...table.querySelectorAll(".pile")].map(place);
    const cards = [...table.querySelectorAll(".card")].map((el) => {
      const at = place(el);
      return at && [el.dataset.id, el.dataset.face === "up" ? 1 : 0, el.dataset.pile,
        Number(el.dataset.index), at[0], at[1], Number(el.style.zIndex) || 0];
    });
    const count = table.querySelector(".stock-count");
    const pass = table.querySelector(".stock-pass");
    const extra = (el) => (el && place(el) ? [...place(el), el.textContent] : null);
    const status = {};
    for (const key of STATUS) {
      const el = bar.querySelector(`[data-status="${key}"]`);
      if (!el) return null;
      status[key] = [el.dataset.value || "", el.textContent];
      if (key === "time") status[key].push(el.hidden);
      if (key === "game") status[key].push(el.dataset.short || "");
    }
    const win = bar.querySelector('[data-role="winnable"]');
    // the verdict's short form (the header up to 1000 px wide shows it instead), and
    // whether it says a won game ("won") or one Finish for me finished ("helped")
    const mark = (w) => (w.hasAttribute("data-helped") ? "helped" : w.hasAttribute("data-won") ? "won" : "");
    const short = (w) => {
      const key = SHORT[mark(w)] || w.dataset.value;
      return (key && bar.querySelector(`.stat-verdict > [data-v="${key}"]`)?.textContent) || "";
    };
    const labels = {};
    for (const action of BUTTONS) {
      const el = bar.querySelector(`[data-action="${action}"]`);
      labels[action] = (el && el.getAttribute("aria-label")) || "";
    }
    const button = (action) => Boolean(bar.querySelector(`[data-action="${action}"]`)?.disabled);
    const cw = parseFloat(root.style.getPropertyValue("--cw"));
    const ch = parseFloat(root.style.getPropertyValue("--ch"));
    return {
      lang: root.lang,
      cls: [...root.classList].filter((c) => facts.classes.includes(c)),
      cw, ch, variant,
      won: table.classList.contains("won"),
      piles,
      empty: Boolean(table.querySelector('.pile[data-pile="s"].empty')),
      cards,
      count: extra(count),
      pass: extra(pass),
      status,
      winnable: win ? [!win.hidden, win.dataset.value || "", win.textContent, short(win), mark(win)]
        : [false, "", "", "", ""],
      score: bar.querySelector('[data-i18n="status.score"]')?.textContent || "",
      undo: button("undo"),
      redo: button("redo"),
      labels,
    };
  }

  function save() {
    const store = storage();
    if (!store || root.dataset.ready !== "1" || !table.querySelector("[data-card]")) return false;
    if (table.querySelector(".dragging")) return false;
    try {
      // The picture must show the saved game: not when another tab has just saved
      // another deal that this page has not adopted yet.
      const code = bar.querySelector('[data-status="code"]');
      const saved = JSON.parse(store.getItem(facts.keys.game) || "null");
      if (code && saved && typeof saved.code === "string" && saved.code !== code.dataset.value) {
        return false;
      }
      const picture = read();
      if (!picture || !valid(picture)) return false;
      const text = JSON.stringify({ v: VERSION, shell, key: fingerprint(store), w: innerWidth,
        h: innerHeight, ...picture });
      // Room first: the old picture goes, then a probe of the picture plus MARGIN must
      // fit, or no picture is kept (the game's own writes come first).
      store.removeItem(KEY);
      store.setItem(KEY, text + " ".repeat(MARGIN));
      store.setItem(KEY, text);
      return true;
    } catch (_) {
      // storage full or disabled: the next start is simply not painted early
      try { store.removeItem(KEY); } catch (__) { /* nothing more to do */ }
      return false;
    }
  }

  // ---- read back: validate every field, or ignore the picture ----
  const isNum = (v, lo, hi) => typeof v === "number" && Number.isFinite(v) && v >= lo && v <= hi;
  const isInt = (v, lo, hi) => Number.isInteger(v) && v >= lo && v <= hi;
  const isText = (v, max = 120) => typeof v === "string" && v.length <= max;
  const isPlace = (p) => Array.isArray(p) && p.length === 2 && isNum(p[0], -1e5, 1e5) && isNum(p[1], -1e5, 1e5);
  const DIGITS = /^\d{1,9}$/;
  function valid(s) {
    if (!s || typeof s !== "object" || Array.isArray(s)) return false;
    if (!facts.languages.includes(s.lang)) return false;
    if (!Array.isArray(s.cls) || s.cls.length > 8 || !s.cls.every((c) => facts.classes.includes(c))) return false;
    if (!isNum(s.cw, 4, 1000) || !isNum(s.ch, 4, 1400)) return false;
    if (!Object.hasOwn(facts.variants, s.variant) || !data || !Object.hasOwn(data.games, s.variant)) return false;
    const piles = data.games[s.variant].piles;
    if (typeof s.won !== "boolean" || typeof s.empty !== "boolean") return false;
    if (!Array.isArray(s.piles) || s.piles.length !== piles.length || !s.piles.every(isPlace)) return false;
    if (!Array.isArray(s.cards) || s.cards.length > 104) return false;
    const ids = new Set();
    for (const c of s.cards) {
      if (!Array.isArray(c) || c.length !== 7) return false;
      const [id, up, pile, index, x, y, z] = c;
      if (typeof id !== "string" || !CARD.test(id) || ids.has(id)) return false;
      ids.add(id);
      if ((up !== 0 && up !== 1) || !piles.includes(pile) || !isInt(index, 0, 103)) return false;
      if (!isPlace([x, y]) || !isInt(z, 0, 1e5)) return false;
    }
    for (const extra of [s.count, s.pass]) {
      if (extra !== null && !(Array.isArray(extra) && extra.length === 3
        && isPlace(extra.slice(0, 2)) && isText(extra[2], 40))) return false;
    }
    const st = s.status;
    if (!st || typeof st !== "object" || Array.isArray(st)) return false;
    for (const key of STATUS) {
      const v = st[key];
      if (!Array.isArray(v) || v.length !== (key === "time" || key === "game" ? 3 : 2)
        || !isText(v[0], 40) || !isText(v[1])) return false;
    }
    const game = facts.variants[s.variant].game;
    if (st.game[0] !== game || !CODE.test(st.code[0])) return false;
    if (!["score", "moves", "time"].every((k) => DIGITS.test(st[k][0]))) return false;
    if (typeof st.time[2] !== "boolean" || !isText(st.game[2], 40)) return false;
    const w = s.winnable;
    if (!Array.isArray(w) || w.length !== 5 || typeof w[0] !== "boolean"
      || !(w[0] ? WINNABLE.includes(w[1]) : w[1] === "") || !isText(w[2]) || !isText(w[3], 40)
      || !(w[4] === "" || (Object.hasOwn(SHORT, w[4]) && w[1] === "yes"))) return false;
    if (!isText(s.score, 40) || typeof s.undo !== "boolean" || typeof s.redo !== "boolean") return false;
    const labels = s.labels;
    if (!labels || typeof labels !== "object" || Array.isArray(labels)) return false;
    return BUTTONS.every((a) => isText(labels[a], 80));
  }

  // ---- draw: the page's own elements, filled with the checked data ----
  function fragment(trusted) {
    // Markup from static/empty-table.js (generated from the Python view), never from storage.
    const t = document.createElement("template");
    t.innerHTML = trusted;
    return t.content;
  }
  function draw(s) {
    const g = data.games[s.variant];
    root.lang = s.lang;
    root.dir = facts.rtl.includes(s.lang) ? "rtl" : "ltr";
    for (const c of s.cls) root.classList.add(c);
    root.style.setProperty("--cw", `${s.cw}px`);
    root.style.setProperty("--ch", `${s.ch}px`);
    const out = document.createDocumentFragment();
    out.append(fragment(data.cards));
    const piles = fragment(g.html.join(""));
    [...piles.children].forEach((el, i) => {
      el.style.transform = translate(s.piles[i]);
      if (el.dataset.pile === "s" && s.empty) el.classList.add("empty");
    });
    out.append(piles);
    for (const [id, up, pile, index, x, y, z] of s.cards) {
      const face = id.split(".")[0];
      const el = document.createElement("div");
      el.className = "card";
      el.dataset.card = face;
      el.dataset.id = id;
      el.dataset.face = up ? "up" : "down";
      el.dataset.pile = pile;
      el.dataset.index = String(index);
      el.setAttribute("role", "img");
      el.style.transform = translate([x, y]);
      el.style.zIndex = String(z);
      const svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("viewBox", "0 0 100 140");
      svg.setAttribute("class", "face");
      svg.setAttribute("aria-hidden", "true");
      const use = document.createElementNS(SVG, "use");
      use.setAttribute("href", `#face-${face}`);
      svg.append(use);
      el.append(svg);
      out.append(el);
    }
    for (const [name, extra] of [["stock-count", s.count], ["stock-pass", s.pass]]) {
      if (!extra) continue;
      const el = document.createElement("div");
      el.className = name;
      el.setAttribute("aria-hidden", "true");
      el.style.transform = translate(extra);
      el.textContent = extra[2];
      out.append(el);
    }
    table.dataset.game = facts.variants[s.variant].game;
    table.classList.toggle("won", s.won);
    table.replaceChildren(out);
    for (const key of STATUS) {
      const el = bar.querySelector(`[data-status="${key}"]`);
      el.dataset.value = s.status[key][0];
      el.textContent = s.status[key][1];
    }
    bar.querySelector('[data-status="time"]').hidden = s.status.time[2];
    bar.querySelector('[data-status="game"]').dataset.short = s.status.game[2];
    const win = bar.querySelector('[data-role="winnable"]');
    if (win && s.winnable[0]) {
      win.dataset.status = "winnable";
      win.dataset.value = s.winnable[1];
      win.textContent = s.winnable[2];
      win.hidden = false;
      const [, value, , text, said] = s.winnable;
      if (said) win.dataset.won = "1"; // as static/style.css reads the status bar's marks
      if (said === "helped") win.dataset.helped = "1";
      const short = bar.querySelector(`.stat-verdict > [data-v="${SHORT[said] || value}"]`);
      if (short) short.textContent = text;
    }
    const score = bar.querySelector('[data-i18n="status.score"]');
    if (score) score.textContent = s.score;
    for (const action of BUTTONS) {
      const el = bar.querySelector(`[data-action="${action}"]`);
      if (!el || !s.labels[action]) continue;
      el.setAttribute("aria-label", s.labels[action]);
      el.setAttribute("title", s.labels[action]);
    }
    const help = bar.querySelector('[data-action="help"]');
    if (help) help.setAttribute("href", `./help/${s.lang}/index.html`);
    bar.querySelector('[data-action="undo"]').disabled = s.undo;
    bar.querySelector('[data-action="redo"]').disabled = s.redo;
  }

  function paint() {
    if (new URLSearchParams(location.search).has("deal")) return "deal link";
    const store = storage();
    if (!store) return "no storage";
    let snap;
    try {
      const text = store.getItem(KEY) || "null";
      if (text.length > MAX_TEXT) return "too large";
      snap = JSON.parse(text);
    } catch (_) {
      return "unreadable";
    }
    if (!snap || typeof snap !== "object" || snap.v !== VERSION) return "none";
    if (snap.shell !== shell) return "other page";
    if (snap.key !== fingerprint(store)) return "other game";
    if (snap.w !== innerWidth || snap.h !== innerHeight) return "other size";
    if (!valid(snap)) return "invalid";
    draw(snap);
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
  function readJSON(store, key) {
    try {
      return JSON.parse(store.getItem(key) || "null");
    } catch (_) {
      return null;
    }
  }
  function variantOf(gameName, cells) {
    return Object.keys(facts.variants).find((v) => facts.variants[v].game === gameName
      && facts.variants[v].cells === cells) || "";
  }
  function chooseVariant(store) {
    const saved = store && readJSON(store, facts.keys.game);
    const savedVariant = saved && typeof saved === "object" ? variantOf(saved.game, saved.cells) : "";
    const link = CODE.exec(new URLSearchParams(location.search).get("deal") || "");
    if (link && !(savedVariant && saved.moves > 0)) {
      const prefix = link[1].toUpperCase();
      return Object.keys(facts.variants).find((v) => facts.variants[v].prefix === prefix);
    }
    return savedVariant || facts.first;
  }
  function language(settings) {
    return window.__chooseLanguage(settings && settings.language,
      navigator.languages || [navigator.language]);
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
    if (!data || data.v !== 1) return "no data";
    const store = storage();
    const variant = chooseVariant(store);
    const g = data.games[variant];
    const settings = (store && readJSON(store, facts.keys.settings)) || {};
    const rtl = facts.rtl.includes(language(settings));
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

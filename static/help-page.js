// In a help page (help/<lang>/*.html). When the page is shown inside the game page
// (static/help-overlay.js, window.parent.__help), links behave as in an app:
// - "Back to the game" (a link to the game page with no query) closes the help;
// - a deal link (index.html?deal=CODE) is handed to the running game (postMessage
//   {type: "open-deal", code}), which asks first over a game in progress; before the
//   game is ready it opens in the whole tab;
// - other links move within the frame without adding history entries (location.replace),
//   so the Back button closes the help instead of stepping through help pages;
// - Escape closes the help.
// Opened on its own, the page is left exactly as it is: plain links.
// Loaded in the head, not deferred: its click handler is on the document before any
// link is there to click. Deferred, a click in the moment between the page's parse and
// the script's run moved the frame with a history entry of its own (the Back button
// then stepped back through help pages; tests/browser/test_help_inpage.py saw it once).
(() => {
  "use strict";
  let host = null;
  try {
    if (window.parent !== window && window.parent.__help) host = window.parent;
  } catch (_) { /* another origin: not our game page */ }
  if (!host) return;
  document.documentElement.classList.add("in-game");
  const game = new URL("../../index.html", location.href);

  document.addEventListener("click", (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = e.target && e.target.closest ? e.target.closest("a[href]") : null;
    if (!a || (a.target && a.target !== "_self")) return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin) return;
    e.preventDefault();
    if (url.pathname === game.pathname) {
      const deal = url.searchParams.get("deal");
      if (deal !== null && host.document.documentElement.dataset.ready === "1") {
        // The running game opens the deal itself, asking first over a game in
        // progress (issue 12; game/ui/ledger.py on_message), without a reload.
        host.__help.close();
        host.postMessage({ type: "open-deal", code: deal }, location.origin);
      } else if (url.search) host.location.assign(url.href);
      else host.__help.close();
    } else if (url.pathname === location.pathname && url.hash) {
      const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
      if (target) target.scrollIntoView();
      location.replace(url.href);
    } else {
      location.replace(url.href);
    }
  });

  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.preventDefault();
      host.__help.close();
    }
  });
})();

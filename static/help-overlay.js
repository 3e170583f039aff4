// Help inside the game page (issue 14 point 3): opening the rules, the examples or the
// FAQ never unloads the page, so coming back never starts Pyodide again.
//
// - A click on a same-origin link into help/ (the header's Help button, or any other)
//   opens that page in a full-screen modal <dialog id="help-overlay"> holding an
//   <iframe> (a new one each time, so opening adds no history entry of its own), and
//   pushes one history entry: the Back button closes the help.
// - Escape (in the dialog or, through static/help-page.js, inside the help page) and
//   the help page's "Back to the game" link close it; closing goes back over the
//   pushed entry, so the history stays as it was.
// - Links inside the help move within the frame without history entries, and a deal
//   link (index.html?deal=CODE) opens in the whole tab (help-page.js).
// - Keys typed while the help is open never reach the game's shortcuts.
// - A link opened in a new tab/window (modifier keys, middle button) works as before,
//   and each help page still works on its own (its "Back to the game" is a plain link).
//
// window.__help = {open(url), close(), isOpen(), pending()} for help-page.js, the app,
// static/dialog-back.js and tests.
(() => {
  "use strict";
  let dlg = null;
  let frame = null;
  let pushed = false;
  let traversal = null; // this script's history.back() until its popstate (see pending)

  function build() {
    dlg = document.createElement("dialog");
    dlg.id = "help-overlay";
    dlg.className = "help-overlay";
    dlg.dataset.role = "help";
    dlg.addEventListener("cancel", (e) => {
      e.preventDefault(); // Escape: close our way (history)
      close();
    });
    dlg.addEventListener("close", closed); // any other way of closing it, too
    dlg.addEventListener("keydown", (e) => e.stopPropagation()); // not the game's keys
    document.body.append(dlg);
  }

  function open(url) {
    if (!dlg) build();
    if (!dlg.open) {
      dlg.showModal();
      history.pushState({ help: true }, ""); // before the frame navigates (see below)
      pushed = true;
    }
    if (frame) frame.remove();
    frame = document.createElement("iframe");
    frame.name = "help";
    const link = document.querySelector('[data-action="help"]');
    frame.title = (link && link.getAttribute("aria-label")) || "Help";
    frame.src = url;
    frame.addEventListener("load", () => frame && frame.focus(), { once: true });
    dlg.append(frame);
  }

  // Done at once when the help closes, not in the dialog's "close" event, which comes a
  // task later: the frame is gone and the history restored as soon as the dialog is shut.
  function closed() {
    if (frame) frame.remove();
    frame = null;
    if (pushed) {
      pushed = false;
      traversal = new Promise((resolve) => addEventListener("popstate", () => {
        traversal = null;
        resolve();
      }, { once: true }));
      history.back(); // over the entry open() pushed
    }
  }

  function close() {
    if (!dlg || !dlg.open) return;
    dlg.close();
    closed();
  }

  addEventListener("popstate", () => {
    if (dlg && dlg.open && !(history.state && history.state.help)) {
      pushed = false; // the Back button already left the entry
      dlg.close();
      closed();
    }
  });

  function helpUrl(a) {
    if (!a || !a.href || (a.target && a.target !== "_self") || a.hasAttribute("download")) return null;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin) return null;
    const base = new URL("./help/", document.baseURI);
    return url.pathname.startsWith(base.pathname) ? url.href : null;
  }

  document.addEventListener("click", (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = e.target && e.target.closest ? e.target.closest("a[href]") : null;
    const url = helpUrl(a);
    if (!url) return;
    e.preventDefault();
    open(url);
  }, true);

  // pending(): a promise while this script's history.back() has not landed yet, else
  // null (static/dialog-back.js waits for it before it adds an entry of its own).
  window.__help = { open, close, isOpen: () => Boolean(dlg && dlg.open), pending: () => traversal };
})();

// The Back button (a phone's back gesture, Alt+Left) closes the open dialog of the game
// (New game, Settings, Statistics, the win, a question) instead of leaving the page, as
// in a phone app. A fresh tester lost the game page that way with Settings open.
//
// - Each modal <dialog> that opens pushes one history entry ({dialog: n}); Back pops it
//   and the dialog is dismissed as Escape would: a cancelable "cancel" event, then
//   close() unless a handler prevented it (then the entry is pushed again).
// - A dialog closed any other way (its buttons, Escape) goes back over its entry, so the
//   history is as it was; if a later dialog's entry is above it, its entry is left
//   (one Back later does nothing) rather than closing the later dialog.
// - The help overlay (static/help-overlay.js) keeps its own entry; an entry above ours
//   that Back pops leaves our dialogs open, since only dialogs whose entries are above
//   the current one are closed.
// The game's Python sees only the dialogs' usual "cancel" and "close" events.
(() => {
  "use strict";
  const open = []; // [{dlg, n}] in the order they opened, each with its entry's number
  let count = 0;
  // Our own history.back() is pending (a traversal runs later, as a task): a dialog that
  // opens meanwhile (one closing and the next opening at once) pushes its entry after
  // it, or the traversal would pop that new entry instead.
  let backPending = false;
  const queued = [];
  const entryOf = (state) => (state && typeof state.dialog === "number" ? state.dialog : 0);

  function push(dlg) {
    if (backPending) {
      queued.push(dlg);
      return;
    }
    const n = ++count;
    open.push({ dlg, n });
    history.pushState({ dialog: n }, "");
  }

  function opened(dlg) {
    if (dlg.id === "help-overlay" || !dlg.matches(":modal")) return;
    if (!open.some((o) => o.dlg === dlg) && !queued.includes(dlg)) push(dlg);
  }

  function closed(dlg) {
    const i = open.findIndex((o) => o.dlg === dlg);
    if (i < 0) return;
    const [{ n }] = open.splice(i, 1);
    if (i === open.length && entryOf(history.state) === n) {
      backPending = true;
      history.back();
    }
  }

  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target instanceof HTMLDialogElement) (r.target.open ? opened : closed)(r.target);
    }
  }).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["open"] });

  addEventListener("popstate", () => {
    if (backPending) {
      backPending = false;
      for (const dlg of queued.splice(0)) if (dlg.open) push(dlg);
      return;
    }
    const now = entryOf(history.state);
    while (open.length && open[open.length - 1].n > now) {
      const { dlg } = open.pop();
      if (!dlg.open) continue;
      if (dlg.dispatchEvent(new Event("cancel", { cancelable: true }))) dlg.close();
      if (dlg.open) push(dlg); // a handler kept it open: its entry comes back
    }
  });
})();

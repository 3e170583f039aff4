// The Back button (a phone's back gesture, Alt+Left) closes the open dialog of the game
// (New game, Settings, Statistics, the win, a question) instead of leaving the page, as
// in a phone app. A fresh tester lost the game page that way with Settings open.
//
// - A modal <dialog> that opens makes sure one history entry, a guard ({dialogGuard}),
//   is the current one. Back pops it: the top dialog is dismissed as Escape would (a
//   cancelable "cancel" event, then close() unless a handler prevented it), and if a
//   dialog is still open the guard comes back.
// - A dialog closed any other way leaves the guard in place: this script never goes
//   back itself. (Going back over it, as the help does, aborted a navigation the game
//   started in the same task, an import's reload, in the first version.) So after a
//   dialog the next Back does nothing once; later dialogs reuse the same guard.
// - The help overlay (static/help-overlay.js) keeps its own entry and its own
//   history.back(); while that traversal is pending (window.__help.pending()), a guard
//   waits for it, and the popstate it brings closes nothing.
// The game's Python sees only the dialogs' usual "cancel" and "close" events.
(() => {
  "use strict";
  const isGuard = (state) => Boolean(state && state.dialogGuard);
  const helpPending = () => (window.__help && window.__help.pending && window.__help.pending()) || null;
  let open = []; // the modal dialogs open, in the order they opened (help's left out)

  function guard() {
    if (!open.length || isGuard(history.state)) return;
    const pending = helpPending();
    if (pending) {
      pending.then(guard);
      return;
    }
    history.pushState({ dialogGuard: true }, "");
  }

  new MutationObserver((records) => {
    for (const { target: dlg } of records) {
      if (!(dlg instanceof HTMLDialogElement) || dlg.id === "help-overlay") continue;
      if (dlg.open && dlg.matches(":modal") && !open.includes(dlg)) {
        open.push(dlg);
        guard();
      } else if (!dlg.open) {
        open = open.filter((d) => d !== dlg);
      }
    }
  }).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["open"] });

  addEventListener("popstate", () => {
    if (isGuard(history.state) || helpPending()) return; // not our guard that went
    const dlg = open.pop();
    if (dlg && dlg.open && dlg.dispatchEvent(new Event("cancel", { cancelable: true }))) dlg.close();
    if (dlg && dlg.open) open.push(dlg); // a handler kept it open
    guard(); // a dialog still open keeps Back for itself
  });
})();

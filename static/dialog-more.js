// A dialog taller than the screen scrolls under its closing buttons, which stay in view
// at its bottom edge (static/style.css, .dialog-end). Its last settings could then be
// missed: a new player at 1366x768 never saw "Left-handed" below "Four-colour deck" in
// Settings (trial 48; overlay scrollbars show nothing until scrolled). So while a dialog
// has more below what is shown, it carries data-more-below, and the CSS draws a shadow
// over the top edge of its buttons, as scrolling lists in phone apps do.
//
// Watches every <dialog> of the page: when one opens (its "open" attribute), scrolls or
// the window resizes, the attribute is set again from its scroll position (1 px of
// slack for fractional sizes). Nothing of the game's Python is involved.
(() => {
  "use strict";
  const dialogs = () => document.querySelectorAll("dialog");
  function mark(dlg) {
    const more = dlg.open && dlg.scrollHeight - dlg.clientHeight - dlg.scrollTop > 1;
    if (more) dlg.setAttribute("data-more-below", "1");
    else dlg.removeAttribute("data-more-below");
  }
  function watch() {
    for (const dlg of dialogs()) {
      dlg.addEventListener("scroll", () => mark(dlg), { passive: true });
      // (after the browser has laid the opened dialog out)
      new MutationObserver(() => requestAnimationFrame(() => mark(dlg)))
        .observe(dlg, { attributes: true, attributeFilter: ["open"], childList: true, subtree: true });
    }
    window.addEventListener("resize", () => dialogs().forEach(mark));
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
})();

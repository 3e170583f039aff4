"""The notice bar and the refusal reminder in the DOM.

The notice bar (``data-role="notice"``, its kind in ``data-notice``) is non-blocking
and stays until dismissed; its text is a function, so a language switch re-translates a
notice on screen. The reminder (``data-role="reminder"``, ``data-reason``, SPEC §8)
shows the rule that refused a move for ``REMINDER_MS``. Texts come from ``texts.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from .domtypes import JS

if TYPE_CHECKING:
    from .app import App

REMINDER_MS = 4000  # or until the next press on the table (issue 11)
REMINDER_GAP = 8.0  # px between the reminder and the cards it is about


class Notices:
    """The notice bar and the reminder of one page."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.br = app.br
        doc = self.br.document
        self.bar: JS = doc.querySelector('[data-role="notice"]')
        self.reminder: JS = doc.querySelector('[data-role="reminder"]')
        # (kind, text function, catalog key of its button or None), while on screen
        self.notice: tuple[str, Callable[[], str], str | None] | None = None
        self.told: set[str] = set()
        self.reminder_timer = 0
        self._hide = self.br.proxy(self.hide_reminder)

    @property
    def kind(self) -> str | None:
        """The kind of the notice on screen (``data-notice``), or None."""
        return self.notice[0] if self.notice else None

    def notify(self, kind: str, text: Callable[[], str], action: str | None = None) -> None:
        """Show the notice bar and say its message once through the announcer (the bar
        itself is no live region, so nothing is said twice; issue 13.2): ``text()``
        returns the message in the current language; ``action`` is the catalog key of
        its action button (None: no such button)."""
        self.notice = (kind, text, action)
        self.render()
        focus = getattr(self.app, "focus", None)  # None while the app is being made
        if focus is not None:
            focus.announce(text())

    def notify_once(self, kind: str, text: Callable[[], str]) -> None:
        """``notify``, at most once per page for each ``kind``."""
        if kind not in self.told:
            self.told.add(kind)
            self.notify(kind, text)

    def render(self) -> None:
        """Write the notice on screen (again, e.g. in a new language)."""
        if self.notice is None:
            return
        kind, text, action = self.notice
        bar = self.bar
        bar.dataset.notice = kind
        bar.querySelector(".notice-text").textContent = text()
        button = bar.querySelector('[data-action="notice-action"]')
        button.hidden = action is None
        if action:
            button.textContent = self.app.texts.t(action)
        bar.hidden = False

    def dismiss(self) -> None:
        """Hide the notice bar."""
        self.bar.hidden = True
        self.notice = None

    def check_storage(self) -> None:
        """Say once if saving does not work (SPEC §7)."""
        failure = self.app.store.failure
        if failure:
            self.notify_once(failure, lambda: self.app.texts.notice(failure))

    def show_reminder(self, code: str, details: Mapping[str, object],
                      near: tuple[float, float, float, float] | None = None) -> None:
        """Show the rule that refused a move (``code``, ``details`` of the refusal), if
        "Interactive rules" is on (SPEC §6), next to ``near``: the client-px box (left,
        top, right, bottom) of the cards it is about, which it never covers (issue 11);
        None: at the bottom of the screen."""
        if not self.app.settings.interactive:
            return
        el = self.reminder
        el.textContent = self.app.texts.refusal(code, details)
        el.dataset.reason = code
        el.hidden = False
        style = el.style
        if near is None:
            el.classList.remove("anchored")
            style.removeProperty("left")
            style.removeProperty("top")
        else:
            win = self.br.window
            x, y = reminder_place(near, float(el.offsetWidth), float(el.offsetHeight),
                                  float(win.innerWidth), float(win.innerHeight))
            el.classList.add("anchored")
            style.left = f"{x:.0f}px"
            style.top = f"{y:.0f}px"
        self.br.clear_timeout(self.reminder_timer)
        self.reminder_timer = self.br.set_timeout(self._hide, REMINDER_MS)

    def hide_reminder(self, *_args: object) -> None:
        """Hide the reminder."""
        el = self.reminder
        el.hidden = True
        el.removeAttribute("data-reason")


def reminder_place(near: tuple[float, float, float, float], w: float, h: float,
                   vw: float, vh: float) -> tuple[float, float]:
    """The (left, top) in client px of a ``w`` x ``h`` reminder next to the box ``near``
    (left, top, right, bottom) in a ``vw`` x ``vh`` viewport: below the box when it
    fits, else above, else beside it where it fits (the side with more room first), so
    it never covers the box; centred on the box and kept ``REMINDER_GAP`` px inside the
    viewport. When it fits on no side (a tall box on a narrow screen: a reminder as wide
    as a phone beside a column as tall as it), the place below, above, right or left,
    each kept inside the viewport, that covers the least of the box (issue 23.4: it
    went to the left edge and lay over the card at the right edge)."""
    left, top, right, bottom = near
    gap = REMINDER_GAP
    x = min(max((left + right - w) / 2, gap), max(vw - w - gap, gap))
    if bottom + gap + h <= vh - gap:
        return x, bottom + gap
    if top - gap - h >= gap:
        return x, top - gap - h
    y = min(max((top + bottom - h) / 2, gap), max(vh - h - gap, gap))
    sides = [(right + gap, vw - right - gap), (left - gap - w, left - gap)]  # (x, room)
    if vw - right < left:
        sides.reverse()
    for sx, room in sides:
        if w + gap <= room:
            return sx, y
    places = [
        (x, min(bottom + gap, max(vh - h - gap, gap))),
        (x, max(top - gap - h, gap)),
        (min(right + gap, max(vw - w - gap, 0.0)), y),
        (max(left - gap - w, 0.0), y),
    ]

    def covered(place: tuple[float, float]) -> float:
        px, py = place
        across = max(0.0, min(px + w, right) - max(px, left))
        down = max(0.0, min(py + h, bottom) - max(py, top))
        return across * down

    return min(places, key=covered)  # the first of equals: the order above

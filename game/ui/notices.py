"""The notice bar and the refusal reminder in the DOM.

The notice bar (``data-role="notice"``, its kind in ``data-notice``) is non-blocking;
its text is a function of the texts, so a language switch re-translates a notice on
screen (``render``). No notice outlives its cause (issue 23): each kind has a lifetime in
``LIFETIMES``, closing on the next action (a move, undo, redo, another game) that makes
it stale, after its time, or only when its cause is gone (the page dismisses those). The
reminder (``data-role="reminder"``, ``data-reason``, SPEC §8) shows the rule that refused
a move for ``REMINDER_MS`` or until the next press. Texts come from ``texts.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from .domtypes import JS
from .texts import Texts

REMINDER_MS = 4000  # or until the next press on the table (issue 11)
REMINDER_GAP = 8.0  # px between the reminder and the cards it is about
NOTICE_MS = 8000  # a passing notice (an export done, Finish for me stopped) stays this long


class Lifetime(NamedTuple):
    """How long a notice kind lives: ``action`` it closes at the next action; ``ms`` it
    closes after that many ms (None: no time limit; the page dismisses it when its cause
    is gone, e.g. storage that works again, a game with moves again)."""

    action: bool
    ms: int | None


#: Notice kind -> its lifetime. A kind not listed closes at the next action or NOTICE_MS.
LIFETIMES: dict[str, Lifetime] = {
    "hint": Lifetime(True, None),  # the hint's marks go with the next action (SPEC §8)
    "solving": Lifetime(True, None),  # until the search answers (or an action abandons it)
    "stuck": Lifetime(True, None),
    "no-moves": Lifetime(False, None),  # until a move is possible again (undo)
    "storage-off": Lifetime(False, None),  # until storage works again
    "storage-full": Lifetime(False, None),
    "update": Lifetime(False, None),  # until taken or dismissed
    "other-tab": Lifetime(True, None),
    "finishing": Lifetime(False, None),  # while Finish for me plays (its own moves go on)
    # Finish for me stopped: said through the action that stopped it (a tester's Undo
    # stopped it, and the undo's own end of notices took the words at once).
    "solve-stopped": Lifetime(False, NOTICE_MS),
}
PASSING = Lifetime(True, NOTICE_MS)


class Shown(NamedTuple):
    """A notice on screen: its kind, its text in the current language, the catalog key of
    its button (None: no button)."""

    kind: str
    text: Callable[[Texts], str]
    action: str | None


class Notices:
    """The notice bar and the reminder of one page."""

    def __init__(self, br: JS) -> None:
        self.br = br
        doc = br.document
        self.bar: JS = doc.querySelector('[data-role="notice"]')
        self.reminder: JS = doc.querySelector('[data-role="reminder"]')
        self.notice: Shown | None = None
        self.told: set[str] = set()
        self.timer = 0
        self._expire = br.proxy(self.expire)
        self.reminding: tuple[str, dict[str, object]] | None = None  # code, details shown
        self.reminder_timer = 0
        self._hide = br.proxy(self.hide_reminder)

    @property
    def kind(self) -> str | None:
        """The kind of the notice on screen (``data-notice``), or None."""
        return self.notice.kind if self.notice else None

    def notify(self, kind: str, text: Callable[[Texts], str], texts: Texts,
               action: str | None = None) -> str:
        """Show the notice ``kind`` whose message is ``text(texts)`` (called again in a new
        language); ``action`` is the catalog key of its button. Returns the message, for
        the page's one voice (the bar is no live region, issue 13.2)."""
        self.notice = Shown(kind, text, action)
        self.render(texts)
        self.br.clear_timeout(self.timer)
        ms = LIFETIMES.get(kind, PASSING).ms
        if ms is not None:
            self.timer = self.br.set_timeout(self._expire, ms)
        return text(texts)

    def notify_once(self, kind: str, text: Callable[[Texts], str], texts: Texts) -> str:
        """``notify``, at most once per page for each ``kind``; "" when already told."""
        if kind in self.told:
            return ""
        self.told.add(kind)
        return self.notify(kind, text, texts)

    def render(self, texts: Texts) -> None:
        """Write the notice and the reminder on screen (again, e.g. in a new language)."""
        if self.reminding is not None and not self.reminder.hidden:
            self.reminder.textContent = texts.refusal(*self.reminding)
        if self.notice is None:
            return
        kind, text, action = self.notice
        bar = self.bar
        bar.dataset.notice = kind
        bar.querySelector(".notice-text").textContent = text(texts)
        button = bar.querySelector('[data-action="notice-action"]')
        button.hidden = action is None
        if action:
            button.textContent = texts.t(action)
        bar.hidden = False

    def dismiss(self, *kinds: str) -> None:
        """Hide the notice bar (only if it shows one of ``kinds``, when given)."""
        if kinds and self.kind not in kinds:
            return
        self.br.clear_timeout(self.timer)
        self.bar.hidden = True
        self.bar.removeAttribute("data-notice")
        self.notice = None

    def expire(self, *_args: object) -> None:
        """A notice's time is up."""
        self.dismiss()

    def after_action(self) -> None:
        """An action was played, undone or redone, or another game started: every notice
        that it makes stale goes."""
        kind = self.kind
        if kind is not None and LIFETIMES.get(kind, PASSING).action:
            self.dismiss()

    def show_reminder(self, texts: Texts, code: str, details: Mapping[str, object],
                      near: tuple[float, float, float, float] | None = None,
                      others: Sequence[tuple[float, float, float, float]] = ()) -> str:
        """Show the rule that refused a move (``code``, ``details`` of the refusal) next
        to ``near``: the client-px box (left, top, right, bottom) of the cards it is
        about, which it never covers (issue 11), and clear of the boxes ``others`` (the
        other cards) where there is room (:func:`reminder_place`); None: at the bottom
        of the screen.
        Returns the text shown (the reminder is a live region itself)."""
        el = self.reminder
        self.reminding = (code, dict(details))
        text = texts.refusal(code, details)
        el.textContent = text
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
                                  float(win.innerWidth), float(win.innerHeight), others)
            el.classList.add("anchored")
            style.left = f"{x:.0f}px"
            style.top = f"{y:.0f}px"
        self.br.clear_timeout(self.reminder_timer)
        self.reminder_timer = self.br.set_timeout(self._hide, REMINDER_MS)
        return text

    def hide_reminder(self, *_args: object) -> None:
        """Hide the reminder."""
        el = self.reminder
        el.hidden = True
        el.removeAttribute("data-reason")
        self.reminding = None


def reminder_place(near: tuple[float, float, float, float], w: float, h: float,
                   vw: float, vh: float,
                   others: Sequence[tuple[float, float, float, float]] = ()) -> tuple[float, float]:
    """The (left, top) in client px of a ``w`` x ``h`` reminder next to the box ``near``
    (left, top, right, bottom) in a ``vw`` x ``vh`` viewport: below the box when it
    fits, else above, else beside it where it fits (the side with more room first), so
    it never covers the box; centred on the box and kept ``REMINDER_GAP`` px inside the
    viewport. Below, it goes further down past the boxes of ``others`` (the other
    cards) it would cover, when it still fits there (a reminder wider than a column lay
    over the last cards of the two columns beside it for its 3 s). When it fits on no
    side (a tall box on a narrow screen: a reminder as wide as a phone beside a column
    as tall as it), the place below, above, right or left, each kept inside the
    viewport, that covers the least of the box (issue 23.4: it went to the left edge
    and lay over the card at the right edge)."""
    left, top, right, bottom = near
    gap = REMINDER_GAP
    x = min(max((left + right - w) / 2, gap), max(vw - w - gap, gap))
    if bottom + gap + h <= vh - gap:
        y = bottom + gap
        while True:  # past every other card it would lie on (each pass goes lower)
            over = [b for b in others if b[0] < x + w and x < b[2] and b[1] < y + h and y < b[3]]
            if not over:
                break
            y = max(b[3] for b in over) + gap
        return (x, y) if y + h <= vh - gap else (x, bottom + gap)
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

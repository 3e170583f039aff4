"""The status bar in the DOM (SPEC §6, §8): game, code, score, moves, the undo and redo
buttons, the winnability verdict (``data-status="winnable"``, setting "Can it still be
won?") and the clock (``data-status="time"``, setting "Show the clock").

It keeps what it shows as values (the verdict, the seconds), never as words, so a change
of language rewrites every word at once (issue 23: no stale words).
"""

from __future__ import annotations

import game

from .domtypes import JS
from .recordtexts import RecordTexts
from .texts import Texts


class StatusBar:
    """The status bar's elements of one page."""

    def __init__(self, br: JS) -> None:
        doc = br.document
        self.doc = doc
        self.verdict_el: JS = doc.querySelector('[data-role="winnable"]')
        self.time_el: JS = doc.querySelector('[data-status="time"]')
        self.undo_el: JS = doc.querySelector('[data-action="undo"]')
        self.redo_el: JS = doc.querySelector('[data-action="redo"]')
        self.verdict_value: str | None = None  # shown, or None when the setting is off
        self.verdict_won = False  # shown for a won game ("Won")
        self.verdict_more = False  # "unknown" while a larger search goes on ("still checking")
        self.verdict_helped = False  # won with Finish for me: "Finished", not "Won"
        self.shown_seconds = -1

    def show(self, g: game.Game, texts: Texts) -> None:
        """Write the game's figures and the undo/redo buttons (SPEC §6, §8)."""
        for status in texts.status(g):
            el = self.doc.querySelector(f'[data-status="{status.key}"]')
            el.dataset.value = status.value
            el.textContent = status.text
            if status.key == "game":  # its proper name alone, for narrow screens (CSS)
                el.dataset.short = texts.t(f"game.{g.game}")
        self.undo_el.disabled = not g.can_undo
        self.redo_el.disabled = not g.can_redo

    def verdict(self, value: str | None, texts: Texts, won: bool = False, more: bool = False,
                helped: bool = False) -> None:
        """Show the verdict ``value`` (``thinking``, ``yes``, ``no``, ``unknown``; SPEC
        §8), or hide the indicator (None: the setting is off). ``won``: the game is won
        (value ``yes``): the words say "Won" (``data-won``), not "Can be won". ``more``
        (value ``unknown``): a larger search goes on, the words say so. ``helped`` (a won
        game): Finish for me played in it, the words say "Finished" (``data-helped``), as
        its dialog does (it counts apart from the player's wins)."""
        el = self.verdict_el
        if el is None:
            return
        self.verdict_value = value
        self.verdict_won = won = won and value == "yes"
        self.verdict_more = more = more and value == "unknown"
        self.verdict_helped = helped = helped and won
        for name, on in (("won", won), ("more", more), ("helped", helped)):  # read by the
            if on:  # short form on a phone too (static/style.css)
                el.setAttribute(f"data-{name}", "1")
            else:
                el.removeAttribute(f"data-{name}")
        if value is None:
            el.hidden = True
            el.removeAttribute("data-status")
            el.removeAttribute("data-value")
            return
        el.hidden = False
        el.dataset.status = "winnable"
        el.dataset.value = value
        word = texts.t("winnable.finished" if helped else "winnable.won" if won
                       else "winnable.rechecking" if more else f"winnable.{value}")
        el.textContent = word
        el.title = word

    def time(self, seconds: int | None, texts: Texts, force: bool = False) -> None:
        """Show ``seconds`` on the clock (None: the setting is off, hidden); rewritten
        only when the figure changed, or when ``force`` (another language)."""
        el = self.time_el
        if el is None:
            return
        el.hidden = seconds is None
        if seconds is None or (seconds == self.shown_seconds and not force):
            return
        self.shown_seconds = seconds
        el.dataset.value = str(seconds)
        el.textContent = RecordTexts(texts).duration(seconds)

    def relabel(self, g: game.Game, texts: Texts) -> None:
        """Another language: every word again."""
        self.show(g, texts)
        if self.verdict_value is not None:
            self.verdict(self.verdict_value, texts, self.verdict_won, self.verdict_more, self.verdict_helped)
        if self.shown_seconds >= 0 and not self.time_el.hidden:
            self.time(self.shown_seconds, texts, force=True)


__all__ = ["StatusBar"]

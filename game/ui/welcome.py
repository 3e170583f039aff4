"""The first-visit welcome (issue 13 point 5, SPEC §8 ``data-role="welcome"``).

A few short cards, shown once per game (the game's ``WELCOME``): the goal, the one rule
that differs from Klondike or FreeCell, how to play (tap, double tap, drag, tap to place,
keys), and where the help is. It floats at the bottom of the page, over the empty felt
below a fresh deal's columns; where that felt is too short (it would cover a card or a
pile) it goes into the page's flow above the table instead, and the table is laid out in
the room left. Either way it covers no card, pile or header button, and the table does
not move under a player's finger when it goes away from the bottom. It takes no focus
and no key; the first action on the table, Escape or its own button puts it away.
``?welcome=1`` (the link at the end of the help's keyboard page) shows it again.

The pure part (``steps``, ``parse_seen``, ``dump_seen``) is unit-tested; ``Welcome``
only writes the texts into the static ``[data-role="welcome"]`` element of index.html.
"""

from __future__ import annotations

import json

import game

from .domtypes import JS
from .persist import SafeStore
from .table import Table
from .texts import Texts

KEY_WELCOME = "solitaire.welcome"  # JSON list of the games whose welcome was shown


def steps(kind: str) -> list[str]:
    """The catalog keys of the welcome's cards for game ``kind``, in order (the game's
    own facts in the registry, issue 26.1)."""
    info = next(v for v in game.variants() if v.game == kind)
    return list(info.welcome)


def parse_seen(raw: str | None) -> set[str]:
    """The games whose welcome was already shown, from the stored text (anything
    unreadable counts as none seen: showing a welcome again harms nothing)."""
    try:
        data = json.loads(raw) if raw else []
    except ValueError:
        return set()
    kinds = {v.game for v in game.variants()}  # the registry's games
    return {g for g in data if g in kinds} if isinstance(data, list) else set()


def dump_seen(seen: set[str]) -> str:
    """The stored text of ``seen``."""
    return json.dumps(sorted(seen))


class Welcome:
    """The welcome element and which card it shows."""

    def __init__(self, br: JS, store: SafeStore) -> None:
        self.br, self.store = br, store
        self.el: JS = br.document.querySelector('[data-role="welcome"]')
        self.kind = ""
        self.cells = 0  # the game's free cells (Eight Off's rule card says how many)
        self.at = 0

    @property
    def shown(self) -> bool:
        """Whether the welcome is on the page."""
        return self.el is not None and not self.el.hidden

    def maybe_show(self, g: game.Game, texts: Texts, table: Table, force: bool = False) -> None:
        """Show the welcome of ``g``'s game if this browser has not seen it (or
        ``force``), and remember that it was shown. A welcome still open when another
        game starts follows it: put away when that game's welcome was seen, its cards'
        texts again for another deal of the same game (the free cells it names)."""
        kind = g.game
        seen = parse_seen(self.store.get(KEY_WELCOME))
        if self.el is None:
            return
        if kind in seen and not force:
            if self.shown and kind != self.kind:
                self.hide(table)
            elif self.shown:
                self.cells = g.cells
                self.render(texts)
            return
        self.kind, self.cells, self.at = kind, g.cells, 0
        self.render(texts)
        self.el.hidden = False
        self.place(table)
        self.store.set(KEY_WELCOME, dump_seen(seen | {kind}))

    def place(self, table: Table) -> None:
        """Float over the felt below the cards, or, when it would cover one, stand in the
        flow above the table (which is then laid out again)."""
        self.el.classList.add("floating")
        self.refit(table)

    def refit(self, table: Table) -> None:
        """A floating welcome that now covers a card or a pile (the table was laid out
        again for another size: a phone turned to landscape) moves into the flow above
        the table. Never back out of it, so a resize cannot start a loop of layouts."""
        if not self.shown or not self.el.classList.contains("floating"):
            return
        lay = table.lay
        if lay is None:
            return
        top = float(self.el.getBoundingClientRect().top)
        table.measure()
        lowest = max(y for _x, y in lay.cards.values()) + lay.card_h + table.origin[1]
        lowest = max(lowest, *(r.y + r.h + table.origin[1] for r in lay.slots.values()))
        if lowest > top:
            self.el.classList.remove("floating")
            table.relayout()

    def render(self, texts: Texts) -> None:
        """Write the current card's texts (also after a language switch)."""
        if self.el is None or not self.kind:
            return
        t, keys = texts.t, steps(self.kind)
        game_name = t(f"game.{self.kind}")
        self.el.querySelector(".welcome-title").textContent = t("welcome.title", game=game_name)
        key = keys[self.at]
        if key == "welcome.play" and self.br.mouse():
            key = "welcome.play.mouse"  # "click" where the pointer is a mouse, not "tap"
        self.el.querySelector(".welcome-text").textContent = t(key, count=self.cells)
        self.el.querySelector(".welcome-step").textContent = t(
            "welcome.step", n=self.at + 1, total=len(keys))
        last = self.at == len(keys) - 1
        self.el.querySelector('[data-action="welcome-next"]').hidden = last

    def next(self, texts: Texts) -> None:
        """The Next button: the following card."""
        if self.at < len(steps(self.kind)) - 1:
            self.at += 1
            self.render(texts)

    def hide(self, table: Table) -> None:
        """Put the welcome away (its button, Escape, or the first action on the table)."""
        if self.shown:
            self.el.hidden = True
            if not self.el.classList.contains("floating"):
                table.relayout()

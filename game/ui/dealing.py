"""Where new games come from (SPEC §3, §6): the New game dialog (a random deal, the deal
of the day, the same deal, a typed code), links (``?deal=``) and help examples, and the
game a visit starts with. A mixin of ``page.Page``; every way goes through the one way
to replace the game, ``core.Core.replace_game`` (asking first over a game in progress).
"""

from __future__ import annotations

import game

from . import choices
from .core import Core
from .domtypes import JS
from .persist import KEY_GAME
from .slicer import winnable_deal


class Dealing(Core):
    """New game, links, and the game of a visit."""

    # ----- New game and Settings dialogs -------------------------------------------------

    def open_new(self) -> None:
        self.cancel_press()
        self.dialogs.open_new(self.g, self.settings, self.texts)

    def open_settings(self) -> None:
        self.cancel_press()
        self.dialogs.open_settings(self.settings)

    def chosen(self) -> tuple[str, int]:
        """The (game, deal cells) the New game form shows; remembered in the settings."""
        kind, cells = self.dialogs.form()
        self.settings.game, self.settings.cells = kind, cells
        self.save_settings()
        return kind, choices.deal_cells(kind, cells)

    def new_from(self, deal: game.DealCode, named: bool = False) -> None:
        """Close the dialogs and start ``deal`` (asking first over a game in progress,
        naming the deal when ``named``)."""
        self.dialogs.close_all()
        self.replace_game(deal, named)

    def deal_random(self) -> None:
        """Start a random deal of the chosen game (a proven-winnable one when asked)."""
        kind, cells = self.chosen()
        variant = game.variant_of(kind, cells)
        if self.settings.winnable_only.get(variant, False):
            proven = game.proven_deals(variant)
            if proven:
                self.new_from(winnable_deal(kind, cells, self.br.random(), proven))
                return
        self.new_from(choices.random_deal(kind, cells, self.br.random()))

    def deal_daily(self) -> None:
        kind, cells = self.chosen()
        self.new_from(choices.daily_deal(self.br.today(), kind, cells))

    def deal_same(self) -> None:
        if self.g.deal is not None:
            self.new_from(self.g.deal)
        else:
            self.dialogs.close_all()

    def deal_code(self) -> None:
        """Start the typed code or number, or say why it cannot be read."""
        kind, cells = self.chosen()
        try:
            deal = choices.typed_deal(self.dialogs.code_text(), kind, cells)
        except game.BadCode as err:
            self.dialogs.code_error(err, self.texts)
            return
        self.new_from(deal, named=True)

    def open_code(self, text: str) -> game.DealCode | None:
        """The deal of a link's code text, its zero-width characters dropped as a typed
        code's are (None, and a notice, when it is bad)."""
        try:
            return game.parse_code(choices.visible(text))
        except game.BadCode as err:
            refused = err
            self.notify("link-refused", lambda tx: tx.link_refused(refused))
            return None

    def open_deal(self, deal: game.DealCode) -> None:
        """Start ``deal`` from a link or a help example, asking first (SPEC §6)."""
        g = self.g
        if g.deal == deal and g.move_count == 0:
            return
        self.replace_game(deal, named=True)

    def load_saved_game(self) -> None:
        """Hold the saved game, else (none, or unreadable: kept as a backup) a random
        deal."""
        raw = self.store.get(KEY_GAME)
        if raw is not None:
            try:
                self.set_game(game.load_save(raw), raw)
                return
            except game.GameError:
                self.store.backup("game", raw)
                self.notify_once("recovered", lambda tx: tx.notice("recovered"))
        first = game.variants()[0]  # the registry's first variant (Easy Harp)
        self.set_game(game.new_game(choices.random_deal(first.game, first.cells,
                                                        self.br.random())), None)

    def take_link(self) -> game.DealCode | None:
        """At start-up: read ``?deal=CODE`` (dropped from the address). With no game in
        progress the deal replaces the saved one at once (returns None); over a game in
        progress it is returned, and ``start`` asks first. A bad code is refused with a
        notice."""
        text = self.br.take_param("deal")
        deal = None if text is None else self.open_code(text)
        g = self.g
        if deal is None or game.ask_first(g.move_count, g.is_won, self.ledger.result) is not None:
            return deal
        if g.deal != deal or g.move_count:
            self.set_game(game.new_game(deal), None)
            self.ledger.new_game(self.g)
        return None

    def on_message(self, evt: JS) -> None:
        """A help page in the page's iframe asks to open a deal: ``{"type":
        "open-deal", "code": CODE}``, accepted from this origin only."""
        data = evt.data
        if str(evt.origin) != str(self.br.window.location.origin) or self.current is None:
            return
        code = getattr(data, "code", None)
        if getattr(data, "type", None) == "open-deal" and isinstance(code, str):
            self.stop_finish()
            self.dialogs.close_all()
            deal = self.open_code(code)
            if deal is not None:
                self.open_deal(deal)

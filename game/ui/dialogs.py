"""The dialogs in the DOM: New game and Settings (the win and statistics dialogs are
``statsview.py``'s).

What the New game form's values mean (the deal to start, whether "Same deal" is
offered) is decided in ``choices.py``; the texts come from ``texts.py``. Element names
and actions are the page's contract (SPEC §8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import game

from . import choices
from .domtypes import JS
from .i18n import LANGUAGES
from .persist import CARD_BACKS, FELTS
from .slicer import winnable_deal

if TYPE_CHECKING:
    from .app import App

SWITCHES = ("interactive", "double_click", "animations",  # boolean settings (SPEC §6)
            "show_clock",  # the clock on the status bar (issue 12)
            "show_winnable")  # "Can it still be won?" (issue 10)
WINNABLE_ONLY = '[data-option="winnable-only"]'  # the New game switch (SPEC §8)
TABLE_SWITCHES = ("four_colour", "left_handed")  # table settings (issue 11)
TABLE_CHOICES = {"card_back": CARD_BACKS, "felt": FELTS}


class Dialogs:
    """The page's ``<dialog>`` elements."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.br = app.br
        doc = self.br.document
        self.new: JS = doc.querySelector("#dlg-new")
        self.settings: JS = doc.querySelector("#dlg-settings")
        self.win: JS = doc.querySelector("#dlg-win")  # filled by statsview.py
        self.code_field: JS = doc.querySelector("#deal-code")
        self.code_err: JS = doc.querySelector('[data-role="code-error"]')

    def any_open(self) -> bool:
        """Whether a dialog is open (keys then belong to it)."""
        return bool(self.br.document.querySelector("dialog[open]"))

    def close_all(self) -> None:
        """Close every open dialog."""
        for dlg in self.br.document.querySelectorAll("dialog[open]"):
            dlg.close()

    # ----- New game ----------------------------------------------------------------

    def open_new(self) -> None:
        """Open the New game dialog showing the current game and cell count."""
        dlg = self.new
        if dlg.open:
            return
        self.close_all()
        self.app.input.reset()
        kind, cells = choices.dialog_defaults(self.app.g, self.app.settings)
        for el in dlg.querySelectorAll('input[name="game"]'):
            el.checked = el.value == kind
        for el in dlg.querySelectorAll('input[name="cells"]'):
            el.checked = el.value == str(cells)
        self.code_error(None)
        self.code_field.value = ""
        self.update_same()
        dlg.showModal()

    def _checked(self, name: str) -> str | None:
        el = self.new.querySelector(f'input[name="{name}"]:checked')
        return str(el.value) if el is not None else None

    def form_variant(self) -> str:
        """The variant the form shows (SPEC §12 name)."""
        kind, cells = choices.form_choice(self._checked("game"), self._checked("cells"))
        return game.variant_of(kind, choices.deal_cells(kind, cells))

    def update_same(self, evt: JS = None) -> None:
        """Offer "Same deal" only while the form shows the current game (``choices``);
        the "winnable deals only" switch shows (or, when toggled, stores) the setting of
        the variant the form shows, and the share of its deals that can be won."""
        variant = self.form_variant()
        switch = self.new.querySelector(WINNABLE_ONLY)
        only = self.app.settings.winnable_only
        if evt is not None and getattr(evt, "target", None) is not None and evt.target == switch:
            only[variant] = bool(switch.checked)
            self.app.save_settings()
        switch.checked = only.get(variant, False)
        share = self.new.querySelector('[data-role="winnable-share"]')
        share.textContent = self.app.texts.t(f"new.winnable.share.{variant}")
        kind, cells = self._checked("game"), self._checked("cells")
        allowed = choices.same_deal_allowed(
            self.app.g, kind, int(cells) if cells is not None and cells.isdigit() else None)
        self.new.querySelector('[data-action="deal-same"]').disabled = not allowed

    def chosen(self) -> tuple[str, int]:
        """The (game, deal cells) the form shows; remembered in the settings."""
        kind, cells = choices.form_choice(self._checked("game"), self._checked("cells"))
        self.app.settings.game, self.app.settings.cells = kind, cells
        self.app.save_settings()
        return kind, choices.deal_cells(kind, cells)

    def new_from(self, deal: game.DealCode) -> None:
        """Close the dialogs and start ``deal``, asking first over a game in progress
        (SPEC §6; ``ledger.replace_game``)."""
        self.new.close()
        self.win.close()
        self.app.ledger.replace_game(lambda: self.app.start_game(game.new_game(deal)))

    def deal_random(self) -> None:
        """Start a random deal of the chosen game."""
        kind, cells = self.chosen()
        if self.app.settings.winnable_only.get(game.variant_of(kind, cells), False):
            proven = game.proven_deals(game.variant_of(kind, cells))
            if proven:
                self.new_from(winnable_deal(kind, cells, self.br.random(), proven))
                return
        self.new_from(choices.random_deal(kind, cells, self.br.random()))

    def deal_daily(self) -> None:
        """Start the deal of the day of the chosen game."""
        kind, cells = self.chosen()
        self.new_from(choices.daily_deal(self.br.today(), kind, cells))

    def deal_same(self) -> None:
        """Replay the current deal from the start."""
        deal = self.app.g.deal
        if deal is not None:
            self.new_from(deal)
        else:
            self.new.close()

    def deal_code(self) -> None:
        """Start the typed code or number, or say why it cannot be read."""
        kind, cells = self.chosen()
        try:
            deal = choices.typed_deal(str(self.code_field.value), kind, cells)
        except game.BadCode as err:
            self.code_error(err)
            return
        self.new_from(deal)

    def code_error(self, err: game.BadCode | None) -> None:
        """Show (or, for None, clear) the message under the code field."""
        el = self.code_err
        if err is None:
            el.hidden = True
            el.textContent = ""
            el.removeAttribute("data-reason")
            return
        el.textContent = self.app.texts.bad_code(err)
        el.dataset.reason = err.code
        el.hidden = False

    # ----- Settings ----------------------------------------------------------------

    def open_settings(self) -> None:
        """Open the Settings dialog showing the current settings."""
        dlg = self.settings
        if dlg.open:
            return
        self.close_all()
        self.app.input.reset()
        s = self.app.settings
        for name in SWITCHES + TABLE_SWITCHES:
            dlg.querySelector(f'[name="{name}"]').checked = getattr(s, name)
        for name in TABLE_CHOICES:
            dlg.querySelector(f'[name="{name}"]').value = getattr(s, name)
        dlg.querySelector('[name="language"]').value = s.language or "auto"
        dlg.showModal()

    async def on_change(self, evt: JS) -> None:
        """A settings control changed: store it and apply it."""
        el = evt.target
        name = str(el.name)
        s = self.app.settings
        if name in SWITCHES or name in TABLE_SWITCHES:
            setattr(s, name, bool(el.checked))
        elif name in TABLE_CHOICES:
            if str(el.value) not in TABLE_CHOICES[name]:
                return
            setattr(s, name, str(el.value))
        elif name == "language":
            value = str(el.value)
            s.language = value if value in LANGUAGES else None
        else:
            return
        self.app.save_settings()
        self.app.apply_settings()
        self.app.assist.refresh()
        if name == "left_handed":
            self.app.table.relayout()
        if name == "show_clock":
            self.app.ledger.relabel()
        if name == "language":
            await self.app.set_language(s.language)

"""The dialogs in the DOM: New game and Settings (the win and statistics dialogs are
``statsview.py``'s, the question ``confirm.py``'s).

What the New game form's values mean (the deal to start, whether "Same deal" is
offered) is decided in ``choices.py``; the texts come from ``texts.py``. A settings
control that changes is reported as ``intents.SettingChanged``; the page, which owns the
settings, stores it and tells the parts that read it. Element names and actions are the
page's contract (SPEC §8).
"""

from __future__ import annotations

from collections.abc import Callable

import game

from . import choices
from . import intents as it
from .domtypes import JS
from .i18n import LANGUAGES
from .persist import CARD_BACKS, FELTS, Settings, games
from .render import escape
from .texts import Texts

SWITCHES = ("interactive", "double_click", "animations",  # boolean settings (SPEC §6)
            "show_clock",  # the clock on the status bar (issue 12)
            "show_winnable")  # "Can it still be won?" (issue 10)
WINNABLE_ONLY = '[data-option="winnable-only"]'  # the New game switch (SPEC §8)
TABLE_SWITCHES = ("four_colour", "left_handed")  # table settings (issue 11)
TABLE_CHOICES = {"card_back": CARD_BACKS, "felt": FELTS}


def setting_value(name: str, checked: bool, value: str) -> tuple[str, object] | None:
    """The setting a control named ``name`` sets, from its ``checked`` state and
    ``value``: (setting, value), or None for a control that is no setting or a value
    that is not one of its choices."""
    if name in SWITCHES or name in TABLE_SWITCHES:
        return name, checked
    if name in TABLE_CHOICES:
        return (name, value) if value in TABLE_CHOICES[name] else None
    if name == "language":
        return name, value if value in LANGUAGES else None
    return None


class Dialogs:
    """The page's New game and Settings ``<dialog>`` elements."""

    def __init__(self, br: JS, emit: Callable[[it.Intent], None]) -> None:
        self.br = br
        self.emit = emit
        doc = br.document
        self.new: JS = doc.querySelector("#dlg-new")
        self.settings: JS = doc.querySelector("#dlg-settings")
        self.code_field: JS = doc.querySelector("#deal-code")
        self.code_err: JS = doc.querySelector('[data-role="code-error"]')
        self.err: game.BadCode | None = None  # the code error shown
        self.write_games()

    def write_games(self) -> None:
        """The New game form's ``game`` radios, one per registered game (the registry's,
        ``persist.games()``): index.html holds the shipped ones (SPEC §8), a game
        registered besides gets its own here, named by the catalogs (``game.<name>``).
        A game without free cells marks its radio ``data-no-cells`` (style.css then
        hides the cell choices)."""
        box = self.new.querySelector('input[name="game"]').closest("fieldset")
        have = {str(el.value) for el in box.querySelectorAll('input[name="game"]')}
        for k in games():
            if k not in have:
                label = self.br.document.createElement("label")
                label.innerHTML = (f'<input type="radio" name="game" value="{escape(k)}"> '
                                   f'<span data-i18n="game.{escape(k)}"></span>')
                box.append(label)
        for el in box.querySelectorAll('input[name="game"]'):
            if not choices.has_cells(str(el.value)):
                el.setAttribute("data-no-cells", "")

    def bind(self) -> None:
        self.br.listen(self.settings, "change", self.on_settings_change)
        self.br.listen(self.new, "change", self.on_new_change)

    def any_open(self) -> bool:
        """Whether a dialog is open (keys then belong to it)."""
        return bool(self.br.document.querySelector("dialog[open]"))

    def close_all(self) -> None:
        """Close every open dialog."""
        for dlg in self.br.document.querySelectorAll("dialog[open]"):
            dlg.close()

    # ----- New game ----------------------------------------------------------------

    def open_new(self, g: game.Game, settings: Settings, texts: Texts) -> None:
        """Open the New game dialog showing the current game and cell count."""
        dlg = self.new
        if dlg.open:
            return
        self.close_all()
        kind, cells = choices.dialog_defaults(g, settings)
        for el in dlg.querySelectorAll('input[name="game"]'):
            el.checked = el.value == kind
        for el in dlg.querySelectorAll('input[name="cells"]'):
            el.checked = el.value == str(cells)
        self.code_error(None, texts)
        self.code_field.value = ""
        self.update_same(g, settings, texts)
        dlg.showModal()

    def _checked(self, name: str) -> str | None:
        el = self.new.querySelector(f'input[name="{name}"]:checked')
        return str(el.value) if el is not None else None

    def form(self) -> tuple[str, int]:
        """The (game, cells) the form shows (``choices.form_choice``: cells as chosen,
        also for Easy Harp, so the choice is remembered)."""
        return choices.form_choice(self._checked("game"), self._checked("cells"))

    def form_variant(self) -> str:
        """The variant the form shows (SPEC §12 name)."""
        kind, cells = self.form()
        return game.variant_of(kind, choices.deal_cells(kind, cells))

    def update_same(self, g: game.Game, settings: Settings, texts: Texts) -> None:
        """Offer "Same deal" only while the form shows the current game (``choices``);
        the "winnable deals only" switch shows the setting of the variant the form
        shows, and the share of its deals that can be won."""
        variant = self.form_variant()
        self.new.querySelector(WINNABLE_ONLY).checked = settings.winnable_only.get(variant, False)
        share = self.new.querySelector('[data-role="winnable-share"]')
        share.textContent = texts.t(f"new.winnable.share.{variant}")
        kind, cells = self._checked("game"), self._checked("cells")
        allowed = choices.same_deal_allowed(
            g, kind, int(cells) if cells is not None and cells.isdigit() else None)
        self.new.querySelector('[data-action="deal-same"]').disabled = not allowed
        shown = self.form()
        self.code_field.setAttribute("placeholder", texts.t(
            "new.deal.code.placeholder", code=choices.sample_code(*shown), number=choices.SAMPLE_NUMBER))

    def on_new_change(self, evt: JS) -> None:
        """A control of the New game form changed: the winnable-only switch is a setting
        of the variant shown; any other change shows that variant's choices."""
        switch = self.new.querySelector(WINNABLE_ONLY)
        if getattr(evt, "target", None) is not None and evt.target == switch:
            self.emit(it.SettingChanged("winnable_only", (self.form_variant(),
                                                          bool(switch.checked))))
        else:
            self.emit(it.SettingChanged("new_form", self.form()))

    def code_text(self) -> str:
        """The text typed in the code field."""
        return str(self.code_field.value)

    def code_error(self, err: game.BadCode | None, texts: Texts) -> None:
        """Show (or, for None, clear) the message under the code field."""
        self.err = err
        el = self.code_err
        if err is None:
            el.hidden = True
            el.textContent = ""
            el.removeAttribute("data-reason")
            return
        el.textContent = texts.bad_code(err, choices.sample_code(*self.form()))
        el.dataset.reason = err.code
        el.hidden = False

    def relabel(self, g: game.Game, settings: Settings, texts: Texts) -> None:
        """Another language: the words this part wrote itself."""
        if self.err is not None:
            self.code_error(self.err, texts)
        if self.new.open:
            self.update_same(g, settings, texts)

    # ----- Settings ----------------------------------------------------------------

    def open_settings(self, s: Settings) -> None:
        """Open the Settings dialog showing the settings ``s``."""
        dlg = self.settings
        if dlg.open:
            return
        self.close_all()
        for name in SWITCHES + TABLE_SWITCHES:
            dlg.querySelector(f'[name="{name}"]').checked = getattr(s, name)
        for name in TABLE_CHOICES:
            dlg.querySelector(f'[name="{name}"]').value = getattr(s, name)
        dlg.querySelector('[name="language"]').value = s.language or "auto"
        dlg.showModal()

    def on_settings_change(self, evt: JS) -> None:
        """A settings control changed: report the setting."""
        el = evt.target
        checked = str(el.type) == "checkbox" and bool(el.checked)
        found = setting_value(str(el.name), checked, str(el.value))
        if found is not None:
            self.emit(it.SettingChanged(*found))

"""The records in the DOM (issue 12): the Statistics dialog (figures per variant with
``data-stat``, reset behind a question, recent games a tap away from a replay, export
and import of all local data) and the win: a short celebration, then the win dialog
with score, moves, time and the records it beat.

Texts and figures come from ``recordtexts.py``; counting from ``ledger.py`` (the
rules package's ``RecordKeeper``). Element names are the page's contract (SPEC §8).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import game

from . import choices
from .domtypes import JS
from .persist import KEY_GAME, KEY_SETTINGS, checked_settings
from .recordtexts import RecordTexts
from .render import escape

if TYPE_CHECKING:
    from .app import App

CELEBRATION_MS = 1600  # the cascade of the foundations before the win dialog (style.css)
#: Backup part -> storage key (docs/RECORDS.md "Export and import").
PART_KEYS = {"settings": KEY_SETTINGS, "records": game.KEY_RECORDS, "game": KEY_GAME,
             "meta": game.KEY_META}


class StatsView:
    """The Statistics dialog and the win dialog of one page."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.br = app.br
        doc = self.br.document
        self.dialog: JS = doc.querySelector("#dlg-stats")
        self.win_dialog: JS = doc.querySelector("#dlg-win")
        self.file: JS = doc.querySelector('[data-role="import-file"]')
        self.variant = "easy-harp"
        self._open_win = self.br.proxy(self.open_win)
        self.win_timer = 0

    @property
    def texts(self) -> RecordTexts:
        return RecordTexts(self.app.texts)

    def handlers(self, el: JS) -> dict:
        """Click handlers of the records' ``data-action`` elements (for ``App.on_click``)."""
        return {
            "stats": self.open,
            "stats-reset": lambda: self.ask_reset(str(el.dataset.variant)),
            "replay": lambda: self.replay(str(el.dataset.code)),
            "export": self.export,
            "import": lambda: self.file.click(),
            "win-new": self.new_deal,
            "win-same": self.same_deal,
            "confirm": self.app.ledger.confirm,
            "cancel": self.app.ledger.cancel,
        }

    # ----- the Statistics dialog -----------------------------------------------------

    def open(self) -> None:
        """Open the dialog on the current game's variant."""
        g = self.app.g
        self.variant = game.variant_of(g.game, g.cells)
        self.app.dialogs.close_all()
        self.app.input.reset()
        self.render()
        self.dialog.showModal()

    def refresh(self) -> None:
        """Draw the dialog again if it is open (another tab, a reset, a language)."""
        if self.dialog is not None and self.dialog.open:
            self.render()

    def on_change(self, evt: JS) -> None:
        """A variant tab was chosen."""
        el = evt.target
        if str(el.name) == "stats_variant":
            self.variant = str(el.value)
            for section in self.dialog.querySelectorAll("[data-variant]"):
                section.hidden = section.dataset.variant != self.variant

    def render(self) -> None:
        """Fill the dialog: every variant's figures (all in the DOM, one shown), the
        recent games, and the export/import buttons (static)."""
        rt, records, t = self.texts, self.app.ledger.keeper.records, self.app.texts.t
        tabs, sections = [], []
        for v in game.STAT_VARIANTS:
            name = escape(rt.variant_name(v))
            checked = " checked" if v == self.variant else ""
            tabs.append(f'<label><input type="radio" name="stats_variant" value="{v}"{checked}>'
                        f' <span>{name}</span></label>')
            rows = "".join(
                f'<div class="stat"><dt>{escape(f.label)}</dt><dd data-stat="{f.stat}" '
                f'data-value="{f.value}">{escape(f.text)}</dd></div>'
                for f in rt.figures(v, records.of(v)))
            hidden = "" if v == self.variant else " hidden"
            sections.append(
                f'<section data-variant="{v}"{hidden}><dl class="stats-grid">{rows}</dl>'
                f'<button type="button" data-action="stats-reset" data-variant="{v}">'
                f'{escape(t("stats.reset"))}</button></section>')
        self.dialog.querySelector(".stats-tabs").innerHTML = "".join(tabs)
        self.dialog.querySelector(".stats-body").innerHTML = "".join(sections)
        lang = self.app.texts.lang
        items = []
        for r in rt.recent_rows(self.live_recent(records), lambda iso: self.br.date_text(iso, lang)):
            code = escape(r.code)
            state = ' disabled' if not r.code else ""
            items.append(
                f'<li data-result="{r.result}"><button type="button" data-action="replay" '
                f'data-code="{code}"{state}><span class="recent-name">{escape(r.name)} '
                f'<bdi dir="ltr">{code}</bdi></span><span class="recent-result">'
                f'{escape(r.result_text)}</span><span class="recent-figures">'
                f'{escape(r.figures)}</span><span class="recent-date">{escape(r.date)}</span>'
                f'</button></li>')
        empty = f'<li class="recent-empty">{escape(t("recent.empty"))}</li>'
        self.dialog.querySelector(".recent").innerHTML = "".join(items) or empty

    def live_recent(self, records: game.Records) -> tuple[game.Entry, ...]:
        """Recent games, the one on the table with its figures of now (its entry holds
        those of its first action until it ends; found by trying it)."""
        ledger, g = self.app.ledger, self.app.g
        meta = ledger.meta
        return tuple(
            replace(e, score=g.score, moves=g.move_count, seconds=ledger.seconds())
            if meta is not None and e.id == meta.id and e.result == "playing" else e
            for e in game.recent(records))

    def ask_reset(self, variant: str) -> None:
        """Reset one variant's statistics, after a question (issue 12 point 2)."""
        if variant not in game.STAT_VARIANTS:
            return

        def reset() -> None:
            self.app.ledger.keeper.reset(variant)
            self.app.notices.check_storage()
            self.refresh()

        text = self.app.texts.t("stats.reset.confirm", game=self.texts.variant_name(variant))
        self.app.ledger.ask(text, "stats.reset.ok", reset, cancel_key="confirm.back")

    def replay(self, code: str) -> None:
        """Play a recent game's deal again (asking first over a game in progress)."""
        try:
            deal = game.parse_code(code)
        except game.BadCode:
            return
        self.app.ledger.replace_game(lambda: self.app.start_game(game.new_game(deal)))

    # ----- export and import (issue 12 point 6) ------------------------------------

    def export(self) -> None:
        """Download every local datum as one versioned JSON file."""
        app, ledger = self.app, self.app.ledger
        meta = ledger.meta
        parts = {"settings": app.settings.dump(),
                 "records": game.dump_records(ledger.keeper.records),
                 "game": app.g.to_save(),
                 "meta": game.dump_meta(meta, self.br.now()) if meta else None}
        iso = self.br.iso_now()
        self.br.download(f"solitaire-{iso[:10]}.json", game.export_backup(parts, iso))
        app.notices.notify("export", lambda: app.texts.t("export.done"))

    async def on_file(self, _evt: JS = None) -> None:
        """A file was chosen for import: check it, then ask before replacing anything."""
        text = await self.br.file_text(self.file)
        self.file.value = ""
        if text is None:
            return
        app = self.app
        try:
            backup = game.parse_backup(text, checked_settings,
                                       lambda t: game.load_save(t) is not None)
        except game.BadBackup as err:
            refused = err
            app.dialogs.close_all()  # the notice bar is under any modal dialog
            app.notices.notify("import-refused", lambda: self.texts.import_error(refused))
            return
        stored = {name: app.store.get(key) for name, key in PART_KEYS.items()}
        question = self.texts.import_question(
            game.summarise(stored), game.summarise(dict(backup.parts)),
            self.br.date_text(backup.exported, app.texts.lang) or backup.exported)

        def write() -> None:
            ledger = app.ledger
            ledger.meta = None  # nothing of this page's game may be written over the file's
            ok = True
            for name, value in backup.writes():
                if name == "records" and value is not None:
                    ok = ledger.keeper.replace_all(value) and ok
                elif value is None:
                    app.store.remove(PART_KEYS[name])
                else:
                    ok = app.store.set(PART_KEYS[name], value) and ok
            if ok:
                self.br.reload()  # start again from what was imported
            else:
                app.notices.check_storage()

        app.ledger.ask(question, "import.ok", write, cancel_key="confirm.back")

    # ----- the win (issue 12 point 4) ------------------------------------------------

    def win(self, outcome: game.Outcome | None, celebrate: bool = True) -> None:
        """The game is won: celebrate (a cascade, or a still glow with reduced motion or
        Animations off), then open the win dialog."""
        table = self.app.table.el
        moving = celebrate and self.app.settings.animations and not self.br.reduced_motion()
        table.classList.add("won")
        self.fill_win(outcome)
        self.br.clear_timeout(self.win_timer)
        if moving:
            table.classList.remove("celebrate")
            table.getBoundingClientRect()  # restart the animation
            table.classList.add("celebrate")
            self.win_timer = self.br.set_timeout(self._open_win, CELEBRATION_MS)
        else:
            self.open_win()

    def fill_win(self, outcome: game.Outcome | None) -> None:
        """Write the win dialog: summary, records beaten, the two choices."""
        g, dlg, rt = self.app.g, self.win_dialog, self.texts
        ledger = self.app.ledger
        dlg.querySelector(".win-text").textContent = rt.win_summary(
            g.score, g.move_count, ledger.seconds())
        lines = rt.win_records(outcome, ledger.result == "assisted")
        keys = outcome.beaten if outcome is not None and outcome.counted else ()
        dlg.querySelector(".win-records").innerHTML = "".join(
            f'<li data-record="{k}">{escape(line)}</li>' for k, line in
            zip((*keys, *[""] * len(lines)), lines, strict=False))
        dlg.dataset.score = str(g.score)
        dlg.querySelector('[data-action="win-same"]').disabled = g.deal is None

    def open_win(self, *_args: object) -> None:
        """Open the win dialog if the game on the table is (still) won."""
        if self.app.g.is_won and not self.win_dialog.open:
            self.app.dialogs.close_all()
            self.win_dialog.showModal()

    def unwin(self) -> None:
        """The game is no longer won (undo, another game): stop the celebration."""
        self.br.clear_timeout(self.win_timer)
        self.app.table.el.classList.remove("won", "celebrate")

    def new_deal(self) -> None:
        """A new random deal of the won game's variant."""
        g = self.app.g
        deal = choices.random_deal(g.game, g.cells, self.br.random())
        self.win_dialog.close()
        self.app.ledger.replace_game(lambda: self.app.start_game(game.new_game(deal)))

    def same_deal(self) -> None:
        """This deal again, from the start."""
        deal = self.app.g.deal
        self.win_dialog.close()
        if deal is not None:
            self.app.ledger.replace_game(lambda: self.app.start_game(game.new_game(deal)))

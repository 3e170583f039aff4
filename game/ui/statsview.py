"""The records in the DOM (issue 12): the Statistics dialog (figures per variant with
``data-stat``, reset behind a question, recent games a tap away from a replay, export
and import of all local data) and the win: a short celebration, then the win dialog
with score, moves, time and the records it beat.

Texts and figures come from ``recordtexts.py``; counting from ``ledger.py`` (the
rules package's ``RecordKeeper``). Element names are the page's contract (SPEC §8).
"""

from __future__ import annotations

import game

from .domtypes import JS
from .persist import KEY_GAME, KEY_SETTINGS
from .recordtexts import RecordTexts
from .render import escape
from .texts import Texts

CELEBRATION_MS = 1600  # the cascade of the foundations before the win dialog (style.css)
#: Backup part -> storage key (docs/RECORDS.md "Export and import").
PART_KEYS = {"settings": KEY_SETTINGS, "records": game.KEY_RECORDS, "game": KEY_GAME,
             "meta": game.KEY_META}


class StatsView:
    """The Statistics dialog and the win dialog of one page."""

    def __init__(self, br: JS) -> None:
        self.br = br
        doc = br.document
        self.dialog: JS = doc.querySelector("#dlg-stats")
        self.win_dialog: JS = doc.querySelector("#dlg-win")
        self.file: JS = doc.querySelector('[data-role="import-file"]')
        self.import_err: JS = doc.querySelector('[data-role="import-error"]')
        self.refused: game.BadBackup | None = None  # the file last refused, if said
        self.variant = game.variants()[0].name
        self._open_win = br.proxy(self.open_win)
        self.win_timer = 0
        self.won: tuple[game.Game, game.Outcome | None, int, bool] | None = None

    def bind(self) -> None:
        self.br.listen(self.dialog, "change", self.on_change)

    # ----- the Statistics dialog -----------------------------------------------------

    def open(self, variant: str, texts: Texts, records: game.Records,
             recent: tuple[game.Entry, ...]) -> None:
        """Open the dialog on ``variant``."""
        self.variant = variant
        self.render(texts, records, recent)
        self.import_error(None, texts)
        self.dialog.showModal()

    def import_error(self, err: game.BadBackup | None, texts: Texts) -> None:
        """Show (or, for None, clear) why the chosen file was not imported, under the
        Import button (``data-role="import-error"``, ``data-reason`` its code): the
        dialog stays open for another file."""
        self.refused = err
        el = self.import_err
        if el is None:
            return
        if err is None:
            el.hidden = True
            el.textContent = ""
            el.removeAttribute("data-reason")
            return
        el.textContent = RecordTexts(texts).import_error(err)
        el.dataset.reason = err.code
        el.hidden = False

    @property
    def is_open(self) -> bool:
        return self.dialog is not None and bool(self.dialog.open)

    def on_change(self, evt: JS) -> None:
        """A variant tab was chosen."""
        el = evt.target
        if str(el.name) == "stats_variant":
            self.variant = str(el.value)
            for section in self.dialog.querySelectorAll("[data-variant]"):
                section.hidden = section.dataset.variant != self.variant

    def render(self, texts: Texts, records: game.Records,
               recent: tuple[game.Entry, ...]) -> None:
        """Fill the dialog: every variant's figures (all in the DOM, one shown), the
        ``recent`` games, and the export/import buttons (static)."""
        rt, t = RecordTexts(texts), texts.t
        tabs, sections = [], []
        for v in (v.name for v in game.variants()):
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
        lang = texts.lang
        items = []
        for r in rt.recent_rows(recent, lambda iso: self.br.date_text(iso, lang)):
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

    # ----- the win (issue 12 point 4) ------------------------------------------------

    def win(self, g: game.Game, outcome: game.Outcome | None, seconds: int, assisted: bool,
            texts: Texts, moving: bool) -> None:
        """``g`` is won: celebrate (a cascade when ``moving``, else a still glow), then
        open the win dialog."""
        table = self.br.document.querySelector("#table")
        table.classList.add("won")
        self.won = (g, outcome, seconds, assisted)
        self.fill_win(texts)
        self.br.clear_timeout(self.win_timer)
        if moving:
            table.classList.remove("celebrate")
            table.getBoundingClientRect()  # restart the animation
            table.classList.add("celebrate")
            self.win_timer = self.br.set_timeout(self._open_win, CELEBRATION_MS)
        else:
            self.open_win()

    def fill_win(self, texts: Texts) -> None:
        """Write the win dialog: summary, records beaten, the two choices."""
        if self.won is None:
            return
        g, outcome, seconds, assisted = self.won
        dlg, rt = self.win_dialog, RecordTexts(texts)
        title = dlg.querySelector("#win-title")
        title.dataset.i18n = "win.title.assisted" if assisted else "win.title"  # kept by a language change
        title.textContent = texts.t(title.dataset.i18n)
        dlg.querySelector(".win-text").textContent = rt.win_summary(g.score, g.move_count, seconds)
        lines = rt.win_records(outcome, assisted)
        keys = outcome.beaten if outcome is not None and outcome.counted else ()
        dlg.querySelector(".win-records").innerHTML = "".join(
            f'<li data-record="{k}">{escape(line)}</li>' for k, line in
            zip((*keys, *[""] * len(lines)), lines, strict=False))
        dlg.dataset.score = str(g.score)
        dlg.querySelector('[data-action="win-same"]').disabled = g.deal is None

    def open_win(self, *_args: object) -> None:
        """Open the win dialog if the game is (still) won."""
        if self.won is not None and not self.win_dialog.open:
            for dlg in self.br.document.querySelectorAll("dialog[open]"):
                dlg.close()
            self.win_dialog.showModal()

    def unwin(self) -> None:
        """The game is no longer won (undo, another game): stop the celebration."""
        self.won = None
        self.br.clear_timeout(self.win_timer)
        self.br.document.querySelector("#table").classList.remove("won", "celebrate")
        if self.win_dialog.open:
            self.win_dialog.close()

    def relabel(self, texts: Texts, records: game.Records,
                recent: tuple[game.Entry, ...]) -> None:
        """Another language: the dialogs' own words."""
        if self.is_open:
            self.render(texts, records, recent)
            if self.refused is not None:
                self.import_error(self.refused, texts)
        self.fill_win(texts)


def export_parts(settings: str, records: game.Records, g: game.Game,
                 meta: str | None) -> dict[str, str | None]:
    """The parts of an export file (docs/RECORDS.md "Export and import")."""
    return {"settings": settings, "records": game.dump_records(records),
            "game": g.to_save(), "meta": meta}

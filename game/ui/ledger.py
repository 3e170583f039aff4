"""The records of the page (issue 12, SPEC §6, §12): the current game's meta (id,
clock, result), the record keeper, the clock on the status bar, and the question asked
before another game replaces one in progress.

Every rule comes from the rules package (``game.after_change``, ``game.ask_first``,
``game.replace_events``, ``game.RecordKeeper``; docs/RECORDS.md): this module only
feeds it the page's times and shows the result. The question is the ``#dlg-confirm``
dialog (``data-role="confirm"``, buttons ``data-action="confirm"``/``"cancel"``,
SPEC §8); "cancel" changes nothing at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import game

from .domtypes import JS
from .recordtexts import RecordTexts

if TYPE_CHECKING:
    from .app import App

TICK_MS = 1000  # the status clock is redrawn once a second (whole seconds, SPEC §8)


class Ledger:
    """The current game's meta and the page's ``RecordKeeper``."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.br = app.br
        self.keeper = game.RecordKeeper(app.store)
        self.meta: game.GameMeta | None = None
        self.assisted = False  # set by the solver's "finish for me" (SPEC §12 assisted)
        doc = self.br.document
        self.dialog: JS = doc.querySelector("#dlg-confirm")
        self.time: JS = doc.querySelector('[data-status="time"]')
        self.pending: Callable[[], None] | None = None
        self.shown_seconds = -1
        self._tick = self.br.proxy(self.show_time)
        self.timer = 0

    @property
    def texts(self) -> RecordTexts:
        return RecordTexts(self.app.texts)

    def _visible(self) -> bool:
        return not self.br.hidden()

    # ----- meta of the current game ------------------------------------------------

    def load(self) -> None:
        """At start-up: read the records and the meta of the game on the table (a bad
        one is kept under ``solitaire.backup.<key>``, and said once, SPEC §7)."""
        self.keeper.load()
        if self.keeper.recovered:
            self.app.notices.notify_once("recovered", lambda: self.app.texts.notice("recovered"))
        self.read_meta()

    def read_meta(self) -> None:
        """Take the stored meta of the game on the table, else make a new one (a game
        adopted from another tab keeps the id that tab counts by)."""
        g, store = self.app.g, self.app.store
        raw = store.get(game.KEY_META)
        meta, ok = game.parse_meta(raw, self.br.now(), self._visible(), g.code)
        if not ok and raw is not None:
            store.backup("meta", raw)
            self.app.notices.notify_once("recovered", lambda: self.app.texts.notice("recovered"))
        if meta is None or meta.variant != game.variant_of(g.game, g.cells):
            meta = self.fresh_meta(g)
        self.meta = meta
        self.show_time()

    def fresh_meta(self, g: game.Game) -> game.GameMeta:
        """A new id and clock for ``g`` (any new deal, this deal again included)."""
        self.assisted = False
        return game.new_meta(g.code, game.variant_of(g.game, g.cells), self.br.epoch_ms(),
                             self.br.random48(), self._visible())

    def new_game(self, g: game.Game) -> None:
        """``g`` was just dealt."""
        self.meta = self.fresh_meta(g)
        self.show_time()

    def save_meta(self) -> None:
        """Store the meta (written before the game, so that a tab adopting the game
        finds the id it belongs to)."""
        if self.meta is not None:
            self.app.store.set(game.KEY_META, game.dump_meta(self.meta, self.br.now()))

    def changed(self) -> game.Outcome | None:
        """After a play, undo or redo: record what it means (start, first win) and
        return the win's ``Outcome`` when this change won the game for the first time."""
        g, meta = self.app.g, self.meta
        if meta is None:
            return None
        self.meta, events = game.after_change(
            meta, self.br.now(), is_won=g.is_won, moves=g.move_count, score=g.score,
            assisted=self.assisted, date=self.br.iso_now())
        outcome = None
        for event in events:
            out = self.record(event)
            if event.kind != "start":
                outcome = out
        self.show_time()
        return outcome

    def record(self, event: game.Event) -> game.Outcome | None:
        """Record ``event``; None (nothing counted) for one the keeper refuses as
        malformed, which must never stop the game (SPEC §7)."""
        try:
            return self.keeper.record(event)
        except ValueError:
            return None

    @property
    def result(self) -> str | None:
        """``won``/``assisted`` once the game was won, else None."""
        return self.meta.result if self.meta else None

    # ----- the clock ---------------------------------------------------------------

    def seconds(self) -> int:
        """Whole seconds counted on the current game."""
        return self.meta.clock.seconds(self.br.now()) if self.meta else 0

    def show_time(self, *_args: object) -> None:
        """Write ``data-status="time"`` (shown when the setting is on, SPEC §8)."""
        el = self.time
        if el is None:
            return
        on = self.app.settings.show_clock
        el.hidden = not on
        seconds = self.seconds()
        if on and seconds != self.shown_seconds and self.app._texts is not None:
            self.shown_seconds = seconds
            el.dataset.value = str(seconds)
            el.textContent = self.texts.duration(seconds)

    def relabel(self) -> None:
        """Redraw the clock (language or setting changed)."""
        self.shown_seconds = -1
        self.show_time()

    def on_visibility(self, _evt: JS = None) -> None:
        """The page was hidden or shown: the clock stops or resumes (SPEC §12); the
        meta is saved when hidden (a closed tab keeps its time)."""
        if self.meta is None:
            return
        now, clock = self.br.now(), self.meta.clock
        clock = clock.hide(now) if self.br.hidden() else clock.show(now)
        self.meta = replace(self.meta, clock=clock)
        if self.br.hidden():
            self.save_started()

    def save_started(self) -> None:
        """Save the meta when the page is hidden or left, if its clock has started
        (an untouched game's meta holds nothing a new one would not)."""
        if self.meta is not None and self.meta.clock.started:
            self.save_meta()

    def bind(self) -> None:
        """Listen for visibility, the clock's tick and the confirm dialog."""
        doc = self.br.document
        self.br.listen(doc, "visibilitychange", self.on_visibility)
        self.br.listen(self.br.window, "pagehide", lambda _e: self.save_started())
        self.br.listen(self.dialog, "close", self.on_close)
        self.br.listen(self.br.window, "message", self.on_message)
        self.timer = self.br.set_interval(self._tick, TICK_MS)

    # ----- asking first (SPEC §6) --------------------------------------------------

    def ask(self, text: str, ok_key: str, on_ok: Callable[[], None],
            cancel_key: str = "confirm.cancel") -> None:
        """Open the question ``text``; ``on_ok`` runs only on "confirm"."""
        dlg, t = self.dialog, self.app.texts.t
        dlg.querySelector(".confirm-text").textContent = text
        dlg.querySelector('[data-action="confirm"]').textContent = t(ok_key)
        dlg.querySelector('[data-action="cancel"]').textContent = t(cancel_key)
        self.pending = on_ok
        if not dlg.open:
            dlg.showModal()
        dlg.querySelector('[data-action="cancel"]').focus()

    def confirm(self) -> None:
        """The player said yes."""
        action, self.pending = self.pending, None
        self.dialog.close()
        if action is not None:
            action()

    def cancel(self) -> None:
        """The player said no: nothing changes."""
        self.pending = None
        self.dialog.close()

    def on_close(self, _evt: JS = None) -> None:
        """Escape or the dialog closed otherwise: as "cancel" (unless a new question
        opened it again meanwhile)."""
        if not self.dialog.open:
            self.pending = None

    def replace_game(self, start: Callable[[], None]) -> None:
        """Start another game through ``start()`` (any way: New game, a code, a link,
        a help example, a recent game), asking first over a game in progress; once
        confirmed, the game given up counts as lost (SPEC §6, §12)."""
        g = self.app.g
        question = game.ask_first(g.move_count, g.is_won, self.result)
        if question is None:
            start()
            return

        def give_up_and_start() -> None:
            g = self.app.g
            for event in game.replace_events(self.meta, self.br.now(), is_won=g.is_won,
                                             moves=g.move_count, score=g.score,
                                             date=self.br.iso_now()):
                self.record(event)
            start()

        self.app.dialogs.close_all()
        self.ask(self.app.texts.t(question.key), "confirm.ok", give_up_and_start)

    # ----- links and help examples (SPEC §6) -----------------------------------------

    def take_link(self) -> game.DealCode | None:
        """At start-up: read ``?deal=CODE`` (dropped from the address, which then shows
        no deal but the one on the table). With no game in progress the deal replaces
        the saved one at once (returns None); over a game in progress it is returned,
        and ``after_start`` asks first. A bad code is refused with a notice."""
        text = self.br.take_param("deal")
        deal = None if text is None else self.open_code(text)
        app = self.app
        g = app.g
        if deal is None or game.ask_first(g.move_count, g.is_won, self.result) is not None:
            return deal
        if g.deal != deal or g.move_count:
            app.current, app.last_saved = game.new_game(deal), None
            self.new_game(app.current)
        return None

    def after_start(self, link: game.DealCode | None) -> None:
        """Once the page listens: say that a reloaded game was won, and ask about the
        link's deal over a game in progress."""
        if self.app.g.is_won:
            self.app.stats.win(None, celebrate=False)
        if link is not None:
            self.open_deal(link)

    def open_code(self, text: str) -> game.DealCode | None:
        """The deal of a link's code text (None, and a notice, when it is bad)."""
        app = self.app
        try:
            return game.parse_code(text)
        except game.BadCode as err:
            refused = err
            app.notices.notify("link-refused", lambda: app.texts.link_refused(refused))
            return None

    def open_deal(self, deal: game.DealCode) -> None:
        """Start ``deal`` from a link or a help example, asking first (SPEC §6)."""
        g = self.app.g
        if g.deal == deal and g.move_count == 0:
            return
        self.replace_game(lambda: self.app.start_game(game.new_game(deal)))

    def on_message(self, evt: JS) -> None:
        """A help page in the page's iframe asks to open a deal: ``{"type":
        "open-deal", "code": CODE}``, accepted from this origin only."""
        data = evt.data
        if str(evt.origin) != str(self.br.window.location.origin) or self.app.current is None:
            return
        code = getattr(data, "code", None)
        if getattr(data, "type", None) == "open-deal" and isinstance(code, str):
            self.app.dialogs.close_all()
            deal = self.open_code(code)
            if deal is not None:
                self.open_deal(deal)

    # ----- other tabs --------------------------------------------------------------

    def on_storage(self, key: str, blob: str | None) -> bool:
        """A ``storage`` event: another tab wrote the records. True when handled."""
        if key == game.KEY_RECORDS:
            self.keeper.adopt(blob)
            self.app.stats.refresh()
            return True
        return False

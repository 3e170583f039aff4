"""The records of the page (issue 12, SPEC §6, §12): the current game's meta (id, clock,
result) and the record keeper.

Every rule comes from the rules package (``game.after_change``, ``game.replace_events``,
``game.RecordKeeper``; docs/RECORDS.md): this part only feeds it the page's times. It is
given the game as an argument; the page owns the game and shows the clock.
"""

from __future__ import annotations

from dataclasses import replace

import game

from .domtypes import JS
from .persist import SafeStore


class Ledger:
    """The current game's meta and the page's ``RecordKeeper``."""

    def __init__(self, br: JS, store: SafeStore) -> None:
        self.br = br
        self.store = store
        self.keeper = game.RecordKeeper(store)
        self.meta: game.GameMeta | None = None

    def _visible(self) -> bool:
        return not self.br.hidden()

    # ----- meta of the current game ------------------------------------------------

    def load(self, g: game.Game) -> bool:
        """At start-up: read the records and the meta of ``g`` (a bad one is kept under
        ``solitaire.backup.<key>``). Returns whether something had to be recovered (the
        page says so once, SPEC §7)."""
        self.keeper.load()
        return self.read_meta(g) or self.keeper.recovered

    def read_meta(self, g: game.Game) -> bool:
        """Take the stored meta of ``g``, else make a new one (a game adopted from
        another tab keeps the id that tab counts by). Returns whether a bad meta was
        kept as a backup."""
        raw = self.store.get(game.KEY_META)
        meta, ok = game.parse_meta(raw, self.br.now(), self._visible(), g.code)
        bad = not ok and raw is not None
        if bad and raw is not None:
            self.store.backup("meta", raw)
        if meta is None or meta.variant != game.variant_of(g.game, g.cells):
            meta = self.fresh_meta(g)
        self.meta = meta
        return bad

    def fresh_meta(self, g: game.Game) -> game.GameMeta:
        """A new id and clock for ``g`` (any new deal, this deal again included)."""
        return game.new_meta(g.code, game.variant_of(g.game, g.cells), self.br.epoch_ms(),
                             self.br.random48(), self._visible())

    def new_game(self, g: game.Game) -> None:
        """``g`` was just dealt."""
        self.meta = self.fresh_meta(g)

    def dump_meta(self) -> str | None:
        """The stored text of the meta (None: no meta yet)."""
        return None if self.meta is None else game.dump_meta(self.meta, self.br.now())

    def save_meta(self) -> bool:
        """Store the meta (written before the game, so that a tab adopting the game
        finds the id it belongs to); False when storage refused it."""
        text = self.dump_meta()
        return text is None or self.store.set(game.KEY_META, text)

    def changed(self, g: game.Game, assisted: bool) -> game.Outcome | None:
        """After a play, undo or redo of ``g``: record what it means (start, first win)
        and return the win's ``Outcome`` when this change won the game for the first
        time (``assisted``: Finish for me played in it, SPEC §12)."""
        meta = self.meta
        if meta is None:
            return None
        self.meta, events = game.after_change(
            meta, self.br.now(), is_won=g.is_won, moves=g.move_count, score=g.score,
            assisted=assisted, date=self.br.iso_now())
        outcome = None
        for event in events:
            out = self.record(event)
            if event.kind != "start":
                outcome = out
        return outcome

    def give_up(self, g: game.Game) -> None:
        """``g`` is replaced by another game: a game in progress counts as lost
        (SPEC §6, §12)."""
        for event in self.given_up(g):
            self.record(event)

    def given_up(self, g: game.Game) -> tuple[game.Event, ...]:
        """What replacing ``g`` means for the records (``game.replace_events``: a lost
        event for a game in progress, else nothing); counts nothing."""
        return game.replace_events(self.meta, self.br.now(), is_won=g.is_won,
                                   moves=g.move_count, score=g.score, date=self.br.iso_now())

    def record(self, event: game.Event) -> game.Outcome | None:
        """Count ``event`` (``RecordKeeper.stage``: written with the game it belongs to,
        in one transaction, by the page's next save); None (nothing counted) for one the
        keeper refuses as malformed, which must never stop the game (SPEC §7)."""
        try:
            return self.keeper.stage(event)
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

    def on_visibility(self) -> None:
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

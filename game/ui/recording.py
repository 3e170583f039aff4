"""The records as the page answers them (issue 12, SPEC §12): the Statistics dialog and
its buttons (reset behind a question, a recent game's replay, export and import of all
local data) and the win's two choices. A mixin of ``page.Page``; the dialogs are the
``statsview.StatsView`` part's, the counting the ``ledger.Ledger``'s.
"""

from __future__ import annotations

from dataclasses import replace

import game

from . import choices
from .core import Core
from .persist import checked_settings
from .recordtexts import RecordTexts
from .statsview import PART_KEYS, export_parts
from .texts import Texts


class Recording(Core):
    """Statistics, export, import, and the win's choices."""

    def recent(self) -> tuple[game.Entry, ...]:
        """Recent games, the one on the table with its figures of now (its entry holds
        those of its first action until it ends)."""
        g, meta = self.g, self.ledger.meta
        return tuple(
            replace(e, score=g.score, moves=g.move_count, seconds=self.ledger.seconds())
            if meta is not None and e.id == meta.id and e.result == "playing" else e
            for e in game.recent(self.ledger.keeper.records))

    def open_stats(self) -> None:
        """Open the Statistics dialog on the current game's variant."""
        self.dialogs.close_all()
        self.cancel_press()
        g = self.g
        self.stats.open(game.variant_of(g.game, g.cells), self.texts,
                        self.ledger.keeper.records, self.recent())

    def refresh_stats(self) -> None:
        """Draw the Statistics dialog again if it is open."""
        if self.stats.is_open:
            self.stats.render(self.texts, self.ledger.keeper.records, self.recent())

    def ask_reset(self, variant: str) -> None:
        """Reset one variant's statistics, after a question (issue 12 point 2)."""
        if not any(v.name == variant for v in game.variants()):
            return

        def reset() -> None:
            self.ledger.keeper.reset(variant)
            self.check_storage()
            self.refresh_stats()

        def question(tx: Texts) -> str:
            return tx.t("stats.reset.confirm", game=RecordTexts(tx).variant_name(variant))

        self.confirm.ask(question, "stats.reset.ok", reset, self.texts,
                         cancel_key="confirm.back")

    def replay(self, code: str) -> None:
        """Play a recent game's deal again (asking first over a game in progress)."""
        try:
            deal = game.parse_code(code)
        except game.BadCode:
            return
        self.replace_game(deal, named=True)

    def win_new(self) -> None:
        """A new random deal of the won game's variant."""
        g = self.g
        self.replace_game(choices.random_deal(g.game, g.cells, self.br.random()))

    def win_same(self) -> None:
        """This deal again, from the start."""
        if self.g.deal is not None:
            self.replace_game(self.g.deal)

    # ----- export and import (issue 12 point 6) ------------------------------------

    def export(self) -> None:
        """Download every local datum as one versioned JSON file."""
        parts = export_parts(self.settings.dump(), self.ledger.keeper.records, self.g,
                             self.ledger.dump_meta())
        iso = self.br.iso_now()
        self.br.download(f"solitaire-{iso[:10]}.json", game.export_backup(parts, iso))
        self.notify("export", lambda tx: tx.t("export.done"))

    async def on_file(self, _evt: object = None) -> None:
        """A file was chosen for import: check it, then ask before replacing anything."""
        text = await self.br.file_text(self.stats.file)
        self.stats.file.value = ""
        if text is None:
            return
        try:
            backup = game.parse_backup(text, checked_settings,
                                       lambda t: game.load_save(t) is not None)
        except game.BadBackup as err:
            if self.stats.is_open:  # said under its Import button: another file is a tap away
                self.stats.import_error(err, self.texts)
                return
            refused = err
            self.dialogs.close_all()  # the notice bar is under any modal dialog
            self.notify("import-refused", lambda tx: RecordTexts(tx).import_error(refused))
            return
        self.stats.import_error(None, self.texts)
        stored = {name: self.store.get(key) for name, key in PART_KEYS.items()}
        now, file = game.summarise(stored), game.summarise(dict(backup.parts))
        exported = backup.exported
        loses = backup.part("game") is not None and not self.same_game(backup) \
            and bool(self.ledger.given_up(self.g))

        def question(tx: Texts) -> str:
            when = self.br.date_text(exported, tx.lang) or exported
            return RecordTexts(tx).import_question(now, file, when, loses)

        self.confirm.ask(question, "import.ok", lambda: self.write_import(backup),
                         self.texts, cancel_key="confirm.back")

    def same_game(self, backup: game.Backup) -> bool:
        """Whether the file's game is the game on the table (its meta has this game's
        id and deal: a file exported from this very game): importing it goes on with that game,
        which is then not given up (a tester's game was counted lost and played on)."""
        meta = self.ledger.meta
        if meta is None:
            return False
        theirs, _ok = game.parse_meta(backup.part("meta"), self.br.now(), True, meta.code)
        return theirs is not None and theirs.id == meta.id

    def write_import(self, backup: game.Backup) -> None:
        """Write what the file holds, then start again from it. Everything is one
        transaction (SPEC §7): the file's parts and, when the file's game replaces a
        game in progress here, that game counted as lost (SPEC §12) in the records
        written. When storage cannot take it all, nothing changes, the game on the table
        plays on, and the player is told why (issue 27 case 3)."""
        self.stop_finish(say=False)
        parts = backup.writes()
        writes = {PART_KEYS[name]: value for name, value in parts if value is not None}
        removes = [PART_KEYS[name] for name, value in parts if value is None]
        if backup.part("game") is not None and not self.same_game(backup):
            given_up = self.ledger.given_up(self.g)
            if given_up:
                writes[game.KEY_RECORDS] = self.ledger.keeper.text_with(
                    given_up, writes.get(game.KEY_RECORDS))
        if not self.store.transact(writes):  # all of the file, or nothing
            self.check_storage()
            self.dialogs.close_all()  # the notice bar is under any modal dialog
            self.notify("import-refused", lambda tx: tx.t("import.full"))
            return
        self.ledger.meta = None  # nothing of this page's game may be written over the file's
        self.ledger.keeper.settle(True)
        for key in removes:
            self.store.remove(key)
        self.br.reload("imported")  # start again from what was imported, and say so

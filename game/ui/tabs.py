"""Two tabs on one game (SPEC §7 "One tab owns the game at a time"; issue 27 point 2):
another tab's write of the game, told by a ``storage`` event, is taken over, skipped
when this tab's own later write overwrote it, or answered by putting back a game this
tab replaced; a look at the stored game follows, so every tab ends on the game storage
holds (the last write). A mixin of ``page.Page``; the decisions are ``conflict``'s.
"""

from __future__ import annotations

import game

from . import conflict
from .core import Core
from .domtypes import JS
from .persist import KEY_GAME, KEY_OWNER

#: How long after another tab's write of the game this tab looks at the stored game
#: again (``Tabs.recheck_game``), in ms: past the few ms storage events take between
#: tabs, well under a player's next action.
RECHECK_MS = 400


class Tabs(Core):
    """The saved game, and another tab's."""

    recheck: JS | None = None  # the proxy of recheck_game, made at the first event
    tab_id = ""  # this tab's id in KEY_OWNER, made at its first claim
    auto_saving = False  # a save of Finish for me's move is under way
    wrote_auto = False  # this tab's last write of the game was a move of Finish for me

    def claim(self) -> None:
        """The player acts in this tab: it owns the game (``KEY_OWNER``), and another
        tab's Finish for me stops (``from_tab``). Written only when another tab (or
        none) owned it; a failed write changes nothing."""
        if not self.tab_id:
            self.tab_id = format(self.br.random48(), "x")
        if self.store.get(KEY_OWNER) != self.tab_id:
            self.store.try_set(KEY_OWNER, self.tab_id)

    def from_tab(self, key: str, blob: str | None, old: str | None) -> None:
        """Another tab changed ``key`` (the game, or its owner) from ``old`` to ``blob``.
        The player acting in another tab stops this tab's Finish for me before it plays
        anything more, and says why."""
        if key == KEY_GAME:
            self.other_game(blob, old)
        elif blob is not None and blob != self.tab_id and (self.finishing or self.seeking):
            self.stop_finish(say=False)
            self.notify("solve-stopped", lambda tx: tx.t("solve.stopped-elsewhere"))

    def save_game(self) -> None:
        """Save the game after an action, unless another tab saved a newer one: then
        take that one over (``conflict.before_save``)."""
        decision = conflict.before_save(self.store.get(KEY_GAME), self.last_saved)
        if isinstance(decision, conflict.Adopt) and self.gave_up(decision.other):
            decision = conflict.WRITE  # a stale tab wrote a game this one replaced
        if isinstance(decision, conflict.Adopt):
            self.ledger.keeper.flush()  # what this tab counted is kept, the game is not
            self.adopt(decision)
            return
        blob = self.g.to_save()
        writes = {}
        meta = self.ledger.dump_meta()
        if meta is not None:
            writes[game.KEY_META] = meta  # first: a tab adopting the game finds its id
        writes[KEY_GAME] = blob
        keeper = self.ledger.keeper
        counted = keeper.pending
        if counted:
            writes[game.KEY_RECORDS] = keeper.text
        ok = self.store.transact(writes)  # the game, its meta and its records, or nothing
        if counted:
            keeper.settle(ok)
        if ok:
            self.last_saved = self.heard = blob
            self.wrote_auto = self.auto_saving
            self.notices.dismiss("storage-full")
        self.check_storage()

    def gave_up(self, other: game.Game) -> bool:
        """Whether ``other``, a game another tab saved, is one this tab replaced by
        another. Such a game never comes back: a tab that had not yet seen the new game
        saved its own over it (Chromium's tabs each read a copy of storage, brought up
        to date a little later), and this tab puts its game back (issue 27 case 1, run
        2). Known by its id, from the meta stored beside it; when that meta is another
        game's (two tabs' writes crossed), by its deal and a move counter not below the
        one it had when replaced (the counter never goes down, SPEC §6). A game stored
        with no meta at all (an imported one may be) is not known as given up."""
        raw = self.store.get(game.KEY_META)
        if raw is None:
            return False
        meta, _ok = game.parse_meta(raw, self.br.now(), True, other.code)
        if meta is not None:
            return meta.id in self.given_up
        return any(other.code == code and other.move_count >= moves
                   for code, moves in self.given_up.values())

    def adopt(self, decision: conflict.Adopt) -> None:
        """Take over the game another tab saved, and say so: anything this tab was
        doing to its own game (Finish for me, a search, a selection) stops first."""
        self.stop_finish(say=False)
        self.assist.cancel()
        self.notices.after_action()
        self.set_game(decision.other, decision.blob)
        self.ledger.read_meta(self.g)
        # "Start another game?" stays open while the other tab plays on the same game
        # and the question is the same (issue 27 case 1: a tab running Finish for me
        # must not keep the other from taking the game over); any other question goes.
        self.confirm.cancel_unless(self.replace_question())
        self.show_new()
        # The verdict of the game taken over (trial 45: the old one stayed, and was kept
        # for the next visit); the other tab's move is not this tab's, so it is never
        # said as the move that lost the game.
        self.assist.last_verdict = None
        self.after_move()
        self.notify("other-tab", lambda tx: tx.notice("other-tab"))

    def catch_up(self) -> bool:
        """Before a player's action: take over a newer game another tab stored, whose
        ``storage`` event is still on its way, so the action lands on the game storage
        holds and is not thrown away at the save (issue 27 point 2). Returns whether the
        game was replaced (a Finish for me running here stops then)."""
        decision = conflict.before_save(self.store.get(KEY_GAME), self.last_saved)
        if not isinstance(decision, conflict.Adopt) or self.gave_up(decision.other):
            return False
        self.ledger.keeper.flush()
        self.adopt(decision)
        return True

    def other_game(self, blob: str | None, old: str | None = None) -> None:
        """Another tab stored ``blob`` as the game over ``old`` (a ``storage`` event):
        take it over, or put this tab's game back when ``blob`` is a game this tab
        replaced (``gave_up``). Skipped: an event whose write this tab's own later write
        (or read) overwrote (``conflict.overwritten``: the other tab takes ours over when
        ours reaches it; issue 27 point 2), unless ours was a move of Finish for me
        (``wrote_auto``: it gives way, ``give_way``); and one whose game is no longer stored when a newer
        one is (its own event follows; storage still showing this tab's own last write
        is no sign: Chromium keeps a tab's copy of a key it writes until the write is
        through). A look at the stored game follows every event (``recheck_game``)."""
        if self.recheck is None:
            self.recheck = self.br.proxy(self.recheck_game)
        self.br.clear_timeout(self.recheck_timer)
        self.recheck_timer = self.br.set_timeout(self.recheck, RECHECK_MS)
        if conflict.overwritten(old, self.heard):
            if self.wrote_auto:
                self.give_way(blob)
            return
        self.heard = blob
        now = self.store.get(KEY_GAME)
        if blob is not None and now not in (None, blob, self.last_saved):
            return
        self.take_or_put_back(conflict.on_storage_event(blob, self.last_saved))

    def give_way(self, blob: str | None) -> None:
        """This tab's Finish for me wrote over ``blob``, the game a player's action in
        another tab saved a moment before: the player's action wins. The finish stops,
        this tab takes that game over and writes it back (the other tab, which took our
        write over, then takes its own game back). A game this tab replaced stays given
        up."""
        decision = conflict.on_storage_event(blob, self.last_saved)
        if decision is None or self.gave_up(decision.other):
            return
        self.adopt(decision)
        if self.store.transact({KEY_GAME: decision.blob}):
            self.heard = decision.blob

    def take_or_put_back(self, decision: conflict.Adopt | None) -> None:
        """Adopt another tab's game, or write ours back over one this tab replaced."""
        if decision is not None and self.gave_up(decision.other):
            self.save_game()
        elif decision is not None:
            self.adopt(decision)

    def recheck_game(self, *_args: object) -> None:
        """Once other tabs' writes have settled: the game shown is the one stored (the
        last write wins, in every tab); a safety net under ``other_game`` for a browser
        whose events would not tell the order of crossed writes."""
        self.recheck_timer = 0
        if self.current is not None:
            self.take_or_put_back(conflict.on_storage_event(self.store.get(KEY_GAME),
                                                            self.last_saved))

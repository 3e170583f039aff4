"""The solver in the page (issue 10), as the page shows it: Hint, the "Can it still be
won?" indicator (``data-status="winnable"``), the Easy Harp stuck notice, and Finish for
me. A mixin of ``page.Page``: the searching and the pace are the ``assist.Assist``
part's; what is shown and played is decided here, by the page that owns the game.

Finish for me (``data-action="solve"``): searches first; a game that cannot be won is
said so at once; else it asks (the ``data-role="confirm"`` question: the game will count
as assisted), every time it is started (issue 23: stopped, then pressed again, it asks
again); then plays the line one undoable action at a time (``slicer.finish_delay``).
While it searches or plays, the button is pressed and labelled "Stop" (and the notice
of its search has a Stop). Any input, the button again, an undo, another game or
another tab taking the game over stops it, search or play, and it stays stopped.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

import game

from . import intents as it
from .core import Core
from .protocol import Ask
from .slicer import SOLVE_NODES, STUCK, STUCK_NODES, VERDICT_NODES, finish_delay, hint_marks, verdict
from .texts import Texts

#: The last verdicts proven on this device ("yes" or "no"), kept across visits so that a
#: reload shows the position's at once instead of "thinking" for the seconds a search
#: takes (trial 44), and so does an Undo after the reload (trial 48 saw 4.5 s of
#: "Checking…" there): JSON {"v": VERDICT_VERSION, "kept": [[position, value], ...]},
#: the oldest first, at most ``KEPT_MAX``; position: the first 32 hex digits of the
#: SHA-256 of the position text (``Game.position``), value "yes" | "no" | "unknown"
#: (about 45 bytes each). A proof either way holds for that position for good. "unknown"
#: is kept only once the largest budget (``SOLVE_NODES``, the search again or Finish for
#: me) ran out: the search is deterministic, so it would end the same way (trial 50: a
#: reload searched 72 s again to say "unsure" again); it is then shown at once and not
#: searched again, and Finish for me says so at once.
KEY_VERDICT = "solitaire.verdict"
#: Raised when a fix of the solver may change a verdict kept before it, or the record's
#: shape changes: 2 since the complete search called some won Easy Harp positions lost
#: (7 December 2026, ``eh_bases.owed``), so a "no" kept by version 1 is searched again;
#: 3 keeps the last ``KEPT_MAX`` positions instead of one.
VERDICT_VERSION = 3
KEPT = ("yes", "no", "unknown")
KEPT_MAX = 64


def position_digest(position: str) -> str:
    """The digest ``KEY_VERDICT`` names a position by: 32 hex digits."""
    return hashlib.sha256(position.encode("utf-8")).hexdigest()[:32]


class Helping(Core):
    """Hint, indicator, stuck notice and Finish for me."""

    budgets = {"verdict": VERDICT_NODES, "solve": SOLVE_NODES, "stuck": STUCK_NODES}

    def key_of(self) -> str:
        """The cache key of the position on the table."""
        return self.g.position()

    def after_move(self) -> None:
        """Any action, undo, redo or new game: abandon the search, then ask again
        (indicator, stuck notice)."""
        self.assist.cancel()
        self.refresh_verdict()

    # ----- the indicator and the stuck notice ------------------------------------------

    def refresh_verdict(self) -> None:
        """Show the indicator for the position on the table, searching if needed."""
        on, g = self.settings.show_winnable, self.g
        if not self.finishing:  # a line found before, followed here, is not searched again
            self.assist.follow(self.key_of(), g)
        if not on:
            self.status.verdict(None, self.texts)
        if self.finishing:
            return
        kept = self.kept_verdict() if on and not g.is_won else None
        if kept is not None:  # proven (or searched to the end) before: shown at once
            self.show_verdict(kept)
            if kept == "unknown":
                self.assist.rechecked = self.key_of()
            if kept != "yes" and self.assist.loaded:
                self.check_stuck()
            return
        if not self.assist.loaded:  # until the solver is loaded (SolverReady asks then)
            if on:
                self.status.verdict("yes" if g.is_won else "thinking", self.texts, g.is_won,
                                    helped=self.assist.assisted(g))
            return
        if not on:
            self.check_stuck()
            return
        if g.is_won:
            self.status.verdict("yes", self.texts, won=True, helped=self.assist.assisted(g))
            return
        sol = self.assist.search(Ask("verdict", self.budgets["verdict"]), self.key_of(), g)
        if sol is None:
            self.status.verdict("thinking", self.texts)
        else:  # remembered: searched further as a fresh answer would be
            self.verdict_answered(sol)

    def check_stuck(self) -> bool:
        """A game with a stock (Easy Harp), whose moves never run out: find out (in
        slices) whether nothing that matters can change any more (``game.Search`` with
        goal ``"progress"``, as ``game.is_stuck``). Whether it was asked (a game with
        no stock, or won, has no such test)."""
        g = self.g
        if "s" not in g.pile_ids() or g.is_won:
            return False
        ask = Ask("stuck", self.budgets["stuck"], mode="complete", goal="progress")
        sol = self.assist.search(ask, STUCK + self.key_of(), g)
        if sol is not None:
            self.stuck_found(sol)
        return True

    def stuck_found(self, sol: game.Solution) -> None:
        """Stuck (``unwinnable``: no progress reachable): the indicator says ``no``; the
        notice comes once per game."""
        if sol.status == "unwinnable":
            if self.settings.show_winnable:
                self.status.verdict("no", self.texts)
            if not self.assist.stuck_said:
                self.assist.stuck_said = True
                self.notify("stuck", lambda tx: tx.t("notice.stuck"))
        else:
            self.search_again()

    def search_again(self) -> None:
        """The indicator says "unknown" (the verdict's budget ran out, and the game is
        not stuck): the solver's worker searches the position again, with Finish for
        me's budget, while the words say "Win unsure, still checking…"; its answer
        replaces the verdict, and Finish for me on the same position then starts at
        once. A new player saw "Win unsure" after 25 s of "Checking" on deal
        EH1-N-AAAAAAU, where Finish for me then found a win. Once per position (the
        last one whose search again ended: a search that the next action cut short, an
        Undo say, runs again when the position comes back; trial 48 saw a plain "Win
        unsure" after Undo and Redo, never checked), and only beside the page (its own
        slices are not spent on it)."""
        key = self.key_of()
        if (not self.settings.show_winnable or self.finishing or self.assist.beside is None
                or self.status.verdict_value != "unknown" or self.assist.rechecked == key):
            return
        sol = self.assist.search(Ask("recheck", self.budgets["solve"]), key, self.g)
        if sol is not None:
            self.assist.rechecked = key
            self.verdict_found(sol, final=True)
        else:
            self.status.verdict("unknown", self.texts, more=True)

    def verdict_answered(self, sol: game.Solution) -> None:
        """The indicator's own search answered (or its answer was remembered): shown and
        kept; not "winnable", the stuck test, then the search again, follow."""
        self.verdict_found(sol)
        if sol.status != "winnable" and not self.check_stuck():
            self.search_again()

    def verdict_found(self, sol: game.Solution, final: bool = False) -> None:
        """Show the verdict of ``sol``, about the position on the table, and keep it
        (``KEY_VERDICT``): a proof always, "unknown" when the search spent the largest
        budget (``final``)."""
        value = verdict(sol)
        self.show_verdict(value)
        if value not in KEPT or self.g.is_won or (value == "unknown" and not final):
            return
        mine, kept = position_digest(self.key_of()), self.kept_verdicts()
        if [mine, value] not in kept:
            kept = [pair for pair in kept if pair[0] != mine][-(KEPT_MAX - 1):]
            self.store.set(KEY_VERDICT, json.dumps({"v": VERDICT_VERSION, "kept": [*kept, [mine, value]]}))

    def show_verdict(self, value: str) -> None:
        """Show the verdict ``value`` of the position on the table; a move that turned a
        winnable game into a lost one is said."""
        if self.assist.verdict_seen(self.key_of(), value):
            self.notify("lost-win", lambda tx: tx.t("notice.lost-win"))
        self.status.verdict(value, self.texts)

    def kept_verdicts(self) -> list[list[str]]:
        """The verdicts kept under ``KEY_VERDICT``, as [position digest, value] pairs
        (value in ``KEPT``), the oldest first; entries of another shape are left out, and anything
        unreadable or of another version reads as none."""
        raw = self.store.get(KEY_VERDICT)
        try:
            data = game.read_json(raw) if raw else None
        except ValueError:
            return []
        if (not isinstance(data, dict) or type(data.get("v")) is not int or data["v"] != VERDICT_VERSION
                or not isinstance(data.get("kept"), list)):
            return []
        return [[str(p[0]), str(p[1])] for p in data["kept"]
                if isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and p[1] in KEPT]

    def kept_verdict(self) -> str | None:
        """The verdict kept under ``KEY_VERDICT`` for the position on the table (one of
        ``KEPT``); else None (none kept for it, or not readable)."""
        mine = position_digest(self.key_of())
        return next((value for digest, value in reversed(self.kept_verdicts()) if digest == mine), None)

    def found(self, f: it.Found | it.Hinted) -> None:
        """A search ended (or the worker's hint came: ``hinted``); its answer is shown
        only if it is about the position on the table."""
        if isinstance(f, it.Hinted):
            self.hinted(f)
            return
        sol = f.solution
        if not isinstance(sol, game.Solution) or f.key.removeprefix(STUCK) != self.key_of():
            return
        if f.kind == "solve":
            if self.seeking == f.key:  # not stopped meanwhile
                self.solved(sol)
        elif f.kind == "stuck":
            self.stuck_found(sol)
        else:
            if f.kind == "recheck":
                self.assist.rechecked = f.key
            if f.kind == "verdict":
                self.verdict_answered(sol)
            else:
                self.verdict_found(sol, final=True)

    # ----- hint --------------------------------------------------------------------

    def hint(self) -> None:
        """Mark and say one move (SPEC §8, §10): asked of the solver's worker (shown
        when it answers, ``hinted``), else found here at once. In a position proven
        lost, no move: it says so (trial 51: 55 hints moved 3♣ to a cell and back)."""
        self.stop_finish()
        self.table.clear_hint()
        g, key = self.g, self.key_of()
        if g.is_won:  # a helper pressed Hint on the won table and read "No useful move found"
            done = "hint.finished" if self.ledger.result == "assisted" else "hint.won"
            self.notify("hint", lambda tx: tx.t(done))
        elif self.kept_verdict() == "no" or any(getattr(self.assist.known(k), "status", "") == "unwinnable"
                                                for k in (key, STUCK + key)):
            self.notify("hint", lambda tx: tx.t("hint.lost"))
        elif self.assist.ask_hint(g, key):  # said until the worker answers (up to 2-3 s seen)
            self.notify("hint", lambda tx: tx.t("hint.looking"))
        else:
            self.show_hint(self.assist.hint_move(g, key))

    def hinted(self, h: it.Hinted) -> None:
        """The worker's hint: shown only if it is about the position on the table."""
        if h.key != self.key_of() or self.finishing:
            return
        try:
            move = self.g.normalise(h.move) if h.move else None
        except game.GameError:  # not a move of this position: nothing to show
            return
        self.show_hint(move)

    def show_hint(self, move: game.Move | None) -> None:
        """Mark and say ``move`` (None: there is nothing useful to do)."""
        g = self.g
        self.table.clear_hint()
        if move is None:
            self.notify("hint", lambda tx: tx.t("hint.none"))
            return
        self.table.hint(hint_marks(g, move))
        text = hint_text(g, move)
        self.notify("hint", text)

    # ----- Finish for me -----------------------------------------------------------

    def solve(self) -> None:
        """While it searches or plays: stop it. Else find a line (beside the page, in
        slices, or the remembered answer), then ask, then play it."""
        if self.finishing or self.seeking:
            self.stop_finish()
            return
        self.table.clear_hint()
        self.assist.forget_hint()
        g = self.g
        if g.is_won:
            return
        kept = {"no": "unwinnable", "unknown": "unknown"}.get(self.kept_verdict() or "")
        sol = game.Solution(kept, (), 0) if kept else self.assist.search(
            Ask("solve", self.budgets["solve"]), self.key_of(), g)
        if sol is not None:
            self.solved(sol)
        else:  # the button and the notice stop the search (trial 50: 75.6 s, no way out)
            self.seeking = self.key_of()
            self.show_running(True)
            self.status.verdict("thinking" if self.settings.show_winnable else None, self.texts)
            self.notify("solving", lambda tx: tx.t("solve.thinking"), action="action.solve-stop")

    def solved(self, sol: game.Solution) -> None:
        """The line of Finish for me is found (or not): ask, then play."""
        if self.seeking:
            self.seeking = ""
            self.show_running(False)
        self.notices.dismiss("solving")
        if self.settings.show_winnable:  # its search replaced the indicator's: answer it too
            self.verdict_found(sol, final=True)
        if sol.status != "winnable" or not sol.moves:
            self.notify("solve-none", lambda tx: tx.t(f"solve.{sol.status}"))
            return
        key = self.key_of()
        self.confirm.ask(lambda tx: tx.t("solve.ask"), "solve.ok",
                         lambda: self.play_solution(sol, key), self.texts,
                         cancel_key="confirm.back")

    def play_solution(self, sol: game.Solution, key: str) -> None:
        """Play the winning line ``sol`` of position ``key``, one action at a time;
        nothing if the table shows another position by then."""
        if key != self.key_of() or self.g.is_won:
            return
        self.finishing = list(sol.moves)
        self.finished = 0
        self.finish_at = key
        self.finish_due = self.br.now()
        self.show_running(True)
        self.notify("finishing", lambda tx: tx.t("solve.playing"), action="solve.skip")
        self.assist.play_later(self.finishing[0], 0)

    def auto_move(self, move: str) -> None:
        """The next move of Finish for me is due: played if it still runs. Each action
        is due at a time of its own (``finish_due``, paced by ``finish_delay``); the
        actions already due when this one is drawn (a slow device, whose drawing takes
        longer than the pauses) are played with it and the table is drawn once, so a
        finish ends within ``FINISH_WATCH_MS`` on any device (issue 24 point 5). Each
        action stays one undoable action of its own."""
        if not self.finishing or self.finishing[0] != move:
            return
        if self.catch_up():  # another tab's newer game: taken over, and the finish stopped
            return
        self.assist.mark_assisted(self.g)
        total = self.finished + len(self.finishing)
        played = 0
        while self.finishing:
            step = self.finishing.pop(0)
            try:
                self.g.play(step)
            except game.IllegalMove as err:
                if not played:
                    self.refused(err.code, err.details, err.move)
                self.finishing = []
                break
            played += 1
            self.finished += 1
            self.finish_due += finish_delay(self.finished, step, total)
            if self.finish_due > self.br.now():
                break
        if played:
            self.finish_at = self.key_of() if self.finishing else ""
            self.assist.shown = self.finish_at or None
            self.auto_saving = True  # the save is Finish for me's (tabs.Tabs.give_way)
            try:
                self.after_action()  # (a save may take another tab's game over: that stops it)
            finally:
                self.auto_saving = False
        if self.finishing:
            self.assist.play_later(self.finishing[0], max(0, int(self.finish_due - self.br.now())))
            return
        self.assist.stop_pacing()  # the line is played, or the rest of it is refused
        self.show_running(False)
        self.notices.dismiss("finishing")
        self.refresh_verdict()

    def skip_to_end(self) -> None:
        """The finishing notice's button: play every move left at once (each an undoable
        action of its own), then show the end."""
        moves, self.finishing = self.finishing, []
        self.assist.stop_pacing()
        self.notices.dismiss("finishing")
        self.show_running(False)
        self.assist.mark_assisted(self.g)
        played = 0
        for move in moves:
            try:
                self.g.play(move)
            except game.IllegalMove:
                break
            played += 1
        if played:
            self.after_action()


def hint_text(g: game.Game, move: game.Move) -> Callable[[Texts], str]:
    """The words of a hinted ``move`` of game ``g``, as a function of the texts."""
    if move.dst is None:  # the stock tap: a card turned over, or the waste turned back
        return lambda tx: tx.t("hint.draw" if g.pile("s") else "hint.redeal")
    pile = g.pile(move.src)
    count = move.count or 1
    face = pile[-count].card.face if len(pile) >= count else ""
    src_suit = g.foundation_suit(move.src) if move.src.startswith("f") else ""
    dst_suit = g.foundation_suit(move.dst) if move.dst.startswith("f") else ""
    src, dst = move.src, move.dst

    def text(tx: Texts) -> str:
        name = tx.card_label(face, True) if face else ""
        what = (tx.t("hint.card", card=name) if count == 1
                else tx.t("hint.cards", count=count, card=name))
        return tx.t("hint.move", what=what, src=tx.pile_label(src, src_suit, in_sentence=True),
                    dst=tx.pile_label(dst, dst_suit, in_sentence=True))

    return text

"""A model test of storage (issue 27 point 1): random actions of a player on the real
page under CPython, over a ``localStorage`` whose quota and failures are random, checked
after every step against what must hold (SPEC §7, §12).

The actions: moves dragged on the table, stretches of a winning line (from
``game.solve``; played through ``Core.play``, the entry taps and Finish for me share),
undo, a new deal typed in the New game dialog (confirmed when asked: a game given up
counts as lost), reloads (a new page on the same storage, later in time as a real
reload is), storage filling to a random quota, full, refusing one key, freed, and the
cached picture of the table (``solitaire.paint``) written when it fits.

What must hold:

- the stored game always loads, its meta belongs to it, and it is a state the page
  showed (the one on the table, or an earlier whole state);
- each time storage changes, it holds the game on the table and statistics equal to
  the SPEC §12 reference model (``tests/unit/records_model.py``) of everything the player
  did since the last change was stored: each game counted once, a win made while full
  counted once room returns, nothing counted twice across reloads (a reload goes back to
  what storage held, and so does the model);
- a transaction that failed left no cached picture behind, and one that would have fit
  without the picture landed: the picture gives way before the game and the records;
- the player is told once that storage is full, and the notice goes when a save lands;
- at the end, with room again, one save stores the game on the table and statistics
  equal to the reference model.

The model keeps its own game identities (not the page's ids), so two games the page
mixed up would show as a wrong count.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

from fakebrowser import FakeStore, QuotaExceeded
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from pagedriver import Driver

import game
from game.records import STAT_VARIANTS, Event, parse_records
from game.ui.persist import KEY_GAME, KEY_PAINT, KEY_SETTINGS
from tests.unit.records_model import reference

#: Date.now() of the first page; each reload comes later, as real time goes on (game
#: ids are made of it: two pages at the same instant with the same random numbers
#: would deal games under one id, which no real reload does).
EPOCH = 1_764_000_000_000
#: Eight Off deals the runs start from (solved once each; all are won with 8 cells).
DEALS = tuple(range(1, 9))
KEYS = (KEY_GAME, game.KEY_META, game.KEY_RECORDS)
ROOMY = 5_000_000


@cache
def winning_line(position: str, code: str) -> tuple[str, ...]:
    """A winning line from ``position`` of the deal ``code`` (empty when the fast search
    finds none within its budget)."""
    g = game.load_position(position, game=game.parse_code(code).game,
                           cells=game.parse_code(code).cells)
    sol = game.solve(g, 10_000, mode="fast")
    return tuple(sol.moves) if sol.status == "winnable" else ()


@dataclass(frozen=True)
class Play:
    """The model's game on the table: its own identity, variant, whether an action was
    counted (``start``) and its result (``won`` once won)."""

    ident: str
    variant: str
    started: bool = False
    result: str | None = None


class StorageModel(RuleBasedStateMachine):
    # ----- set-up ------------------------------------------------------------------

    @initialize(number=st.sampled_from(DEALS), left=st.integers(1, 12),
                paint=st.sampled_from([0, 3_000, 40_000]),
                free=st.integers(0, 1_200))
    def begin(self, number: int, left: int, paint: int, free: int) -> None:
        """A game saved ``left`` moves before its win (as in issue 27 case 2), maybe a
        cached picture beside it, and storage with ``free`` characters left."""
        code = str(game.DealCode("eight-off", 8, number))
        g = game.new_game(code)
        line = winning_line(g.position(), code)
        assert line, code
        for m in line[:-left]:
            g.play(m)
        self.store = FakeStore({KEY_GAME: g.to_save()})
        if paint:
            self.store.data[KEY_PAINT] = "p" * paint
        self.shown = {g.to_save()}  # every state of a game the page showed
        self.events: list[Event] = []
        self.games = 0
        self.play = self.new_play("eight-off-8")
        self.committed = (tuple(self.events), self.play)
        self.triple = self.stored()
        self.pages = 0
        self.failed = 0  # transactions that failed
        self.full_wins = 0  # wins whose save failed
        self.wall = EPOCH
        self.d = self.open_page()
        self.store.quota = self.store.used() + free

    def new_play(self, variant: str) -> Play:
        self.games += 1
        return Play(f"model-{self.games}", variant)

    def open_page(self) -> Driver:
        """A page over the storage (the first one, or a reload), watched: each action
        it shows is told to the model, each transaction checked."""
        self.pages += 1
        d = Driver("", store=self.store, seed=self.pages, epoch=self.wall)
        page = d.page
        shown_action = page.after_action

        def after_action(*a: object, **k: object) -> None:
            shown_action(*a, **k)  # type: ignore[arg-type]
            self.acted()

        page.after_action = after_action  # type: ignore[method-assign]
        transact = page.store.transact

        def checked(writes: dict[str, str]) -> bool:
            self.check_transaction(writes, transact)
            return self.saves[-1]

        page.store.transact = checked  # type: ignore[method-assign]
        self.saves: list[bool] = []
        self.stirred = False  # nothing happened on this page yet: no reload asked
        return d

    def stored(self) -> tuple[str | None, ...]:
        return tuple(self.store.data.get(k) for k in KEYS)

    # ----- what the model counts -----------------------------------------------------

    def acted(self) -> None:
        """An action was shown (play, undo, redo): count it as SPEC §12 says."""
        g, p = self.d.g, self.play
        if not p.started:
            self.events.append(Event("start", p.ident, p.variant, g.code, g.score, g.move_count))
            p = replace(p, started=True)
        won = g.is_won and p.result is None
        if won:
            self.events.append(Event("won", p.ident, p.variant, g.code, g.score, g.move_count,
                                     self.d.page.ledger.seconds()))
            p = replace(p, result="won")
        self.play = p
        self.stirred = True
        self.shown.add(g.to_save())
        self.check_change()
        if won and not self.saves[-1]:
            self.full_wins += 1

    def check_change(self) -> None:
        """If storage changed, it holds the game on the table and the statistics of
        everything the player did; the model remembers that as what a reload brings back."""
        now = self.stored()
        if now == self.triple:
            return
        assert now[0] == self.d.g.to_save(), "storage took a game that is not on the table"
        self.check_statistics()
        self.triple = now
        self.committed = (tuple(self.events), self.play)

    def check_statistics(self) -> None:
        raw = self.store.data.get(game.KEY_RECORDS)
        records, ok = parse_records(raw)
        assert ok
        want = reference(self.events)
        got = {v: records.of(v).values() for v in STAT_VARIANTS}
        assert got == want, (got, want, self.events)

    def check_transaction(self, writes: dict[str, str],
                          transact: Callable[[dict[str, str]], bool]) -> None:
        """Run the page's transaction and check that the picture gave way before it:
        after a failure no picture is left, and writes that fit without the picture
        landed (unless storage refuses every write or one of these keys)."""
        store = self.store
        before = {k: store.data.get(k) for k in writes}
        picture = len(KEY_PAINT) + len(store.data[KEY_PAINT]) if KEY_PAINT in store.data else 0
        room = store.quota - store.used() + picture
        need = grown = 0  # the most the writes take at any point, in the page's order
        for k, v in writes.items():
            old = before[k]
            grown += len(k) + len(v) - (0 if old is None else len(k) + len(old))
            need = max(need, grown)
        ok = transact(writes)
        self.saves.append(ok)
        self.failed += not ok
        if ok:
            assert all(store.data.get(k) == v for k, v in writes.items())
            return
        assert {k: store.data.get(k) for k in writes} == before, "a failed write left a part"
        assert KEY_PAINT not in store.data, "the picture did not give way"
        refused = store.full or any(k in store.refuse for k in writes)
        assert refused or need > room, (need, room)

    # ----- the player's actions --------------------------------------------------------

    @rule(pick=st.integers(0, 10_000))
    def move(self, pick: int) -> None:
        """Drag one legal move (any of them)."""
        d = self.d
        moves = d.g.legal_moves()
        if not moves:
            return
        m = moves[pick % len(moves)]
        before = d.g.move_count
        d.drag(m.src, len(d.g.pile(m.src)) - (m.count or 1), m.dst or m.src)
        assert d.g.move_count == before + 1, m

    @precondition(lambda self: not self.d.g.is_won and self.d.g.cells == 8)
    @rule(steps=st.integers(1, 40))
    def towards_the_win(self, steps: int) -> None:
        """Play ``steps`` moves of a winning line from the position on the table (8
        cells only: few 4-cell positions are won, not worth the search)."""
        d = self.d
        line = winning_line(d.g.position(), d.g.code)
        for m in line[:steps]:
            assert d.page.play(m), m

    @precondition(lambda self: self.d.g.can_undo)
    @rule()
    def undo(self) -> None:
        self.d.button("undo")

    @precondition(lambda self: self.play.started or self.d.g.is_won)
    @rule(number=st.integers(1, 200), cells=st.sampled_from([8, 4]))
    def new_deal(self, number: int, cells: int) -> None:
        """New game -> Eight Off, ``cells`` cells, deal ``number`` -> confirm when asked
        (once the game on the table was tried: played on, or won)."""
        d, p = self.d, self.play
        g = d.g
        asks = g.move_count > 0 and not g.is_won
        d.button("new")
        for sel in ('#dlg-new input[value="eight-off"]',
                    f'#dlg-new input[name="cells"][value="{cells}"]'):
            el = d.q(sel)
            el.checked = True
            d.br.change(el)
        d.q("#deal-code").value = str(number)
        d.button("deal-code")
        assert (d.dialog_open() == "dlg-confirm") == asks
        if asks:
            if p.result is None:
                self.events.append(Event("lost", p.ident, p.variant, g.code, g.score,
                                         g.move_count))
            d.button("confirm")
        want = game.DealCode("eight-off", cells, number)
        assert d.g.code == str(want) and d.g.move_count == 0
        self.play = self.new_play(game.variant_of("eight-off", cells))
        self.stirred = True
        self.shown.add(d.g.to_save())
        self.check_change()

    @precondition(lambda self: self.stirred)
    @rule()
    def reload(self) -> None:
        """Reload: a new page on the same storage, a few seconds later. What was not
        stored is gone, for the page and for the model alike."""
        self.wall = self.d.br.epoch_ms() + 3_000
        self.d.page.close()
        events, self.play = self.committed
        self.events = list(events)
        self.d = self.open_page()
        assert self.d.g.to_save() == self.store.data[KEY_GAME]
        self.check_change()

    # ----- the storage's ---------------------------------------------------------------

    @rule(change=st.one_of(
        st.tuples(st.just("fill"), st.integers(0, 1_500)),
        st.tuples(st.just("full"), st.none()),
        st.tuples(st.just("refuse"), st.sampled_from([*KEYS, KEY_SETTINGS])),
        st.tuples(st.just("free"), st.none()),
        st.tuples(st.just("paint"), st.sampled_from([2_000, 8_000, 30_000]))))
    def storage(self, change: tuple[str, object]) -> None:
        """Something else happens to storage: another use of the origin fills it up to
        ``n`` characters left (``fill``), every write fails (``full``), writes of one key
        fail (``refuse``), room comes back (``free``), or the page is hidden and
        static/prepaint.js keeps a picture of the table if it fits (``paint``)."""
        what, arg = change
        store = self.store
        self.stirred = True
        if what == "fill":
            store.quota = store.used() + int(arg)  # type: ignore[call-overload]
        elif what == "full":
            store.full = True
        elif what == "refuse":
            store.refuse.add(str(arg))
        elif what == "free":
            self.free()
        else:
            try:
                store.set(KEY_PAINT, "p" * int(arg))  # type: ignore[call-overload]
            except QuotaExceeded:
                pass

    def free(self) -> None:
        self.store.quota = ROOMY
        self.store.full = False
        self.store.refuse.clear()

    # ----- after every step ------------------------------------------------------------

    @invariant()
    def the_stored_game_is_whole_and_was_shown(self) -> None:
        if not hasattr(self, "d"):
            return
        raw = self.store.data[KEY_GAME]
        saved = game.load_save(raw)
        assert raw in self.shown
        meta = self.store.data.get(game.KEY_META)
        if meta is not None:
            assert json.loads(meta)["code"] == saved.code
        self.check_change()

    @invariant()
    def told_once(self) -> None:
        if not hasattr(self, "d"):
            return
        told = [t for what, kind, t in self.d.log if what == "notify" and kind == "storage-full"]
        assert len(told) <= 1
        if False in self.saves:
            assert told, "storage was full and the player was not told"
        if self.saves and self.saves[-1]:
            assert self.d.notice() != "storage-full"

    def step(self, action: Callable[[], object]) -> None:
        """One action of a fixed story, then every invariant (as a random run checks)."""
        action()
        self.the_stored_game_is_whole_and_was_shown()
        self.told_once()

    def teardown(self) -> None:
        if not hasattr(self, "d"):
            return
        # what the example did (pytest --hypothesis-show-statistics)
        event(f"wins: {sum(e.kind == 'won' for e in self.events)}")
        event(f"wins made while full: {self.full_wins}")
        event(f"games lost: {sum(e.kind == 'lost' for e in self.events)}")
        event(f"pages (reloads + 1): {self.pages}")
        event(f"failed transactions: {min(self.failed, 10)}{'+' if self.failed > 10 else ''}")
        self.finish()

    def finish(self) -> None:
        """Room again, and one save: the game on the table and every count are stored."""
        self.free()
        self.d.page.save_game()
        assert self.saves[-1]
        assert self.store.data[KEY_GAME] == self.d.g.to_save()
        self.check_statistics()


StorageModel.TestCase.settings = settings(
    max_examples=20, stateful_step_count=15,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
test_storage_model = StorageModel.TestCase


def test_the_reported_story_through_the_model():
    """The cases of issue 27 in a fixed order through the same machine and checks (the
    random runs above reach a win made while full in only some of their examples): a
    win made while full, a reload that loses it, the same win again while full, room
    again (counted once); a new deal, the picture kept, a move saved in its room, moves
    and a game given up while full, a reload; a game given up with room; the records
    refused alone, then room."""
    m = StorageModel()
    step = m.step

    step(lambda: m.begin(number=2, left=6, paint=0, free=0))
    step(lambda: m.towards_the_win(40))
    assert m.d.g.is_won and m.full_wins == 1 and m.d.notice() == "storage-full"
    step(m.reload)
    assert not m.d.g.is_won  # what was not stored is gone: the game is back before its win
    step(lambda: m.towards_the_win(40))
    assert m.d.g.is_won and m.full_wins == 2
    step(lambda: m.storage(("free", None)))
    step(m.undo)  # the next save lands: the win is counted, once
    stats = json.loads(m.store.data[game.KEY_RECORDS])["stats"]["eight-off-8"]
    assert (stats["played"], stats["won"]) == (1, 1)
    step(lambda: m.new_deal(5, 8))
    step(lambda: m.storage(("paint", 8_000)))
    step(lambda: m.storage(("fill", 0)))
    step(lambda: m.move(0))  # saved: the picture gave way
    assert m.saves[-1] and KEY_PAINT not in m.store.data
    step(lambda: m.storage(("fill", 0)))
    step(lambda: m.move(1))
    step(lambda: m.new_deal(9, 4))  # the deal given up counts as lost, when room returns
    assert m.saves[-2:] == [False, False]
    step(m.reload)
    assert m.d.g.code == str(game.DealCode("eight-off", 8, 5)) and m.d.g.move_count == 1
    step(lambda: m.storage(("free", None)))
    step(lambda: m.new_deal(7, 8))  # given up with room: counted as lost at once
    assert json.loads(m.store.data[game.KEY_RECORDS])["stats"]["eight-off-8"]["played"] == 2
    step(lambda: m.storage(("refuse", game.KEY_RECORDS)))
    step(lambda: m.move(3))  # its start cannot be written, so neither can the move
    assert m.saves[-1] is False
    step(lambda: m.storage(("free", None)))
    step(lambda: m.move(2))
    assert m.saves[-1]
    m.finish()


def test_a_failed_transaction_puts_back_every_key_however_full():
    """Found by the random runs (a clean-clone run, seed 227639400765000134858726697425647370118):
    the meta shrank by a character ("started": false -> true), the game grew into the
    room left, the records did not fit; putting the meta back first needed the
    character the game now held, so the rollback left the new meta. The rollback now
    goes back in reverse order, each key to a state that fitted before."""
    m = StorageModel()
    step = m.step

    step(lambda: m.begin(number=1, free=1149, left=1, paint=40000))
    step(lambda: m.towards_the_win(steps=1))
    step(lambda: m.new_deal(cells=8, number=1))
    step(lambda: m.towards_the_win(steps=1))
    step(m.reload)
    step(lambda: m.storage(change=("fill", 0)))
    step(m.reload)
    step(lambda: m.new_deal(cells=8, number=164))
    step(lambda: m.storage(change=("fill", 38)))
    step(lambda: m.towards_the_win(steps=4))
    m.finish()

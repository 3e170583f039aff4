"""The current game's meta, the events it records and the "ask first" policy
(SPEC §6 "starting another game ... asks first", §12; issue 12 points 1, 3, 4, 7),
including two tabs sharing one storage."""

import json

import pytest

from game.clock import Clock
from game.records import KEY_RECORDS, Event, parse_records, record
from game.session import (
    KEY_META,
    AskFirst,
    GameMeta,
    after_change,
    ask_first,
    dump_meta,
    new_meta,
    parse_meta,
    replace_events,
)

T0 = 1_764_560_000_000
CODE = "EO1-C4-AAAAAFA"
DATE = "2026-12-01T03:00:00.000Z"


def meta(n=1, code=CODE, variant="eight-off-4"):
    return new_meta(code, variant, T0 + n, n)


def test_new_meta():
    m = meta()
    assert m.code == CODE and m.variant == "eight-off-4" and m.result is None
    assert m.clock == Clock() and meta(2).id != m.id
    assert not new_meta(CODE, "easy-harp", T0, 1, visible=False).clock.visible
    with pytest.raises(ValueError):
        new_meta(CODE, "eight-off", T0, 1)


def test_first_action_starts_the_game_and_its_clock():
    m, events = after_change(meta(), 100.0, is_won=False, moves=0, score=0)
    assert events == () and not m.clock.started  # no action yet: not played (SPEC §12)
    m, events = after_change(m, 200.0, is_won=False, moves=1, score=10, date=DATE)
    assert events == (Event("start", m.id, "eight-off-4", CODE, 10, 1, 0, DATE),)
    assert m.clock.running and m.clock.ms(1_200.0) == 1_000
    m, events = after_change(m, 300.0, is_won=False, moves=2, score=10)
    assert events == ()


def test_the_win_is_recorded_once_even_after_undo_and_a_second_win():
    m, _ = after_change(meta(), 0.0, is_won=False, moves=1, score=0)
    m, events = after_change(m, 95_000.0, is_won=True, moves=80, score=520, date=DATE)
    assert events == (Event("won", m.id, "eight-off-4", CODE, 520, 80, 95, DATE),)
    assert m.result == "won" and m.clock.won and m.clock.seconds(10**9) == 95
    m, events = after_change(m, 100_000.0, is_won=False, moves=80, score=510)  # undo
    assert events == () and m.clock.running and m.result == "won"
    m, events = after_change(m, 103_000.0, is_won=True, moves=81, score=520)  # win again
    assert events == () and m.clock.seconds(10**9) == 98


def test_a_win_finished_by_the_solver_is_assisted():
    m, _ = after_change(meta(), 0.0, is_won=False, moves=1, score=0)
    m, events = after_change(m, 1_000.0, is_won=True, moves=60, score=520, assisted=True)
    assert m.result == "assisted" and [e.kind for e in events] == ["assisted"]


def test_ask_first_policy():
    assert ask_first(0, False, None) is None        # nothing played: replace at once
    assert ask_first(5, True, "won") is None        # won: nothing to lose
    q = ask_first(1, False, None)
    assert q == AskFirst("lost") and q.key == "confirm.replace-lost"
    assert ask_first(9, False, "won").key == "confirm.replace-won"  # undone after its win
    assert ask_first(9, False, "assisted").consequence == "assisted"


def test_replacing_records_a_loss_only_for_an_unwon_game_in_progress():
    m, _ = after_change(meta(), 0.0, is_won=False, moves=1, score=0)
    lost = replace_events(m, 4_000.0, is_won=False, moves=3, score=10, date=DATE)
    assert lost == (Event("lost", m.id, "eight-off-4", CODE, 10, 3, 4, DATE),)
    assert replace_events(meta(), 0.0, is_won=False, moves=0, score=0) == ()
    assert replace_events(None, 0.0, is_won=False, moves=5, score=0) == ()
    won, _ = after_change(m, 1.0, is_won=True, moves=70, score=520)
    assert replace_events(won, 2.0, is_won=True, moves=70, score=520) == ()
    undone, _ = after_change(won, 3.0, is_won=False, moves=70, score=510)
    assert replace_events(undone, 4.0, is_won=False, moves=70, score=510) == ()


def test_meta_round_trip_through_a_reload():
    m, _ = after_change(meta(), 1_000.0, is_won=False, moves=1, score=0)
    raw = dump_meta(m, 31_000.0)
    back, ok = parse_meta(raw, 5.0, True, CODE)
    assert ok and back is not None
    assert (back.id, back.code, back.variant, back.result) == (m.id, m.code, m.variant, None)
    assert back.clock.ms(2_005.0) == 32_000
    assert dump_meta(back, 5.0) == raw


def test_meta_of_another_deal_is_ignored_not_flagged():
    raw = dump_meta(meta(), 0.0)
    assert parse_meta(raw, 0.0, True, "EH1-N-AAAAAAF") == (None, True)
    assert parse_meta(None, 0.0, True, CODE) == (None, True)


def good():
    return json.loads(dump_meta(after_change(meta(), 0.0, is_won=True, moves=60, score=520)[0], 9.0))


@pytest.mark.parametrize("change", [
    {"version": 2}, {"version": True}, {"id": "x"}, {"variant": "eight-off"}, {"result": "lost"},
    {"clock": {"ms": -5, "started": True, "won": True}}, {"code": 5}, {"extra": 1},
    {"clock": {"ms": 0, "started": False, "won": False}},  # a result before any action
])
def test_bad_meta_is_flagged(change):
    d = {**good(), **change}
    assert parse_meta(json.dumps(d), 0.0, True, CODE) == (None, False)


@pytest.mark.parametrize("raw", ["", "{", "[]", "null", "[" * 100_000])
def test_unreadable_meta_is_flagged(raw):
    assert parse_meta(raw, 0.0, True, CODE) == (None, False)


# ----- two tabs on one storage (issue 12 point 7) ------------------------------------


class Tab:
    """A page's record keeping, as the adapter will do it: every change is read
    storage, apply, write; the meta is adopted from the other tab's save."""

    def __init__(self, storage: dict, m: GameMeta):
        self.storage, self.meta = storage, m

    def write(self, events):
        for e in events:
            self.storage[KEY_RECORDS] = record(self.storage.get(KEY_RECORDS), e).raw
        self.storage[KEY_META] = dump_meta(self.meta, 0.0)

    def change(self, now, **game):
        self.meta, events = after_change(self.meta, now, date=DATE, **game)
        self.write(events)

    def give_up(self, now, **game):
        self.write(replace_events(self.meta, now, date=DATE, **game))

    def adopt(self):
        self.meta, _ = parse_meta(self.storage[KEY_META], 0.0, True, CODE)


def counts(storage):
    s = parse_records(storage[KEY_RECORDS])[0].of("eight-off-4")
    return s.played, s.won, s.streak


def test_a_win_in_two_tabs_counts_once():
    storage: dict = {}
    a = Tab(storage, meta())
    a.change(0.0, is_won=False, moves=1, score=0)
    b = Tab(storage, meta())
    b.adopt()
    # both tabs play the same game on to a win (B never saw A's win)
    a.change(10.0, is_won=True, moves=70, score=520)
    b.meta = GameMeta(a.meta.id, CODE, "eight-off-4", Clock().start(0.0))
    b.change(20.0, is_won=True, moves=75, score=520)
    assert counts(storage) == (1, 1, 1)


def test_a_game_given_up_in_two_tabs_counts_once():
    storage: dict = {}
    a = Tab(storage, meta())
    a.change(0.0, is_won=False, moves=1, score=0)
    b = Tab(storage, meta())
    b.adopt()
    a.give_up(5.0, is_won=False, moves=4, score=0)
    b.give_up(6.0, is_won=False, moves=4, score=0)
    assert counts(storage) == (1, 0, 0)


def test_a_win_in_one_tab_and_giving_up_in_the_other_stays_a_win():
    storage: dict = {}
    a = Tab(storage, meta())
    a.change(0.0, is_won=False, moves=1, score=0)
    b = Tab(storage, meta())
    b.adopt()
    a.change(9.0, is_won=True, moves=60, score=520)
    b.give_up(10.0, is_won=False, moves=30, score=300)  # B's copy is behind
    assert counts(storage) == (1, 1, 1)

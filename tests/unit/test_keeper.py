"""The record keeper over a storage that may be shared by tabs, unreadable, off or full
(SPEC §7, §12; issue 12 point 7)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.gameid import new_game_id
from game.keeper import RecordKeeper
from game.records import KEY_RECORDS, RECENT_LIMIT, STAT_VARIANTS, Event, Records, dump_records

T0 = 1_764_560_000_000
DATE = "2026-12-01T03:00:00.000Z"


class FakeStore:
    """The shape of ``game.ui.persist.SafeStore`` over one dict shared by tabs.
    ``readable``/``writable`` switch reading and writing off (disabled, full)."""

    def __init__(self, data: dict[str, str]):
        self.data = data
        self.readable = True
        self.writable = True

    def get(self, key: str) -> str | None:
        return self.data.get(key) if self.readable else None

    def set(self, key: str, value: str) -> bool:
        if not self.writable:
            return False
        self.data[key] = value
        return True

    def backup(self, name: str, raw: str) -> None:
        self.set("solitaire.backup." + name, raw)


def ev(kind, n, variant="easy-harp", score=0, moves=10, seconds=60):
    return Event(kind, new_game_id(T0 + n, n), variant, "EH1-N-AAAAAAF", score, moves, seconds, DATE)


def stored(data, variant="easy-harp"):
    from game.records import parse_records

    r, ok = parse_records(data[KEY_RECORDS])
    assert ok
    return r.of(variant)


def test_load_nothing_stored():
    data: dict[str, str] = {}
    k = RecordKeeper(FakeStore(data))
    assert k.load() == Records() and not k.recovered and data == {}


def test_load_unreadable_keeps_a_backup_and_repairs():
    data = {KEY_RECORDS: '{"version":99}'}
    k = RecordKeeper(FakeStore(data))
    assert k.load() == Records() and k.recovered
    assert data["solitaire.backup.records"] == '{"version":99}'
    assert data[KEY_RECORDS] == dump_records(Records())


def test_record_counts_once_and_reports_what_it_beat():
    data: dict[str, str] = {}
    k = RecordKeeper(FakeStore(data))
    k.load()
    assert k.record(ev("won", 1, score=500, seconds=90)).counted
    out = k.record(ev("won", 2, score=600, seconds=80))
    assert out.counted and out.beaten == ("best-score", "fastest", "best-streak")
    assert not k.record(ev("won", 2, score=900)).counted
    assert stored(data).won == 2 and k.records.of("easy-harp").won == 2 and k.saved


def test_two_tabs_a_win_and_a_give_up_count_once():
    data: dict[str, str] = {}
    a, b = RecordKeeper(FakeStore(data)), RecordKeeper(FakeStore(data))
    a.load(), b.load()
    a.record(ev("start", 1))
    b.record(ev("start", 1))
    a.record(ev("won", 1))
    assert not b.record(ev("won", 1)).counted
    a.record(ev("start", 2))
    a.record(ev("lost", 2))
    assert not b.record(ev("lost", 2)).counted
    s = stored(data)
    assert (s.played, s.won, s.streak) == (2, 1, 0)
    assert b.records == a.records


def test_adopt_shows_the_other_tabs_data():
    data: dict[str, str] = {}
    a, b = RecordKeeper(FakeStore(data)), RecordKeeper(FakeStore(data))
    a.load(), b.load()
    a.record(ev("won", 1))
    assert b.adopt(data[KEY_RECORDS]).of("easy-harp").won == 1
    assert b.adopt("{broken").of("easy-harp").won == 1  # unreadable: keep showing ours
    assert b.adopt(None).of("easy-harp").won == 1


def test_full_storage_keeps_playing_and_writes_later_without_double_count():
    data: dict[str, str] = {}
    sa, sb = FakeStore(data), FakeStore(data)
    a, b = RecordKeeper(sa), RecordKeeper(sb)
    a.load(), b.load()
    sa.writable = False
    a.record(ev("won", 1))
    assert not a.saved and a.records.of("easy-harp").won == 1 and KEY_RECORDS not in data
    b.record(ev("won", 2))  # the other tab could write
    a.record(ev("lost", 3))
    assert a.records.of("easy-harp").played == 3  # shown: stored + pending
    sa.writable = True
    a.retry()
    s = stored(data)
    assert a.saved and (s.played, s.won, s.streak) == (3, 2, 0)
    a.retry()
    assert stored(data) == s


def test_storage_off_plays_from_memory():
    store = FakeStore({})
    store.readable = store.writable = False
    k = RecordKeeper(store)
    k.load()
    k.record(ev("start", 1))
    k.record(ev("won", 1))
    k.record(ev("won", 2))
    assert not k.saved and k.records.of("easy-harp").played == 2
    assert k.records.of("easy-harp").streak == 2


def test_reset_in_order_with_pending_operations():
    data: dict[str, str] = {}
    store = FakeStore(data)
    k = RecordKeeper(store)
    k.load()
    k.record(ev("won", 1))
    store.writable = False
    k.record(ev("won", 2))
    k.reset("easy-harp")
    k.record(ev("won", 3, "eight-off-8", score=520))
    store.writable = True
    k.retry()
    assert stored(data) == k.records.of("easy-harp") and stored(data).played == 0
    assert stored(data, "eight-off-8").won == 1
    with pytest.raises(KeyError):
        k.reset("klondike")


def test_garbage_written_by_another_tab_is_backed_up_and_replaced():
    data: dict[str, str] = {}
    k = RecordKeeper(FakeStore(data))
    k.load()
    k.record(ev("won", 1))
    data[KEY_RECORDS] = "[1,2"
    k.record(ev("won", 2))
    assert k.recovered and data["solitaire.backup.records"] == "[1,2"
    assert stored(data).won == 1  # counted from defaults: the old figures are in the backup


def test_malformed_event_changes_nothing():
    data: dict[str, str] = {}
    k = RecordKeeper(FakeStore(data))
    k.load()
    with pytest.raises(ValueError):
        k.record(Event("won", "x", "easy-harp", ""))
    assert data == {} and k.records == Records()


def test_replace_all_after_an_import():
    data: dict[str, str] = {}
    k = RecordKeeper(FakeStore(data))
    k.load()
    other = RecordKeeper(FakeStore({}))
    other.record(ev("won", 7))
    assert k.replace_all(dump_records(other.records))
    assert k.records == other.records and data[KEY_RECORDS] == dump_records(other.records)


# A game's end is fixed by its number, so tabs never contradict each other here.
ENDS = ("won", "lost", "assisted")


@settings(max_examples=max(20, settings.default.max_examples // 2),
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, RECENT_LIMIT - 1), st.booleans(),
                          st.booleans(), st.booleans()), max_size=80))
def test_two_tabs_with_failing_writes_count_each_game_exactly_once(steps):
    data: dict[str, str] = {}
    stores = [FakeStore(data), FakeStore(data)]
    tabs = [RecordKeeper(s) for s in stores]
    for t in tabs:
        t.load()
    seen: dict[int, bool] = {}
    for tab, n, end, fail, adopt in steps:
        stores[tab].writable = not fail
        variant = STAT_VARIANTS[n % 4]
        kind = ENDS[n % 3] if end else "start"
        tabs[tab].record(ev(kind, n, variant, score=0))
        seen[n] = seen.get(n, False) or end
        if adopt and KEY_RECORDS in data:
            tabs[1 - tab].adopt(data[KEY_RECORDS])
    for s, t in zip(stores, tabs):
        s.writable = True
        t.retry()
    if not seen:
        return
    for v in STAT_VARIANTS:
        got = stored(data, v)
        ids = [n for n in seen if STAT_VARIANTS[n % 4] == v]
        assert got.played == len(ids)
        assert got.won == sum(1 for n in ids if seen[n] and ENDS[n % 3] == "won")
        assert got.assisted == sum(1 for n in ids if seen[n] and ENDS[n % 3] == "assisted")
    assert json.loads(data[KEY_RECORDS])["version"] == 1


def test_storage_back_after_being_off_gets_everything_once():
    data: dict[str, str] = {}
    sa, sb = FakeStore(data), FakeStore(data)
    a, b = RecordKeeper(sa), RecordKeeper(sb)
    a.load(), b.load()
    sa.readable = sa.writable = False
    a.record(ev("won", 1))
    a.reset("easy-harp")
    a.record(ev("won", 2))
    b.record(ev("lost", 3))  # another tab could still write
    assert a.records.of("easy-harp").won == 1 and a.records.of("easy-harp").played == 1
    sa.readable = sa.writable = True
    a.retry()
    s = stored(data)
    # replayed on what storage holds, in order: win 1, reset, win 2 (loss 3 was before)
    assert (s.played, s.won, s.streak) == (1, 1, 1) and a.saved


# Issue 27 case 6: an imported ledger of 50 games whose ids say they were created in
# 2100 stopped wins counting (won 0 -> 0, played 50 -> 51): the new game sorts below all
# of them, drops out of the ledger at once, raises floor past its own id, and its win is
# then taken as already counted.
Y2100 = 4_102_444_800_000  # 2100-01-01T00:00:00Z in ms
NOW = 1_764_561_000_000 + 365 * 86_400_000  # just after DATE


def future_ledger() -> str:
    r = Records()
    from game.records import apply

    for n in range(RECENT_LIMIT):
        e = Event("lost", new_game_id(Y2100 + n, n), "easy-harp", "EH1-N-AAAAAAF", 0, 5, 9,
                  "2100-01-01T00:00:00.000Z")
        r = apply(r, e)[0]
    return dump_records(r)


def test_future_dated_ledger_does_not_stop_wins_counting():
    data = {KEY_RECORDS: future_ledger()}
    k = RecordKeeper(FakeStore(data), now=lambda: NOW)
    k.load()
    k.record(ev("start", 5))
    out = k.record(ev("won", 5, score=1300))
    s = stored(data)
    assert out.counted and (s.played, s.won) == (51, 1)  # the file's 50 stay played
    assert k.recovered and data["solitaire.backup.records"]  # the bad ledger is kept aside
    assert all(e.id != "" and e.date < "2100" for e in k.records.games)


def test_future_dated_ledger_found_later_is_repaired_too():
    data: dict[str, str] = {}
    k = RecordKeeper(FakeStore(data), now=lambda: NOW)
    k.load()
    data[KEY_RECORDS] = future_ledger()  # written by another tab after our start
    k.record(ev("start", 5))
    k.record(ev("won", 5, score=1300))
    assert (stored(data).played, stored(data).won) == (51, 1)


def test_text_with_counts_on_a_base_and_stages_and_writes_nothing():
    """``text_with`` (an import that may not land, issue 27 case 3): events applied on
    a given text, or on storage with the pending operations; nothing written or staged."""
    data: dict[str, str] = {}
    store = FakeStore(data)
    k = RecordKeeper(store)
    k.load()
    store.writable = False
    k.record(ev("start", 1))  # pending: storage is full
    before = dict(data)
    mine = json.loads(k.text_with((ev("lost", 1),)))
    assert mine["stats"]["easy-harp"]["played"] == 1
    assert [g["result"] for g in mine["games"]] == ["lost"]
    other = dump_records(Records())
    theirs = json.loads(k.text_with((ev("lost", 2),), other))
    assert theirs["stats"]["easy-harp"]["played"] == 1
    assert [g["id"] for g in theirs["games"]] == [new_game_id(T0 + 2, 2)]
    assert data == before and k.pending  # nothing written, the start still pending
    store.writable = True
    k.flush()
    assert stored(data).played == 1 and json.loads(data[KEY_RECORDS])["games"][0]["result"] == "playing"
    with pytest.raises(ValueError):
        k.text_with((Event("won", "not-an-id", "easy-harp", "", 0, 0, 0, DATE),))

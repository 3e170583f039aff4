"""Property tests of the records (issue 12 point 7): however tabs interleave and repeat
their events, a game is counted at most once and exactly as a reference model says;
export -> import is lossless; bad data never raises and never passes as good."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.backup import BadBackup, export_backup, parse_backup, summarise
from game.gameid import new_game_id
from game.records import (
    RECENT_LIMIT,
    STAT_VARIANTS,
    Event,
    Records,
    apply,
    dump_records,
    parse_records,
    record,
)
from game.session import after_change, dump_meta, new_meta

from .records_model import reference

T0 = 1_764_560_000_000
DATE = "2026-12-01T03:00:00.000Z"
EXAMPLES = max(20, settings.default.max_examples // 2)
FAST = settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])


def gid(n: int) -> str:
    return new_game_id(T0 + n, n)


# An event: (game number, kind, figures); a game's variant is fixed by its number.
events_of = st.tuples(st.integers(0, RECENT_LIMIT - 1),
                      st.sampled_from(["start", "start", "won", "assisted", "lost"]),
                      st.integers(0, 1515), st.integers(1, 500), st.integers(0, 5000))


def make(n: int, kind: str, score: int, moves: int, seconds: int) -> Event:
    variant = STAT_VARIANTS[n % 4]
    score %= 1516 if variant == "easy-harp" else 521
    return Event(kind, gid(n), variant, f"code-{n}", score, moves, seconds, DATE)


@FAST
@given(st.lists(st.tuples(st.integers(0, 2), events_of), max_size=80))
def test_tabs_merging_before_writing_count_each_game_once(deliveries):
    """Three tabs send events (duplicates and contradictions included: one tab wins
    a game another gives up) through read-apply-write on one storage."""
    storage: str | None = None
    applied = []
    for _tab, spec in deliveries:
        e = make(*spec)
        storage = record(storage, e).raw
        applied.append(e)
    got = parse_records(storage)[0] if storage else Records()
    assert {v: s.values() for v, s in got.stats} == reference(applied)


@FAST
@given(st.lists(events_of.map(lambda t: make(*t)), max_size=60), st.data())
def test_applying_an_event_again_changes_nothing(events, data):
    r = Records()
    for e in events:
        r, _ = apply(r, e)
        again = data.draw(st.sampled_from(events[: events.index(e) + 1]))
        r2, out = apply(r, again)
        assert r2 == r and not out.counted
        back, ok = parse_records(dump_records(r))
        assert ok and back == r


game_numbers = st.integers(0, 3 * RECENT_LIMIT)


@FAST
@given(st.lists(st.tuples(game_numbers, st.sampled_from(["start", "won", "assisted", "lost"]),
                          st.just(520), st.just(60), st.just(100)), max_size=200),
       st.lists(st.integers(0, 10**6), max_size=200))
def test_never_counted_twice_even_past_the_ledger(specs, stale_reads):
    """More games than the ledger keeps, and tabs that write from a stale read (a lost
    update): a game may go uncounted, never counted twice, and the stored text stays
    valid."""
    storage: str | None = None
    history: list[str | None] = [None]
    for i, spec in enumerate(specs):
        e = make(*spec)
        lag = stale_reads[i] % 3 if i < len(stale_reads) else 0
        base = history[max(0, len(history) - 1 - lag)]
        storage = record(base, e).raw
        history.append(storage)
    if storage is None:
        return
    got, ok = parse_records(storage)
    assert ok and len(got.games) <= RECENT_LIMIT
    for v in STAT_VARIANTS:
        ids = {gid(n) for n, *_ in specs if STAT_VARIANTS[n % 4] == v}
        wins = {gid(n) for n, k, *_ in specs if STAT_VARIANTS[n % 4] == v and k == "won"}
        s = got.of(v)
        assert s.played <= len(ids) and s.won <= len(wins) and s.won + s.assisted <= s.played


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2000) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=20)


@FAST
@given(st.lists(events_of.map(lambda t: make(*t)), max_size=30), st.integers(0, 200),
       st.booleans(), st.sampled_from(["en", "ro", "ar", "id", None]))
def test_export_then_import_gives_back_everything(events, moves, won, language):
    r = Records()
    for e in events:
        r, _ = apply(r, e)
    m, _ = after_change(new_meta("EH1-N-AAAAAAF", "easy-harp", T0, 3), 0.0, is_won=won,
                        moves=moves, score=0)
    game = json.dumps({"version": 1, "code": "EH1-N-AAAAAAF", "moves": moves},
                      separators=(",", ":"))
    parts = {"settings": json.dumps({"version": 1, "language": language}),
             "records": dump_records(r), "game": game, "meta": dump_meta(m, 1_000.0)}
    b = parse_backup(export_backup(parts, DATE), lambda t: True, lambda t: True)
    assert [b.part(p) for p in ("records", "game", "meta")] == [
        parts["records"], parts["game"], parts["meta"]]
    assert json.loads(b.part("settings") or "") == json.loads(parts["settings"])
    assert summarise(dict(b.parts)) == summarise(parts)


@FAST
@given(json_values)
def test_random_json_is_never_good_records_and_never_raises(value):
    r, ok = parse_records(json.dumps(value))
    assert isinstance(r, Records) and not ok


@FAST
@given(st.lists(st.tuples(st.sampled_from(["stats", "games", "floor", "version"]), json_values),
                min_size=1, max_size=3))
def test_damaged_records_never_raise_and_what_is_kept_is_valid(changes):
    r = Records()
    for n in range(6):
        r, _ = apply(r, make(n, "won" if n % 2 else "lost", 100, 50, 30))
    d = json.loads(dump_records(r))
    for key, value in changes:
        d[key] = value
    got, ok = parse_records(json.dumps(d))
    assert parse_records(dump_records(got)) == (got, True)
    if ok:
        assert got == parse_records(json.dumps(d))[0]


@FAST
@given(json_values | st.text(max_size=40))
def test_random_files_are_refused_with_a_code(value):
    text = value if isinstance(value, str) else json.dumps(value)
    try:
        parse_backup(text, lambda t: True, lambda t: True)
    except BadBackup as e:
        assert e.code.startswith("import-")
    else:
        raise AssertionError("a random file was accepted")

"""Statistics and recent games (SPEC §12; issue 12 points 2, 5, 7): every rule of §12
against the pure statistics module, the stored form and its bad-data handling."""

import json

import pytest

from game.gameid import id_time, new_game_id
from game.records import (
    RECENT_LIMIT,
    STAT_KEYS,
    STAT_VARIANTS,
    Event,
    Records,
    VariantStats,
    apply,
    beaten,
    check_event,
    dump_records,
    parse_records,
    recent,
    record,
    reset,
    reset_stored,
    variant_of,
)

T0 = 1_764_560_000_000
DATE = "2026-12-01T03:00:00.000Z"


def gid(n: int) -> str:
    return new_game_id(T0 + n, n)


def ev(kind, n, variant="easy-harp", score=0, moves=1, seconds=0):
    return Event(kind, gid(n), variant, "EH1-N-AAAAAAF", score, moves, seconds, DATE)


def run(*events, records=None):
    r = records or Records()
    for e in events:
        r, _ = apply(r, e)
    return r


def stats(r, variant="easy-harp"):
    return r.of(variant).values()


def test_game_ids():
    assert gid(0) == "mimlgpvk-000000000000" and id_time(gid(7)) == T0 + 7
    assert new_game_id(0, 0) == "0-000000000000"
    for bad in ("", "abc", "x-12", "MIML-000000000000", "a-00000000000g", 5, None,
                "abcdefghijk-000000000000"):
        assert id_time(bad) is None
    with pytest.raises(ValueError):
        new_game_id(-1, 0)
    with pytest.raises(ValueError):
        new_game_id(0, 1 << 48)


def test_variant_names():
    assert [variant_of("easy-harp", 0), variant_of("eight-off", 8), variant_of("eight-off", 4),
            variant_of("eight-off", 2)] == list(STAT_VARIANTS)
    with pytest.raises(ValueError):
        variant_of("eight-off", 3)


def test_empty_statistics_have_every_key():
    s = Records().of("eight-off-2").values()
    assert list(s) == list(STAT_KEYS)
    assert s == {"played": 0, "won": 0, "streak": 0, "best-streak": 0, "best-score": None,
                 "fewest-moves": None, "fastest": None, "assisted": 0}


def test_played_counts_from_the_first_action_once():
    r = run(ev("start", 1))
    assert stats(r)["played"] == 1 and recent(r)[0].result == "playing"
    r2, out = apply(r, ev("start", 1, moves=7))
    assert r2 == r and not out.counted


def test_a_replaced_game_counts_as_lost_and_ends_the_streak():
    r = run(ev("start", 1), ev("won", 1, score=600, moves=90, seconds=100),
            ev("start", 2), ev("won", 2, score=520, moves=80, seconds=200))
    assert stats(r)["streak"] == 2
    r = run(ev("start", 3), ev("lost", 3, moves=12), records=r)
    assert stats(r) == {"played": 3, "won": 2, "streak": 0, "best-streak": 2, "best-score": 600,
                        "fewest-moves": 80, "fastest": 100, "assisted": 0}
    assert [e.result for e in recent(r)] == ["lost", "won", "won"]


def test_a_loss_without_a_recorded_start_still_counts_as_played():
    r = run(ev("lost", 4, moves=3))
    assert stats(r)["played"] == 1 and stats(r)["won"] == 0


def test_a_win_counts_once_whatever_follows():
    win = ev("won", 1, score=700, moves=150, seconds=300)
    r = run(ev("start", 1), win)
    # undo after the win and winning again, or another tab sending the same win
    again, out = apply(r, ev("won", 1, score=900, moves=170, seconds=400))
    assert again == r and not out.counted
    assert run(win, records=r) == r
    # nor can a later "lost" for the same game undo it (the game was won)
    assert run(ev("lost", 1), records=r) == r
    assert stats(r)["won"] == 1 and stats(r)["best-score"] == 700


def test_assisted_wins_are_apart():
    r = run(ev("won", 1, score=600, moves=100, seconds=50), ev("assisted", 2, score=900, moves=60,
                                                                seconds=10))
    assert stats(r) == {"played": 2, "won": 1, "streak": 1, "best-streak": 1, "best-score": 600,
                        "fewest-moves": 100, "fastest": 50, "assisted": 1}
    only = run(ev("assisted", 3))
    assert stats(only)["won"] == 0 and stats(only)["best-score"] is None
    assert stats(only)["streak"] == 0 and recent(only)[0].result == "assisted"


def test_best_figures_come_only_from_wins():
    r = run(ev("won", 1, score=500, moves=200, seconds=300),
            ev("lost", 2, score=1400, moves=5, seconds=1),
            ev("won", 3, score=450, moves=150, seconds=400),
            ev("won", 4, score=480, moves=180, seconds=250))
    s = stats(r)
    assert (s["best-score"], s["fewest-moves"], s["fastest"]) == (500, 150, 250)
    assert (s["played"], s["won"], s["streak"], s["best-streak"]) == (4, 3, 2, 2)


def test_variants_are_kept_apart():
    r = run(ev("won", 1, "eight-off-4", score=520, moves=60), ev("lost", 2, "eight-off-8"))
    assert stats(r, "eight-off-4")["won"] == 1 and stats(r, "eight-off-4")["played"] == 1
    assert stats(r, "eight-off-8")["played"] == 1 and stats(r, "easy-harp")["played"] == 0
    # an event that names another variant than its game's is ignored
    r2 = run(ev("start", 5, "eight-off-2"))
    assert run(ev("won", 5, "easy-harp", score=1400, moves=99), records=r2) == r2


def test_records_a_win_beat():
    r = run(ev("won", 1, score=500, moves=200, seconds=300))
    _, first = apply(Records(), ev("won", 1, score=500, moves=200, seconds=300))
    assert first.counted and first.beaten == ()  # nothing to beat yet
    r, out = apply(r, ev("won", 2, score=600, moves=190, seconds=310))
    assert out.beaten == ("best-score", "fewest-moves", "best-streak")
    r, out = apply(r, ev("won", 3, score=600, moves=190, seconds=299))
    assert out.beaten == ("fastest", "best-streak")
    r, out = apply(r, ev("lost", 4))
    assert out.beaten == ()
    r, out = apply(r, ev("won", 5, score=10, moves=500, seconds=999))
    assert out.beaten == () and out.after.streak == 1
    assert beaten(VariantStats(), VariantStats(best_streak=1)) == ()


def test_reset_one_variant():
    r = run(ev("won", 1, moves=5), ev("start", 2), ev("won", 3, "eight-off-8", moves=60))
    r = reset(r, "easy-harp")
    assert stats(r) == Records().of("easy-harp").values()
    assert stats(r, "eight-off-8")["won"] == 1
    assert len(recent(r)) == 3  # recent games are not statistics
    # the game in progress before the reset is counted as played again when it ends...
    r = run(ev("won", 2, moves=9), records=r)
    assert stats(r)["played"] == 1 and stats(r)["won"] == 1
    # ...and a game finished before the reset is never counted again
    assert run(ev("won", 1), records=r) == r


def test_recent_games_newest_first_and_bounded():
    r = run(*[ev("lost", n) for n in range(RECENT_LIMIT + 10)])
    games = recent(r)
    assert len(games) == RECENT_LIMIT
    assert [g.id for g in games] == [gid(n) for n in reversed(range(10, RECENT_LIMIT + 10))]
    assert r.floor == T0 + 9
    # a game older than every kept one, now forgotten, is never counted again
    assert run(ev("won", 3), ev("start", 9), records=r) == r
    assert stats(r)["played"] == RECENT_LIMIT + 10
    e = games[0]
    assert (e.variant, e.code, e.result, e.date) == ("easy-harp", "EH1-N-AAAAAAF", "lost", DATE)
    assert recent(r, "eight-off-8") == ()


def test_recent_order_is_by_creation_not_by_arrival():
    r = run(ev("start", 5), ev("start", 2), ev("won", 2))
    assert [g.id for g in recent(r)] == [gid(5), gid(2)]


@pytest.mark.parametrize("bad", [
    Event("draw", gid(1), "easy-harp", ""), Event("won", "nope", "easy-harp", ""),
    Event("won", gid(1), "eight-off", ""), Event("won", gid(1), "easy-harp", "", score=-1),
    Event("won", gid(1), "easy-harp", "", moves=True),
    Event("won", gid(1), "easy-harp", "", date="yesterday"),
    Event("won", gid(1), "easy-harp", "x" * 41),
    Event("won", gid(1), "eight-off-8", "", score=521),
    Event("won", gid(1), "easy-harp", "", score=1516),
])
def test_malformed_events_are_refused(bad):
    with pytest.raises(ValueError):
        check_event(bad)
    with pytest.raises(ValueError):
        apply(Records(), bad)


# ----- stored form ---------------------------------------------------------------------


def sample():
    return run(ev("won", 1, score=700, moves=150, seconds=300), ev("lost", 2, "eight-off-2"),
               ev("start", 3, "eight-off-8"), ev("assisted", 4, "eight-off-4"))


def test_round_trip():
    r = sample()
    raw = dump_records(r)
    back, ok = parse_records(raw)
    assert ok and back == r and dump_records(back) == raw
    assert parse_records(None) == (Records(), True)


def test_record_is_read_apply_write():
    first = record(None, ev("start", 1))
    assert first.ok and first.outcome is not None and first.outcome.counted
    second = record(first.raw, ev("won", 1, moves=100))
    assert second.records.of("easy-harp").won == 1
    assert record(second.raw, ev("won", 1)).raw == second.raw
    rs = reset_stored(second.raw, "easy-harp")
    assert rs.ok and rs.outcome is None and rs.records.of("easy-harp").played == 0
    bad = record("{oops", ev("start", 2))
    assert not bad.ok and bad.records.of("easy-harp").played == 1


def doc():
    return json.loads(dump_records(sample()))


def mutate(path, value):
    d = doc()
    *head, last = path
    node = d
    for k in head:
        node = node[k]
    if value is KeyError:
        del node[last]
    else:
        node[last] = value
    return json.dumps(d)


@pytest.mark.parametrize("raw", ["", "{", "null", "[]", '"x"', "1", '{"version":2}',
                                 '{"version":true,"stats":{},"games":[],"floor":-1}',
                                 "[" * 100_000])
def test_unreadable_records_give_defaults(raw):
    assert parse_records(raw) == (Records(), False)


@pytest.mark.parametrize("path,value", [
    (("stats", "easy-harp", "won"), 5),                 # more wins than games played
    (("stats", "easy-harp", "streak"), 2),              # streak above the best streak
    (("stats", "easy-harp", "best-score"), None),       # a win without a best score
    (("stats", "easy-harp", "best-score"), 1516),       # above SPEC §6's highest score
    (("stats", "eight-off-2", "best-score"), 10),       # no win, yet a best score
    (("stats", "easy-harp", "played"), -1),
    (("stats", "easy-harp", "played"), 1.0),
    (("stats", "easy-harp", "extra"), 1),
    (("stats", "easy-harp", "fastest"), KeyError),
    (("stats", "easy-harp"), []),
])
def test_a_bad_variant_takes_its_defaults_and_the_rest_is_kept(path, value):
    r, ok = parse_records(mutate(path, value))
    assert not ok
    variant = path[1]
    assert r.of(variant) == VariantStats()
    others = [v for v in STAT_VARIANTS if v != variant]
    assert all(r.of(v) == sample().of(v) for v in others)
    assert r.games == sample().games


@pytest.mark.parametrize("path,value", [
    (("games", 0, "result"), "draw"), (("games", 0, "id"), "x"), (("games", 0, "score"), "1"),
    (("games", 0, "date"), "soon"), (("games", 0, "variant"), "klondike"),
    (("games", 0, "more"), 1), (("games", 0, "gen"), KeyError),
    (("games", 0, "gen"), 1),  # counted after a reset that never happened
])
def test_a_bad_entry_is_dropped_and_the_rest_kept(path, value):
    r, ok = parse_records(mutate(path, value))
    assert not ok and r.games == sample().games[1:] and r.stats == sample().stats


def test_other_damage_is_flagged():
    d = doc()
    d["games"].append(d["games"][0])
    r, ok = parse_records(json.dumps(d))
    assert not ok and r.games == sample().games
    for path, value in [(("floor",), "1"), (("floor",), -2), (("games",), {}), (("extra",), 1),
                        (("stats", "klondike"), {})]:
        r, ok = parse_records(mutate(path, value))
        assert not ok and r.stats == sample().stats
    d = doc()
    d["games"] = d["games"] * 20
    assert not parse_records(json.dumps(d))[1]

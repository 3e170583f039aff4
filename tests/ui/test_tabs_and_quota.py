"""Nothing lost when storage fills or tabs race (issue 27 points 1 and 2), on the real
page under CPython: two pages share one fake ``localStorage`` and get each other's
``storage`` events, as two tabs of one origin do; a quota makes writes fail.
"""

from __future__ import annotations

import json

from fakebrowser import FakeStore
from pagedriver import Driver

import game


def two_tabs(code: str) -> tuple[Driver, Driver, FakeStore]:
    store = FakeStore()
    a = Driver(code, store=store, seed=1)
    b = Driver(code, store=store.tab(), seed=2)
    return a, b, store


def run_both(a: Driver, b: Driver, ms: float, step: float = 50) -> None:
    t = 0.0
    while t < ms:
        a.br.advance(step)
        b.br.advance(step)
        t += step


def test_finish_for_me_in_one_tab_never_plays_into_the_game_another_tab_starts():
    """Case 1: tab B plays Finish for me; tab A starts a new deal meanwhile. B stops
    before anything more is applied; A's new deal gets no move nobody made, and is not
    marked assisted."""
    a, b, store = two_tabs("EO1-C8-AAAAAFA")
    b.tap("t1", len(b.g.pile("t1")) - 1)  # an action, so that B's game is in progress
    b.button("solve")
    b.br.advance(50)
    b.button("confirm")
    run_both(a, b, 800)
    assert b.page.finishing  # B is finishing its game
    a.br.advance(100)  # A learns of B's moves
    a.button("new")
    a.button("deal-random")
    if a.dialog_open() == "dlg-confirm":
        a.button("confirm")
    new = a.g.code
    assert a.g.move_count == 0
    run_both(a, b, 6000)
    assert not b.page.finishing
    assert b.g.code == new and b.g.move_count == 0  # B took A's game over, untouched
    assert a.g.code == new and a.g.move_count == 0
    saved = game.load_save(store.data["solitaire.game"])
    assert saved.code == new and saved.move_count == 0
    assert store.data.get("solitaire.assisted") != new
    records = json.loads(store.data["solitaire.records"])
    playing = [e for e in records.get("games", []) if e.get("result") == "playing"]
    assert all(e.get("code") == new or e.get("moves", 0) == 0 for e in playing) or not playing


def test_a_win_while_storage_is_full_is_counted_once():
    """Case 2: the quota is reached just before the winning moves; the win is counted
    (the picture of the table gives way first), and counted once."""
    g = game.new_game("EO1-C8-AAAAAAB")
    moves = game.solve(g).moves
    for m in moves[:-10]:
        g.play(m)
    store = FakeStore({"solitaire.game": g.to_save(), "solitaire.paint": "x" * 60_000})
    d = Driver("", store=store)
    store.quota = store.used() + 300  # less than the records and the longer game need
    for m in moves[-10:]:
        d.page.play(m)
    assert d.g.is_won
    stats = json.loads(store.data["solitaire.records"])
    won = stats["stats"]["eight-off-8"]["won"] if "stats" in stats else None
    saved = game.load_save(store.data["solitaire.game"])
    assert saved.is_won
    assert won == 1
    assert "solitaire.paint" not in store.data  # what could be rebuilt gave way
    again = Driver("", store=store)  # a reload counts nothing twice
    assert json.loads(store.data["solitaire.records"]) == stats
    assert again.g.is_won


def test_writes_that_do_not_fit_land_whole_later_not_half_now():
    """When even after making room the game does not fit, nothing of it is written (the
    stored game stays the last whole one) and the win is counted once room returns."""
    g = game.new_game("EO1-C8-AAAAAAB")
    moves = game.solve(g).moves
    for m in moves[:-3]:
        g.play(m)
    store = FakeStore({"solitaire.game": g.to_save()})
    d = Driver("", store=store)
    before = dict(store.data)
    store.quota = store.used()  # full
    for m in moves[-3:]:
        d.page.play(m)
    assert d.g.is_won
    assert store.data["solitaire.game"] == before["solitaire.game"]
    assert store.data.get("solitaire.meta") == before.get("solitaire.meta")
    assert store.data.get("solitaire.records") == before.get("solitaire.records")
    assert d.notice() == "storage-full"
    store.quota = 5_000_000  # room again: the next save writes it all
    d.page.save_game()
    stats = json.loads(store.data["solitaire.records"])
    assert game.load_save(store.data["solitaire.game"]).is_won
    assert stats["stats"]["eight-off-8"]["won"] == 1
    d.page.save_game()
    assert json.loads(store.data["solitaire.records"])["stats"]["eight-off-8"]["won"] == 1

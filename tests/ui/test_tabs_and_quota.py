"""Nothing lost when storage fills or tabs race (issue 27 points 1 and 2), on the real
page under CPython: two pages share one fake ``localStorage`` and get each other's
``storage`` events, as two tabs of one origin do; a quota makes writes fail.
"""

from __future__ import annotations

import json

import pytest
from fakebrowser import FakeStore
from pagedriver import Driver, catalog

import game
from game.gameid import new_game_id
from game.ui.core import still_means
from game.ui.tabs import RECHECK_MS


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


def exported_elsewhere() -> str:
    """A backup file from another device: Arabic settings, a game given up, and a game
    of deal 77 at 60 moves; made a day earlier, with other random numbers (as another
    device's are: game ids are made of them)."""
    other = Driver("EO1-C8-AAAAAAC", settings={"language": "ar"}, seed=7,
                   epoch=1_764_000_000_000 - 86_400_000)
    other.page.play(other.g.legal_moves()[0])
    other.button("new")
    other.q("#deal-code").value = "77"
    other.button("deal-code")
    other.button("confirm")
    for m in game.solve(other.g).moves[:60]:
        other.page.play(m)
    other.button("stats")
    other.button("export")
    return other.br.downloads[-1][1]


def import_file(d: Driver, text: str) -> None:
    """Statistics -> Import a file -> the file -> "Import"."""
    d.button("stats")
    el = d.q('[data-role="import-file"]')
    el.files = [text]
    d.br.change(el)
    assert d.q('[data-role="confirm"]').open
    d.button("confirm")


def thirty_one_moves_in(store: FakeStore) -> tuple[Driver, list[str]]:
    """A page 31 moves into EO1-C8-AAAAAFA, and the rest of a winning line."""
    d = Driver("EO1-C8-AAAAAFA", store=store)
    line = game.solve(d.g).moves
    for m in line[:31]:
        assert d.page.play(m)
    return d, line[31:]


def test_an_import_into_full_storage_changes_nothing_and_says_why():
    """Case 3: the file's records and game were written, its settings not, the table
    stayed on the old game, the next move was thrown away ("changed in another tab")
    and the abandoned game was never counted. Now nothing changes, the player is told
    why, and the game plays on and is saved once room returns."""
    text = exported_elsewhere()
    store = FakeStore()
    d, rest = thirty_one_moves_in(store)
    before, position = dict(store.data), d.g.position()
    store.quota = store.used()  # full
    import_file(d, text)
    assert store.data == before
    assert d.br.reloads == 0
    assert d.notice() == "import-refused"
    assert d.q('[data-role="notice"] .notice-text').textContent == catalog("en")["import.full"]
    assert d.dialog_open() is None  # the notice is not under the dialog
    assert d.g.position() == position and d.g.move_count == 31
    assert d.page.texts.lang == "en" and d.doc.documentElement.lang == "en"
    d.check_table()
    m = game.Move.parse(rest[0])
    d.drag(m.src, len(d.g.pile(m.src)) - (m.count or 1), m.dst or m.src)
    assert d.g.move_count == 32 and d.notice() != "other-tab"
    store.quota = 5_000_000  # room again: the next move saves the game, all of it
    assert d.page.play(rest[1])
    d.check_all()
    saved = game.load_save(store.data["solitaire.game"])
    assert saved.code == "EO1-C8-AAAAAFA" and saved.move_count == 33
    stats = json.loads(store.data["solitaire.records"])
    assert stats["stats"]["eight-off-8"]["played"] == 1
    assert [g["result"] for g in stats["games"]] == ["playing"]


def test_an_import_with_room_applies_whole_and_counts_the_game_it_replaces():
    """With room (here once the cached picture gave way), every part of the file lands
    in one write, and the game in progress it replaces counts as lost (SPEC §12)."""
    text = exported_elsewhere()
    backup = json.loads(text)
    store = FakeStore({"solitaire.paint": "p" * 20_000})
    d, _rest = thirty_one_moves_in(store)
    given_up = json.loads(store.data["solitaire.meta"])["id"]
    store.quota = store.used()  # room only without the picture
    import_file(d, text)
    assert d.br.reloads == 1
    assert "solitaire.paint" not in store.data
    assert json.loads(store.data["solitaire.game"]) == backup["game"]
    assert json.loads(store.data["solitaire.meta"]) == backup["meta"]
    assert json.loads(store.data["solitaire.settings"])["language"] == "ar"
    records = json.loads(store.data["solitaire.records"])
    was = backup["records"]["stats"]["eight-off-8"]
    assert records["stats"]["eight-off-8"] == {**was, "played": was["played"] + 1, "streak": 0}
    lost = [g for g in records["games"] if g["id"] == given_up]
    assert [(g["result"], g["moves"]) for g in lost] == [("lost", 31)]
    assert [g for g in records["games"] if g["id"] != given_up] == backup["records"]["games"]
    again = Driver("", store=store)  # the reload the import asked for
    assert again.g.code == backup["game"]["code"] and again.g.move_count == 60
    assert again.page.texts.lang == "ar"
    assert json.loads(store.data["solitaire.records"]) == records  # nothing counted twice


def test_a_tab_behind_on_storage_events_takes_only_the_newest_game():
    """A tab whose ``storage`` events queue up (the other tab plays faster than it
    draws: Finish for me, in Chromium) skips the stale ones and takes over the newest
    game once, instead of building the table for every move it missed."""
    a, b, _store = two_tabs("EO1-C8-AAAAAFA")
    builds = []
    build = a.page.table.build

    def counted(*args, **kw):
        builds.append(a.page.g.move_count)
        build(*args, **kw)

    a.page.table.build = counted
    a.br.hold_storage()
    for m in game.solve(b.g).moves[:20]:
        assert b.page.play(m)
    a.br.release_storage()
    a.br.advance(10)
    assert builds == [20]
    assert a.g.position() == b.g.position() and a.notice() == "other-tab"
    a.check_table()


def test_the_question_to_start_another_game_stays_while_the_other_tab_plays_on():
    """Case 1 once more: tab A asks "Start another game? This one will count as lost"
    while tab B's Finish for me plays on the same game. The question stays (it was
    cancelled at each of B's moves, so A could never take the game over); confirmed, A's
    new deal stands and B stops. Since the player acting in A makes A the game's owner,
    B's finish stops as soon as A's New game is pressed (as it does in one tab), and
    says why."""
    a, b, store = two_tabs("EO1-C8-AAAAAFA")
    b.tap("t1", len(b.g.pile("t1")) - 1)
    b.button("solve")
    b.br.advance(50)
    b.button("confirm")
    run_both(a, b, 1500)
    assert b.page.finishing
    a.button("new")
    a.button("deal-random")
    assert a.dialog_open() == "dlg-confirm"
    run_both(a, b, 600)
    assert not b.page.finishing and b.notice() == "solve-stopped"
    assert a.dialog_open() == "dlg-confirm" and a.g.to_save() == b.g.to_save()
    a.button("confirm")
    new = a.g.code
    assert new != "EO1-C8-AAAAAFA" and a.g.move_count == 0
    run_both(a, b, 3000)
    assert not b.page.finishing and (b.g.code, b.g.move_count) == (new, 0)
    saved = game.load_save(store.data["solitaire.game"])
    assert (saved.code, saved.move_count) == (new, 0)
    records = json.loads(store.data["solitaire.records"])
    assert [g["result"] for g in records["games"]] == ["lost"]  # B's game, given up by A


@pytest.mark.parametrize("crossed", [False, True])
def test_a_stale_tab_writing_the_replaced_game_never_brings_it_back(crossed):
    """Case 1, run 2: in Chromium each tab reads its own copy of storage, brought up to
    date a little later; tab B, playing Finish for me, saved its game over the new deal
    tab A had just started (B's copy did not hold it yet), and A took B's old game back
    (the new deal lost, the game it had counted as lost playing on). Here B's late save
    is made by hand: A keeps its new deal and puts it back in storage; B, once it sees
    it, takes it over and stops. ``crossed``: the two tabs' writes crossed, so the meta
    stored is A's and the game B's."""
    a, b, store = two_tabs("EO1-C8-AAAAAFA")
    b.tap("t1", len(b.g.pile("t1")) - 1)
    b.button("solve")
    b.br.advance(50)
    b.button("confirm")
    run_both(a, b, 1000)
    assert b.page.finishing
    b.br.hold_storage()  # B's copy of storage is behind
    a.button("new")
    a.button("deal-random")
    a.button("confirm")
    new, mine = a.g.code, store.data["solitaire.game"]
    old_meta, old_game = b.page.ledger.dump_meta(), b.g.to_save()
    assert old_meta is not None
    if not crossed:
        store.tabs[1].set("solitaire.meta", old_meta)  # B's save, from its stale copy
    store.tabs[1].set("solitaire.game", old_game)
    a.br.advance(10)  # A hears of it
    assert (a.g.code, a.g.move_count) == (new, 0) and a.notice() != "other-tab"
    assert store.data["solitaire.game"] == mine  # put back
    assert json.loads(store.data["solitaire.meta"])["code"] == new
    b.br.release_storage()
    run_both(a, b, 3000)
    assert not b.page.finishing and (b.g.code, b.g.move_count) == (new, 0)
    assert (a.g.code, a.g.move_count) == (new, 0)
    assert game.load_save(store.data["solitaire.game"]).code == new


def stored_game(store: FakeStore) -> game.Game:
    return game.load_save(store.data["solitaire.game"])


def writes(store: FakeStore) -> int:
    return store.seq.get("solitaire.game", 0)


@pytest.mark.parametrize("last", ["undo", "finish"])
def test_crossed_writes_leave_both_tabs_on_the_stored_game(last):
    """Issue 27 point 2, as a tester found it in Chromium: tab A plays Finish for me,
    tab B (following it) takes a move back; A's next move and B's take-back cross, each
    tab's copy of storage not yet holding the other's write. Whichever write landed last
    is the game: both tabs end showing it (the one that was overwritten takes it over),
    and B's next tap is played, not thrown away. When A's move landed last, the player's
    take-back still wins: A's finish gives way to it. ``last``: whose write landed
    last."""
    a, b, store = two_tabs("EO1-C8-AAAAAFA")
    b.tap("t1", len(b.g.pile("t1")) - 1)
    run_both(a, b, 100)
    a.button("solve")
    a.br.advance(50)
    a.button("confirm")
    run_both(a, b, 1500)
    assert a.page.finishing and b.g.move_count == a.g.move_count > 1
    late = b if last == "undo" else a
    late.br.hold_storage(copies=True)  # the later writer's copy is behind
    taken_back = b.g.move_count
    if last == "undo":
        seen = writes(store)
        while writes(store) == seen:  # A's next move lands ...
            a.br.advance(10)
        b.button("undo")  # ... and B, not knowing it, takes its move back
        assert b.page.notices.kind != "other-tab"
        undone = b.g.to_save()
    else:
        b.button("undo")  # B's take-back lands ...
        undone = b.g.to_save()
        seen = writes(store)
        while writes(store) == seen:  # ... and A, not knowing it, plays its next move
            a.br.advance(10)
    late.br.release_storage()
    run_both(a, b, 100)  # the events tell the order: no tab shows the overwritten game
    assert (a.g.position(), a.g.move_count) == (b.g.position(), b.g.move_count)
    assert b.g.to_save() == store.data["solitaire.game"]
    run_both(a, b, 30_000)
    kept = stored_game(store)
    for tab in (a, b):
        assert (tab.g.position(), tab.g.move_count) == (kept.position(), kept.move_count)
        tab.check_table()
    assert not a.page.finishing  # B's take-back won: A's finish stopped for good
    assert kept.to_save() == undone and kept.move_count == taken_back
    assert a.notice() == "other-tab"
    moves = kept.move_count
    m = next(iter(kept.legal_moves()), None)
    assert m is not None
    b.page.play(m)  # B's next action is played on the game it shows
    run_both(a, b, 200)
    assert b.g.move_count == a.g.move_count == stored_game(store).move_count == moves + 1


def test_a_tab_misled_by_an_event_comes_back_to_the_stored_game():
    """The safety net under the order the events tell (``Core.recheck_game``): a tab
    that took over a game from an event that does not match storage (as a browser could
    deliver) is back on the stored game ``RECHECK_MS`` later, and says so."""
    a, b, store = two_tabs("EO1-C8-AAAAAFA")
    a.tap("t1", len(a.g.pile("t1")) - 1)
    run_both(a, b, 100)
    stored = store.data["solitaire.game"]
    ghost = game.load_save(stored)
    ghost.play(next(iter(ghost.legal_moves())))
    b.br.storage_event("solitaire.game", stored, ghost.to_save())
    b.br.advance(10)
    assert b.g.to_save() == ghost.to_save()  # it followed the event
    b.br.advance(RECHECK_MS)
    assert b.g.to_save() == stored == store.data["solitaire.game"]
    b.check_table()
    assert a.g.to_save() == stored


def test_records_written_from_a_stale_copy_lose_no_game():
    """Issue 27 point 2, the statistics: tab B writes the records from a copy of storage
    that does not yet hold tab A's write (a game won in A), so storage loses A's win;
    B, told of A's write after its own, joins the two and writes them: both games are
    counted once, and both tabs show what is stored."""
    a, b, store = two_tabs("EO1-C8-AAAAAFA")
    run_both(a, b, 100)
    t = a.br.epoch_ms() - 60_000
    day = "2025-11-24T12:00:00.000Z"
    won = game.Event("won", new_game_id(t, 1), "eight-off-8", "EO1-C8-AAAAAAB", 100, 90, 300, day)
    lost = game.Event("lost", new_game_id(t + 1, 2), "eight-off-8", "EO1-C8-AAAAAAC", 20, 30, 100, day)
    b.br.hold_storage(copies=True)
    assert a.page.ledger.keeper.record(won).counted
    assert b.page.ledger.keeper.record(lost).counted  # over A's write, without it
    b.br.release_storage()
    run_both(a, b, 100)
    stats = json.loads(store.data["solitaire.records"])["stats"]["eight-off-8"]
    assert (stats["played"], stats["won"]) == (2, 1)
    for tab in (a, b):
        shown = tab.page.ledger.keeper.records.of("eight-off-8")
        assert (shown.played, shown.won) == (2, 1)
    assert a.page.ledger.keeper.record(won).counted is False  # and never twice


def test_a_move_chosen_on_an_older_game_is_played_only_if_it_still_means_the_same():
    """A player's move made on a game another tab has since changed (``core.still_means``,
    used after ``catch_up`` took the newer game over): played when it moves the same
    cards onto the same card, else not played at all."""
    before = game.new_game("EO1-C8-AAAAAFA")
    after = game.load_save(before.to_save())
    after.play("t1-c5")
    assert not still_means("t1-c6", before, after)  # t1's top card is another one now
    assert not still_means("t2-c5", before, after)  # c5 holds a card now
    assert still_means("t2-c6", before, after)
    assert still_means(game.Move.parse("t3-c7"), before, after)
    assert not still_means("nonsense", before, after)


def test_a_tap_in_a_tab_behind_lands_on_the_newer_game_or_not_at_all():
    """Tab B taps before the event of A's newer game reached it: B takes A's game over
    first; its tap is played when it still moves the same card, and dropped (nothing
    written) when A moved that card meanwhile."""
    a, b, store = two_tabs("EO1-C8-AAAAAFA")
    run_both(a, b, 100)
    b.br.hold_storage()
    a.page.play("t1-c5")
    b.page.play("t2-c6")  # another card: played on A's game
    assert b.g.pile("c5") and b.g.pile("c6") and store.data["solitaire.game"] == b.g.to_save()
    b.br.release_storage()
    run_both(a, b, 100)
    assert a.g.to_save() == b.g.to_save() == store.data["solitaire.game"]
    b.br.hold_storage()
    a.page.play("t3-c7")
    written = writes(store)
    assert not b.page.play("t3-c8")  # the card A just moved: not played
    assert writes(store) == written and b.g.to_save() == a.g.to_save()


def test_a_tap_in_the_other_tab_stops_finish_for_me_at_once():
    """A tester's finding: while tab A played Finish for me, tab B's player tapped a card
    and an empty free cell; A's moves kept coming (each clearing B's selection), so B's
    move never happened and A played on to 90 moves. The player acting in B now makes B
    the game's owner (``solitaire.owner``): A's finish stops before its next move, says
    why, and B's move is played."""
    a, b, store = two_tabs("EO1-C8-AAAAAFA")
    a.button("solve")
    a.br.advance(50)
    a.button("confirm")
    run_both(a, b, 1000)
    assert a.page.finishing
    run_both(a, b, 100)
    m = next(m for m in b.g.legal_moves() if m.src.startswith("t") and (m.count or 1) == 1
             and m.dst and m.dst[0] in "tc")
    top = len(b.g.pile(m.src)) - 1
    card = b.g.pile(m.src)[top].card.id
    b.tap(m.src, top)  # B's player picks a card up ...
    a.br.advance(10)
    assert not a.page.finishing  # ... and A's finish has stopped
    assert a.notice() == "solve-stopped"
    assert a.q(".notice-text").textContent == catalog("en")["solve.stopped-elsewhere"]
    run_both(a, b, 300)
    moves = b.g.move_count
    b.tap(m.dst, max(0, len(b.g.pile(m.dst)) - 1))  # ... and puts it down: played
    run_both(a, b, 100)
    assert b.g.move_count == moves + 1 and b.g.pile(m.dst)[-1].card.id == card
    assert a.g.to_save() == b.g.to_save() == store.data["solitaire.game"]


def test_a_tab_that_takes_the_other_tabs_game_over_shows_its_verdict():
    """Trial 45: the tab that followed the other tab's move kept the old verdict ("can
    be won" on a lost table), kept it for its next visit, and said the next harmless
    move of its own had lost the game. It now shows the verdict of the game it takes
    over, and never says the other tab's move as its own."""
    from test_page_solver import EO4_DEAL, FULL, KILLER, run_until, verdict

    store = FakeStore()
    settings = {"show_winnable": True}
    a = Driver(str(EO4_DEAL), store=store, seed=1, settings=settings, budgets=FULL)
    b = Driver("", store=store.tab(), seed=2, budgets=FULL)
    run_until(a, lambda: verdict(a) == "yes")
    run_until(b, lambda: verdict(b) == "yes")
    src, dst = KILLER.split("-")
    assert a.page.play(game.Move(src, dst, 1))
    run_until(a, lambda: verdict(a) == "no")
    run_both(a, b, 200)
    assert b.g.position() == a.g.position() and b.notice() == "other-tab"
    run_until(b, lambda: verdict(b) == "no")
    assert b.notice() == "other-tab"  # not "lost-win": the move was the other tab's
    b.button("undo")
    run_both(a, b, 200)
    run_until(a, lambda: verdict(a) == "yes")
    assert a.notice() == "other-tab"

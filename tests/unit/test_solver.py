"""game.solve, Search, hint and is_stuck (SPEC §10; issue 10 points 1-2)."""

from __future__ import annotations

import random
import shutil
import subprocess

import pytest

import game
from game.solver import Search, eh_dive, hint, is_stuck, solve
from game.solver.eh_state import EHState
from game.solver.search import PROBE_NODES

from .solver_support import bfs_verdict, near_end_easy_harp, near_end_eight_off


def replay_wins(g: game.Game, moves: tuple[str, ...]) -> bool:
    for m in moves:
        g.play(m)
    return g.is_won


@pytest.mark.parametrize("cells", [8, 4, 2])
def test_eight_off_verdicts_and_replays(cells: int) -> None:
    counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    for n in range(1, 16):
        g = game.new_game(game.DealCode("eight-off", cells, n))
        sol = solve(g, max_nodes=50_000)
        counts[sol.status] += 1
        assert sol.nodes >= 1
        if sol.status == "winnable":
            assert sol.moves and all(isinstance(m, str) for m in sol.moves)
            assert replay_wins(g, sol.moves)
        else:
            assert sol.moves == ()
    assert counts["unknown"] == 0
    if cells == 8:
        assert counts["winnable"] == 15
    if cells == 2:  # the issue: 2-cell deals are dead from the deal
        assert counts["unwinnable"] == 15


def test_issue_example_two_cells_is_unwinnable() -> None:
    g = game.new_game("EO1-C2-AABZMVC")
    assert solve(g).status == "unwinnable"
    assert bfs_verdict(g, cap=5000) is False


def test_easy_harp_winnable_deal_replays() -> None:
    g = game.new_game("EH1-N-AAAAAAE")  # deal 4: the fast search wins at once
    sol = solve(g, max_nodes=5_000)
    assert sol.status == "winnable"
    assert replay_wins(g, sol.moves)
    assert any(m == "s" for m in sol.moves)  # deck cards are reached by stock taps


def test_luby_sequence_and_dive_plan() -> None:
    assert [eh_dive.luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    key = EHState([[1], [], [], [], [], [], [], [], []], [0] * 9, [2, 3], 0, [0] * 8).key()
    a, b = eh_dive.plan(key), eh_dive.plan(key)
    first = [next(a) for _ in range(30)]
    assert first == [next(b) for _ in range(30)]  # reproducible from the position
    assert [(m, w) for m, w, _ in first[:4]] == list(eh_dive.OPENING)
    assert [cap for *_, cap in first[4:11]] == [eh_dive.UNIT * k for k in (1, 1, 2, 1, 1, 2, 4)]
    assert all(m in eh_dive.DIVE_MODES and w is not None and len(w) == 6 for m, w, _ in first[4:])


def test_a_random_dive_orders_by_the_cards_lying_on_the_next_ones() -> None:
    # the foundations take aces next (faces 0, 13, 26, 39): the ace of spades under two
    # cards in one column, then on top of the other; a copy in the stock counts nothing
    def state(cols: list[list[int]], deck: list[int]) -> EHState:
        return EHState(cols + [[] for _ in range(9 - len(cols))], [0] * 9, deck, 0, [0] * 8)

    buried = state([[0, 20, 21], [22]], [])
    on_top = state([[20, 21], [22, 0]], [])
    in_stock = state([[20, 21], [22]], [0])
    plain = eh_dive.weighted((8, 3, 20, 10, 0, 0), 1)
    deep = eh_dive.weighted((8, 3, 20, 10, 0, 6), 1)
    assert plain(buried) == plain(on_top) == plain(in_stock)
    assert deep(buried) == deep(on_top) - 6 * 2 == deep(in_stock) - 6 * 2
    both = state([[0, 20], [0, 21, 22]], [])  # each copy counts: 1 + 2 cards
    assert deep(both) == plain(both) - 6 * 3


def test_the_keep_streamliner_plays_up_only_the_safe_column_cards() -> None:
    # spades built to 4 on both slots, one heart ace up: the 5 of spades is not safe to
    # play up (no red slot holds 4), the 2 of hearts is; "loose" plays up both at once,
    # "keep" only the 2 and leaves the 5 to a searched move
    st = EHState([[4], [14]] + [[] for _ in range(7)], [0] * 9, [], 0, [4, 1, 0, 0, 4, 0, 0, 0])
    loose, keep = st.copy(), st.copy()
    assert sorted(m for m, _ in loose.auto("loose")) == [(1, 0, 0, 1), (1, 1, 1, 1)]
    assert [m for m, _ in keep.auto("keep")] == [(1, 1, 1, 1)]
    assert (1, 0, 0, 1) in keep.moves("keep")
    assert "keep" in eh_dive.DIVE_MODES and "keep" not in eh_dive.FAST_MODES


def test_fast_searches_draw_their_dives_from_the_cheaper_streamliners(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, ...]] = []
    plan = eh_dive.plan

    def spy(key: bytes, modes: tuple[str, ...] = eh_dive.DIVE_MODES):  # type: ignore[no-untyped-def]
        asked.append(modes)
        return plan(key, modes)

    monkeypatch.setattr(eh_dive, "plan", spy)
    for mode in ("fast", "auto"):
        solve(game.new_game(game.DealCode("easy-harp", 0, 5)), max_nodes=2_000, mode=mode)
    assert asked == [eh_dive.FAST_MODES, eh_dive.DIVE_MODES]


def test_a_search_again_draws_other_dives_and_gives_the_complete_search_more(monkeypatch: pytest.MonkeyPatch) -> None:
    # the page's indicator searches a position it left unknown again (game/ui/helping.py,
    # "recheck"): the same plan would repeat the first search's dives; other dives, and a
    # larger share for the complete search far from the end (README, "Solver")
    from game.solver import search as search_mod

    keys: list[bytes] = []
    shares: list[int] = []
    plan, dives = eh_dive.plan, Search._dives
    monkeypatch.setattr(eh_dive, "plan", lambda key, modes=eh_dive.DIVE_MODES: keys.append(key) or plan(key, modes))

    def spy(self: Search, share: int):  # type: ignore[no-untyped-def]
        shares.append(share - self.nodes)
        return dives(self, share)

    monkeypatch.setattr(Search, "_dives", spy)
    g = game.new_game("EH1-N-AAAAABC")  # deal 28: not decided in a few thousand positions
    first = Search(g, 4_000).run()
    again = Search(g, 4_000, again=True).run()
    assert first.status == again.status == "unknown" and first.nodes == again.nodes == 4_000
    assert keys[1] == keys[0] + b"again"
    left = 4_000 - search_mod.PROBE_NODES  # after the probe (about: the start counts too)
    assert abs(shares[0] - left * search_mod.DIVE_SHARE_FAR) < 3, shares
    assert abs(shares[1] - left * search_mod.DIVE_SHARE_AGAIN) < 3, shares


def test_easy_harp_dives_win_what_the_opening_orderings_miss(monkeypatch: pytest.MonkeyPatch) -> None:
    # deal 5: the probe and the four opening dives (each ordering alone), then the
    # complete search, miss it within 5,000 positions; a random dive wins it; the same
    # search in slices gives the same answer
    g = game.new_game(game.DealCode("easy-harp", 0, 5))
    sol = solve(g)
    assert sol.status == "winnable" and sol.nodes < 5_000
    assert replay_wins(g, sol.moves)
    opening = [(mode, w, 2 * eh_dive.UNIT) for mode, w in eh_dive.OPENING]
    with monkeypatch.context() as m:
        m.setattr(eh_dive, "plan", lambda key, modes=(): iter(opening))
        assert solve(game.new_game(game.DealCode("easy-harp", 0, 5)), max_nodes=5_000).status == "unknown"
    s = Search(game.new_game(game.DealCode("easy-harp", 0, 5)))
    while (r := s.step(250)) is None:
        pass
    assert r == sol


def test_easy_harp_opening_dive_wins_quickly() -> None:
    # deal 13: won by the first dive (the greedy ordering) in a few dozen positions
    g = game.new_game(game.DealCode("easy-harp", 0, 13))
    sol = solve(g)
    assert sol.status == "winnable" and sol.nodes <= 2 * eh_dive.UNIT
    assert replay_wins(g, sol.moves)


def test_easy_harp_score_counts_covering_cards_and_spread_likes_empty_columns() -> None:
    def state(cols: list[list[int]], down: list[int]) -> EHState:
        return EHState(cols + [[] for _ in range(9 - len(cols))], down + [0] * (9 - len(down)), [], 0, [0] * 8)

    # the same cards: a face-up 7 on a face-down 9, or beside it in its own column
    piled = state([[8, 6]], [1])
    apart = state([[8], [6]], [1, 0])
    assert piled.score() == apart.score() - 6
    assert piled.score("spread") == apart.score("spread") - 3 + 10  # and one more empty column
    assert piled.score("greedy") == apart.score("greedy")  # greedy keeps the first weights


def test_solve_accepts_position_and_game_mid_play() -> None:
    g = game.new_game("EO1-C8-AAAAAAB")
    first = solve(g.board, max_nodes=20_000)
    assert first.status == "winnable"
    g.play(first.moves[0])
    sol = solve(g, max_nodes=20_000)
    assert sol.status == "winnable" and replay_wins(g, sol.moves)
    assert solve(g).status == "winnable" and solve(g).moves == ()  # already won


def test_bad_arguments() -> None:
    with pytest.raises(TypeError):
        solve("EO1-C8-AAAAAAB")
    with pytest.raises(ValueError):
        Search(game.new_game("EO1-C8-AAAAAAB"), mode="quick")


def test_budget_gives_unknown_never_a_false_verdict() -> None:
    g = game.new_game("EH1-N-AAAAAAB")
    sol = solve(g, max_nodes=50)
    assert sol.status == "unknown" and sol.moves == () and sol.nodes <= 50


def test_search_in_slices_matches_solve() -> None:
    g = game.new_game("EO1-C4-AAAAACE")
    whole = solve(g, max_nodes=100_000)
    s = Search(g, max_nodes=100_000)
    steps = 0
    while (r := s.step(25)) is None:
        steps += 1
    assert r == whole and s.step(25) is r
    assert steps >= whole.nodes // 25 - 1
    Search(g).step(10)  # abandoning a search is dropping it


@pytest.mark.parametrize("mode", ["fast", "complete"])
def test_modes_keep_their_promises(mode: str) -> None:
    g = game.new_game("EH1-N-AAAAAAE")
    sol = solve(g, max_nodes=3_000, mode=mode)
    assert sol.status in ("winnable", "unknown")
    if sol.status == "winnable":
        assert replay_wins(g, sol.moves)


def test_hint_is_a_legal_first_move() -> None:
    # the first move of a solution (EO1-C8, EH1 deal 4: won within the budget), of a
    # search that proved the deal lost (EO1-C2) and of none (EH1 deal 1: unknown at 500
    # positions, as at 2,000, so the hint is the heuristic's move, SPEC §10)
    for code, budget in (("EO1-C8-AAAAAAB", 2_000), ("EO1-C2-AAAAAAB", 2_000),
                         ("EH1-N-AAAAAAB", 500), ("EH1-N-AAAAAAE", 2_000)):
        g = game.new_game(code)
        m = g.hint(max_nodes=budget)
        assert m is not None and g.check(m) is None, code
    g = game.new_game("EO1-C8-AAAAAAB")
    for m in solve(g).moves:
        g.play(m)
    assert hint(g) is None


def test_hint_and_line_gives_the_hint_and_the_line_its_search_found() -> None:
    # issue 24 point 5: the page keeps the line a hint's search found, so Finish for me
    # on that position asks at once; the hint itself is the one hint() gives
    from game.solver import hint_and_line

    for code, budget in (("EO1-C8-AAAAAAB", 1_500), ("EH1-N-AAAAAAE", 2_000), ("EH1-N-AAAAABU", 20_000)):
        g = game.new_game(code)
        move, line = hint_and_line(g, budget)
        assert move == g.hint(budget), code
        assert line is not None and line.status == "winnable" and replay_wins(g, line.moves), code
        assert line.moves == solve(game.new_game(code), max_nodes=budget, mode="fast").moves
    # no line found (EH1 deal 1 at 500 positions: unknown), or one given: none comes back
    g = game.new_game("EH1-N-AAAAAAB")
    move, line = hint_and_line(g, 500)
    assert line is None and move == g.hint(500)
    known = solve(game.new_game("EO1-C8-AAAAAAB")).moves
    assert hint_and_line(game.new_game("EO1-C8-AAAAAAB"), 1_500, known)[1] is None


# --- small positions: the rules engine's exhaustive search agrees with every verdict ---

def test_dead_deals_agree_with_exhaustive_search() -> None:
    decided = 0
    # 4-cell deals 2, 4 and 5 are left out: the exhaustive search passes its cap there
    for cells, deals in ((2, range(1, 13)), (4, (1, 3, 6))):
        for n in deals:
            g = game.new_game(game.DealCode("eight-off", cells, n))
            truth = bfs_verdict(g, cap=3_000)
            if truth is None:
                continue
            decided += 1
            assert solve(g, mode="complete").status == ("winnable" if truth else "unwinnable"), (cells, n)
    assert decided >= 15


@pytest.mark.parametrize("cells", [8, 4, 2])
def test_near_end_eight_off_agrees_with_exhaustive_search(cells: int) -> None:
    rnd = random.Random(cells)
    for _ in range(4):
        g = near_end_eight_off(rnd, cells, rnd.randint(cells + 8, cells + 14))
        truth = bfs_verdict(g, cap=3_000)
        sol = solve(g, mode="complete")
        if truth is not None:
            assert sol.status == ("winnable" if truth else "unwinnable"), g.position()
        if sol.status == "winnable":
            assert replay_wins(g, sol.moves)


def test_near_end_easy_harp_agrees_with_exhaustive_search() -> None:
    rnd = random.Random(7)
    for _ in range(6):
        g = near_end_easy_harp(rnd, rnd.randint(10, 14))
        truth = bfs_verdict(g, cap=3_000)
        for mode in ("complete", "auto"):
            sol = solve(g, mode=mode)
            assert sol.status != "unwinnable" or truth is not True
            if truth is not None and mode == "complete":
                assert sol.status == ("winnable" if truth else "unwinnable"), g.position()
            if sol.status == "winnable":
                assert replay_wins(game.load_position(g.position(), game="easy-harp"), sol.moves)


STUCK = """Foundations: H-9 C-J D-9 S-J H-J C-J D-J S-J
Stock: {stock}
Waste:
: (QS) KS
: (QS) KS
: (QH) KH
: (QH) KH
: (QD) KD
: (QD) KD
: (QC) KC
: (QC) KC
: ({down}) (TH) JH
"""


def test_is_stuck_easy_harp() -> None:
    # Only stock taps are legal, and the one stock card fits nowhere: stuck.
    g = game.load_position(STUCK.format(stock="JD", down="TD"), game="easy-harp")
    assert [str(m) for m in g.legal_moves()] == ["s"]
    assert is_stuck(g) is True
    assert bfs_verdict(g, goal="progress") is False
    sol = solve(g)  # "auto" decides it in its first probe of the complete search
    assert sol.status == "unwinnable" and sol.nodes <= PROBE_NODES
    # The stock card now goes up (progress), though the game is still lost.
    g = game.load_position(STUCK.format(stock="TD", down="JD"), game="easy-harp")
    assert is_stuck(g) is False
    assert bfs_verdict(g, goal="progress") is True
    assert solve(g).status == "unwinnable"
    assert is_stuck(game.new_game("EH1-N-AAAAAAB")) is False


def test_is_stuck_agrees_with_exhaustive_search() -> None:
    rnd = random.Random(3)
    for _ in range(6):
        g = near_end_easy_harp(rnd, rnd.randint(10, 14))
        truth = bfs_verdict(g, cap=3_000, goal="progress")
        if truth is not None:
            assert is_stuck(g) is (not truth)


# --- Freecell Solver as an outside oracle (Debian freecell-solver-bin, see Makefile) ---

FC_SOLVE = shutil.which("fc-solve")


@pytest.mark.skipif(FC_SOLVE is None, reason="fc-solve missing: `make fc-solve` installs it")
@pytest.mark.parametrize("cells", [8, 4, 2])
def test_freecell_solver_oracle(cells: int) -> None:
    """Freecell Solver's Eight Off allows fewer group moves than SPEC §5, so every deal
    it solves must be winnable for us, and none may be called unwinnable."""
    assert FC_SOLVE is not None
    solved = 0
    for n in range(1, 21):
        g = game.new_game(game.DealCode("eight-off", cells, n))
        out = subprocess.run(
            [FC_SOLVE, "-g", "eight_off", "--freecells-num", str(cells), "-"],
            input=g.position(), capture_output=True, text=True, timeout=60, check=False,
        ).stdout
        assert "This game is solveable." in out or "I could not solve" in out, out[-300:]
        ours = solve(g)
        assert ours.status != "unknown"
        if "This game is solveable." in out:
            solved += 1
            assert ours.status == "winnable", (cells, n)
    if cells == 8:
        assert solved >= 17  # the oracle really ran


# --- proven-winnable deal lists (scripts/proven_deals.py) ---

@pytest.mark.parametrize("variant,cells", [("eight-off-8", 8), ("eight-off-4", 4), ("eight-off-2", 2)])
def test_proven_deals_are_winnable(variant: str, cells: int) -> None:
    from game.solver import proven_deals

    nums = proven_deals(variant)
    assert list(nums) == sorted(set(nums)) and all(1 <= n <= game.MAX_DEAL for n in nums)
    assert len(nums) >= 100
    for n in nums[:: max(1, len(nums) // 3)][:3]:
        g = game.new_game(game.DealCode("eight-off", cells, n))
        sol = solve(g)
        assert sol.status == "winnable" and replay_wins(g, sol.moves), n


def test_proven_deals_easy_harp_and_bad_variant() -> None:
    from game.solver import proven_deals

    nums = proven_deals("easy-harp")
    assert list(nums) == sorted(set(nums)) and all(1 <= n <= game.MAX_DEAL for n in nums)
    with pytest.raises(KeyError):
        proven_deals("klondike")


def test_a_step_tries_a_bounded_number_of_moves() -> None:
    # a depth-first search that proves a 4-cell deal lost backs out of many frames and
    # tries many moves into known positions; a step still pauses after a bounded number
    # of tries, so the page's slices stay short (issue 10.8), and slicing changes nothing
    from game.solver.search import TRIES_PER_NODE

    code = game.DealCode("eight-off", 4, 5)  # one step tries up to 58 moves without the limit
    whole = solve(game.new_game(code))
    s = Search(game.new_game(code))
    most = 0
    while True:
        before = s.tries
        r = s.step(1)
        most = max(most, s.tries - before)
        if r is not None:
            break
    assert r == whole and r.status == "unwinnable"
    assert most <= TRIES_PER_NODE


def test_easy_harp_hint_prefers_a_table_move_to_a_draw() -> None:
    # issue 24.4: the fast search's first line here (deal 46) starts by drawing (30
    # stock taps), yet a move on the table later in that line (t5-t1), played first,
    # keeps the deal winnable: the search's line now leads with it (eh_line.lead), the
    # hint names it, and that move followed by a solution from there replays to a win
    # (the issue's deal EH1-N-AABSGQO is the same case)
    from game.solver import eh_line
    from game.solver.adapter import read_state
    from game.solver.advice import replays_to_win, table_moves

    g = game.new_game("EH1-N-AAAAABU")
    st = read_state(g)
    assert isinstance(st, EHState)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(eh_line, "lead", lambda st, line, avoid=frozenset(): line)
        drawn = solve(g, max_nodes=20_000, mode="fast").moves
    assert drawn[:30] == ("s",) * 30 and drawn[30] != "s"
    line = solve(g, max_nodes=20_000, mode="fast").moves
    assert line[0] != "s" and sorted(line) == sorted(drawn) and replays_to_win(st, line)
    assert eh_line.lead(st, drawn) == line
    m = g.hint()
    assert m is not None and m.dst is not None
    text = f"{m.src}-{m.dst}"
    assert text in [st.notation(t)[0] for t in table_moves(st)] and text in drawn
    assert game.new_game("EH1-N-AAAAABU").hint(line=drawn) == m  # a known line: no search
    g.play(m)
    rest = solve(g, max_nodes=20_000, mode="fast").moves
    assert rest and replays_to_win(st, (text, *rest))
    assert not replays_to_win(st, rest) and not replays_to_win(st, ("w-f1",))  # illegal lines fail


def test_lead_keeps_lines_that_cannot_be_reordered() -> None:
    # a line already led by a table move, an Eight Off line and an empty one stay as
    # they are; a tap-led line whose table moves all break it stays too (each try is
    # replayed: no line that does not win is ever returned)
    from game.solver import eh_line
    from game.solver.adapter import read_state

    g = game.new_game("EH1-N-AAAAABU")
    st = read_state(g)
    line = solve(g, max_nodes=20_000, mode="fast").moves
    assert eh_line.lead(st, line) == line and eh_line.lead(st, ()) == ()
    eo = game.new_game("EO1-C8-AAAAAAB")
    eo_line = solve(eo).moves
    assert eh_line.lead(read_state(eo), eo_line) == eo_line
    bad = ("s", *line)  # a tap first: the line no longer wins as written
    assert eh_line.lead(st, bad) == bad



def _eo_path(st, line: tuple[str, ...]) -> list[tuple[int, ...]]:
    """The primitive Eight Off moves of a notation line (each matched by its notation
    among every legal move of its position)."""
    cur, path = st.copy(), []
    for text in line:
        m = next(m for m in cur.moves("complete", full=True) if cur.notation(m) == [text])
        path.append(m)
        cur.do(m)
    return path


def _eo_notation(st, path: list[tuple[int, ...]]) -> list[str]:
    cur, out = st.copy(), []
    for m in path:
        out += cur.notation(m)
        cur.do(m)
    return out


def test_eight_off_lines_lose_their_detours() -> None:
    """The line a tester followed as hints put 3H from t8 on t1, into a cell and back
    on t1 (914 moves); eo_line.shorten keeps a win (SPEC §10) without such trips."""
    from game.solver import eo_line
    from game.solver.adapter import read_state

    code = "EO1-C8-AAAMEFA"
    sol = solve(game.new_game(code))
    assert sol.status == "winnable" and len(sol.moves) <= 130
    assert replay_wins(game.new_game(code), sol.moves)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(eo_line, "shorten", lambda st, path: path)
        long = solve(game.new_game(code))
    assert len(long.moves) >= 900
    st = read_state(game.new_game(code))
    assert _eo_notation(st, eo_line.shorten(st, _eo_path(st, long.moves))) == list(sol.moves)
    # Over deals nobody tuned for: never longer, always a win, a fifth shorter at least.
    total = [0, 0]
    for n in range(301, 331):
        deal = game.DealCode("eight-off", 8, n)
        st = read_state(game.new_game(deal))
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(eo_line, "shorten", lambda st, path: path)
            line = solve(game.new_game(deal)).moves
        short = _eo_notation(st, eo_line.shorten(st, _eo_path(st, line)))
        assert len(short) <= len(line) and replay_wins(game.new_game(deal), short)
        total[0] += len(line)
        total[1] += len(short)
    assert total[1] < 0.8 * total[0], total


def test_a_trip_is_kept_where_the_moves_between_need_it() -> None:
    from game.solver import eo_line
    from game.solver.eo_state import CELL0, EOState

    def card(rank: int, suit: str) -> int:
        return "SHDC".index(suit) * 13 + rank - 1

    st = EOState([[card(9, "S"), card(5, "H")], [card(6, "H")], [card(8, "D")], [card(3, "C")],
                  [card(7, "D")], [card(12, "C")], [card(11, "C")], [card(10, "C")]],
                 [-1, -1, -1, -1], [0, 0, 0, 0])

    def legal(path: list[tuple[int, ...]]) -> bool:
        cur = st.copy()
        for m in path:
            if m not in cur.moves("complete", full=True):
                return False
            cur.do(m)
        return True

    # 5H from t1 to a cell, 3C from t4 to a cell, 5H on 6H: one move t1 -> t2
    trip = [(0, CELL0, 1), (3, CELL0 + 1, 1), (CELL0, 1, 1)]
    # (3C then goes to the lowest empty cell, cell 1: eo_line.lowest_cells)
    assert legal(trip) and eo_line.shorten(st, trip) == [(3, CELL0, 1), (0, 1, 1)]
    # ... not when a move between takes from the pile the card left (9S from t1)
    touched = [(0, CELL0, 1), (0, CELL0 + 1, 1), (CELL0, 1, 1)]
    assert legal(touched) and eo_line.shorten(st, touched) == touched
    # 5H on 6H (t2), into a cell and back on 6H: t1 -> t2 -> c1 becomes t1 -> c1, then
    # t1 -> c1 -> t2 becomes t1 -> t2, played where the last move of 5H was
    back = [(0, 1, 1), (1, CELL0, 1), (3, CELL0 + 1, 1), (CELL0, 1, 1)]
    assert legal(back) and eo_line.shorten(st, back) == [(3, CELL0, 1), (0, 1, 1)]
    # a card that comes back where it was: both moves go (4H from a cell onto 5H, back)
    st.cols[4], st.cells[0] = [], card(4, "H")  # (7D out of the deal, for 4H)
    home = [(CELL0, 0, 1), (3, CELL0 + 1, 1), (0, CELL0, 1)]
    assert legal(home) and eo_line.shorten(st, home) == [(3, CELL0 + 1, 1)]
    # 4H from cell 1 onto 5H, 3C from t4 to cell 2, 4H on to cell 3, then back on 5H
    # from there: 4H stays in cell 1 (a cell-to-cell move changes nothing a player can
    # use; a tester's hint said "5♠ from free cell 4 to free cell 7"), and the moves
    # after name cell 1 where they named cell 3
    relabel = [(CELL0, 0, 1), (3, CELL0 + 1, 1), (0, CELL0 + 2, 1), (CELL0 + 2, 0, 1)]
    short = eo_line.shorten(st, relabel)
    assert legal(relabel) and legal(short)
    assert short == [(3, CELL0 + 1, 1), (CELL0, 0, 1)], short
    assert not any(CELL0 <= a < 20 and CELL0 <= b < 20 for a, b, _ in short)


def test_eight_off_lines_name_no_move_from_cell_to_cell() -> None:
    """Over deals nobody tuned for (EO1-C8-AAAAAAB..Z): no cell-to-cell move (11 in
    2,403 moves before), and a card goes to the lowest empty cell, where a double tap
    puts it (a hint named cell 8 with cells 5 to 7 empty); every line still a win."""
    for n in range(1, 26):
        g = game.new_game(game.DealCode("eight-off", 8, n))
        moves = solve(g, max_nodes=50_000).moves
        assert replay_wins(g, moves)
        assert not any(m.startswith("c") and "-c" in m for m in moves), (n, moves)
        cur = game.new_game(game.DealCode("eight-off", 8, n))
        for text in moves:
            if "-c" in text:
                lowest = next(k for k in range(1, 9) if not cur.pile(f"c{k}"))
                assert text.split("-")[1] == f"c{lowest}", (n, text)
            cur.play(text)


def _keys_along(g: game.Game, moves: tuple[str, ...]) -> list[bytes]:
    """The solver keys of the positions ``moves`` reach from ``g`` after each move that
    is not a stock tap (``g`` is not changed)."""
    from game.solver.adapter import read_state

    cur, out = game.load_position(g.position(), game=g.game, cells=g.cells), []
    for text in moves:
        cur.play(text)
        if text != "s":
            out.append(read_state(cur).key())
    return out


def test_a_hint_never_leads_back_where_the_game_came_from() -> None:
    # a tester saw 9♠ hinted t7-t4, then t4-t7, then back, for ever (EH1-N-AAAAABC):
    # each hint was the first move of a new line, and a line may begin with the move
    # back. The player moved 9♠ t7-t4; a line known from here begins with t4-t7 (the
    # move back) and wins. Without the game's past the hint is that move; with it, the
    # hint is another first move of a checked win that never comes back (advice,
    # "Never back"), and that line comes with the hint for the page to follow.
    from game.solver import hint_and_line, leads_back, past_keys

    g = game.new_game("EH1-N-AAAAABC")
    for m in "t9-t1:1 t8-t7:1 t8-t4:1 s w-t4:1".split():
        g.play(m)
    back = solve(g, max_nodes=20_000, mode="fast").moves
    assert back
    g.play("t7-t4")
    line = ("t4-t7", *back)
    assert replay_wins(game.load_position(g.position(), game="easy-harp"), line)
    assert str(hint_and_line(g, 12_000, line=line, avoid=())[0]) == "t4-t7:1"
    assert str(hint(g, 12_000, line=line, avoid=())) == "t4-t7:1"  # hint passes avoid on
    keys = past_keys(g)
    assert len(keys) == 5 and leads_back(g, "t4-t7") and not leads_back(g, "s")
    mv, sol = hint_and_line(g, 12_000, line=line)
    assert mv is not None and str(mv) != "t4-t7:1"
    assert sol is not None and sol.status == "winnable" and g.normalise(sol.moves[0]) == mv
    assert not keys & set(_keys_along(g, sol.moves))
    assert replay_wins(game.load_position(g.position(), game="easy-harp"), sol.moves)


def test_a_search_that_avoids_positions_finds_lines_around_them() -> None:
    # Search(avoid=...): no line passes through an avoided position (Eight Off here; in
    # Easy Harp none that the search keys, each after its automatic foundation moves:
    # the hint's test above); where it would prove a loss it says "unknown" (the
    # avoided positions might be the way)
    from game.solver.adapter import read_state

    g = game.new_game("EO1-C8-AAAAAAB")
    line = solve(g, mode="complete").moves
    first = _keys_along(g, line[:3])
    sol = Search(g, 200_000, mode="complete", avoid=first).run()
    assert sol.status == "winnable" and not set(first) & set(_keys_along(g, sol.moves))
    assert replay_wins(game.new_game("EO1-C8-AAAAAAB"), sol.moves)
    lost = game.new_game("EO1-C2-AABZMVC")
    assert Search(lost, 200_000, mode="complete").run().status == "unwinnable"
    some = {read_state(lost).key() + b"x"}  # avoids nothing that exists, still proves nothing
    assert Search(lost, 200_000, mode="complete", avoid=some).run().status == "unknown"


def test_lines_drop_a_card_sent_somewhere_and_straight_back() -> None:
    # a search's line held t1-f1 (an automatic move) then f1-t1 (the card taken back as a
    # base): hints following it said t1-f1, f1-t1, and the player came back to a position
    # whose line began so again. eh_line.tidy drops such pairs when the line still wins
    from game.solver.adapter import read_state
    from game.solver.eh_line import tidy

    g = game.new_game("EH1-N-AAAAABC")
    for m in "t9-t1:1 t8-t7:1 t8-t4:1 s w-t4:1".split():
        g.play(m)
    st = read_state(g)
    back = solve(g, max_nodes=20_000, mode="fast").moves
    assert tidy(st, ("t7-t4", "t4-t7", *back)) == tidy(st, back)
    assert replay_wins(game.load_position(g.position(), game="easy-harp"), tidy(st, back))
    assert tidy(st, ("t7-t4", *back)) == ("t7-t4", *back)  # no pair: unchanged
    assert tidy(st, ("t7-t4", "t4-t7")) == ("t7-t4", "t4-t7")  # a shorter line that does not win: kept


def test_a_hint_pulled_to_the_front_is_not_a_move_its_line_undoes() -> None:
    # a new player following the hints on deal EH1-N-AAAAAAU was told t1-f5, then f5-t1
    # some draws later (and t5-t8, then t8-t5): the known line drew first, and the hint
    # pulled to its front a move the rest of the line then undid. eh_line.straight drops
    # such a detour when the line still wins without it; the hint is then another move
    import json
    from pathlib import Path

    from game.solver import advice, eh_line
    from game.solver.adapter import read_state
    from game.ui.slicer import LINE_HINT_NODES

    data = json.loads((Path(__file__).parents[1] / "data" / "detour-hint.json").read_text())
    line = tuple(data["line"])
    st = read_state(game.load_position(data["position"], game="easy-harp"))
    assert line[0] == "s" and replay_wins(game.load_position(data["position"], game="easy-harp"), line)

    def hinted() -> tuple[str, tuple[str, ...]]:
        m, sol = game.hint_and_line(game.load_position(data["position"], game="easy-harp"), LINE_HINT_NODES,
                                    line=line)
        assert m is not None and sol is not None
        return f"{m.src}-{m.dst}", sol.moves  # one card: the notation of the line

    with pytest.MonkeyPatch.context() as mp:  # as before the fix: no detour check
        mp.setattr(eh_line, "straight", lambda st, line: line)
        mp.setattr(advice, "straight", lambda st, line: line)
        old, old_line = hinted()
    assert old == "t1-f5" and "f5-t1" in old_line
    short = eh_line.straight(st, old_line)  # the pair goes, the line still wins
    assert len(short) == len(old_line) - 2 and short[0] == "s" and eh_line.replays_to_win(st, short)
    new, new_line = hinted()
    assert new[0] == "t" and new != old and new_line[0] == new
    assert eh_line.straight(st, new_line) == new_line and eh_line.replays_to_win(st, new_line)
    assert eh_line.straight(st, ()) == () and eh_line.straight(read_state(game.new_game("EO1-C8-AAAAAAB")),
                                                                 ("t1-t2",)) == ("t1-t2",)


def test_a_card_moved_lately_is_not_hinted_from_column_to_column_again() -> None:
    # a tester saw 5♥ hinted t1-t3, t3-t1, t1-t3 with draws between (no position came
    # back): recent_faces names the cards the game's last actions put on a column, and
    # eh_line.bounces refuses them a column move that turns nothing up
    from game.solver import RECENT_ACTIONS, recent_faces
    from game.solver.adapter import face_code, read_state
    from game.solver.eh_line import bounces

    g = game.new_game("EH1-N-AAAAABC")
    for m in "t9-t1:1 t8-t7:1 t8-t4:1 s w-t4:1 t7-t4:1".split():
        g.play(m)
    nine = face_code(9, "S")
    faces = recent_faces(g)
    assert nine in faces and face_code(10, "D") not in faces  # 10♦ came from the waste
    st = read_state(g)
    assert isinstance(st, EHState)
    back = (0, 3, 6, 1)  # 9♠ from t4 to t7, onto 10♥ again
    assert back in st.moves("complete", full=True) and bounces(st, back, faces)
    assert not bounces(st, back, frozenset())
    for _ in range(RECENT_ACTIONS):
        g.play("s")
    assert nine not in recent_faces(g) and recent_faces(game.new_game("EH1-N-AAAAABC")) == frozenset()


def test_with_no_win_found_the_hint_turns_a_card_rather_than_draw_to_an_ace() -> None:
    # the start of EH1-N-AAAAABC: no win within the hint's budget; the first automatic
    # move is an ace six draws away, yet t8-t7 and t9-t1 turn cards up: a player says
    # one of those (the heuristic said "draw" before)
    g = game.new_game("EH1-N-AAAAABC")
    assert solve(g, max_nodes=3_000, mode="fast").status == "unknown"
    assert str(hint(g, 3_000)) in ("t8-t7:1", "t9-t1:1")
    assert str(hint(game.new_game("EO1-C8-AAAAAAB"), 1)) != "None"  # Eight Off: unchanged path


def test_detours_of_one_card_are_found_in_a_line() -> None:
    # eh_line._detours: a card put on a column and taken on by that column's next move,
    # nothing put on it between: straight there (nothing between touches the end), or
    # both moves dropped when it comes back (its first column untouched between);
    # tidy keeps a shortened line only when it replays to a win (tested above)
    from game.solver.eh_line import _detours

    assert _detours(["t7-t4", "s", "w-f1", "t4-t7"]) == [(0, 3, None)]
    assert _detours(["w-t4", "s", "t4-f2"]) == [(0, 2, "w-f2")]
    assert _detours(["t7-t4", "w-t4", "t4-t7"]) == [(1, 2, "w-t7")]  # 9♠ covered: only the waste card's
    assert _detours(["t7-t4", "t3-t7", "t4-t7"]) == []  # t7 touched between: not back
    assert _detours(["t7-t4", "t2-f1", "t4-f1"]) == []  # f1 touched between
    assert _detours(["t1-t2:2", "t2-t1:2"]) == []  # groups are left alone


def test_an_ace_that_can_go_up_is_hinted_before_a_draw() -> None:
    # a tester was told to draw with A♣ on the waste: a line known from here may start
    # by drawing, yet an ace up now starts a solution too (advice._ace_up)
    g = game.new_game("EH1-N-AAAAABC")
    for m in "t9-t1:1 t8-t7:1 t8-t4:1 s w-t4:1".split():
        g.play(m)
    while not any(str(m).startswith("w-f") for m in g.legal_moves()):
        g.play("s")
    up = next(m for m in g.legal_moves() if str(m).startswith("w-f"))
    assert g.pile("w")[-1].card.rank == 1
    after = game.load_position(g.position(), game="easy-harp")
    after.play("s")
    rest = solve(after, max_nodes=60_000).moves
    assert rest and replay_wins(game.load_position(g.position(), game="easy-harp"), ("s", *rest))
    assert str(hint(g, 100, line=("s", *rest))) == str(up)  # a solution that draws first is known
    g.play(up)
    assert solve(g, max_nodes=60_000).status == "winnable"  # still a solution after it


def test_a_take_back_put_straight_back_is_a_detour() -> None:
    from game.solver.eh_line import _detours

    assert _detours(["f2-t1", "s", "w-t3", "t1-f2"]) == [(0, 3, None)]
    assert _detours(["t1-f1", "f1-t1"]) == [(0, 1, None)]  # up and straight back down
    assert _detours(["f2-t1", "t5-t1", "t1-t5", "t1-f2"]) == [(1, 2, None)]  # a base: used


def test_a_whole_column_into_an_empty_one_is_never_a_preferred_move() -> None:
    # A tester following the hints of EH1-N-AAAAAAF was told to move the ten cards from
    # K♥ from column 1 (all it held) into the empty column 3, then the other K♥ run
    # into column 1: the same position each time (the solver's key does not change).
    # Here (deal EH1-N-AAAAAAB, 719 moves along a solver line) column 3 is a king-led
    # run and column 5 is empty.
    from game.solver import eh_line
    from game.solver.adapter import read_state

    g = game.load_position(RELABEL_POSITION, game="easy-harp")
    st = read_state(g)
    assert isinstance(st, EHState)
    assert "t3-t5:9" in [str(m) for m in g.legal_moves()]
    swap = next(m for m in st.moves("complete", full=True) if st.notation(m)[0] == "t3-t5:9")
    assert eh_line.relabels(st, swap)
    after = st.copy()
    after.do(swap)
    assert after.key() == st.key()  # nothing changes but the columns' order
    assert swap not in eh_line.table_moves(st)
    assert "t3-t5:9" not in eh_line._candidates(st)
    hint = g.hint()
    assert hint is not None and f"{hint.src}-{hint.dst}" != "t3-t5"


RELABEL_POSITION = """Foundations: H-6/212121 C-3/212 D-K/2212111121212 S-6/221111 H-6/121212 C-3/121 D-2/11 S-3/112
Stock: JC.2 8C.1 JS.2
Waste: 9C.2 TD.2 4D.1 5C.2 KC.2 QS.2 6S.2 JH.1 7H.1 7C.1 QS.1 JS.1 KH.1 5S.2 QC.1 KS.2 KH.2 9C.1
: JD.1 TS.1 9D.1 8S.1 7H.2 6C.1
: 8H.1 7C.2
: KD.1 QC.2 JH.2 TC.2 9H.2 8C.2 7D.2 6C.2 5D.2
: TH.1 9S.2 8D.2
:
: (8H.2) (8S.2) (KS.1) (7S.1) 6D.2 5C.1
: (4C.1) (3D.2) (7S.2) TS.2
: (4C.2) (QH.1) (KC.1) (9H.1) (TC.1) (9S.1) (4S.2) QD.2
: QH.2 JC.1 TH.2
"""


def test_the_heuristic_hint_is_not_the_move_back() -> None:
    # A tester following the hints of EH1-N-AAAAAAF was told, 189 actions in, to move
    # 2♦ from one black three to the other and back, 31 times: no win exists there (the
    # complete search proves it in 2 positions), so the hint is the heuristic's (SPEC
    # §10), whose one candidate led back to the position the game came from.
    from game.solver.adapter import read_state
    from game.solver.advice import hint_text

    g = game.load_position(LOST_POSITION, game="easy-harp")
    g.play("w-t4")
    assert solve(g, max_nodes=1_000, mode="complete").status == "unwinnable"
    before = read_state(g).key()
    g.play("t6-t9")
    said = hint_text(g, 3_000, avoid=[before])
    assert said is not None and said != "t9-t6"
    after = game.load_position(g.position(), game="easy-harp")
    after.play(said)
    assert read_state(after).key() != before


LOST_POSITION = """Foundations: H-8/21112121 C-A/1 D-8/21221221 S-7/2212121 H-2/12 C-A/2 D-0 S-A/1
Stock: KS.1 QD.2 QD.1 KS.2 8C.1 TD.1 KC.1 9C.1 QH.2 KC.2 TH.2
Waste: QH.1 JC.1 8D.2
: KH.1 QS.2 JH.2 TS.1 9D.2 8C.2 7D.1 6C.1 5D.2 4C.2
: KH.2 QC.1 JD.2 TC.2
: 4S.1
: (2S.1) (KD.1) (7C.1) JS.2 TH.1 9S.2
: (3C.2) (3D.1) JD.1 TC.1
: (QS.1) (2C.1) (AD.1) (3H.2) (4C.1) 6H.2 5S.2 4D.1 3S.2 2D.2
: KD.2 QC.2
: (JC.2) (9S.1) (9D.1) (5H.1) (7C.2) (9H.2) JH.1 TS.2 9H.1 8S.1 7H.1 6C.2
: (5C.1) (8S.2) (6S.1) (2C.2) JS.1 TD.2 9C.2 8H.2 7S.2 6D.1 5C.2 4H.2 3C.1
"""

"""Easy Harp's complete search builds at once on a card put on a column from the deck or
a foundation (game/solver/eh_bases.py, ``BASES``; issue 24 point 3): the pruned search
against the unpruned one and the rules engine's exhaustive search, and the moves it
makes under an obligation against the rules engine."""

from __future__ import annotations

import random

import pytest

import game
from game.solver import eh_bases, solve
from game.solver.adapter import read_state

from .solver_support import bfs_verdict, near_end_easy_harp

#: Two positions a careless player reached (bench/careless-positions.json, deals
#: EH1-N-AAAAABT after 368 actions and EH1-N-AAAAACF after 279), proved lost by the
#: complete search with and without the pruning.
LOST = [
    (
        "Foundations: H-0 C-2/22 D-0 S-5/22111 H-0 C-2/11 D-4/2221 S-0\n"
        "Stock: KH.2 8S.1 JD.1 KS.2 KC.2 JC.1 QS.1 KH.1 7H.2 JD.2 TH.2 QD.1 7C.1\n"
        "Waste: QH.2 KS.1 JC.2 9H.1 JS.1\n"
        ": 8D.2 7C.2 6H.1\n"
        ": (QD.2) TH.1 9S.2 8D.1 7S.2 6D.1 5C.1 4H.1\n"
        ": (3H.1) (2D.1) QS.2 JH.2 TC.1 9H.2 8C.2 7D.2 6C.1 5D.2 4C.2\n"
        ": (AS.1) (QC.1) (3S.2) 5S.2 4D.2 3C.2 2H.1\n"
        ": KD.1 QC.2 JH.1 TS.1\n"
        ": (3D.1) (TD.1) (AH.2) TD.2 9C.2 8H.1 7S.1 6D.2 5C.2 4H.2\n"
        ": (2S.1) (QH.1) (AD.1) (9S.1) (9D.1) TS.2 9D.2 8S.2 7H.1 6C.2 5H.1 4C.1 3H.2\n"
        ": (3C.1) (AH.1) (KD.2) (KC.1) 8C.1\n"
        ": (9C.1) (8H.2) (JS.2) (TC.2) (6S.2) (2H.2) (6H.2) (5D.1) 7D.1 6S.1 5H.2 4S.2\n"
    ),
    (
        "Foundations: H-A/1 C-0 D-0 S-A/1 H-A/2 C-0 D-0 S-A/2\n"
        "Stock: KC.2 QH.1 4C.1 TH.1 JH.2 QH.2 3H.1 3S.1 KD.2 QS.1 7S.2 5H.2 5D.2 AD.1\n"
        "Waste: QC.1 KD.1 6C.2 7C.2 TC.2 4C.2 7H.2 JS.1 QD.1 5D.1 JS.2 KC.1 KH.1\n"
        ": KH.2 QC.2 JH.1 TC.1 9D.2 8S.1\n"
        ": (4H.2) QS.2 JD.2 TS.1 9H.1 8C.2 7D.1\n"
        ": (7C.1) (KS.2) 6C.1 5H.1 4S.1 3D.1\n"
        ": (2C.2) (4H.1) JC.2 TD.1 9C.1\n"
        ": (3H.2) (7H.1) (8C.1) (6S.2) JC.1 TD.2\n"
        ": (2S.1) (6D.2) (2C.1) (3C.1) TH.2 9C.2\n"
        ": (8D.2) (5C.2) (9H.2) (2D.2) (AD.2) (3D.2) 9D.1 8S.2 7D.2\n"
        ": (6H.2) (2S.2) (8H.1) (AC.1) (2D.1) (KS.1) (5S.2) 9S.2 8H.2 7S.1 6H.1 5C.1 4D.2 3S.2 2H.1 AC.2\n"
        ": (TS.2) (2H.2) (JD.1) (8D.1) (6S.1) (QD.2) (9S.1) (4S.2) 6D.1 5S.1 4D.1 3C.2\n"
    ),
]


def wins(g: game.Game, moves: tuple[str, ...]) -> bool:
    """Whether ``moves`` (SPEC §2 notation) replayed through ``g.play`` from a copy of
    ``g`` win the game."""
    h = game.load_position(g.position(), game="easy-harp")
    for m in moves:
        h.play(m)
    return h.is_won


def both(g: game.Game, max_nodes: int) -> tuple[object, object]:
    """The complete search's answer with the pruning, then without it."""
    with pytest.MonkeyPatch.context() as mp:
        pruned = solve(g, max_nodes=max_nodes, mode="complete")
        mp.setattr(eh_bases, "BASES", False)
        every = solve(g, max_nodes=max_nodes, mode="complete")
    return pruned, every


@pytest.mark.parametrize("text", LOST)
def test_lost_positions_from_play_are_proved_lost_with_fewer_positions(text: str) -> None:
    g = game.load_position(text, game="easy-harp")
    pruned, every = both(g, 20_000)
    assert pruned.status == every.status == "unwinnable"
    assert pruned.nodes < every.nodes  # 92 against 3,306 and 864 against 1,872


def test_a_run_kept_by_a_card_on_its_first_card_may_go_on() -> None:
    """JS and then TS go back from slot 1; TD, the top of slot 3, then goes on JS, 9D on
    TS, 9S on TD... The run is kept by TD on its first card, though nothing could go on
    TS or 9S when TS was taken back: refusing that take-back made the complete search
    say "unwinnable" on this won position (found by bench/eh_exhaust.c's check without
    the pruning, 7 December 2026)."""
    g = game.load_position(
        "Foundations: H-Q C-3 D-T S-J H-2 C-J D-4 S-6\nStock:\nWaste:\n"
        ": KS QD JS TD 9C 8D 7S 6D 5C\n: KD QC JD TC 9H 8S 7D\n: KH QS JD\n: KD\n"
        ": (QC) (QS) (JH) (TS) 6H\n: KC QH\n: KH\n: KS QD JC TH 9S 8H 7C\n"
        ": (KC) (4H) (5D) 9D 8C 7H 6C 5H 4C 3H\n", game="easy-harp")
    pruned, every = both(g, 50_000)
    assert pruned.status == every.status == "winnable"
    assert wins(g, pruned.moves)


def test_small_positions_get_the_same_verdict_as_every_move_searched() -> None:
    rnd = random.Random(24)
    lines = 0
    for _ in range(8):
        g = near_end_easy_harp(rnd, rnd.randint(12, 18))
        truth = bfs_verdict(g, cap=3_000)
        pruned, every = both(g, 20_000)
        assert pruned.status == every.status, g.position()
        if truth is not None:
            assert pruned.status == ("winnable" if truth else "unwinnable"), g.position()
        if pruned.status == "winnable":
            assert wins(g, pruned.moves)
            lines += 1
    assert lines >= 4


def test_a_win_that_needs_two_stock_cards_as_bases_is_found() -> None:
    """Both jacks of hearts lie on the tens the hearts need next; a jack goes only on a
    black queen: a queen of clubs from the stock, itself on a king of hearts from the
    stock in an empty column. After the king, only cards that go on it are searched."""
    g = game.load_position(
        "Foundations: H-9 C-J D-K S-Q H-9 C-J D-K S-Q\nStock: QC KH KC QC KH\nWaste:\n"
        ": (TH) JH\n: (TH) JH\n: KS\n: KS\n: QH\n: QH\n: KC\n:\n:\n", game="easy-harp")
    st = read_state(g)
    king = [m for m in st.moves("complete") if m[0] == 11 and st.deck[m[1]] == 25]
    assert [m[2] for m in king] == [7]  # the lowest empty column only
    st.do(king[0])
    assert st.pend == (7,)
    owed = st.moves("complete")
    # the queens of spades (a take-back) and of clubs (the stock): nothing else
    faces = {(m[0], st.deck[m[1]] if m[0] == 11 else (m[1] % 4) * 13 + st.found[m[1]] - 1) for m in owed}
    assert faces == {(11, 3 * 13 + 11), (9, 0 * 13 + 11)}
    pruned, every = both(g, 20_000)
    assert pruned.status == every.status == "winnable"


#: Red jacks and the nines of spades lie under the tens of spades; a ten goes only on a
#: red jack: JH from the stock, on QC from the stock, on KD (column 5, once the other KD
#: went to an empty column). QC is a base only because a chain of two stock cards from
#: it (QC, JH) ends in a column's top card (TS).
CHAIN_OF_TWO = (
    "Foundations: H-9 C-T D-T S-8 H-9 C-T D-T S-8\nStock: KH QC JH\nWaste:\n"
    ": (JC) (JH) (QS) (JD) (TH) (9S) TS\n: (JC) (QC) (QS) (JD) (TH) (9S) TS\n: (JS) (JS) KS\n: KS\n"
    ": (QD) (QD) (KD) KD\n: (QH) (QH) (KH) KC\n: KC\n:\n:\n"
)


def one_level(st: object, c: int, d: int, near: dict[int, int], tops: dict[int, int],
              col_tops: dict[int, int]) -> bool:
    """A chain that may not go on through the deck: :func:`eh_bases.wanted` without it."""
    return eh_bases.wanted(st, c, d, {}, tops)  # type: ignore[arg-type]


def one_card(st: object, c: int, d: int, near: dict[int, int], tops: dict[int, int],
             col_tops: dict[int, int]) -> bool:
    """The rule before chains: one card (the deck's too) that could go on ``c``."""
    return eh_bases.wanted(st, c, d, near, tops)  # type: ignore[arg-type]


def test_a_win_that_needs_a_chain_of_stock_cards_is_found() -> None:
    g = game.load_position(CHAIN_OF_TWO, game="easy-harp")
    pruned, every = both(g, 20_000)
    assert pruned.status == every.status == "winnable"
    assert wins(g, pruned.moves)
    with pytest.MonkeyPatch.context() as mp:  # the chain through the deck is what wins
        mp.setattr(eh_bases, "chained", one_level)
        assert solve(g, max_nodes=20_000, mode="complete").status == "unwinnable"


def test_a_stock_card_is_a_base_only_when_a_chain_from_it_can_end() -> None:
    """KH from the stock may go to an empty column, QC from the stock on it, JH from the
    stock on QC and TS, a column's top card, on JH. Without JH in the stock, nothing ends
    the chain KH, QC: neither is played as a base, though a card (QC) could go on KH."""
    ends = ("Foundations: H-T C-J D-K S-9 H-T C-J D-K S-9\nStock: KH QC JH\nWaste:\n"
            ": KS\n: (JH) KS\n: KC QH\n: KC QH\n: (QS) TS\n: (QS) TS\n: (QC) (JS) (JS) KH\n:\n:\n")
    cut = ends.replace("Stock: KH QC JH", "Stock: KH QC").replace(": KS\n: (JH) KS", ": (JH) KS\n: (JH) KS")
    KH, QC = 1 * 13 + 12, 3 * 13 + 11

    def bases(text: str) -> list[tuple[int, int]]:
        st = read_state(game.load_position(text, game="easy-harp"))
        return sorted((st.deck[m[1]], m[2]) for m in st.moves("complete") if m[0] == 11)

    assert bases(ends) == [(KH, 7), (QC, 6)]  # KH to the lowest empty column, QC on KH
    assert bases(cut) == []
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(eh_bases, "chained", one_card)
        assert bases(cut) == [(KH, 7)]  # what one card that could go on it allowed


def test_moves_under_an_obligation_are_the_rules_engines() -> None:
    """Every base of the complete search, then every move searched under its obligation,
    leads where the same notation leads in the rules engine (positions from random
    play, as in test_solver_conformance.py)."""
    rnd = random.Random(9)
    checked = 0
    g = game.new_game(game.DealCode("easy-harp", 0, 9))
    for _ in range(160):
        moves = g.legal_moves()
        g.play(rnd.choice(moves))
        st = read_state(g)
        for m in [m for m in st.moves("complete") if m[0] in (9, 11)][:3]:
            t1 = st.do(m)
            for m2 in st.moves("complete")[:4]:
                texts = st.notation(m2)
                t2 = st.do(m2)
                h = game.load_position(g.position(), game="easy-harp")
                tmp = read_state(g)
                for x in tmp.notation(m) + texts:
                    h.play(x)
                after = read_state(h)
                assert (after.cols, after.down, sorted(after.deck), after.found) == (
                    st.cols, st.down, sorted(st.deck), st.found), (texts, g.position())
                st.undo(m2, t2)
                checked += 1
            st.undo(m, t1)
        assert st.key() == read_state(g).key() and not st.pend
    assert checked >= 50

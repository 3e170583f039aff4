"""The questions the view asks instead of deciding rules (issue 9 step 0):
``Game.pickup_refusal``, ``Game.targets``, ``Game.has_moves`` (SPEC §4-§6)."""

from __future__ import annotations

import random

import pytest

import game
from game import GameError, IllegalMove, Refusal, new_game

from .helpers import board


def eh(**piles: str) -> game.Game:
    return board("easy-harp", **piles)


# --- pickup_refusal: Easy Harp ----------------------------------------------------------
def test_easy_harp_pickup_sources():
    g = eh(t1="(9H.1) (2C.2) 8S.1 7H.2", t2="KS.1 QH.1 JC.2", t3="8S.2 7D.1 6C.1",
           t4="5C.1 9D.2", s="AS.1 2S.1", w="3H.1 4H.1", f1="AS.2 2S.2")
    assert g.pickup_refusal("t1", 3) is None            # top card
    assert g.pickup_refusal("t1", -1) is None           # -1 = top
    assert g.pickup_refusal("t1", 2) is Refusal.ONE_CARD_AT_A_TIME  # ordered, no king
    assert g.pickup_refusal("t1", 1) is Refusal.FACE_DOWN
    assert g.pickup_refusal("t1", 0) is Refusal.FACE_DOWN
    assert g.pickup_refusal("t2", 0) is None            # king-led run moves as a block
    assert g.pickup_refusal("t2", 1) is Refusal.ONE_CARD_AT_A_TIME
    assert g.pickup_refusal("t3", 0) is Refusal.ONE_CARD_AT_A_TIME
    assert g.pickup_refusal("t4", 0) is Refusal.NOT_A_RUN
    assert g.pickup_refusal("s", 1) is Refusal.FACE_DOWN  # the stock
    assert g.pickup_refusal("w", 1) is None
    assert g.pickup_refusal("w", 0) is Refusal.ONE_CARD_AT_A_TIME  # not the waste top
    assert g.pickup_refusal("f1", 1) is None             # take-back
    assert g.pickup_refusal("f1", 0) is Refusal.FOUNDATION_ONE_CARD
    assert g.pickup_refusal("t9", 0) is Refusal.EMPTY_SOURCE  # empty pile
    assert g.pickup_refusal("t1", 4) is Refusal.EMPTY_SOURCE  # index past the top
    assert g.pickup_refusal("c1", 0) is Refusal.NO_SUCH_PILE


def test_easy_harp_king_run_not_alternating_is_not_a_run():
    g = eh(t1="KS.1 QC.1", t2="KD.1 QH.1 JS.1")
    assert g.pickup_refusal("t1", 0) is Refusal.NOT_A_RUN
    assert g.pickup_refusal("t2", 0) is Refusal.NOT_A_RUN
    assert g.pickup_refusal("t2", 1) is Refusal.ONE_CARD_AT_A_TIME  # QH JS is a run


# --- pickup_refusal: Eight Off ---------------------------------------------------------
def test_eight_off_group_limit_at_best():
    # 8 cells, 7 of them full, 0 empty columns: limit (1 + 1) * 2**0 = 2.
    cells = {f"c{i}": c for i, c in enumerate(["AS", "AH", "AD", "AC", "2S", "2H", "2D"], 1)}
    cols = {f"t{i}": "KC" for i in range(2, 9)}
    cols["t2"], cols["t3"] = "KD", "KH"
    g = board("eight-off", t1="9S 8S 7S 6S", **cols, **cells)
    assert g.group_limit() == 2
    assert g.pickup_refusal("t1", 3) is None
    assert g.pickup_refusal("t1", 2) is None
    assert g.pickup_refusal("t1", 1) is Refusal.GROUP_TOO_LARGE
    with pytest.raises(IllegalMove) as e:
        g.play("t1-t2:3")
    assert e.value.reason in (Refusal.WRONG_SUIT, Refusal.GROUP_TOO_LARGE)


def test_eight_off_pickup_sources():
    g = board("eight-off", t1="9S 8H 7H", t2="QD", c1="5C", f1="AS 2S")
    assert g.pickup_refusal("t1", 1) is None
    assert g.pickup_refusal("t1", 0) is Refusal.NOT_A_RUN
    assert g.pickup_refusal("c1", 0) is None
    assert g.pickup_refusal("c2", 0) is Refusal.EMPTY_SOURCE
    assert g.pickup_refusal("f1", 1) is None
    assert g.pickup_refusal("f1", 0) is Refusal.FOUNDATION_ONE_CARD
    assert g.pickup_refusal("s", 0) is Refusal.NO_SUCH_PILE


# --- targets == the drops that play, has_moves == bool(legal_moves) ---------------------
def _random_games():
    rnd = random.Random(9)
    for code in ("EH1-N-AAAAAAF", "EO1-C8-AAAAAAB", "EO1-C4-AAAAAFA", "EO1-C2-AAAAAAC"):
        g = new_game(code)
        for _ in range(60):
            moves = g.legal_moves()
            if not moves:
                break
            # Prefer moves that leave the stock alone, so columns change.
            pick = [m for m in moves if not m.is_draw] or moves
            g.play(pick[rnd.randrange(len(pick))])
            yield g


def test_targets_are_exactly_the_legal_drops():
    seen = 0
    for g in _random_games():
        pos = g.position()
        for src in g.pile_ids():
            for i in range(-1, len(g.pile(src)) + 1):
                got = g.targets(src, i)
                want = []
                for dst in g.pile_ids():
                    try:
                        mv = g.normalise(g.drop_move(src, i, dst))
                    except (IllegalMove, GameError):
                        continue
                    want.append(dst)
                    assert mv.src == src
                assert got == want, (pos, src, i)
                if got:
                    seen += 1
                    assert g.pickup_refusal(src, i) is None, (pos, src, i)
        assert g.has_moves() == bool(g.legal_moves())
    assert seen > 100  # the walk did reach many draggable sources


def test_targets_list_every_foundation_slot_when_one_accepts():
    g = eh(t1="AH.2", f1="AS.1")
    assert [p for p in g.targets("t1", 0) if p[0] == "f"] == [f"f{i}" for i in range(1, 9)]
    assert g.play(g.drop_move("t1", 0, "f7")) == game.Move("t1", "f2", 1)
    back = eh(f1="AS.1", t1="2H.1")
    assert back.targets("f1", 0) == ["t1"]  # a take-back goes only where it fits


def test_drop_outside_the_pile_is_refused():
    g = eh(t1="KS.1", t2="")
    assert g.targets("t1", 1) == []
    assert g.check(g.drop_move("t1", 1, "t2")) is not None
    assert g.check(g.drop_move("t2", 0, "t1")).reason is Refusal.EMPTY_SOURCE


def test_has_moves_false_when_stuck():
    cols = {f"t{i}": f"{r}{s}" for i, (r, s) in enumerate(
        [(5, "S"), (5, "H"), (5, "D"), (5, "C"), (7, "S"), (7, "H"), (7, "D"), (7, "C")], 1)}
    g = board("eight-off", **cols, c1="KD", c2="KC", c3="QD", c4="QC", c5="JD",
              c6="JC", c7="TD", c8="TC")
    assert g.legal_moves() == [] and not g.has_moves()
    assert eh(t1="2S.1").has_moves() is False
    assert eh(s="2S.1").has_moves() is True  # the stock tap


def test_deal_bounds_and_card_alphabets_are_exported():
    assert (game.MIN_DEAL, game.MAX_DEAL) == (1, 999_999)
    assert game.RANKS == "A23456789TJQK" and sorted(game.SUITS) == ["C", "D", "H", "S"]

"""Keyboard navigation over the table (game/ui/keynav.py), pure Python, on real layouts."""

from __future__ import annotations

import pytest

import game
from game.ui import keynav, layout, viewmodel
from game.ui.keynav import PILE, Spot


def laid_out(code: str, rtl: bool = False, width: float = 1366, height: float = 700):
    g = game.new_game(code)
    lay = layout.compute(g.game, g.cells, width, height, rtl, viewmodel.column_faces(g))
    slots = {pid: keynav.Rect(r.x, r.y, r.h) for pid, r in lay.slots.items()}
    faces = {pid: [p.up for p in g.pile(pid)] for pid in g.pile_ids()}
    return g, slots, faces


EH = "EH1-N-AAAAAAF"
EO8 = "EO1-C8-AAAAAFA"


@pytest.mark.parametrize("rtl", [False, True])
def test_easy_harp_rows_in_reading_order(rtl):
    _g, slots, _faces = laid_out(EH, rtl)
    rows = keynav.pile_rows(slots, rtl)
    assert rows == [["s", "w", *(f"f{i}" for i in range(1, 9))],
                    [f"t{i}" for i in range(1, 10)]]


def test_rows_follow_the_screen_when_mirrored():
    _g, slots, _faces = laid_out(EH, rtl=True)
    top = keynav.pile_rows(slots, rtl=True)[0]
    xs = [slots[p].x for p in top]
    assert xs == sorted(xs, reverse=True)  # right to left on the screen


def test_eight_off_phone_has_three_rows():
    _g, slots, _faces = laid_out(EO8, width=360, height=560)
    rows = keynav.pile_rows(slots, False)
    # Cells and foundations side by side in one band of two rows (issue 11).
    assert [len(r) for r in rows] == [6, 6, 8]
    assert rows[2] == [f"t{i}" for i in range(1, 9)]


def test_left_right_walk_every_pile_row_by_row_and_stop_at_the_ends():
    _g, slots, faces = laid_out(EH)
    rows = keynav.pile_rows(slots, False)
    spot = Spot("s", len(faces["s"]) - 1)
    seen = [spot.pile]
    for _ in range(25):
        spot = keynav.step(spot, "ArrowRight", rows, slots, faces, False)
        if spot.pile != seen[-1]:
            seen.append(spot.pile)
    assert seen == [p for row in rows for p in row]
    assert keynav.step(Spot("s", 0), "ArrowLeft", rows, slots, faces, False).pile == "s"


def test_right_to_left_swaps_the_arrows():
    _g, slots, faces = laid_out(EH, rtl=True)
    rows = keynav.pile_rows(slots, True)
    t1 = Spot("t1", 0)
    assert keynav.step(t1, "ArrowLeft", rows, slots, faces, True).pile == "t2"
    assert keynav.step(Spot("t2", 1), "ArrowRight", rows, slots, faces, True).pile == "t1"


def test_empty_pile_takes_focus_on_its_drop_area():
    _g, slots, faces = laid_out(EH)
    rows = keynav.pile_rows(slots, False)
    assert keynav.step(Spot("s", 5), "ArrowRight", rows, slots, faces, False) == Spot("w", PILE)


def test_up_and_down_go_over_face_up_cards_then_rows():
    _g, slots, faces = laid_out(EO8)  # Eight Off: every column card is face up
    rows = keynav.pile_rows(slots, False)
    top = len(faces["t3"]) - 1
    spot = Spot("t3", top)
    spot = keynav.step(spot, "ArrowUp", rows, slots, faces, False)
    assert spot == Spot("t3", top - 1)
    for _ in range(top):
        spot = keynav.step(spot, "ArrowUp", rows, slots, faces, False)
    assert spot.pile[0] in "cf"  # the row above the columns
    back = keynav.step(spot, "ArrowDown", rows, slots, faces, False)
    assert back.pile[0] == "t" and back.at == len(faces[back.pile]) - 1
    # While cards are held, Up leaves the column at once.
    held = keynav.step(Spot("t3", top), "ArrowUp", rows, slots, faces, False, cards_too=False)
    assert held.pile[0] != "t"


def test_face_down_cards_take_no_focus():
    _g, slots, faces = laid_out(EH)
    rows = keynav.pile_rows(slots, False)
    spot = keynav.step(Spot("t5", 4), "ArrowUp", rows, slots, faces, False)
    assert spot.pile[0] in "swf"
    assert keynav.settle(Spot("t5", 1), faces) == Spot("t5", 4)


def test_settle_after_the_pile_changed():
    faces = {"t1": [False, True, True], "t2": []}
    assert keynav.settle(Spot("t1", 1), faces) == Spot("t1", 1)
    assert keynav.settle(Spot("t1", 7), faces) == Spot("t1", 2)
    assert keynav.settle(Spot("t2", 0), faces) == Spot("t2", PILE)
    assert keynav.settle(Spot("x9", 0), faces) == Spot("t1", 2)


@pytest.mark.parametrize(("key", "ctrl", "shift", "on_table", "want"), [
    ("z", True, False, False, "undo"), ("Z", True, True, False, "redo"),
    ("y", True, False, True, "redo"), ("n", False, False, False, "new"),
    ("h", False, False, True, "hint"), ("?", False, True, False, "help"),
    ("i", False, False, False, "status"), ("ArrowUp", False, False, True, "move:ArrowUp"),
    ("ArrowUp", False, False, False, None), ("Enter", False, False, True, "tap"),
    ("Enter", False, True, True, "double-tap"), (" ", False, False, True, "hold"),
    ("Escape", False, False, True, "put-back"), ("x", False, False, True, None),
    ("c", True, False, True, None),
])
def test_key_map(key, ctrl, shift, on_table, want):
    assert keynav.key_action(key, ctrl, shift, False, on_table) == want

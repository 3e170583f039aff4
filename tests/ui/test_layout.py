"""Table layout (game/ui/layout.py), pure Python."""

import pytest

from game.ui.layout import card_xy, compute

EH_PILES = [f"t{i}" for i in range(1, 10)] + ["s", "w"] + [f"f{i}" for i in range(1, 9)]


def eh_columns():
    return {f"t{i}": [False] * (i - 1) + [True] for i in range(1, 10)}


def eo_columns(n=6):
    return {f"t{i}": [True] * n for i in range(1, 9)}


def overlaps(a, b):
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


@pytest.mark.parametrize("size", [(360, 590), (390, 780), (1280, 750), (2560, 1300), (640, 320)])
def test_easy_harp_piles_fit_and_do_not_overlap(size):
    lay = compute("easy-harp", 0, *size, False, eh_columns())
    assert set(lay.slots) == set(EH_PILES)
    rects = list(lay.slots.values())
    for r in rects:
        assert r.x >= 0 and r.x + r.w <= size[0] + 0.01 and r.y >= 0
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not overlaps(a, b)


@pytest.mark.parametrize("cells", [8, 4, 2])
@pytest.mark.parametrize("size", [(360, 590), (1280, 750)])
def test_eight_off_shows_only_usable_cells(cells, size):
    lay = compute("eight-off", cells, *size, False, eo_columns())
    assert {p for p in lay.slots if p[0] == "c"} == {f"c{i}" for i in range(1, cells + 1)}
    assert {p for p in lay.slots if p[0] == "f"} == {"f1", "f2", "f3", "f4"}
    rects = list(lay.slots.values())
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not overlaps(a, b)


def test_columns_read_left_to_right_and_mirror_in_rtl():
    ltr = compute("easy-harp", 0, 800, 600, False, eh_columns())
    rtl = compute("easy-harp", 0, 800, 600, True, eh_columns())
    xs = [ltr.slots[f"t{i}"].x for i in range(1, 10)]
    assert xs == sorted(xs)
    rxs = [rtl.slots[f"t{i}"].x for i in range(1, 10)]
    assert rxs == sorted(rxs, reverse=True)
    for pid in EH_PILES:
        assert rtl.slots[pid].x == pytest.approx(800 - ltr.slots[pid].x - ltr.card_w)
    assert ltr.slots["s"].x < ltr.slots["f1"].x
    assert rtl.slots["s"].x > rtl.slots["f1"].x


def test_pile_at_finds_the_pile_under_a_point():
    lay = compute("eight-off", 4, 1000, 700, False, eo_columns())
    for pid, slot in lay.slots.items():
        assert lay.pile_at(slot.x + slot.w / 2, slot.y + slot.h / 2) == pid
    # Far below a column still counts as that column.
    t3 = lay.slots["t3"]
    assert lay.pile_at(t3.x + 1, 690) == "t3"
    assert lay.pile_at(-5, -5) is None


def test_long_column_is_squeezed_to_fit():
    cols = eo_columns()
    cols["t1"] = [True] * 30
    lay = compute("eight-off", 8, 360, 590, False, cols)
    x, y = card_xy(lay, "t1", 29)
    assert y + lay.card_h <= 590
    ys = [card_xy(lay, "t1", k)[1] for k in range(30)]
    assert ys == sorted(ys) and len(set(ys)) == 30


def test_face_down_cards_fan_tighter_than_face_up():
    lay = compute("easy-harp", 0, 1280, 750, False, {"t9": [False] * 8 + [True, True]})
    ys = [card_xy(lay, "t9", k)[1] for k in range(10)]
    assert ys[1] - ys[0] < ys[9] - ys[8]


def test_phone_cards_are_not_tiny_and_desktop_cards_are_capped():
    phone = compute("easy-harp", 0, 360, 590, False, eh_columns())
    desk = compute("easy-harp", 0, 2560, 1300, False, eh_columns())
    assert phone.card_w >= 30
    assert desk.card_w <= 110

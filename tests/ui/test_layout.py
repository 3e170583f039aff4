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


# --- issue 11: every size the issue names, both games, every variant ------------------

from game.ui.layout import EDGE, MIN_STRIP, column_steps  # noqa: E402

HEADER = {True: 74, False: 56}  # static/style.css: the header's fixed height (phones: two lines)
SCREENS = [(360, 640), (390, 844), (640, 360), (844, 390), (768, 1024), (1024, 768),
           (1366, 768), (1920, 1080)]
VARIANTS = [("easy-harp", 0), ("eight-off", 8), ("eight-off", 4), ("eight-off", 2)]


def table_size(w, h):
    return w, h - HEADER[w <= 600]


def deep_columns(kind, ups=13, downs=0):
    n = 9 if kind == "easy-harp" else 8
    return {f"t{i}": [False] * downs + [True] * ups for i in range(1, n + 1)}


@pytest.mark.parametrize("kind,cells", VARIANTS)
@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_card_width_bound_and_edges(kind, cells, screen):
    w, h = table_size(*screen)
    ncols = 9 if kind == "easy-harp" else 8
    cols = eh_columns() if kind == "easy-harp" else eo_columns()
    lay = compute(kind, cells, w, h, False, cols, waste=5)
    allowed = (w - 2 * EDGE) / ncols
    if screen[0] < screen[1]:  # portrait: as wide as the column count allows
        assert lay.card_w >= 0.95 * allowed
    else:  # landscape: as wide as that, or limited by the height
        assert lay.card_w >= 0.95 * allowed or lay.card_w >= 0.95 * (h - 2 * EDGE) / 6.5 / 1.4
    assert lay.card_w <= 110
    if screen[0] == 360:
        assert lay.card_w >= (36 if kind == "easy-harp" else 40)
    for pid, r in lay.slots.items():
        assert r.x >= 4 and r.x + r.w <= w - 4 and r.y >= 4 and r.y + r.h <= h - 4, pid
    for (pid, k), (x, y) in lay.cards.items():
        assert 4 <= x and x + lay.card_w <= w - 4 and y + lay.card_h <= h - 4, (pid, k)
    rects = [r for p, r in lay.slots.items()]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not overlaps(a, b)


@pytest.mark.parametrize("kind,cells", VARIANTS)
@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("ups,downs", [(1, 0), (13, 0), (13, 8), (24, 8), (40, 10)])
def test_fan_never_leaves_the_screen(kind, cells, screen, ups, downs):
    w, h = table_size(*screen)
    lay = compute(kind, cells, w, h, False, deep_columns(kind, ups, downs))
    for pid in lay.slots:
        if pid[0] != "t":
            continue
        n = ups + downs
        ys = [card_xy(lay, pid, k)[1] for k in range(n)]
        assert ys == sorted(ys)
        assert ys[-1] + lay.card_h <= h - 4
        steps = [b - a for a, b in zip(ys[downs:], ys[downs + 1:])]
        room = h - EDGE - lay.tableau_y - lay.card_h
        if steps and (ups - 1) * MIN_STRIP + downs * 0.05 * lay.card_h <= room:
            assert min(steps) >= MIN_STRIP - 0.01  # readable while there is room


def test_fan_grows_to_use_free_height_and_shrinks_only_when_needed():
    short = compute("easy-harp", 0, 360, 566, False, {"t1": [True] * 4})
    desk = compute("easy-harp", 0, 1366, 712, False, {"t1": [True] * 4})
    for lay in (short, desk):
        ys = [card_xy(lay, "t1", k)[1] for k in range(4)]
        assert ys[1] - ys[0] > 0.29 * lay.card_h  # more than the least fan: it grew
    # One long column squeezes; the others keep their fan.
    cols = {"t1": [True] * 40, "t2": [True] * 4}
    lay = compute("easy-harp", 0, 360, 566, False, cols)
    long_step = card_xy(lay, "t1", 1)[1] - card_xy(lay, "t1", 0)[1]
    short_step = card_xy(lay, "t2", 1)[1] - card_xy(lay, "t2", 0)[1]
    assert long_step < short_step
    assert card_xy(lay, "t1", 39)[1] + lay.card_h <= 566 - 4


def test_card_size_depends_on_the_table_only():
    a = compute("eight-off", 8, 360, 566, False, eo_columns(2))
    b = compute("eight-off", 8, 360, 566, False, eo_columns(18), waste=0)
    assert (a.card_w, a.slots) == (b.card_w, {**b.slots})


def test_phone_portrait_bands_use_the_space():
    eh = compute("easy-harp", 0, 360, 566, False, eh_columns())
    assert eh.band == "two-rows"  # foundations in two rows of four
    assert eh.slots["f5"].y > eh.slots["f1"].y and eh.slots["f5"].x == eh.slots["f1"].x
    eo = compute("eight-off", 8, 360, 566, False, eo_columns())
    assert eo.band == "two-rows"  # cells 4 x 2 and foundations 2 x 2, side by side
    assert eo.slots["c1"].y == eo.slots["f1"].y and eo.slots["c1"].x < eo.slots["f1"].x
    wide = compute("eight-off", 8, 1366, 712, False, eo_columns())
    assert wide.band == "row"


def test_left_handed_puts_stock_and_waste_on_the_other_side():
    right = compute("easy-harp", 0, 800, 600, False, eh_columns(), waste=3)
    left = compute("easy-harp", 0, 800, 600, False, eh_columns(), waste=3, left_handed=True)
    assert right.slots["s"].x < right.slots["f1"].x
    assert left.slots["s"].x > left.slots["f1"].x
    assert left.slots["t1"] == right.slots["t1"]  # the columns stay in reading order
    both = compute("easy-harp", 0, 800, 600, True, eh_columns(), waste=3, left_handed=True)
    assert both.slots["s"].x == pytest.approx(right.slots["s"].x)


def test_waste_fans_its_top_three_cards():
    lay = compute("easy-harp", 0, 800, 600, False, eh_columns(), waste=7)
    xs = [card_xy(lay, "w", k)[0] for k in range(7)]
    assert xs[:5] == [xs[0]] * 5 and xs[4] < xs[5] < xs[6]
    rtl = compute("easy-harp", 0, 800, 600, True, eh_columns(), waste=7)
    rxs = [card_xy(rtl, "w", k)[0] for k in range(4, 7)]
    # Mirrored, the fan grows to the left of the slot, yet each card still lies to the
    # right of the one under it: the faces are not mirrored, their index (top left)
    # must stay in view (issue 23.4); the top card sits at the slot.
    assert rxs[0] < rxs[1] < rxs[2] == rtl.slots["w"].x
    assert rxs[0] == pytest.approx(800 - xs[6] - lay.card_w)  # the same room, mirrored
    assert rtl.pile_at(rxs[0] + 1, rtl.slots["w"].y + 5) == "w"
    assert lay.pile_at(xs[6] + lay.card_w / 2, lay.slots["w"].y + 5) == "w"


def test_column_steps_squeeze_face_down_first():
    assert column_steps([False] * 10 + [True] * 10, 100.0, 600.0, 40.0) == (40.0, 12.0)
    up, down = column_steps([False] * 10 + [True] * 10, 100.0, 400.0, 40.0)
    assert down == 5.0 and MIN_STRIP <= up < 40.0
    assert 9 * up + 10 * down == pytest.approx(400.0)


@pytest.mark.parametrize("rtl", [False, True])
def test_eight_off_cells_stand_apart_from_the_foundations_where_it_costs_nothing(rtl):
    # A tester could not tell Eight Off's 4 cells from its 4 foundations on a desktop
    # once both held cards: they stood in one row over the 8 columns, evenly spaced.
    desk = compute("eight-off", 4, 1366, 900, rtl, eo_columns())
    pitch = abs(desk.slots["c2"].x - desk.slots["c1"].x)
    assert abs(desk.slots["f1"].x - desk.slots["c4"].x) >= 1.4 * pitch
    assert abs(desk.slots["f2"].x - desk.slots["f1"].x) == pytest.approx(pitch)
    # Where the width bounds the cards (a phone), the gap would make them smaller: none.
    for size in ((390, 844), (360, 640)):
        phone = compute("eight-off", 4, *size, rtl, eo_columns())
        pitch = abs(phone.slots["c2"].x - phone.slots["c1"].x)
        assert abs(phone.slots["f1"].x - phone.slots["c4"].x) == pytest.approx(pitch)

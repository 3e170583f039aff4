"""Where the refusal reminder goes (game/ui/notices.reminder_place, issue 11): next to
the cards it is about, never over them, inside the screen."""

import pytest

from game.ui.notices import REMINDER_GAP, reminder_place


def covers(x, y, w, h, box):
    left, top, right, bottom = box
    return x < right and left < x + w and y < bottom and top < y + h


@pytest.mark.parametrize("box", [
    (10, 80, 50, 150),      # a card at the top left of a phone
    (300, 500, 350, 600),   # near the bottom right: above it
    (0, 0, 360, 630),       # a box as large as the screen: beside is impossible too
    (150, 90, 200, 620),    # a tall column: beside it
])
def test_reminder_is_next_to_the_cards_and_inside_the_screen(box):
    w, h, vw, vh = 200.0, 40.0, 360.0, 640.0
    x, y = reminder_place(box, w, h, vw, vh)
    assert 0 <= x and x + w <= vw and 0 <= y and y + h <= vh
    if box != (0, 0, 360, 630):
        assert not covers(x, y, w, h, box)


def test_reminder_goes_below_when_there_is_room():
    x, y = reminder_place((100, 100, 140, 156), 120, 40, 360, 640)
    assert y == 156 + REMINDER_GAP
    assert x == pytest.approx(60)  # centred on the cards


@pytest.mark.parametrize("box", [
    (300, 60, 352, 600),   # a tall column at the right edge of a phone
    (8, 60, 60, 600),      # ... at the left edge
    (150, 20, 210, 630),   # ... in the middle, as tall as the screen
])
def test_a_reminder_that_fits_nowhere_covers_the_least(box):
    """Issue 23.4: a reminder as wide as the phone (331 px) beside a column as tall as
    the screen fits on no side; it goes where it covers the least of the column, inside
    the screen (before, it went to the far edge and covered the column's width)."""
    w, h, vw, vh = 331.0, 54.0, 360.0, 640.0
    x, y = reminder_place(box, w, h, vw, vh)
    assert 0 <= x and x + w <= vw and 0 <= y and y + h <= vh
    left, top, right, bottom = box
    area = max(0.0, min(x + w, right) - max(x, left)) * max(0.0, min(y + h, bottom) - max(y, top))
    for px in range(0, int(vw - w) + 1):
        for py in range(0, int(vh - h) + 1, 2):
            best = max(0.0, min(px + w, right) - max(px, left)) * max(0.0, min(py + h, bottom) - max(py, top))
            if best < area - (right - left) * 8:  # within a gap's strip of the best place
                raise AssertionError(((x, y), area, (px, py), best))


def test_beside_where_it_fits():
    """A column as tall as the screen with room for the reminder on its left only: the
    reminder goes there, whole, beside the column."""
    box = (250, 10, 280, 630)
    x, y = reminder_place(box, 200.0, 40.0, 480.0, 640.0)
    assert x + 200.0 <= 250 and not covers(x, y, 200.0, 40.0, box)


def test_reminder_goes_past_the_other_cards_it_would_cover_when_it_fits():
    # A reminder wider than a column lay over the last cards of the columns beside the
    # one it was about (EO1-C2-AAADHAM, a phone): below, it now clears them.
    near = (150, 100, 200, 300)  # the cards it is about
    others = [(100, 100, 150, 380), (200, 100, 250, 340), (300, 100, 350, 600)]
    x, y = reminder_place(near, 160, 40, 360, 640, others)
    assert y == 380 + REMINDER_GAP
    assert not any(covers(x, y, 160, 40, b) for b in [near, *others])
    # No room below the others: just below its own cards, as before.
    x, y = reminder_place(near, 160, 40, 360, 400, others)
    assert y == 300 + REMINDER_GAP

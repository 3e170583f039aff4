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

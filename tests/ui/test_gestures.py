"""The pointer-gesture recogniser (game/ui/gestures.py), pure Python."""

from game.ui.gestures import Cancel, DoubleTap, DragMove, DragStart, Drop, Gestures, Swipe, Tap, Target

CARD = Target("t3", 4, "TH.1", True)
OTHER = Target("t5", 2, "9S.2", True)
STOCK = Target("s", 10, "2C.1", False)


def tap(g, target, t, x=10.0, y=10.0, pointer=1):
    assert g.down(pointer, target, x, y) == []
    return g.up(pointer, x, y, t)


def test_single_tap():
    assert tap(Gestures(), CARD, 0) == [Tap(CARD)]


def test_double_tap_when_first_tap_moved_nothing():
    g = Gestures()
    assert tap(g, CARD, 0) == [Tap(CARD)]
    assert tap(g, CARD, 200) == [DoubleTap(CARD)]


def test_taps_on_different_cards_are_single_taps_however_quick():
    """Issue 23: four foundation-bound cards tapped 100 ms apart all go up; a tap on
    another card is never swallowed, wherever it is."""
    g = Gestures()
    cards = [Target(f"t{k}", 3, f"{k}H.1", True) for k in range(1, 5)]
    out = []
    for k, card in enumerate(cards):
        out += tap(g, card, k * 100)
    assert out == [Tap(c) for c in cards]


def test_the_card_under_a_moved_card_is_another_card():
    """The first tap sent a card up; the second tap, at the same spot, lands on the card
    that was under it: a single tap of that card, not a double tap."""
    g = Gestures()
    under = Target("t3", 3, "2S.1", True)
    assert tap(g, CARD, 0) == [Tap(CARD)]
    assert tap(g, under, 120) == [Tap(under, uncovered=True)]  # (it selects nothing)
    # not when slower than a double tap, nor on another pile, nor above the first card
    assert tap(g, CARD, 1000) == [Tap(CARD)]
    assert tap(g, under, 1400) == [Tap(under)]
    assert tap(g, OTHER, 1500) == [Tap(OTHER)]
    above = Target("t5", 3, "8S.1", True)
    assert tap(g, above, 1600) == [Tap(above)]


def test_a_pile_is_never_double_tapped():
    g = Gestures()
    empty = Target("c1", 0)
    assert tap(g, empty, 0) == [Tap(empty)]
    assert tap(g, empty, 100) == [Tap(empty)]


def test_burst_of_taps_makes_at_most_one_action_per_pair():
    g = Gestures()
    intents = []
    for k in range(10):
        intents += tap(g, CARD, k * 60)
    assert intents.count(DoubleTap(CARD)) == 5
    assert intents.count(Tap(CARD)) == 5


def test_slow_second_tap_is_a_new_tap():
    g = Gestures()
    tap(g, CARD, 0)
    assert tap(g, CARD, 1000) == [Tap(CARD)]


def test_double_tap_disabled():
    g = Gestures()
    g.double_enabled = False
    tap(g, CARD, 0)
    assert tap(g, CARD, 100) == [Tap(CARD)]


def test_stock_taps_are_never_double_taps():
    g = Gestures()
    assert tap(g, STOCK, 0) == [Tap(STOCK)]
    assert tap(g, STOCK, 50) == [Tap(STOCK)]


def test_drag_and_drop():
    g = Gestures()
    g.down(7, CARD, 100, 100)
    assert g.move(7, 102, 101) == []  # under the slop
    assert g.move(7, 120, 130) == [DragStart(CARD), DragMove(20, 30)]
    assert g.move(7, 130, 140) == [DragMove(30, 40)]
    assert g.up(7, 130, 140, 500) == [Drop(CARD, 130, 140)]
    assert not g.active


def test_face_down_card_does_not_drag_and_a_wobbly_press_on_it_is_a_tap():
    g = Gestures()
    still = Target("t2", 0, "KD.1", False)
    g.down(1, still, 0, 0)
    assert g.move(1, 15, 15) == []  # 21 px: past the 6 px slop, short of 24
    assert g.up(1, 15, 15, 10) == [Tap(still)]


def test_a_swipe_from_the_stock_or_a_face_down_card_is_no_tap():
    # a swipe from the stock is told with where it ended (the adapter draws a card
    # when that is the waste); from anything else it does nothing
    for target, touch, far in ((STOCK, True, 40), (STOCK, False, 24), (Target("t2", 0, "KD.1", False), False, 50)):
        g = Gestures()
        g.down(1, target, 0, 0, touch=touch)
        assert g.move(1, far, 0) == []
        assert g.move(1, 0, 0) == []  # coming back does not make it a tap again
        assert g.up(1, 0, 0, 10) == ([Swipe(target, 0, 0)] if target.pile == "s" else [])
        assert tap(g, target, 20) == [Tap(target)]  # the next press is a tap as usual


def test_touch_needs_a_larger_move_to_drag():
    g = Gestures()
    g.down(1, CARD, 0, 0, touch=True)
    assert g.move(1, 8, 0) == []
    assert g.move(1, 11, 0)[0] == DragStart(CARD)


def test_second_pointer_is_ignored_and_cancel_ends_drag():
    g = Gestures()
    g.down(1, CARD, 0, 0)
    g.move(1, 40, 0)
    assert g.down(2, OTHER, 5, 5) == []
    assert g.up(2, 5, 5, 10) == []
    assert g.cancel(1) == [Cancel(CARD)]
    assert not g.active


def test_background_press_is_ignored():
    g = Gestures()
    assert g.down(1, None, 0, 0) == []
    assert g.up(1, 0, 0, 0) == []


def test_a_deliberate_second_tap_after_a_move_is_a_tap():
    """Players send cards up one after the other (2D, then the 3D under it) at about a
    third of a second apart: that second tap must not be taken for a double tap."""
    g = Gestures()
    tap(g, CARD, 0)
    assert tap(g, CARD, 350) == [Tap(CARD)]


def test_refused_pickup_says_so_once_and_its_release_does_nothing():
    from game.ui.gestures import Refused

    run = Target("t2", 3, "8S.1", False, "one-card-at-a-time")
    g = Gestures()
    g.down(1, run, 10, 10)
    assert g.move(1, 12, 12) == []  # within the slop: still a tap
    assert g.move(1, 30, 30) == [Refused(run)]
    assert g.move(1, 60, 60) == []  # once per press
    assert g.up(1, 60, 60, 100) == []  # no tap, no drop
    assert not g.active
    # The next press on it is a fresh tap, not the second half of a double tap.
    assert tap(g, run, 150) == [Tap(run)]


def test_refused_pickup_without_movement_is_a_tap():
    run = Target("t2", 3, "8S.1", False, "one-card-at-a-time")
    assert tap(Gestures(), run, 0) == [Tap(run)]

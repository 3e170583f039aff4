"""The game clock (SPEC §12: time counts only while the page is visible and the game
not won; it survives a reload). Times are monotonic ms passed in, never read."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.clock import MAX_MS, Clock, load_clock


def test_nothing_counts_before_the_first_action():
    c = Clock()
    assert not c.running and c.ms(10_000) == 0
    c = c.start(10_000)
    assert c.running and c.ms(13_500) == 3_500 and c.seconds(13_500) == 3


def test_hidden_time_does_not_count():
    c = Clock().start(0).hide(2_000)
    assert c.ms(50_000) == 2_000
    c = c.show(50_000)
    assert c.ms(51_000) == 3_000


def test_started_while_hidden_counts_from_show():
    c = Clock(visible=False).start(0)
    assert not c.running and c.ms(9_000) == 0
    assert c.show(9_000).ms(10_000) == 1_000


def test_win_stops_the_clock_and_undo_out_of_it_resumes():
    c = Clock().start(0).win(61_999)
    assert c.seconds(10**6) == 61
    c = c.unwin(100_000)
    assert c.ms(101_000) == 62_999
    c = c.win(102_000)
    assert c.ms(200_000) == 63_999


def test_repeated_transitions_change_nothing():
    c = Clock().start(0)
    assert c.start(5_000) is c
    h = c.hide(1_000)
    assert h.hide(3_000) is h and h.ms(9_000) == 1_000
    w = c.win(1_000)
    assert w.win(2_000) is w and w.unwin(3_000).unwin(4_000).ms(5_000) == 3_000


def test_time_never_goes_backwards():
    c = Clock().start(5_000)
    assert c.ms(4_000) == 0
    assert c.hide(1_000).ms(9_000) == 0


def test_restart_keeps_visibility_only():
    c = Clock(visible=False).start(0).show(1).win(5)
    r = c.restart()
    assert r == Clock(visible=True) and r.ms(10**6) == 0
    assert Clock().start(0).hide(1).restart() == Clock(visible=False)


def test_reload_keeps_counted_time_not_timestamps():
    c = Clock().start(1_000).hide(4_000).show(5_000)
    saved = c.dump(7_500)
    assert saved == {"ms": 5_500, "started": True, "won": False}
    # a new page: its monotonic time starts near 0 again
    again = load_clock(saved, 12.0, visible=True)
    assert again is not None and again.running and again.ms(1_012.0) == 6_500
    hidden = load_clock(saved, 12.0, visible=False)
    assert hidden is not None and hidden.ms(99_000) == 5_500


def test_reload_of_a_won_game_stays_stopped():
    saved = Clock().start(0).win(42_000).dump(90_000)
    c = load_clock(saved, 0.0)
    assert c is not None and c.won and not c.running and c.seconds(10**7) == 42


@pytest.mark.parametrize("bad", [
    None, [], "x", {}, {"ms": 1, "started": True}, {"ms": 1, "started": True, "won": False, "x": 1},
    {"ms": -1, "started": True, "won": False}, {"ms": 1.5, "started": True, "won": False},
    {"ms": True, "started": True, "won": False}, {"ms": MAX_MS + 1, "started": True, "won": False},
    {"ms": 0, "started": 1, "won": False}, {"ms": 0, "started": True, "won": "no"},
    {"ms": 5, "started": False, "won": False},
])
def test_bad_saved_clocks_are_refused(bad):
    assert load_clock(bad, 0.0) is None


events = st.lists(st.tuples(st.sampled_from(["start", "show", "hide", "win", "unwin"]),
                            st.integers(0, 10_000)), max_size=40)


@given(events)
def test_counted_time_is_the_sum_of_running_intervals(steps):
    """Model check: time counted equals the total length of the intervals during which
    the clock was started, visible and not won; a dump/load at any point keeps it."""
    c, now, expected = Clock(), 0, 0
    running = False
    for name, gap in steps:
        if running:
            expected += gap
        now += gap
        c = getattr(c, name)(now)
        running = c.running
        assert c.ms(now) == expected
        back = load_clock(c.dump(now), 0.0, visible=c.visible)
        assert back is not None and back.ms(0.0) == expected and back.running == c.running

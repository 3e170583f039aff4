"""The save-conflict policy between tabs (game/ui/conflict.py) and the meaning of the
New game dialog's choices (game/ui/choices.py), pure Python."""

from __future__ import annotations

from datetime import date

import pytest

import game
from game.ui import choices, conflict
from game.ui.persist import Settings


def blob(code: str = "EH1-N-AAAAAAF", moves: int = 0) -> str:
    g = game.new_game(code)
    for _ in range(moves):
        g.play("s")
    return g.to_save()


def test_save_writes_when_nothing_newer_is_stored():
    mine = blob(moves=1)
    assert conflict.before_save(None, mine) is conflict.WRITE  # key absent
    assert conflict.before_save(mine, mine) is conflict.WRITE  # ours
    assert conflict.before_save(mine, None) is conflict.WRITE  # we never read one


def test_save_adopts_a_newer_readable_game_of_another_tab():
    mine, theirs = blob(moves=1), blob(moves=3)
    decision = conflict.before_save(theirs, mine)
    assert isinstance(decision, conflict.Adopt)
    assert decision.blob == theirs and decision.other.move_count == 3


def test_save_overrules_an_unreadable_blob():
    assert conflict.before_save("{not a save", blob()) is conflict.WRITE


def test_storage_event():
    mine, theirs = blob(moves=1), blob("EO1-C8-AAAAAFA")
    assert conflict.on_storage_event(None, mine) is None
    assert conflict.on_storage_event(mine, mine) is None
    assert conflict.on_storage_event("garbage", mine) is None
    decision = conflict.on_storage_event(theirs, mine)
    assert isinstance(decision, conflict.Adopt) and decision.other.game == "eight-off"


def test_form_choice_reads_the_radios_with_defaults():
    assert choices.form_choice("eight-off", "2") == ("eight-off", 2)
    assert choices.form_choice("easy-harp", "4") == ("easy-harp", 4)
    assert choices.form_choice(None, None) == ("easy-harp", 8)
    assert choices.form_choice("poker", "7") == ("easy-harp", 8)
    assert choices.deal_cells("easy-harp", 4) == 0
    assert choices.deal_cells("eight-off", 4) == 4


def test_dialog_defaults_and_same_deal():
    eh = game.new_game("EH1-N-AAAAAAF")
    eo = game.new_game("EO1-C4-AAAAAFA")
    assert choices.dialog_defaults(eh, Settings(cells=2)) == ("easy-harp", 2)
    assert choices.dialog_defaults(eo, Settings(cells=2)) == ("eight-off", 4)
    assert choices.same_deal_allowed(eh, "easy-harp", 8)
    assert not choices.same_deal_allowed(eh, "eight-off", 8)
    assert choices.same_deal_allowed(eo, "eight-off", 4)
    assert not choices.same_deal_allowed(eo, "eight-off", 8)
    assert not choices.same_deal_allowed(eo, "eight-off", None)
    assert not choices.same_deal_allowed(eo, None, 4)


def test_random_deal_covers_the_deal_range():
    low = choices.random_deal("easy-harp", 0, 0.0)
    high = choices.random_deal("eight-off", 2, 0.9999999999)
    assert (low.game, low.number) == ("easy-harp", game.MIN_DEAL)
    assert (high.game, high.cells, high.number) == ("eight-off", 2, game.MAX_DEAL)
    with pytest.raises(ValueError):
        choices.random_deal("easy-harp", 0, 1.0)


def test_daily_and_typed_deals():
    day = date(2026, 12, 1)
    assert choices.daily_deal(day, "easy-harp", 0) == game.deal_of_the_day(day, "easy-harp", 0)
    assert choices.typed_deal(" 5 ", "easy-harp", 0).code == "EH1-N-AAAAAAF"
    assert choices.typed_deal("eo1-c8-aaaaafa", "easy-harp", 0).number == 130
    with pytest.raises(game.BadCode):
        choices.typed_deal("", "easy-harp", 0)

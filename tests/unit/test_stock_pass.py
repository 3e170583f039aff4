"""Game.stock_pass: which pass through the stock is played (issue 11), kept by undo,
redo, the 100-deep undo stack and saves."""

import game
from game.history import UNDO_LIMIT


def recycle(g: game.Game) -> None:
    """Draw the whole stock, then recycle the waste."""
    while g.pile("s"):
        g.play("s")
    g.play("s")


def test_pass_counts_recycles_and_undo_takes_one_back():
    g = game.new_game("EH1-N-AAAAAAF")
    assert g.stock_pass == 1
    recycle(g)
    assert g.stock_pass == 2
    assert g.pile("w") == ()
    g.undo()
    assert g.stock_pass == 1
    g.redo()
    assert g.stock_pass == 2
    recycle(g)
    assert g.stock_pass == 3


def test_games_without_a_stock_have_no_pass():
    assert game.new_game("EO1-C4-AAAAAFA").stock_pass == 0


def test_pass_survives_the_undo_limit_and_a_save():
    g = game.new_game("EH1-N-AAAAAAF")
    recycle(g)
    recycle(g)
    assert g.stock_pass == 3
    for _ in range(UNDO_LIMIT + 5):  # push the recycles off the undo stack
        g.play("s")
    assert g.base_recycles >= 1
    passes = g.stock_pass
    back = game.load_save(g.to_save())
    assert back.stock_pass == passes
    assert back.to_save() == g.to_save()
    while back.undo():
        pass
    assert back.stock_pass == 1 + back.base_recycles


def test_a_save_with_recycles_and_no_base_is_refused():
    import json

    import pytest

    g = game.new_game("EH1-N-AAAAAAF")
    d = json.loads(g.to_save())
    d["recycles"] = 2
    with pytest.raises(game.BadSave):
        game.load_save(json.dumps(d))

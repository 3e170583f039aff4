"""The registry of games (issue 26 point 1): every fact of a variant comes from its game's
file, and the records and the view ask ``game.variants()`` / ``game.variant_info``."""

from __future__ import annotations

import pytest

import game
from game import engine

from . import tiny_game


def test_the_product_variants_in_order():
    names = [v.name for v in game.variants()[:4]]
    assert names == ["easy-harp", "eight-off-8", "eight-off-4", "eight-off-2"]
    assert list(game.STAT_VARIANTS) == names


@pytest.mark.parametrize("name,code", [("easy-harp", "EH1-N-AAAAAAF"), ("eight-off-8", "EO1-C8-AAAAAAB"),
                                       ("eight-off-4", "EO1-C4-AAAAAAB"), ("eight-off-2", "EO1-C2-AAAAAAB")])
def test_a_variant_says_what_its_game_plays(name, code):
    v = game.variant_info(name)
    g = game.new_game(code)
    assert (v.game, v.cells, v.prefix) == (g.game, g.cells, code[:3])
    assert v.pile_ids == g.pile_ids() and v.columns == sum(p[0] == "t" for p in v.pile_ids)
    assert v.max_score == engine.RULES[v.game].MAX_SCORE
    assert game.variant_of(v.game, v.cells) == name
    # every pile is in exactly one band; the columns come last
    banded = [p for _, ids in v.bands for p in ids]
    assert sorted(banded) == sorted(v.pile_ids) and v.bands[-1][0] == "columns"
    assert v.welcome[0] == "welcome.goal" and f"welcome.rule.{v.game}" in v.welcome


def test_figures_of_the_spec():
    eh, eo = game.variant_info("easy-harp"), game.variant_info("eight-off-4")
    assert (eh.columns, eh.max_score, eh.bands[0]) == (9, 1515, ("stock", ("s", "w")))
    assert (eo.columns, eo.max_score, eo.bands[0]) == (8, 520, ("cells", ("c1", "c2", "c3", "c4")))


def test_unknown_variant():
    with pytest.raises(KeyError):
        game.variant_info("eight-off-3")


def test_a_third_game_brings_its_own_variant():
    with tiny_game.registered():
        v = game.variant_info("four-rows")
        assert (v.game, v.cells, v.columns, v.max_score) == ("four-rows", 4, 4, 520)
        assert v.bands[0] == ("cells", ("c1", "c2", "c3", "c4"))
        assert game.new_game("TG1-C4-AAAAAAB").pile_ids() == v.pile_ids
    assert not game.engine.is_variant("four-rows")  # gone again for the next tests


def test_error_codes_are_enums_with_stable_strings():
    assert {c.value for c in game.CodeProblem} == {
        "code-empty", "code-game", "code-variant", "code-length", "code-letters", "code-range",
        "code-number-range", "code-format"}
    assert {c.value for c in game.SaveProblem} == {
        "save-json", "save-version", "save-format", "save-code", "save-position", "save-base",
        "save-history"}
    assert {c.value for c in game.BaseProblem} == {
        "base-column", "base-face-down", "base-stock", "base-score"}
    assert {c.value for c in game.PositionProblem} == {
        "bad-game", "bad-line", "bad-card", "duplicate-card", "missing-card", "bad-foundation",
        "too-many-cells", "too-many-columns", "bad-face-down", "bad-stock"}
    with pytest.raises(game.BadCode) as e:
        game.parse_code("")
    assert e.value.code is game.CodeProblem.EMPTY and e.value.code == "code-empty"
    assert f"error.{e.value.code}" == "error.code-empty"

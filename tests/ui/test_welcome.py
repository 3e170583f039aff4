"""The first-visit welcome's pure part (game/ui/welcome.py) and its texts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import game
from game.ui import welcome

LOCALES = Path(__file__).resolve().parents[2] / "locales"


@pytest.mark.parametrize("kind", [game.EASY_HARP, game.EIGHT_OFF])
def test_steps_name_the_game_rule_and_exist_in_every_language(kind):
    keys = welcome.steps(kind)
    assert keys[1] == f"welcome.rule.{kind}" and len(keys) == 4
    for lang in ("en", "ro", "ar", "id"):
        cat = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
        for key in (*keys, "welcome.title", "welcome.step", "welcome.next", "welcome.done"):
            assert cat.get(key), (lang, key)


def test_seen_games_round_trip_and_bad_data_counts_as_none():
    assert welcome.parse_seen(welcome.dump_seen({"eight-off"})) == {"eight-off"}
    assert welcome.parse_seen(None) == set()
    assert welcome.parse_seen("{not json") == set()
    assert welcome.parse_seen('{"a": 1}') == set()
    assert welcome.parse_seen('["easy-harp", "poker", 3]') == {"easy-harp"}

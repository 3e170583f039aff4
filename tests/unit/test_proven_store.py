"""The compact store of proven-winnable deals (issue 24 point 6): ``game/solver/proven.py``
holds every deal with a ``w`` line in ``bench/verdicts/`` and every deal proven before
(``tests/data/proven-before-verdicts.txt``), as texts of ``game/solver/dealset.py``
that ``game.proven_deals`` decodes to sorted tuples."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import game
from game.solver import dealset
from game.solver.dealset import decode
from game.solver.proven import STORE
from game.ui.slicer import winnable_deal
from scripts import decide_deals, proven_deals
from scripts.proven_deals import encode

ROOT = decide_deals.ROOT
VARIANTS = {"easy-harp": ("easy-harp", 0), "eight-off-8": ("eight-off", 8),
            "eight-off-4": ("eight-off", 4), "eight-off-2": ("eight-off", 2)}


def before() -> dict[str, set[int]]:
    """The lists of scripts/proven_deals.py's runs of 1 December 2026 (tests/data/README.md)."""
    lines = (ROOT / "tests" / "data" / "proven-before-verdicts.txt").read_text(encoding="utf-8").split()
    return {k: set(decode(t)) for k, t in zip(lines[::2], lines[1::2], strict=True)}


def won_in_verdicts(variant: str) -> set[int]:
    best = decide_deals.read(decide_deals.OUT / f"{variant}.txt")
    return {n for n, (status, _) in best.items() if status == "w"}


def test_the_codec_doctests() -> None:
    assert doctest.testmod(dealset).failed == 0
    assert doctest.testmod(proven_deals).attempted and doctest.testmod(proven_deals).failed == 0


@pytest.mark.parametrize("numbers", [[], [1], [2], [1, 2, 3], [5, 6, 40, 41, 42, 1000],
                                     list(range(1, 3001)), [31, 32, 33, 1023, 1024, 1025, 2**20 + 7]])
def test_round_trip(numbers: list[int]) -> None:
    text = encode(numbers)
    assert decode(text) == tuple(numbers)
    assert text.isascii() and "'" not in text and "\\" not in text


@given(st.sets(st.integers(min_value=1, max_value=200_000), max_size=300))
def test_round_trip_any_set(numbers: set[int]) -> None:
    assert decode(encode(numbers)) == tuple(sorted(numbers))


def test_the_shorter_form_is_chosen() -> None:
    # 1..1000 but 500: runs 0, 499, 1, 500 -> "r" and 4 numbers (< 32: 1 char, else 2):
    # 499 = 19 + 15×32 -> 'z' (19 + 32, more follows), 'P' (15); 500 -> '0' (20 + 32), 'P'
    dense = [n for n in range(1, 1001) if n != 500]
    assert encode(dense) == "r" + "A" + "z" + "P" + "B" + "0" + "P"
    # every 20th deal: gaps of 20 -> "d" and one character each
    assert encode(range(20, 401, 20)) == "d" + "U" * 20


@pytest.mark.parametrize("bad", ["", "x", "dA!", "dg", "r9"])
def test_decode_refuses_bad_text(bad: str) -> None:
    with pytest.raises(ValueError):
        decode(bad)


def test_encode_refuses_deal_zero() -> None:
    with pytest.raises(ValueError):
        encode([0, 1])


@pytest.mark.parametrize("variant", VARIANTS)
def test_store_is_exactly_the_proven_deals(variant: str) -> None:
    """Every stored deal has a ``w`` line or was proven before; none of those is missing."""
    stored = game.proven_deals(variant)
    assert stored == decode(STORE[variant])
    assert list(stored) == sorted(set(stored)) and all(1 <= n <= game.MAX_DEAL for n in stored)
    assert set(stored) == won_in_verdicts(variant) | before()[variant]


def test_proven_deals_is_decoded_once() -> None:
    assert game.proven_deals("eight-off-4") is game.proven_deals("eight-off-4")
    with pytest.raises(KeyError):
        game.proven_deals("eight-off-3")


@pytest.mark.parametrize("variant", VARIANTS)
def test_winnable_deal_draws_from_the_whole_store(variant: str) -> None:
    kind, cells = VARIANTS[variant]
    proven = game.proven_deals(variant)
    rng = random.Random(24)
    for _ in range(50):
        deal = winnable_deal(kind, cells, rng.random(), proven)
        assert deal.number in proven and (deal.game, deal.cells) == (kind, cells)
    assert winnable_deal(kind, cells, 0.999999, proven).number == proven[-1]


def test_the_module_is_current() -> None:
    """``game/solver/proven.py`` is what ``scripts/winnability.py`` (or
    ``scripts/proven_deals.py --from-verdicts``) writes from the committed verdicts."""
    have = proven_deals.OUT.read_text(encoding="utf-8")
    assert have == proven_deals.text(*proven_deals.merged()), "run python3 scripts/winnability.py"
    assert "do not edit by hand" in have


def test_from_verdicts_only_adds(tmp_path, monkeypatch) -> None:
    out = tmp_path / "proven.py"
    out.write_text(proven_deals.OUT.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(proven_deals, "OUT", out)
    folder = tmp_path / "verdicts"
    folder.mkdir()
    (folder / "eight-off-2.txt").write_text("7 u 20000 5 0.1\n7 w 200000 9 0.3\n8 l 20000 3 0.0\n", encoding="utf-8")
    counts = proven_deals.from_verdicts(folder)
    assert counts["eight-off-2"] == len(game.proven_deals("eight-off-2")) + 1
    new, _, notes = proven_deals.load()
    assert set(new["eight-off-2"]) == set(game.proven_deals("eight-off-2")) | {7}
    assert new["easy-harp"] == list(game.proven_deals("easy-harp"))
    assert notes["eight-off-2"].startswith("1 winnable of the 2 deals 7-8")

"""The empty table of a first visit (issue 14 point 1): ``static/empty-table.js``,
written by ``scripts/empty_table.py``, is up to date with the layout, and its programs,
evaluated as ``static/prepaint.js`` does, give exactly the card size and the pile
places of ``layout.compute`` for any table size (random sizes, every game and flag)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ui import layout
from scripts import empty_table

CMP = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
       ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
       "/": lambda a, b: a / b, "min": min, "max": max}


def evaluate(nodes: list[Any], paths: list[Any], width: float, height: float) -> Any:
    """What prepaint.js's ``emptyTable`` computes: (cw, ch, places) of the first path
    whose comparisons hold, or None."""
    memo: dict[int, float] = {}

    def val(a: Any) -> float:
        if isinstance(a, list):
            return float(a[0])
        if a not in memo:
            op, *args = nodes[a]
            memo[a] = width if op == "W" else height if op == "H" else OPS[op](
                val(args[0]), val(args[1]))
        return memo[a]

    for path in paths:
        if all(CMP[op](val(x), val(y)) == outcome for x, y, op, outcome in path["when"]):
            return val(path["cw"]), val(path["ch"]), [(val(x), val(y)) for x, y in path["at"]]
    return None


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return empty_table.read()


def test_the_file_was_made_from_the_current_layout(data) -> None:
    assert data["sources"] == empty_table.sources_digest(), (
        "static/empty-table.js is stale: run python3 scripts/empty_table.py")
    assert set(data["games"]) == {v[0] for v in empty_table.VARIANTS}


@pytest.mark.parametrize(("variant", "kind", "cells", "code"), empty_table.VARIANTS)
def test_programs_give_the_layouts_places_for_any_table(data, variant, kind, cells, code) -> None:
    rng = random.Random(f"empty-table {variant}")
    g = data["games"][variant]
    sizes = [(rng.uniform(120, 3000), rng.uniform(90, 2000)) for _ in range(300)]
    sizes += [(rng.uniform(300, 1000), rng.uniform(200, 520)) for _ in range(200)]  # phones on their side
    sizes += [(360, 640 - 56), (1366, 768 - 56), (200, 160), (640, 300)]
    for rtl in (False, True):
        for left in (False, True):
            paths = g["flags"][f"{int(rtl)}{int(left)}"]
            for width, height in sizes:
                got = evaluate(g["nodes"], paths, width, height)
                assert got is not None, (variant, rtl, left, width, height)
                lay = layout.compute(kind, cells, width, height, rtl, {}, 0, left)
                assert got[0] == lay.card_w and got[1] == lay.card_h
                assert got[2] == [(lay.slots[p].x, lay.slots[p].y) for p in g["piles"]]

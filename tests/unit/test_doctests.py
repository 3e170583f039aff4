"""The ``>>>`` examples in the rules package's docstrings run and hold (issue 9)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

MODULES = sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "game").glob("*.py"))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module("game" if name == "__init__" else f"game.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_examples_exist():
    # Guards against the test passing because nothing was collected.
    total = 0
    for name in MODULES:
        module = importlib.import_module("game" if name == "__init__" else f"game.{name}")
        total += sum(len(t.examples) for t in doctest.DocTestFinder().find(module))
    assert total >= 15

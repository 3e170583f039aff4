"""The facade loads the solver on first use (issue 10 point 8): ``import game`` leaves
``game.solver`` out, and SPEC §10's names still work for CPython users."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(code: str) -> str:
    """Run ``code`` in a fresh interpreter (this one has imported the solver already)."""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_import_game_does_not_import_the_solver():
    assert run("import sys, game; print('game.solver' in sys.modules)") == "False"


def test_every_solver_name_loads_on_first_use():
    code = """
import sys, game
import game.solver as s
names = sorted(game.SOLVER_NAMES)
print(all(getattr(game, n) is getattr(s, n) for n in names), sorted(set(names) - set(game.__all__)))
"""
    assert run(code) == "True []"


def test_from_game_import_and_load_solver():
    code = """
import sys, game
game.load_solver()
loaded = 'game.solver' in sys.modules
from game import solve, Search
g = game.new_game('EO1-C8-AAAAAAB')
print(loaded, solve(g).status, isinstance(Search(g, 10), Search))
"""
    assert run(code) == "True winnable True"


def test_an_unknown_name_is_still_an_attribute_error():
    code = """
import game
try:
    game.no_such_name
except AttributeError as e:
    print('no_such_name' in str(e))
"""
    assert run(code) == "True"

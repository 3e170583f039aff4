"""The C port of Easy Harp's complete search (bench/eh_exhaust.c, driven by
bench/decide_positions.py; issue 24 point 3) gives the rules package's verdicts: with the
obligations of eh_bases, without them and with column moves as bases too, on positions
near the end and on positions a careless player reached, and its wins replay to a win
through ``g.play``. Its beam search (bench/eh_beam.c) never answers "unwinnable", and its
wins replay too. The figures
it gives in the README stand on this. Skipped where no C compiler is installed (it is a
bench tool; nothing the product ships needs one)."""

from __future__ import annotations

import importlib.util
import json
import random
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import game

from .solver_support import near_end_easy_harp
from .test_solver_bases import LOST

ROOT = Path(__file__).resolve().parents[2]
#: The complete searches of eh_exhaust.c: the product's pruning, none, and more.
MODES = ("bases", "plain", "columns")

pytestmark = pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler")


def _driver() -> ModuleType:
    spec = importlib.util.spec_from_file_location("decide_positions", ROOT / "bench" / "decide_positions.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _build(tmp_path_factory: pytest.TempPathFactory, name: str) -> tuple[ModuleType, Path]:
    """The driver module and ``bench/<name>.c`` compiled into a temporary folder."""
    binary = tmp_path_factory.mktemp(name) / name
    subprocess.run(["cc", "-O2", "-o", str(binary), str(ROOT / "bench" / f"{name}.c")], check=True)
    return _driver(), binary


def _run(binary: Path, args: list[str], drv: ModuleType, g: game.Game) -> tuple[str, list[str]]:
    """The answer ("winnable", "unwinnable" or "unknown") and the line of a C engine."""
    out = subprocess.run([str(binary), *args], input=drv.c_input(g), capture_output=True, text=True,
                         check=True).stdout.split("\n")
    return out[0].split()[0], [m for m in out[1:] if m.strip()]


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, Path]:
    return _build(tmp_path_factory, "eh_exhaust")


def c_solve(engine: tuple[ModuleType, Path], g: game.Game, mode: str) -> tuple[str, list[str]]:
    return _run(engine[1], ["2000000", "20", mode], engine[0], g)


def test_lost_positions_from_play_are_lost_in_both_modes(engine: tuple[ModuleType, Path]) -> None:
    for text in LOST:
        g = game.load_position(text, game="easy-harp")
        assert {c_solve(engine, g, mode)[0] for mode in MODES} == {"unwinnable"}


def test_careless_positions_the_rules_package_proves_lost_are_lost(engine: tuple[ModuleType, Path]) -> None:
    """Four positions of bench/careless-positions.json that the complete search proves
    lost within 30,000 positions (942 to 19,267 in C with the obligations)."""
    positions = json.loads((ROOT / "bench" / "careless-positions.json").read_text(encoding="utf-8"))["positions"]
    for i in (13, 19, 41, 79):
        g = game.load_position(positions[i]["position"], game="easy-harp")
        assert game.solve(g, max_nodes=30_000, mode="complete").status == "unwinnable"
        assert {c_solve(engine, g, mode)[0] for mode in MODES} == {"unwinnable"}, i


def decided_near_end(seed: int) -> Iterator[tuple[game.Game, str]]:
    """Of 24 random positions near the end (12 to 24 cards left), those the rules
    package's complete search decides within 50,000 positions, with its verdict."""
    rnd = random.Random(seed)
    for _ in range(24):
        g = near_end_easy_harp(rnd, rnd.randint(12, 24))
        want = game.solve(g, max_nodes=50_000, mode="complete").status
        if want != "unknown":
            yield g, want


def test_near_end_positions_get_the_rules_package_verdict(engine: tuple[ModuleType, Path]) -> None:
    """Positions typed in any order (face-up cards that are no run): the engine's
    shortcut (no face-down card: won) must not take them as won."""
    seen = {"winnable": 0, "unwinnable": 0}
    for g, want in decided_near_end(35):
        for mode in MODES:
            status, moves = c_solve(engine, g, mode)
            assert status == want, (mode, g.position())
            if status == "winnable":
                assert engine[0].replay(g, moves), (mode, g.position())
        seen[want] += 1
    assert seen["winnable"] >= 10, seen


def test_wins_that_draw_from_the_stock_replay(engine: tuple[ModuleType, Path]) -> None:
    """Two careless positions the C port wins within 30,000 positions (221 and 26,308),
    each line playing about 40 cards from the stock and waste after stock taps."""
    positions = json.loads((ROOT / "bench" / "careless-positions.json").read_text(encoding="utf-8"))["positions"]
    for i in (3, 8):
        g = game.load_position(positions[i]["position"], game="easy-harp")
        status, moves = c_solve(engine, g, "bases")
        assert status == "winnable", i
        assert sum(m.startswith("D ") for m in moves) >= 20
        assert engine[0].replay(g, moves)


@pytest.fixture(scope="module")
def beam(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, Path]:
    return _build(tmp_path_factory, "eh_beam")


def beam_solve(beam: tuple[ModuleType, Path], g: game.Game, width: int) -> tuple[str, list[str]]:
    return _run(beam[1], [str(width), "20", beam[0].BEAM_WEIGHTS, "1"], beam[0], g)


def test_beam_wins_replay_and_it_proves_nothing_lost(beam: tuple[ModuleType, Path]) -> None:
    """Near the end: each beam answer is a win that replays or "unknown" (lost ones
    included: a beam is no proof); most won positions are won."""
    got = {"winnable": 0, "unwinnable": 0}
    for g, want in decided_near_end(36):
        status, moves = beam_solve(beam, g, 200)
        assert status in ("winnable", "unknown"), g.position()
        if status == "winnable":
            assert want == "winnable" and beam[0].replay(g, moves), g.position()
            got[want] += 1
    assert got["winnable"] >= 8, got


def test_beam_wins_careless_positions_a_depth_first_search_wins_late(beam: tuple[ModuleType, Path]) -> None:
    """Careless positions 85 and 177: the depth-first search of eh_exhaust.c wins them
    after 54,698,745 and 11,871,696 positions; a beam 200 wide within about 33,000."""
    positions = json.loads((ROOT / "bench" / "careless-positions.json").read_text(encoding="utf-8"))["positions"]
    for i in (85, 177):
        g = game.load_position(positions[i]["position"], game="easy-harp")
        status, moves = beam_solve(beam, g, 200)
        assert status == "winnable", i
        assert beam[0].replay(g, moves), i

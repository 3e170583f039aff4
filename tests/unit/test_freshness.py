"""game/freshness.py: the interpreter copy's game modules are kept only when they are
the archive's own (issue 25.2). Each test hands the check a module table of its own, so
this process's ``game`` is never touched."""

from __future__ import annotations

import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from game.freshness import COPY_ATTRIBUTE, forget_stale_copy

ROOT = Path(__file__).resolve().parents[2]
BUILD = "a" * 64


def table(copied: str | None) -> dict[str, ModuleType]:
    """A module table holding a ``game`` package (``copied``: the BUILD the copy's maker
    recorded on it; None: imported from the files), two of its modules and others."""
    package = ModuleType("game")
    if copied is not None:
        setattr(package, COPY_ATTRIBUTE, copied)
    return {"game": package, "game.rules": ModuleType("game.rules"),
            "game.ui.table": ModuleType("game.ui.table"), "json": ModuleType("json"),
            "gamer": ModuleType("gamer"), "js": ModuleType("js")}


def build_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "BUILD"
    path.write_text(text, encoding="ascii")
    return str(path)


def test_the_copys_modules_stay_when_the_archive_is_the_same_build(tmp_path) -> None:
    modules = table(BUILD)
    assert forget_stale_copy(modules, build_file(tmp_path, BUILD + "\n")) == "fresh"
    assert sorted(modules) == ["game", "game.rules", "game.ui.table", "gamer", "js", "json"]


@pytest.mark.parametrize("archive", ["b" * 64, "", "not ascii \u00e9"])
def test_another_build_drops_every_game_module_and_nothing_else(tmp_path, archive) -> None:
    modules = table(BUILD)
    path = tmp_path / "BUILD"
    path.write_bytes(archive.encode("utf-8"))
    assert forget_stale_copy(modules, str(path)) == "stale"
    assert sorted(modules) == ["gamer", "js", "json"]


def test_an_archive_without_a_build_cannot_vouch_for_the_copy(tmp_path) -> None:
    modules = table(BUILD)
    assert forget_stale_copy(modules, str(tmp_path / "missing")) == "stale"
    assert "game" not in modules and "game.rules" not in modules


@pytest.mark.parametrize("modules", [table(None), {"json": ModuleType("json")}],
                         ids=["imported-from-files", "no-game"])
def test_a_copy_without_the_game_leaves_the_table_as_it_is(tmp_path, modules) -> None:
    before = dict(modules)
    assert forget_stale_copy(modules, build_file(tmp_path, "c" * 64)) == "none"
    assert modules == before


def test_the_archive_carries_the_build_of_its_other_members() -> None:
    """scripts/compile_game.mjs: game/BUILD, the last member, is 64 hex digits, and the
    shipped interpreter copy was made from this very archive (its stamp names it)."""
    archive = ROOT / "static" / "vendor" / "game.zip"
    if not archive.is_file():
        pytest.skip("static/vendor/game.zip is made by the set-up step (make test)")
    with zipfile.ZipFile(archive) as zf:
        names = zf.namelist()
        build = zf.read("game/BUILD").decode("ascii").strip()
    assert names[-1] == "game/BUILD"
    assert len(build) == 64 and all(c in "0123456789abcdef" for c in build)
    assert "game/freshness.pyc" in names
    from scripts import interpreter_copy

    assert not interpreter_copy.stale(), "the interpreter copy was made from another archive"


def test_the_archive_holds_bytecode_without_sources_nor_docstrings() -> None:
    """scripts/compile_game.mjs (issue 25.1): every module of game/ is in the archive as
    its bytecode alone, ``game/<name>.pyc``, which Python imports without a source; its
    code names the module's file and lines in the repository; the docstrings of modules
    and functions are left out, those of classes kept (a dataclass without one makes
    one from ``inspect.signature`` at every import)."""

    archive = ROOT / "static" / "vendor" / "game.zip"
    if not archive.is_file():
        pytest.skip("static/vendor/game.zip is made by the set-up step (make test)")
    modules = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")
                     if "__pycache__" not in p.parts)
    with zipfile.ZipFile(archive) as zf:
        names = zf.namelist()
        game_files = sorted(n for n in names if n.startswith("game/") and n.endswith((".py", ".pyc")))
        assert game_files == sorted(m + "c" for m in modules)
        data = zf.read("game/rules.pyc")
    assert int.from_bytes(data[4:8], "little") == 0b01  # hash-based, unchecked (PEP 552)
    # (the bytecode is Pyodide's Python's, which this Python may not load: read as bytes)
    assert b"game/rules.py" in data  # the file its stack traces name
    assert b"Rules shared by every game" not in data  # the module's docstring
    assert b"Length of the run at the top of" not in data  # a function's
    assert b"A tableau building rule, written once" in data  # class Building's

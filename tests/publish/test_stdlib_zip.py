"""The vendored standard library (scripts/stdlib_zip.mjs, issue 25): nothing a start,
the game or PyScript imports is left out, the modules every start imports are compiled,
and the zip is made again when the game imports another module."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from scripts import stdlib_zip

ROOT = Path(__file__).resolve().parents[2]
VENDORED = ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
SOURCE = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"

needs_runtime = pytest.mark.skipif(
    shutil.which("node") is None or not VENDORED.is_file() or not SOURCE.is_file(),
    reason="needs Node and the vendored runtime (make runtime)")


@needs_runtime
def test_every_module_that_must_load_is_in_the_vendored_zip():
    assert stdlib_zip.check(VENDORED) == []


@needs_runtime
def test_the_check_names_a_module_left_out(tmp_path):
    broken = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(VENDORED) as zin, zipfile.ZipFile(broken, "w") as zout:
        for info in zin.infolist():
            if info.filename != "codeop.pyc":  # traceback imports it when imported
                zout.writestr(info, zin.read(info))
    assert stdlib_zip.check(broken) == ["codeop.py"]


@needs_runtime
def test_the_vendored_zip_is_trimmed_compiled_and_fresh():
    with zipfile.ZipFile(VENDORED) as zf:
        names = set(zf.namelist())
        stamp = zf.comment.decode("ascii")
    assert stamp == stdlib_zip.stamp(SOURCE)
    assert stdlib_zip.fresh(SOURCE, VENDORED)
    # every start imports these: compiled, no source
    for name in ("asyncio/base_events", "dataclasses", "json/decoder", "_pyodide/_base", "traceback"):
        assert f"{name}.pyc" in names and f"{name}.py" not in names, name
    # not imported at start: kept as source
    assert "statistics.py" in names
    # left out
    for name in ("unittest/case.py", "pdb.py", "_pyrepl/main.py", "encodings/cp1252.py", "xml/dom/minidom.py"):
        assert name not in names and name + "c" not in names, name
    assert {"encodings/cp437.py", "encodings/utf_8.pyc"} <= names
    with zipfile.ZipFile(VENDORED) as zf:
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}


def test_game_imports_are_absolute_module_names(tmp_path):
    (tmp_path / "a.py").write_text("import json, os.path\nfrom . import b\nfrom .c import d\n"
                                   "def f():\n    from statistics import median\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.py").write_text("from email import message\n", encoding="utf-8")
    assert stdlib_zip.game_imports(tmp_path) == ["email", "json", "os.path", "statistics"]


def test_a_new_import_in_the_game_makes_the_zip_again(tmp_path, monkeypatch):
    if not SOURCE.is_file():
        pytest.skip("node_modules missing")
    before = stdlib_zip.stamp(SOURCE)
    monkeypatch.setattr(stdlib_zip, "game_imports", lambda root=None: ["email.message", "json"])
    assert stdlib_zip.stamp(SOURCE) != before

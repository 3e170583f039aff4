"""The vendored standard library (scripts/stdlib_zip.mjs, issue 25): nothing a start,
the game or PyScript imports is left out, the modules they import are compiled, the
first zip holds only what Pyodide's start imports (and what the import system may
import before the second zip is on sys.path), the second holds the rest, from which
it imports as in the page, and the zips are made again when the game imports another
module."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from scripts import stdlib_zip

ROOT = Path(__file__).resolve().parents[2]
VENDORED = ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
REST = VENDORED.with_name("python_stdlib_rest.zip")
SOURCE = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"

needs_runtime = pytest.mark.skipif(
    shutil.which("node") is None or not VENDORED.is_file() or not REST.is_file() or not SOURCE.is_file(),
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
    assert stdlib_zip.check(broken, REST) == ["codeop.py"]


@needs_runtime
def test_the_vendored_zip_is_trimmed_compiled_and_fresh():
    with zipfile.ZipFile(VENDORED) as zf:
        names = set(zf.namelist())
        stamp = zf.comment.decode("ascii")
    assert stamp == stdlib_zip.stamp(SOURCE)
    assert stdlib_zip.fresh(SOURCE, VENDORED) and stdlib_zip.fresh(SOURCE, REST)
    # every start imports these: compiled, no source
    for name in ("asyncio/base_events", "dataclasses", "json/decoder", "_pyodide/_base", "traceback"):
        assert f"{name}.pyc" in names and f"{name}.py" not in names, name
    with zipfile.ZipFile(REST) as zf:
        rest_names = set(zf.namelist())
    # not imported by the start: in the rest zip, compiled when the game or PyScript
    # imports it, else as source
    assert {"encodings/latin_1.py", "encodings/cp437.py", "statistics.py"} <= rest_names
    assert {"_pydatetime.pyc", "asyncio/proactor_events.pyc"} <= rest_names
    # left out
    for name in ("unittest/case.py", "pdb.py", "_pyrepl/main.py", "encodings/cp1252.py", "xml/dom/minidom.py"):
        assert not {name, name + "c"} & (names | rest_names), name
    assert "encodings/utf_8.pyc" in names
    with zipfile.ZipFile(VENDORED) as zf:
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}


def top(name: str) -> str:
    return name.split("/")[0].removesuffix(".pyc").removesuffix(".py")


def split_packages(rest: zipfile.ZipFile) -> list[str]:
    """SPLIT of the rest zip's _stdlib_rest.py: the package folders in both zips."""
    tree = ast.parse(rest.read("_stdlib_rest.py").decode("utf-8"))
    found = [node.value for node in tree.body if isinstance(node, ast.Assign)
             and any(isinstance(t, ast.Name) and t.id == "SPLIT" for t in node.targets)]
    assert len(found) == 1
    return list(ast.literal_eval(found[0]))


@needs_runtime
def test_the_rest_zip_holds_what_the_start_does_not_import():
    with zipfile.ZipFile(VENDORED) as first, zipfile.ZipFile(REST) as rest:
        first_names, rest_names = set(first.namelist()), set(rest.namelist())
        assert rest.comment == first.comment
        assert {i.compress_type for i in rest.infolist()} == {zipfile.ZIP_STORED}
        split = split_packages(rest)
    assert not first_names & rest_names
    # Python's frozen modules (os, codecs, site, ...) are never read from a zip: not in
    # the first, where they would only cost bytes
    for name in ("os", "codecs", "site", "posixpath", "importlib/_bootstrap"):
        assert name + ".pyc" not in first_names and name + ".pyc" in rest_names, name
    for name in ("statistics.py", "calendar.py", "urllib/parse.py", "ctypes/__init__.py", "_strptime.py"):
        assert name in rest_names, name
    # the packages with modules in both zips are those _stdlib_rest extends
    def package(name: str) -> str:
        return name.rsplit("/", 1)[0] if "/" in name else ""
    files = {n for n in first_names | rest_names if not n.endswith("/")}
    both = {package(n) for n in files if package(n)
            and any(package(m) == package(n) for m in first_names if not m.endswith("/"))
            and any(package(m) == package(n) for m in rest_names if not m.endswith("/"))}
    inits = {package(n) for n in first_names if n.endswith(("/__init__.pyc", "/__init__.py"))}
    assert set(split) == both & inits
    assert {"asyncio", "encodings", "logging", "importlib"} <= set(split)
    # nothing lost: the two hold what the trimmed zip held before the split
    with zipfile.ZipFile(SOURCE) as source:
        assert {top(n) for n in rest_names | first_names} - {"_stdlib_rest"} <= {top(n) for n in source.namelist()}


# Under Node, the vendored Pyodide started on a standard library zip (argv[2]), the rest
# zip (argv[3], or none) written and appended to sys.path as index.html does: which of
# argv[4:]'s modules import. Prints {module: true | "ExceptionName: message"}.
IMPORTS = r"""
import { readFileSync } from "node:fs";
const [, , root, stdlib, rest, split, ...modules] = process.argv;
const { loadPyodide } = await import(root + "/node_modules/pyodide/pyodide.mjs");
const py = await loadPyodide({ indexURL: root + "/node_modules/pyodide/", stdLibURL: stdlib });
if (rest !== "-") {
  py.FS.writeFile("/lib/python_stdlib_rest.zip", readFileSync(rest));
  py.runPython('import sys\nsys.path.append("/lib/python_stdlib_rest.zip")');
  if (split === "1") py.runPython("import _stdlib_rest");
}
py.globals.set("MODULES", py.toPy(modules));
process.stdout.write(py.runPython(`
import importlib, json
out = {}
for name in MODULES:
    try:
        importlib.import_module(name)
        out[name] = True
    except BaseException as e:
        out[name] = f"{type(e).__name__}: {e}"
json.dumps(out)
`));
"""


def imports(tmp_path: Path, stdlib: Path, rest: Path | None, modules: list[str], split: bool = True) -> dict:
    script = tmp_path / "imports.mjs"
    script.write_text(IMPORTS, encoding="utf-8")
    argv = ["node", str(script), str(ROOT), str(stdlib), str(rest or "-"), "1" if split else "0", *modules]
    run = subprocess.run(argv, capture_output=True, text=True, check=True, timeout=300)
    return dict(json.loads(run.stdout))


@needs_runtime
def test_every_module_of_the_rest_zip_imports_as_before_the_split(tmp_path):
    """Each module of the rest zip (and each submodule) imports in the page's set-up as
    it does from one zip holding both (urllib.request does in neither: http is left
    out); without the rest zip they do not (the test can fail)."""
    with zipfile.ZipFile(REST) as rest:
        modules = sorted({n.removesuffix("c")[:-3].removesuffix("/__init__").replace("/", ".")
                          for n in rest.namelist() if n.endswith((".py", ".pyc"))})
    modules = [m for m in modules if not m.startswith("_sysconfigdata")]
    assert len(modules) > 30
    whole = tmp_path / "whole.zip"  # the two zips as one: the library before the split
    with zipfile.ZipFile(whole, "w") as out:
        for part in (VENDORED, REST):
            with zipfile.ZipFile(part) as zf:
                for info in zf.infolist():
                    out.writestr(info, zf.read(info))
    unsplit = imports(tmp_path, whole, None, modules)
    ours = imports(tmp_path, VENDORED, REST, modules)
    assert ours == unsplit
    assert sum(v is True for v in ours.values()) > 30
    without = imports(tmp_path, VENDORED, None, ["calendar", "urllib.parse", "statistics"])
    assert all(v != True for v in without.values()), without  # noqa: E712
    # a package's modules in the rest zip need _stdlib_rest
    alone = imports(tmp_path, VENDORED, REST, ["logging.handlers", "asyncio.proactor_events"], split=False)
    assert all(v != True for v in alone.values()), alone  # noqa: E712
    assert ours["logging.handlers"] is True and ours["asyncio.proactor_events"] is True


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

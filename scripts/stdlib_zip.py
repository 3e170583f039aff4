"""The vendored ``python_stdlib.zip``: Pyodide's standard library trimmed and partly
compiled by ``scripts/stdlib_zip.mjs`` (see there for what and why), for
``scripts/vendor.py``.

The zip is made again when its stamp (kept in the zip's comment) differs from
:func:`stamp`: the maker script, the source zip, the pinned PyScript and the modules the
game's Python imports (their names, so that adding an import of a module the zip left
out makes the zip again with it kept).

    build(src, dst)   # src: node_modules/pyodide/python_stdlib.zip
    fresh(src, dst)   # bool
"""

from __future__ import annotations

import ast
import hashlib
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAKER = ROOT / "scripts" / "stdlib_zip.mjs"


def game_imports(root: Path = ROOT / "game") -> list[str]:
    """The absolute module names imported anywhere in ``root``'s ``.py`` files, sorted.
    Raises ``SyntaxError`` for a file CPython cannot parse."""
    names: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(names)


def stamp(src: Path) -> str:
    """Hex SHA-256 over the maker script, the source zip's size and modification time,
    the pinned package versions and :func:`game_imports`."""
    digest = hashlib.sha256(MAKER.read_bytes())
    st = src.stat()
    digest.update(f"{st.st_size} {int(st.st_mtime)}\n".encode())
    digest.update((ROOT / "package.json").read_bytes())
    digest.update("\n".join(game_imports()).encode())
    return digest.hexdigest()


def fresh(src: Path, dst: Path) -> bool:
    """Whether ``dst`` exists and was made from :func:`stamp` of ``src``."""
    try:
        with zipfile.ZipFile(dst) as zf:
            return zf.comment.decode("ascii", "replace") == stamp(src)
    except (OSError, zipfile.BadZipFile):
        return False


def _maker(*args: str, ok: tuple[int, ...] = (0,)) -> dict:
    """Run ``stdlib_zip.mjs`` with ``args``; its JSON summary. Raises ``RuntimeError``
    when Node is missing or the maker exits with a status not in ``ok`` (its output in
    the message)."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is needed to make python_stdlib.zip: run `make play`")
    run = subprocess.run([node, str(MAKER), *args], cwd=ROOT, capture_output=True, text=True,
                         check=False)
    if run.returncode not in ok:
        raise RuntimeError(f"stdlib_zip.mjs {' '.join(args)} failed:\n{run.stdout}{run.stderr}")
    return dict(json.loads(run.stdout.strip().splitlines()[-1]))


def build(src: Path, dst: Path) -> None:
    """Write the trimmed, partly compiled zip of ``src`` to ``dst`` (Node and the
    pinned Pyodide in node_modules). Raises ``RuntimeError`` when Node is missing or
    the maker fails."""
    summary = _maker(str(src), str(dst), stamp(src))
    if summary["droppedNeeded"]:
        print(f"python_stdlib.zip: kept, as modules import them: {', '.join(summary['droppedNeeded'])}")


STOCK = ROOT / "bench" / "out" / "python_stdlib.stock.zip"


def stock_copy() -> Path:
    """Copy Pyodide's own ``python_stdlib.zip`` (node_modules) to ``bench/out/``, where
    ``bench/bare.html`` (the start-up benches' bare Pyodide page) loads it: the
    baseline starts Pyodide as shipped. Returns the copy's path; raises
    ``FileNotFoundError`` without node_modules."""
    src = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    if not STOCK.is_file() or STOCK.stat().st_size != src.stat().st_size:
        STOCK.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, STOCK)
    return STOCK


def check(zip_path: Path) -> list[str]:
    """The modules that must load (stdlib_zip.mjs) missing from ``zip_path``; raises
    ``RuntimeError`` when the check itself fails."""
    return list(_maker("--check", str(zip_path), ok=(0, 1))["missing"])

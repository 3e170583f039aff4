"""The vendored ``python_stdlib.zip`` and ``python_stdlib_rest.zip``: Pyodide's standard
library trimmed, partly compiled and split in two by ``scripts/stdlib_zip.mjs`` (see
there for what and why), for ``scripts/vendor.py``.

The two zips are made together, again when the stamp of either (kept in the zip's
comment) differs from :func:`stamp`: the maker script, the source zip, the pinned
PyScript and the modules the game's Python imports (their names, so that adding an
import of a module the zip left out makes the zip again with it kept).

    build(src, dst)   # src: node_modules/pyodide/python_stdlib.zip; dst: either zip
    fresh(src, dst)   # bool: both zips are src's
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


#: The first zip's name (Python's start needs it) and the rest zip's, beside it.
FIRST = "python_stdlib.zip"
REST = "python_stdlib_rest.zip"
#: The compressed copies later set-up steps write beside a file (scripts/vendor.py COPIES).
_COPIES = (".gz", ".zst", ".br")


def outputs(dst: Path) -> tuple[Path, Path]:
    """The first zip and the rest zip in ``dst``'s folder (``dst``: either of them)."""
    return dst.with_name(FIRST), dst.with_name(REST)


def fresh(src: Path, dst: Path) -> bool:
    """Whether both zips beside ``dst`` exist and were made from :func:`stamp` of ``src``."""
    want = stamp(src)
    try:
        for path in outputs(dst):
            with zipfile.ZipFile(path) as zf:
                if zf.comment.decode("ascii", "replace") != want:
                    return False
    except (OSError, zipfile.BadZipFile):
        return False
    return True


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
    """Write the two zips made of ``src`` beside ``dst`` (either of them; Node and the
    pinned Pyodide in node_modules), and remove the compressed copies of both (they
    were of the old files). Raises ``RuntimeError`` when Node is missing or the maker
    fails."""
    first, rest = outputs(dst)
    summary = _maker(str(src), str(first), str(rest), stamp(src))
    for path in (first, rest):
        for ext in _COPIES:
            path.with_name(path.name + ext).unlink(missing_ok=True)
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


def check(zip_path: Path, rest: Path | None = None) -> list[str]:
    """The modules that must load (stdlib_zip.mjs) missing from both ``zip_path`` (the
    first zip) and ``rest`` (default: the rest zip beside it); raises ``RuntimeError``
    when the check itself fails."""
    rest = rest or outputs(zip_path)[1]
    return list(_maker("--check", str(zip_path), str(rest), ok=(0, 1))["missing"])

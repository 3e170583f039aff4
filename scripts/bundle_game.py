#!/usr/bin/env python3
"""Build ``static/vendor/game.zip``: the game package as the browser loads it.

``pyscript.toml`` unpacks this archive into Pyodide's file system (``[files]``,
destination ``./*``). It holds the bytecode of every ``game/**/*.py`` in its place, as
``game/**/<name>.pyc`` without the source (hash-based unchecked ``.pyc``, no docstrings
of modules and functions), compiled by the vendored Pyodide itself
(``scripts/compile_game.mjs`` under Node): the page then imports the package without
compiling it, which saves about 75 % of its import time in Pyodide (measured: 86 ms
from source, 10 ms from bytecode for the rules package), and downloads 304 KB of it
as Zstandard instead of 473 KB with the sources. It also holds the bytecode of
PyScript's own Python package (``pyscript/__pycache__/``; the builder says why).

The archive is rebuilt only when it is stale: when the list or content of the sources
differs from what ``game.zip.sources`` (a SHA-256 over paths and bytes) recorded.
``ensure()`` is also called by ``scripts/serve.py`` when the page asks for the archive,
so an edit to ``game/`` shows on the next reload during development.

    python3 scripts/bundle_game.py [--check]

Exit status: 0 built or up to date, 1 stale (``--check``), 2 Node or Pyodide missing or
the compile failed.
"""

from __future__ import annotations

import hashlib
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scripts.stamped import ROOT, StampedBuild  # noqa: E402

OUT = ROOT / "static" / "vendor" / "game.zip"
_lock = threading.Lock()


def sources_digest() -> str:
    """SHA-256 (hex) over the relative path and bytes of every game/**/*.py, of the
    builder, scripts/compile_game.mjs, and of the pinned PyScript's package.json (the
    archive holds its Python package compiled)."""
    digest = hashlib.sha256()
    pyscript = ROOT / "node_modules" / "@pyscript" / "core" / "package.json"
    for path in [*sorted((ROOT / "game").rglob("*.py")), ROOT / "scripts" / "compile_game.mjs",
                 *([pyscript] if pyscript.is_file() else [])]:
        if "__pycache__" in path.parts:
            continue
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


BUILD = StampedBuild(OUT, sources_digest,
                     ["scripts/compile_game.mjs", str(ROOT), OUT.relative_to(ROOT).as_posix()],
                     "the game archive")
stale = BUILD.stale


def ensure(quiet: bool = True) -> bool:
    """Rebuild the archive if it is stale (one thread at a time: ``scripts/serve.py``
    calls it per request); returns True when it was rebuilt.

    Raises ``RuntimeError`` when Node or the vendored Pyodide package is missing, or
    the compile fails (a syntax error in ``game/`` shows here)."""
    with _lock:
        return BUILD.ensure(quiet)


if __name__ == "__main__":
    sys.exit(BUILD.main(__doc__.split("\n")[0]))

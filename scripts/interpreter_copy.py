#!/usr/bin/env python3
"""Build ``static/vendor/interpreter.snapshot``: the copy of Pyodide's started
interpreter, the game package imported, that the page restores instead of starting
Python (static/pyodide-start.js).

Python initialising itself is most of a Pyodide start (one task of about 2.7 s on the
2-core test machine, 85 % of a bare Pyodide page's start). Pyodide can save the memory
of an interpreter right after its start (``_makeSnapshot``, ``makeMemorySnapshot``) and
start from it (``_loadSnapshot``). This script has the vendored Pyodide do that under
Node (``scripts/make_interpreter_copy.mjs``), with the game's modules imported from
the game archive (``scripts/bundle_game.py``, made first): a start of the page (a
first visit only where it pays, static/pyodide-start.js) then restores it (about 0.4 s)
and imports nearly nothing.

The copy is rebuilt only when it is stale: when the vendored Pyodide (the five files'
SHA-256 in ``static/vendor/vendor.json``), the game archive or the maker script differ
from what ``interpreter.snapshot.sources`` recorded. Pyodide itself refuses a copy made
by another build (it checks the build id), and the page then starts Python the normal
way; a copy whose game modules are another archive's keeps its interpreter and drops
those modules (game/freshness.py).

    python3 scripts/interpreter_copy.py [--check]

Exit status: 0 built or up to date, 1 stale (``--check``), 2 Node, the vendored Pyodide or
the start failed.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scripts.stamped import ROOT, StampedBuild  # noqa: E402
from scripts.vendor import MANIFEST, PYODIDE_FILES  # noqa: E402

VENDOR = ROOT / "static" / "vendor"
OUT = VENDOR / "interpreter.snapshot"
MAKER = ROOT / "scripts" / "make_interpreter_copy.mjs"
ARCHIVE = VENDOR / "game.zip"


def sources_digest() -> str:
    """SHA-256 (hex) over the vendored Pyodide files' hashes (``vendor.json``), the game
    archive's SHA-256 and the maker script's bytes. Raises ``FileNotFoundError`` if
    Pyodide is not vendored or the archive not built."""
    files = json.loads((VENDOR / MANIFEST).read_text(encoding="utf-8"))["files"]
    digest = hashlib.sha256()
    for name in PYODIDE_FILES:
        digest.update(f"pyodide/{name}\0{files[f'pyodide/{name}']['sha256']}\n".encode())
    digest.update(f"game.zip\0{hashlib.sha256(ARCHIVE.read_bytes()).hexdigest()}\n".encode())
    digest.update(MAKER.read_bytes())
    return digest.hexdigest()


BUILD = StampedBuild(OUT, sources_digest, [str(MAKER), str(VENDOR / "pyodide"), str(ARCHIVE), str(OUT)],
                     "the interpreter copy")
stale, ensure = BUILD.stale, BUILD.ensure

if __name__ == "__main__":
    sys.exit(BUILD.main(__doc__.split("\n")[0]))

#!/usr/bin/env python3
"""Build ``static/vendor/interpreter.snapshot``: the copy of Pyodide's freshly started
interpreter that the page restores instead of starting Python (static/pyodide-start.js).

Python initialising itself is most of a Pyodide start (one task of about 2.7 s on the
2-core test machine, 85 % of a bare Pyodide page's start). Pyodide can save the memory
of an interpreter right after its start (``_makeSnapshot``, ``makeMemorySnapshot``) and
start from it (``_loadSnapshot``). This script has the vendored Pyodide do that under
Node (``scripts/make_interpreter_copy.mjs``), once per Pyodide build: every start of the
page, a first visit included, then restores it (about 0.4 s).

The copy is rebuilt only when it is stale: when the vendored Pyodide (the five files'
SHA-256 in ``static/vendor/vendor.json``) or the maker script differ from what
``interpreter.snapshot.sources`` recorded. Pyodide itself refuses a copy made by another
build (it checks the build id), and the page then starts Python the normal way.

    python3 scripts/interpreter_copy.py [--check]

Exit status: 0 built or up to date, 1 stale (``--check``), 2 Node, the vendored Pyodide or
the start failed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scripts.vendor import MANIFEST, PYODIDE_FILES  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"
OUT = VENDOR / "interpreter.snapshot"
STAMP = OUT.with_name("interpreter.snapshot.sources")
MAKER = ROOT / "scripts" / "make_interpreter_copy.mjs"


def sources_digest() -> str:
    """SHA-256 (hex) over the vendored Pyodide files' hashes (``vendor.json``) and the
    maker script's bytes. Raises ``FileNotFoundError`` if Pyodide is not vendored."""
    files = json.loads((VENDOR / MANIFEST).read_text(encoding="utf-8"))["files"]
    digest = hashlib.sha256()
    for name in PYODIDE_FILES:
        digest.update(f"pyodide/{name}\0{files[f'pyodide/{name}']['sha256']}\n".encode())
    digest.update(MAKER.read_bytes())
    return digest.hexdigest()


def stale() -> bool:
    """Whether the copy is missing or was made from another Pyodide or maker."""
    if not OUT.is_file() or not STAMP.is_file():
        return True
    return STAMP.read_text(encoding="ascii").strip() != sources_digest()


def ensure(quiet: bool = True) -> bool:
    """Make the copy if it is stale; returns True when it was made.

    Raises ``RuntimeError`` when Node or the vendored Pyodide is missing or its start
    fails."""
    if not stale():
        return False
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        raise RuntimeError("node and node_modules/pyodide are needed: run `make play`")
    digest = sources_digest()
    run = subprocess.run([node, str(MAKER), str(VENDOR / "pyodide"), str(OUT)],
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise RuntimeError(f"making the interpreter copy failed:\n{run.stdout}{run.stderr}")
    STAMP.write_text(digest + "\n", encoding="ascii")
    if not quiet:
        print(f"made {OUT.relative_to(ROOT)} ({OUT.stat().st_size} bytes)")
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the copy is stale")
    args = ap.parse_args()
    if args.check:
        return 1 if stale() else 0
    try:
        ensure(quiet=False)
    except (RuntimeError, FileNotFoundError) as err:
        print(err, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

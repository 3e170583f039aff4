"""A file made by a Node script from known sources, made again only when they change.

Shared by ``scripts/bundle_game.py`` (the game archive) and ``scripts/interpreter_copy.py``
(the copy of Pyodide's started interpreter): each names its output, the digest of its
sources and the Node command that makes it. Beside the output, ``<name>.sources`` holds
the digest it was made from; the output is stale when either file is missing or the
digest differs.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class StampedBuild:
    """``out``: the file made; ``digest()``: hex SHA-256 of its sources (may raise
    ``FileNotFoundError`` when a source is missing); ``command``: the Node script and its
    arguments (strings), run from the repo root; ``what``: a few words for messages."""

    def __init__(self, out: Path, digest: Callable[[], str], command: Sequence[str], what: str):
        self.out = out
        self.stamp = out.with_name(out.name + ".sources")
        self.digest = digest
        self.command = list(command)
        self.what = what

    def stale(self) -> bool:
        """Whether the output is missing or was made from other sources."""
        if not self.out.is_file() or not self.stamp.is_file():
            return True
        return self.stamp.read_text(encoding="ascii").strip() != self.digest()

    def ensure(self, quiet: bool = True) -> bool:
        """Make the output if it is stale; returns True when it was made.

        Raises ``RuntimeError`` when Node or the vendored Pyodide package is missing, or
        the Node script fails (its output is in the message)."""
        if not self.stale():
            return False
        node = shutil.which("node")
        if node is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
            raise RuntimeError("node and node_modules/pyodide are needed: run `make play`")
        digest = self.digest()
        self.out.parent.mkdir(parents=True, exist_ok=True)
        run = subprocess.run([node, *self.command], cwd=ROOT, capture_output=True, text=True,
                             check=False)
        if run.returncode != 0:
            raise RuntimeError(f"making {self.what} failed:\n{run.stdout}{run.stderr}")
        if self.digest() != digest:
            # a source changed while it was made: not stamped, so the next call makes it
            # again (a file changed and put back within one build is not seen: an
            # archive once held an old game/ui/pointer.py, edited and restored meanwhile)
            self.stamp.unlink(missing_ok=True)
            return True
        self.stamp.write_text(digest + "\n", encoding="ascii")
        if not quiet:
            print(f"made {self.out.relative_to(ROOT)} ({self.out.stat().st_size} bytes)")
        return True

    def main(self, description: str) -> int:
        """The command line: ``[--check]``. Exit status 0 made or up to date, 1 stale
        (``--check``), 2 Node, Pyodide or a source missing, or the Node script failed."""
        ap = argparse.ArgumentParser(description=description)
        ap.add_argument("--check", action="store_true", help=f"exit 1 if {self.what} is stale")
        args = ap.parse_args()
        try:
            if args.check:
                return 1 if self.stale() else 0
            self.ensure(quiet=False)
        except (RuntimeError, FileNotFoundError) as err:
            print(err, file=sys.stderr)
            return 2
        return 0

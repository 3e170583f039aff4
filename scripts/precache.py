#!/usr/bin/env python3
"""The service worker's precache list: every file the game needs, with content hashes.

``files(root)`` is the single list of what the site is made of; ``scripts/build_dist.py``
copies exactly these files (plus ``sw.js`` and ``precache.js``) into ``dist/``:

- ``index.html``, ``pyscript.toml``, ``manifest*.webmanifest``;
- ``static/vendor/game.zip`` (the game package, scripts/bundle_game.py) and
  ``static/vendor/interpreter.snapshot`` (Pyodide's started interpreter,
  scripts/interpreter_copy.py), and ``static/vendor/packed.js`` (the list of their
  compressed copies, scripts/packed.py; the copies themselves are not precached);
- ``static/*.css|js`` and ``static/icons/*``;
- ``static/vendor/pyscript/*`` (no ``*.map``), less the chunks the page never loads
  (``UNUSED_PYSCRIPT``, measured with the browser's request log: the code editor and
  terminal, MicroPython, micropip's graph, PyScript's storage and its CSS; about 1 MiB),
  and the five Pyodide files;
- ``locales/*.json``, ``help/**/*.html`` and the help's pictures ``static/help/*.svg``.

``write(root)`` writes ``<root>/precache.js``::

    self.PRECACHE = {"version": "<12 hex>", "files": {"index.html": "<16 hex>", ...}};

``version`` hashes every (path, file hash) pair and ``sw.js`` itself, so any change of
the site gives a new cache name. The file is rewritten only when its text changes (the
browser's update check compares bytes). ``make runtime`` runs this on the repo root
(``precache.js`` is git-ignored there), ``make dist`` on ``dist/``.

    python3 scripts/precache.py [--root DIR] [-q]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scripts.vendor import MADE_FILES, PYODIDE_FILES, sha256  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = "precache.js"
# PyScript chunks the page never requests (tests/browser/test_bytes.py checks, with
# the browser's request log, that every vendored file the page loads is precached),
# by name without the content hash: the py-editor's CodeMirror ("index" is one of its
# chunks), the py-terminal's xterm.js and its Python/MicroPython runners ("py", "mpy"),
# MicroPython's zip reader, the package graph (only with `packages`), pyscript.storage,
# an empty service-worker.js, and core.css (styles for PyScript's own elements, which
# the page does not link).
UNUSED_PYSCRIPT = {
    "codemirror", "codemirror_commands", "codemirror_lang-python", "codemirror_language",
    "codemirror_state", "codemirror_view", "index", "xterm", "xterm-readline",
    "xterm_addon-fit", "xterm_addon-web-links", "py", "mpy", "zip", "pyodide_graph",
    "storage", "service-worker", "core.css", "xterm.css",
}
CHUNK = re.compile(r"^(?P<base>.+)-[A-Za-z0-9_-]{8}\.js$")


def chunk_base(name: str) -> str:
    """``"py-editor-C4XsZtn7.js"`` -> ``"py-editor"``; ``"storage.js"`` -> ``"storage"``;
    ``"core.css"`` -> ``"core.css"`` (only .js names lose their suffix)."""
    m = CHUNK.match(name)
    if m:
        return m["base"]
    return name.removesuffix(".js")


SAFE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./")


def files(root: Path = ROOT, extra: tuple[str, ...] = ()) -> list[str]:
    """Return the sorted relative paths (``/``-separated) of everything the site needs
    (``extra``: more relative paths, e.g. the benchmark's bare page)."""
    found: set[Path] = {root / rel for rel in extra}
    for name in ("index.html", "pyscript.toml"):
        found.add(root / name)
    found.update(root.glob("manifest*.webmanifest"))
    found.add(root / "static" / "vendor" / "game.zip")  # the package (scripts/bundle_game.py)
    found.add(root / "static" / "vendor" / "interpreter.snapshot")  # interpreter_copy.py
    found.add(root / "static" / "vendor" / "packed.js")  # the compressed copies (packed.py)
    found.add(root / "static" / "vendor" / "fzstd" / "index.js")  # their decoder (vendor.py)
    found.update(p for p in (root / "static").glob("*") if p.suffix in (".css", ".js"))
    found.update(p for p in (root / "static" / "icons").glob("*") if p.is_file())
    found.update(p for p in (root / "static" / "vendor" / "pyscript").rglob("*")
                 if p.is_file() and not p.name.endswith((".map", ".br", ".gz"))
                 and chunk_base(p.name) not in UNUSED_PYSCRIPT)
    found.update(root / "static" / "vendor" / "pyodide" / n for n in (*PYODIDE_FILES, *MADE_FILES))
    found.update((root / "locales").glob("*.json"))
    found.update((root / "help").rglob("*.html"))
    found.update((root / "static" / "help").glob("*.svg"))  # help pictures (help_pictures.py)
    missing = sorted(p.relative_to(root).as_posix() for p in found if not p.is_file())
    if missing:
        raise FileNotFoundError(f"missing in {root}: {', '.join(missing)} (run `make runtime`?)")
    rels = sorted(p.relative_to(root).as_posix() for p in found)
    odd = [r for r in rels if not set(r) <= SAFE]
    if odd:
        raise ValueError(f"file names must be URL-safe: {odd}")
    return rels


def file_hash(path: Path) -> str:
    """The first 16 hex digits of the file's SHA-256 (enough to tell versions apart)."""
    return sha256(path)[:16]


def precache(root: Path = ROOT, extra: tuple[str, ...] = ()) -> dict:
    """Return ``{"version": ..., "files": {path: hash}}`` for ``root``."""
    hashes = {rel: file_hash(root / rel) for rel in files(root, extra)}
    whole = hashlib.sha256()
    for rel, h in hashes.items():
        whole.update(f"{rel}\0{h}\n".encode())
    sw = root / "sw.js"
    whole.update(sw.read_bytes() if sw.is_file() else b"")
    return {"version": whole.hexdigest()[:12], "files": hashes}


def text(data: dict) -> str:
    return ("// Generated by scripts/precache.py: do not edit (see sw.js).\n"
            f"self.PRECACHE = {json.dumps(data, indent=0, sort_keys=True)};\n")


def write(root: Path = ROOT, quiet: bool = False, extra: tuple[str, ...] = ()) -> dict:
    """Write ``<root>/precache.js`` if its text changes; return the precache data."""
    data = precache(root, extra)
    out = root / OUTPUT
    new = text(data)
    if not out.is_file() or out.read_text(encoding="utf-8") != new:
        out.write_text(new, encoding="utf-8")
        if not quiet:
            size = sum((root / rel).stat().st_size for rel in data["files"])
            print(f"precache: {len(data['files'])} files, {size / 2**20:.1f} MiB, "
                  f"version {data['version']} -> {out}")
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="site folder (default: the repo)")
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    try:
        write(args.root.resolve(), quiet=args.quiet)
    except (FileNotFoundError, ValueError) as exc:
        print(f"precache: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

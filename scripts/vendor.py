#!/usr/bin/env python3
"""Copy the browser runtime from ``node_modules`` into ``static/vendor/``.

Pyodide and PyScript come from the npm packages ``pyodide`` and ``@pyscript/core``,
pinned in ``package.json``/``package-lock.json``. This script copies only the files the
page needs (see /work/shared/notes/pyscript-pyodide.md §1):

- ``static/vendor/pyodide/``: pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
  python_stdlib.zip, pyodide-lock.json, and python_stdlib_rest.zip (made from
  python_stdlib.zip);
- ``static/vendor/pyscript/``: the whole ``dist/`` of ``@pyscript/core`` minus ``*.map``;
- ``static/vendor/fzstd/index.js``: the npm package ``fzstd``'s browser build, the
  Zstandard decoder of the compressed copies (static/unpack.js, issue 25).

``python_stdlib.zip`` is written again by ``scripts/stdlib_zip.py``: without the
modules a card game in a browser never imports, the modules every start imports
compiled ahead, every member stored, not deflated, so that its compressed copy for a
first visit (scripts/packed.py) compresses across files. Python's zipimport reads stored
members without inflating them; the interpreter copy (scripts/interpreter_copy.py) is
made from this zip, whose table of contents it caches, so the two are vendored together.

It also writes ``static/vendor/vendor.json`` (package versions, and every vendored file
with its size and SHA-256), which later steps (``make dist``, the service worker's
precache list) can read instead of walking the tree.

The script is idempotent and quick when nothing changed: a file is copied only when its
size or modification time differs from the source, files that are no longer wanted are
removed, and ``vendor.json`` is rewritten only when its content changes. ``--check``
reports whether the vendored copy is up to date without touching it (exit 1 if stale).
``--dest DIR`` vendors into another folder (e.g. a dist build).

Exit status: 0 on success, 1 when stale (``--check``), 2 when node_modules is missing
or holds other versions than package.json pins.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scripts import stdlib_zip  # noqa: E402

NODE_MODULES = ROOT / "node_modules"
DEFAULT_DEST = ROOT / "static" / "vendor"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: Files of ``static/vendor/pyodide/`` made from a file of the npm package of another
#: name: ``{made: source}`` (scripts/stdlib_zip.py makes both zips from the one).
MADE_FILES = {stdlib_zip.REST: stdlib_zip.FIRST}
PACKAGES = {"pyodide": "pyodide", "pyscript": "@pyscript/core", "fzstd": "fzstd"}
MANIFEST = "vendor.json"


def pinned_versions() -> dict[str, str]:
    """Return ``{npm name: version}`` as pinned in package.json ``dependencies``."""
    data = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    return dict(data["dependencies"])


def installed_version(npm_name: str) -> str | None:
    """Return the version of ``npm_name`` installed in node_modules, or None."""
    pkg = NODE_MODULES / npm_name / "package.json"
    if not pkg.is_file():
        return None
    return json.loads(pkg.read_text(encoding="utf-8"))["version"]


def wanted_files() -> dict[str, Path]:
    """Return ``{relative destination path: source path}`` for every file to vendor."""
    files: dict[str, Path] = {}
    pyodide = NODE_MODULES / "pyodide"
    for name in PYODIDE_FILES:
        files[f"pyodide/{name}"] = pyodide / name
    for name, source in MADE_FILES.items():
        files[f"pyodide/{name}"] = pyodide / source
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    for src in sorted(dist.rglob("*")):
        if src.is_file() and not src.name.endswith(".map"):
            files[f"pyscript/{src.relative_to(dist).as_posix()}"] = src
    files["fzstd/index.js"] = NODE_MODULES / "fzstd" / "umd" / "index.js"
    return files


#: Vendored files written by a function of their source instead of copied, each with
#: the function that says whether it is up to date with its source.
TRANSFORMS = {f"pyodide/{name}": (stdlib_zip.build, stdlib_zip.fresh)
              for name in (stdlib_zip.FIRST, stdlib_zip.REST)}


def sha256(path: Path) -> str:
    """Return the hex SHA-256 of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def same_file(src: Path, dst: Path) -> bool:
    """True when ``dst`` exists with the size and mtime of ``src`` (copy2 keeps mtime)."""
    if not dst.is_file():
        return False
    a, b = src.stat(), dst.stat()
    return a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime)


def fresh(rel: str, src: Path, dest: Path) -> bool:
    """Whether the vendored ``dest / rel`` is up to date with its source ``src``."""
    if rel in TRANSFORMS:
        return TRANSFORMS[rel][1](src, dest / rel)
    return same_file(src, dest / rel)


def check_sources(pins: dict[str, str]) -> list[str]:
    """Return problems with node_modules (missing package, version not the pinned one)."""
    problems = []
    for npm_name in PACKAGES.values():
        have = installed_version(npm_name)
        if have is None:
            problems.append(f"{npm_name} is not installed (run `npm ci`)")
        elif have != pins.get(npm_name):
            pin = pins.get(npm_name)
            problems.append(f"{npm_name} {have} installed but package.json pins {pin}")
    return problems


def manifest_text(files: dict[str, Path], pins: dict[str, str], dest: Path) -> str:
    """Return the JSON text of vendor.json for ``files`` (sizes and hashes of the
    vendored files in ``dest``)."""
    data = {
        "versions": {key: pins[npm] for key, npm in PACKAGES.items()},
        "files": {
            rel: {"size": (dest / rel).stat().st_size, "sha256": sha256(dest / rel)}
            for rel in sorted(files)
        },
    }
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def existing_files(dest: Path) -> set[str]:
    """Return the relative paths of the files under ``dest``'s ``pyodide/`` and
    ``pyscript/`` folders (the only ones this script owns: other set-up steps may put
    their own files, e.g. game.zip, beside them)."""
    return {
        p.relative_to(dest).as_posix()
        for sub in PACKAGES
        if (dest / sub).is_dir()
        for p in (dest / sub).rglob("*")
        if p.is_file()
    }


#: The compressed copies later set-up steps write beside a vendored file
#: (scripts/packed.py, scripts/compress.py): theirs, not this script's to remove.
COPIES = (".gz", ".zst", ".br")


def unwanted(dest: Path, files: dict[str, Path]) -> list[str]:
    """The files under ``dest``'s own folders that are neither in ``files`` nor a
    compressed copy of one of them, sorted. A file's copies go when the file is written
    again (:func:`vendor`); removing them at every run made each set-up compress the
    wasm and the standard library again, 5.9 s against 1.2 s for a run with nothing to do."""
    copies = {rel + ext for rel in files for ext in COPIES}
    return sorted(existing_files(dest) - set(files) - copies)


def is_stale(dest: Path, files: dict[str, Path]) -> list[str]:
    """Return what differs between ``dest`` and ``files`` (empty when up to date)."""
    diffs = [rel for rel, src in files.items() if not fresh(rel, src, dest)]
    diffs += unwanted(dest, files)
    if not (dest / MANIFEST).is_file():
        diffs.append(MANIFEST)
    return diffs


def vendor(dest: Path = DEFAULT_DEST, check: bool = False, quiet: bool = False) -> int:
    """Vendor the runtime into ``dest``; see the module docstring for the exit codes."""
    pins = pinned_versions()
    problems = check_sources(pins)
    if problems:
        for problem in problems:
            print(f"vendor: {problem}", file=sys.stderr)
        return 2
    files = wanted_files()
    stale = is_stale(dest, files)
    if check:
        if stale:
            print(f"vendor: {dest} is stale ({len(stale)} files differ)", file=sys.stderr)
            return 1
        return 0
    for rel in unwanted(dest, files):
        (dest / rel).unlink()
    copied = 0
    for rel, src in files.items():
        dst = dest / rel
        if not fresh(rel, src, dest):
            dst.parent.mkdir(parents=True, exist_ok=True)
            if rel in TRANSFORMS:
                TRANSFORMS[rel][0](src, dst)
                os.utime(dst, (src.stat().st_atime, src.stat().st_mtime))
            else:
                shutil.copy2(src, dst)
            for ext in COPIES:  # they were of the old file (and a copy takes the source's mtime)
                dst.with_name(dst.name + ext).unlink(missing_ok=True)
            copied += 1
    manifest = dest / MANIFEST
    if copied or not manifest.is_file():
        text = manifest_text(files, pins, dest)
        if not manifest.is_file() or manifest.read_text(encoding="utf-8") != text:
            manifest.write_text(text, encoding="utf-8")
    if not quiet and (copied or stale):
        total = sum(src.stat().st_size for src in files.values())
        print(
            f"vendor: {len(files)} files ({total / 2**20:.1f} MiB) in "
            f"{dest.relative_to(ROOT) if dest.is_relative_to(ROOT) else dest}, "
            f"{copied} copied (pyodide {pins['pyodide']}, @pyscript/core {pins['@pyscript/core']})"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dest", type=Path, default=DEFAULT_DEST, help="target folder")
    parser.add_argument("--check", action="store_true", help="exit 1 if stale, copy nothing")
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    return vendor(args.dest.resolve(), check=args.check, quiet=args.quiet)


if __name__ == "__main__":
    sys.exit(main())

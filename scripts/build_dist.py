#!/usr/bin/env python3
"""Write ``dist/``: the site as a static host needs it, and nothing else.

Copies the files of ``scripts/precache.py``'s list (index.html, pyscript.toml, the
manifests, game/ modules, static/ with vendor/ and icons, locales/, help/) plus
``sw.js``, then writes ``dist/precache.js`` for that copy. No tests, scripts, bench,
docs, node_modules, Makefile, ``__pycache__`` or ``vendor.json``. Every URL in the site
is relative, so ``dist/`` works at a domain's root or under any sub-path.

With ``compress_files=True`` (the command line's default; ``--no-compress`` to skip) it also
writes ``.br`` and ``.gz`` copies beside the large files (``scripts/compress.py``); those
of ``static/vendor/`` are made beside the repo's own copies (git-ignored) and reused
while the file is unchanged, since Brotli's best quality takes about a minute for
Pyodide's wasm. ``static/vendor/packed.js`` is then written for the folder's own copies
(scripts/packed.py: none without compression, and the page fetches every file as it is).

The folder is rebuilt from scratch each time (``--out`` must be a new or empty folder,
or one that holds a previous build: ``index.html`` and ``sw.js``).

    .venv/bin/python scripts/build_dist.py [--out dist] [--no-compress] [-q]
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts import compress, packed, precache  # noqa: E402

ROOT = precache.ROOT
EXTRA = ("sw.js",)


VENDOR = "static/vendor/"


def build(out: Path, root: Path = ROOT, quiet: bool = False, compress_files: bool = False,
          packed_copies: bool | None = None) -> dict:
    """Build the site into ``out``; return the precache data written there (with
    ``compress_files``, also ``data["compressed"]``: ``{path: {encoding: bytes}}``).

    ``packed_copies`` (default: ``compress_files``): the compressed copies the page
    decodes itself (scripts/packed.py) go into ``out`` too; alone, only those the set-up
    already made (Zstandard, gzip), not the Brotli copies ``compress_files`` makes
    (about 3 minutes of one core of the test machine: what a test of a first visit
    from a packed build does not need)."""
    if packed_copies is None:
        packed_copies = compress_files
    out = out.resolve()
    if out.exists():
        built = (out / "index.html").is_file() and (out / "sw.js").is_file()
        if not built and any(out.iterdir()):
            raise SystemExit(f"build_dist: {out} is not empty and holds no earlier build")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    rels = precache.files(root) + list(EXTRA)
    for rel in rels:
        dst = out / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, dst)
    if compress_files:
        done: dict[str, dict[str, int]] = {}
        for rel in rels:
            if rel.startswith(VENDOR) and compress.wanted(root / rel):
                sizes = compress.compress_file(root / rel)  # cached beside the repo's copy
                for encoding in sizes:
                    name = rel + compress.EXT[encoding]
                    shutil.copy2(root / name, out / name)
            else:
                sizes = compress.compress_tree(out, [rel]).get(rel, {})
            if sizes:
                done[rel] = sizes
    if packed_copies:
        # The copies the page decodes itself (the same as the above but for the
        # interpreter copy's, XORed with the wasm), made beside the repo's files too.
        brotli = compress_files and compress.brotli
        encodings = packed.default_encodings() + (("br",) if brotli else ())
        packed.make_copies(root, encodings)
        keys = {packed.KEYS[e] for e in encodings}
        for rel in packed.PACKED:
            for key in set(packed.fresh_copies(root, rel)) & keys:
                name = packed.copy_name(rel, key)
                shutil.copy2(root / name, out / name)
    # The page's list of copies it decodes itself, then the precache list (which hashes
    # it), each for this folder's own files.
    packed.write(out)
    data = precache.write(out, quiet=True)
    if compress_files:
        for rel in (packed.OUTPUT, precache.OUTPUT):
            if sizes := compress.compress_tree(out, [rel]).get(rel, {}):
                done[rel] = sizes
        data = {**data, "compressed": done}
    if not quiet:
        size = sum((out / rel).stat().st_size for rel in data["files"])
        print(f"dist: {len(rels) + 1} files, {size / 2**20:.1f} MiB, cache version "
              f"{data['version']} -> {out}")
        if compress_files:
            totals = {enc: sum(s.get(enc, 0) for s in data["compressed"].values())
                      for enc in compress.ENCODINGS}
            print(f"dist: pre-compressed {len(data['compressed'])} files "
                  f"(br {totals['br'] / 2**20:.1f} MiB, gzip {totals['gzip'] / 2**20:.1f} MiB)")
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument("--no-compress", action="store_true",
                        help="do not write the .br/.gz copies")
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    try:
        build(args.out, quiet=args.quiet, compress_files=not args.no_compress)
    except FileNotFoundError as exc:
        print(f"build_dist: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Pre-compressed copies of the site's large files: ``x.br`` and ``x.gz`` beside ``x``.

A static host that finds them can send them to a browser that accepts the encoding
(README, "Publishing": nginx ``brotli_static``/``gzip_static``, Apache MultiViews or
rewrite rules, Caddy ``precompressed``); ``scripts/serve.py`` does so too. Pyodide's
wasm goes from 9.2 MiB to 2.6 MiB (Brotli) or 3.4 MiB (gzip).

- Only files of at least ``MIN_SIZE`` bytes with a compressible type (``SUFFIXES``);
  a copy is kept only when it saves at least ``MIN_SAVING`` of the size (so the
  already-deflated ``python_stdlib.zip`` and ``game.zip`` get none).
- ``.gz``: the standard library's gzip, level 9, no name or time in the header (the
  same input always gives the same bytes). ``.br``: the ``brotli`` package (pinned in
  requirements-dev.txt), quality 11; without it, only ``.gz`` is written and
  ``compress_file`` says so in its result.
- A copy newer than its file is reused, so a second ``make dist`` is quick (quality 11
  takes about a minute for the wasm on the development machine).

    .venv/bin/python scripts/compress.py FILE_OR_DIR...
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import subprocess
import sys
from pathlib import Path

try:
    import brotli
except ImportError:  # make dist installs it (requirements-dev.txt); gzip still works
    brotli = None

MIN_SIZE = 1024
#: Brotli quality of the copies (11, the best, for releases; tests may lower it).
BROTLI_QUALITY = 11
MIN_SAVING = 0.05
# Not .zip: game.zip is deflated already (Brotli saves 2%); python_stdlib.zip, stored,
# has the copies the page decodes itself (scripts/packed.py).
SUFFIXES = {".js", ".mjs", ".css", ".html", ".json", ".wasm", ".svg", ".toml",
            ".webmanifest", ".txt", ".snapshot"}
ENCODINGS = ("br", "gzip")
EXT = {"br": ".br", "gzip": ".gz", "zstd": ".zst"}
#: Zstandard level of the copies the page decodes itself (scripts/packed.py): 19, the
#: best without ``--ultra`` (whose larger windows fzstd would have to hold in memory).
ZSTD_LEVEL = 19
#: Debian's ``zstd`` command (package ``zstd``, installed by the Makefile's set-up).
ZSTD = shutil.which("zstd")


def encode(data: bytes, encoding: str) -> bytes:
    """``data`` compressed with ``encoding`` (``"br"``, ``"gzip"`` or ``"zstd"``: one
    Zstandard frame with the content size and no checksum); raises RuntimeError for
    ``"br"`` when the brotli package is missing and for ``"zstd"`` when the ``zstd``
    command is."""
    if encoding == "gzip":
        return gzip.compress(data, compresslevel=9, mtime=0)
    if encoding == "zstd":
        if ZSTD is None:
            raise RuntimeError("the zstd command is not installed")
        return subprocess.run([ZSTD, f"-{ZSTD_LEVEL}", "-q", "-c", "--no-check"], input=data,
                              stdout=subprocess.PIPE, check=True).stdout
    if brotli is None:
        raise RuntimeError("the brotli package is not installed")
    return brotli.compress(data, quality=BROTLI_QUALITY)


def wanted(path: Path) -> bool:
    """Whether ``path`` is a file worth pre-compressing (type and size)."""
    return path.suffix in SUFFIXES and path.is_file() and path.stat().st_size >= MIN_SIZE


def compress_file(path: Path) -> dict[str, int]:
    """Write (or reuse) ``path.br`` and ``path.gz``; return ``{encoding: size in bytes}``
    of the copies that exist afterwards. A stale or useless copy is removed."""
    out: dict[str, int] = {}
    size = path.stat().st_size
    mtime = path.stat().st_mtime
    data: bytes | None = None
    for encoding in ENCODINGS:
        copy = path.with_name(path.name + EXT[encoding])
        if copy.is_file() and copy.stat().st_mtime >= mtime:
            out[encoding] = copy.stat().st_size
            continue
        if encoding == "br" and brotli is None:
            copy.unlink(missing_ok=True)
            continue
        if data is None:
            data = path.read_bytes()
        packed = encode(data, encoding)
        if len(packed) > size * (1 - MIN_SAVING):
            copy.unlink(missing_ok=True)
            continue
        tmp = copy.with_name(copy.name + ".tmp")
        tmp.write_bytes(packed)
        os.replace(tmp, copy)
        out[encoding] = len(packed)
    return out


def compress_tree(root: Path, rels: list[str] | None = None) -> dict[str, dict[str, int]]:
    """Compress the files ``rels`` (relative to ``root``; default: every file below it)
    that are worth it; return ``{rel: {encoding: size}}`` for those compressed."""
    if rels is None:
        rels = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    done = {}
    for rel in rels:
        path = root / rel
        if wanted(path):
            sizes = compress_file(path)
            if sizes:
                done[rel] = sizes
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    args = parser.parse_args(argv)
    if brotli is None:
        print("compress: brotli not installed, writing .gz only", file=sys.stderr)
    for p in args.paths:
        results = compress_tree(p) if p.is_dir() else {p.name: compress_file(p)}
        for rel, sizes in results.items():
            print(rel, " ".join(f"{k} {v}" for k, v in sizes.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

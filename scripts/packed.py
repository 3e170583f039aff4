#!/usr/bin/env python3
"""The runtime's large files as the page fetches them on a first visit: compressed copies
that the page decodes itself (issue 25), and ``static/vendor/packed.js``, their list.

A host that compresses nothing sends Pyodide's wasm as 9.6 MB and the interpreter copy
as 31.5 MB. Beside each file of ``PACKED`` the set-up writes ``x.zst`` (Zstandard, level
19, by Debian's ``zstd`` command; decoded by the pinned fzstd where the engine's
``DecompressionStream`` has no Zstandard: Chromium and WebKit), ``x.gz`` (gzip, every
engine's ``DecompressionStream`` decodes it) and ``make dist`` also ``x.br`` (Brotli,
``scripts/compress.py``; used where the engine's ``DecompressionStream`` accepts
``"brotli"``: Firefox). A page that no service worker controls fetches the copy by its
own name (``x.zst``: any static host sends those bytes as they are) and decodes it
(static/unpack.js); the service worker keeps the decoded file, so later starts decode
nothing.

``packed.js`` (generated, git-ignored; precached like the other vendored files) sets::

    self.__packed = {"static/vendor/pyodide/pyodide.asm.wasm": {"bytes": 9598218,
                     "sha256": "0f3c...", "br": 2741061, "gz": 3528803, "zst": 2893640}, ...};

with the size of the file, the first 16 hex digits of its SHA-256 (the stamp of the
decoded copy a page leaves in Cache Storage, static/pyodide-start.js) and the size of
each copy that is up to date (not older than the
file); a file without any is left out, and the page then fetches the file itself. The
interpreter copy's are of its difference from the wasm (``XOR``: ``x.xor.gz``), listed
with ``"xor": <the wasm's path>``.

    python3 scripts/packed.py [--root DIR] [--list-only]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scripts import compress  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = "static/vendor/packed.js"
#: The files the page (static/pyodide-start.js) and the solver's worker fetch packed,
#: relative to the site's root. The two zip archives are made with their members stored
#: (scripts/vendor.py, scripts/compile_game.mjs) so that their copies compress across
#: members; PyScript's fetch of game.zip (pyscript.toml ``[files]``) gets the decoded
#: archive like Pyodide's fetches of its own files. pyodide.asm.mjs, a module, is run from its decoded text
#: (static/unpack.js, moduleFunction) and handed to Pyodide as `createPyodideModule`.
PACKED = (
    "static/vendor/interpreter.snapshot",
    "static/vendor/pyodide/pyodide.asm.mjs",
    "static/vendor/pyodide/pyodide.asm.wasm",
    "static/vendor/pyodide/pyodide-lock.json",
    "static/vendor/pyodide/python_stdlib.zip",
    "static/vendor/pyodide/python_stdlib_rest.zip",
    "static/vendor/game.zip",
)
#: ``compress`` encoding of a copy -> its key in packed.js (and the copy's suffix), in
#: the page's order of preference: Brotli where DecompressionStream decodes it, else
#: Zstandard (fzstd), else gzip.
KEYS = {"br": "br", "zstd": "zst", "gzip": "gz"}
#: A file sent as its difference from another (``XOR``): the interpreter copy is the
#: memory of a started Pyodide, whose first 3.2 MB are mostly the wasm's own data
#: segments, unchanged. Its copies (``x.xor.gz``, ``x.xor.br``) are of the file with
#: each active data segment of the wasm XORed in at its offset (after the copy's
#: header), zeros where nothing changed: the gzip copy is 4.6 MB instead of 6.1 MB.
#: static/unpack.js XORs the same segments in again, from the wasm it decoded.
XOR = {"static/vendor/interpreter.snapshot": "static/vendor/pyodide/pyodide.asm.wasm"}


def _leb(data: bytes, i: int, signed: bool = False) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            if signed and byte & 0x40:
                value -= 1 << shift
            return value, i


def data_segments(wasm: bytes) -> list[tuple[int, bytes]]:
    """``(memory offset, bytes)`` of each active data segment of a wasm module, as
    static/unpack.js reads them (``dataSegments``). Raises ValueError on a segment
    whose offset is not an ``i32.const`` (the two readers would have to agree on it)."""
    if wasm[:4] != b"\0asm":
        raise ValueError("not a wasm module")
    out = []
    i = 8
    while i < len(wasm):
        section = wasm[i]
        size, i = _leb(wasm, i + 1)
        end = i + size
        if section == 11:
            count, j = _leb(wasm, i)
            for _ in range(count):
                flags, j = _leb(wasm, j)
                if flags == 1:  # passive: no offset, never in memory at the start
                    length, j = _leb(wasm, j)
                    j += length
                    continue
                if flags == 2:
                    _memory, j = _leb(wasm, j)
                elif flags != 0:
                    raise ValueError(f"data segment flags {flags}")
                if wasm[j] != 0x41:
                    raise ValueError("data segment offset is not an i32.const")
                offset, j = _leb(wasm, j + 1, signed=True)
                if wasm[j] != 0x0B:
                    raise ValueError("data segment offset is not an i32.const")
                length, j = _leb(wasm, j + 1)
                out.append((offset, wasm[j:j + length]))
                j += length
        i = end
    return out


def xor_segments(copy: bytes, wasm: bytes) -> bytes:
    """The interpreter copy ``copy`` with the wasm's data segments XORed in (its own
    inverse). The memory starts after the copy's header, whose length is the
    little-endian u32 at byte 4."""
    header = int.from_bytes(copy[4:8], "little")
    out = bytearray(copy)
    for offset, seg in data_segments(wasm):
        start = header + offset
        part = out[start:start + len(seg)]
        mixed = int.from_bytes(part, "little") ^ int.from_bytes(seg[:len(part)], "little")
        out[start:start + len(part)] = mixed.to_bytes(len(part), "little")
    return bytes(out)


def copy_name(rel: str, key: str) -> str:
    """The name of the copy ``key`` of ``rel``: ``x.gz``, ``x.xor.gz`` for an XORed one."""
    return f"{rel}{'.xor' if rel in XOR else ''}.{key}"


def fresh_copies(root: Path, rel: str) -> dict[str, int]:
    """``{key: size}`` of the copies of ``rel`` that are not older than it (nor than the
    file it is XORed with)."""
    sources = [root / rel] + ([root / XOR[rel]] if rel in XOR else [])
    newest = max(p.stat().st_mtime for p in sources)
    out = {}
    for key in KEYS.values():
        copy = root / copy_name(rel, key)
        if copy.is_file() and copy.stat().st_mtime >= newest:
            out[key] = copy.stat().st_size
    return out


def default_encodings() -> tuple[str, ...]:
    """The copies the set-up makes: Zstandard where the ``zstd`` command is installed,
    and gzip."""
    return ("zstd", "gzip") if compress.ZSTD else ("gzip",)


def make_copies(root: Path = ROOT, encodings: tuple[str, ...] | None = None) -> None:
    """Write the copies (``encodings``, ``compress`` encoding names; default Zstandard
    where the ``zstd`` command is installed, and gzip) of each file of ``PACKED`` under
    ``root`` that lacks a fresh one. gzip level 9 and Zstandard level 19 take seconds
    (about 20 s of CPU for all, in parallel); the slower Brotli copies are made by
    ``make dist``."""
    if encodings is None:
        encodings = default_encodings()
    jobs = []
    for rel in PACKED:
        path = root / rel
        if not path.is_file() or (rel in XOR and not (root / XOR[rel]).is_file()):
            continue
        fresh = fresh_copies(root, rel)
        wanted = [e for e in encodings if KEYS[e] not in fresh]
        if wanted:
            data = path.read_bytes()
            if rel in XOR:
                data = xor_segments(data, (root / XOR[rel]).read_bytes())
            jobs += [(data, root / copy_name(rel, KEYS[e]), e) for e in wanted]
    # zstd runs as its own process and zlib lets go of the GIL: threads use every core
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for _ in pool.map(lambda job: _write(*job), jobs):
            pass


def _write(data: bytes, copy: Path, encoding: str) -> None:
    tmp = copy.with_name(copy.name + ".tmp")
    tmp.write_bytes(compress.encode(data, encoding))
    tmp.replace(copy)


def sha256_prefix(path: Path) -> str:
    """The first 16 hex digits of the file's SHA-256 (as scripts/precache.py writes
    them): the page stamps the decoded files it leaves for the service worker with it,
    and takes such a file again only when the stamp is this listing's."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()[:16]


def listing(root: Path = ROOT) -> dict[str, dict[str, int | str]]:
    """What packed.js lists for ``root``."""
    out: dict[str, dict[str, int | str]] = {}
    for rel in PACKED:
        path = root / rel
        if path.is_file() and (copies := fresh_copies(root, rel)):
            out[rel] = {"bytes": path.stat().st_size, "sha256": sha256_prefix(path), **copies}
            if rel in XOR:
                out[rel]["xor"] = XOR[rel]
    return out


def text(data: dict) -> str:
    return ("// Generated by scripts/packed.py: do not edit. The compressed copies of the large\n"
            "// files and their sizes (static/unpack.js).\n"
            f"self.__packed = {json.dumps(data, indent=0, sort_keys=True)};\n")


def write(root: Path = ROOT) -> dict:
    """Write ``<root>/static/vendor/packed.js`` if its text changes; return its data."""
    data = listing(root)
    out = root / OUTPUT
    new = text(data)
    if not out.is_file() or out.read_text(encoding="utf-8") != new:
        out.write_text(new, encoding="utf-8")
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="site folder (default: the repo)")
    parser.add_argument("--list-only", action="store_true", help="write packed.js, make no copy")
    args = parser.parse_args(argv)
    if not args.list_only:
        make_copies(args.root)
    write(args.root)
    return 0


if __name__ == "__main__":
    sys.exit(main())

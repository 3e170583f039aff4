"""The copies the page decodes itself (scripts/packed.py, issue 25): the interpreter
copy XORed with the wasm's data segments, and the list static/vendor/packed.js. Pure
Python; the page's side (static/unpack.js) is run by the browser tests, whose starts
restore the copy decoded from these files."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
from pathlib import Path

import pytest

from scripts import compress, packed


def leb(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def sleb(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if (n == 0 and not byte & 0x40) or (n == -1 and byte & 0x40):
            out.append(byte)
            return bytes(out)
        out.append(byte | 0x80)


def wasm(segments: list[tuple[int, bytes]], passive: bytes = b"") -> bytes:
    """A module with a type section (skipped by the reader) and these active data
    segments (and one passive segment when given)."""
    body = leb(len(segments) + (1 if passive else 0))
    for offset, data in segments:
        body += b"\x00\x41" + sleb(offset) + b"\x0b" + leb(len(data)) + data
    if passive:
        body += b"\x01" + leb(len(passive)) + passive
    types = b"\x01\x60\x00\x00"
    return b"\0asm\x01\0\0\0" + b"\x01" + leb(len(types)) + types + b"\x0b" + leb(len(body)) + body


def copy(memory: bytes) -> bytes:
    header = b"\0snp" + (16).to_bytes(4, "little") + bytes(8)
    return header + memory


def test_data_segments_are_read_with_their_offsets() -> None:
    module = wasm([(4, b"abc"), (200, bytes(range(130)))], passive=b"zz")
    assert packed.data_segments(module) == [(4, b"abc"), (200, bytes(range(130)))]


def test_an_offset_that_is_not_a_constant_is_refused() -> None:
    module = bytearray(wasm([(4, b"abc")]))
    module[module.index(b"\x00\x41\x04") + 1] = 0x23  # global.get instead of i32.const
    with pytest.raises(ValueError):
        packed.data_segments(bytes(module))


def test_xor_zeroes_what_the_start_left_unchanged_and_undoes_itself() -> None:
    module = wasm([(4, b"abcdef"), (40, b"xyz")])
    memory = bytearray(64)
    memory[4:10] = b"abcdef"
    memory[40:43] = b"xYz"  # changed by the start
    memory[50] = 7
    original = copy(bytes(memory))
    mixed = packed.xor_segments(original, module)
    assert mixed[16 + 4:16 + 10] == bytes(6)
    assert mixed[16 + 40:16 + 43] == bytes([0, ord("Y") ^ ord("y"), 0])
    assert mixed[16 + 50] == 7 and mixed[:16] == original[:16]
    assert packed.xor_segments(mixed, module) == original


def test_copies_and_their_list(tmp_path: Path) -> None:
    vendor = tmp_path / "static" / "vendor"
    (vendor / "pyodide").mkdir(parents=True)
    module = wasm([(0, b"data" * 100)])
    snapshot = copy(b"data" * 100 + bytes(4000))
    (vendor / "pyodide" / "pyodide.asm.wasm").write_bytes(module + bytes(5000))
    (vendor / "interpreter.snapshot").write_bytes(snapshot)
    packed.make_copies(tmp_path)
    listed = json.loads(packed.text(packed.listing(tmp_path)).split("self.__packed = ", 1)[1].rstrip().rstrip(";"))
    assert set(listed) == {"static/vendor/interpreter.snapshot", "static/vendor/pyodide/pyodide.asm.wasm"}
    entry = listed["static/vendor/interpreter.snapshot"]
    assert entry["xor"] == "static/vendor/pyodide/pyodide.asm.wasm" and entry["bytes"] == len(snapshot)
    xored = gzip.decompress((vendor / "interpreter.snapshot.xor.gz").read_bytes())
    assert packed.xor_segments(xored, module + bytes(5000)) == snapshot
    assert gzip.decompress((vendor / "pyodide" / "pyodide.asm.wasm.gz").read_bytes()) == module + bytes(5000)
    if compress.ZSTD:  # the Zstandard copies (Debian's zstd, installed by the set-up)
        assert entry["zst"] == (vendor / "interpreter.snapshot.xor.zst").stat().st_size
        unzstd = [compress.ZSTD, "-d", "-c", "-q"]
        run = lambda path: subprocess.run(unzstd + [str(path)], stdout=subprocess.PIPE, check=True).stdout  # noqa: E731
        assert packed.xor_segments(run(vendor / "interpreter.snapshot.xor.zst"), module + bytes(5000)) == snapshot
        assert run(vendor / "pyodide" / "pyodide.asm.wasm.zst") == module + bytes(5000)
    # Copies older than the wasm they are XORed with: stale, left out, and made again.
    earlier = (vendor / "pyodide" / "pyodide.asm.wasm").stat().st_mtime - 10
    for stale in vendor.glob("interpreter.snapshot.xor.*"):
        os.utime(stale, (earlier, earlier))
    assert "static/vendor/interpreter.snapshot" not in packed.listing(tmp_path)
    packed.make_copies(tmp_path)
    assert "static/vendor/interpreter.snapshot" in packed.listing(tmp_path)


def test_the_shipped_copy_and_wasm_agree() -> None:
    """The vendored interpreter copy XORed with the vendored wasm leaves its first
    3 MB (the data segments) mostly zero: the point of sending it so."""
    vendor = packed.ROOT / "static" / "vendor"
    snap, module = vendor / "interpreter.snapshot", vendor / "pyodide" / "pyodide.asm.wasm"
    if not snap.is_file() or not module.is_file():
        pytest.skip("run `make runtime`")
    segments = packed.data_segments(module.read_bytes())
    data = snap.read_bytes()
    header = int.from_bytes(data[4:8], "little")
    mixed = packed.xor_segments(data, module.read_bytes())
    covered = sum(len(seg) for _, seg in segments)
    zero = sum(mixed[header + off:header + off + len(seg)].count(0) for off, seg in segments)
    assert covered > 1_000_000 and zero > 0.9 * covered

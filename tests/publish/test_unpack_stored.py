"""The game's archive written into Pyodide's file system without Python (issue 25.2):
``unpackStored`` of static/unpack.js, run under Node against a recording stand-in for
Emscripten's FS, writes exactly the members Python's ``zipfile`` reads, where
shutil.unpack_archive would put them; any other kind of archive is refused with nothing
written, and the page then leaves it to Pyodide's unpackArchive."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNPACK = ROOT / "static" / "unpack.js"
ARCHIVE = ROOT / "static" / "vendor" / "game.zip"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node missing")

# Loads static/unpack.js as the service worker does (a classic script setting
# self.__unpack), unpacks the archive on stdin into a stand-in FS whose cwd is argv[2],
# under argv[3] (absent: the default), and prints {ok, files: {path: sha256}, dirs}.
RUN = r"""
const fs = require("fs"), vm = require("vm"), crypto = require("crypto");
const [, script, cwd, dir] = process.argv; // (node -e: no script path in argv)
const context = { self: {}, TextDecoder, DataView, Uint8Array, ArrayBuffer, TransformStream,
                  DecompressionStream, Response, URL, console };
vm.createContext(context);
vm.runInContext(fs.readFileSync(script, "utf8"), context);
const files = {}, dirs = new Set();
const FS = {
  cwd: () => cwd,
  mkdirTree: (path) => dirs.add(path),
  writeFile: (path, data) => {
    if (!(data instanceof Uint8Array)) throw new Error("not bytes");
    files[path] = crypto.createHash("sha256").update(data).digest("hex");
  },
};
const archive = fs.readFileSync(0);
const bytes = new Uint8Array(archive.buffer, archive.byteOffset, archive.length);
const ok = dir === undefined ? context.self.__unpack.unpackStored(FS, bytes)
  : context.self.__unpack.unpackStored(FS, bytes, dir);
process.stdout.write(JSON.stringify({ ok, files, dirs: [...dirs].sort() }));
"""


def unpack(archive: bytes, cwd: str = "/home/pyodide", extract_dir: str | None = None) -> dict:
    args = ["node", "-e", RUN, str(UNPACK), cwd, *([extract_dir] if extract_dir is not None else [])]
    done = subprocess.run(args, input=archive, capture_output=True, check=True, timeout=60)
    return json.loads(done.stdout)


def members(archive: bytes, under: str) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(archive)) as z:
        return {f"{under}/{info.filename}": hashlib.sha256(z.read(info)).hexdigest()
                for info in z.infolist() if not info.is_dir()}


def make(entries: dict[str, bytes], compression: int = zipfile.ZIP_STORED, comment: bytes = b"") -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as z:
        for name, data in entries.items():
            z.writestr(name, data)
        z.comment = comment
    return out.getvalue()


@pytest.mark.skipif(not ARCHIVE.is_file(), reason="static/vendor/game.zip not built")
def test_the_game_archive_is_written_member_for_member() -> None:
    archive = ARCHIVE.read_bytes()
    # as PyScript asks ([files] "./*": extractDir "./") and as the solver's worker does
    for cwd, extract_dir in (("/home/pyodide", "./"), ("/", "/home/pyodide")):
        got = unpack(archive, cwd, extract_dir)
        assert got["ok"] is True
        assert got["files"] == members(archive, "/home/pyodide")
        assert "/home/pyodide/game/ui" in got["dirs"]


def test_folders_names_and_the_default_folder() -> None:
    archive = make({"a/": b"", "a/b/c.txt": b"c" * 70_000, "top.py": b"x = 1\n", "a/b/ünï.txt": b""})
    got = unpack(archive, "/work")
    assert got["ok"] is True
    assert got["files"] == members(archive, "/work")
    assert got["dirs"] == ["/work", "/work/a", "/work/a/b"]


@pytest.mark.parametrize("archive", [
    make({"a.py": b"x = 1\n" * 100}, zipfile.ZIP_DEFLATED),
    make({"../escape.py": b"x"}),
    make({"/abs.py": b"x"}),
    make({"a.py": b"x"}, comment=b"a comment"),
    make({"a.py": b"x"})[:-30],
    b"not an archive at all",
    b"",
], ids=["deflated", "dot-dot", "absolute", "comment", "cut", "junk", "empty"])
def test_anything_else_is_refused_with_nothing_written(archive: bytes) -> None:
    got = unpack(archive)
    assert got == {"ok": False, "files": {}, "dirs": []}

"""scripts/vendor.py's own folders: the compressed copies that later steps write beside
a vendored file are theirs (kept across runs), anything else not vendored is removed."""

from __future__ import annotations

from pathlib import Path

from scripts import vendor


def test_copies_of_vendored_files_are_not_unwanted(tmp_path: Path) -> None:
    for rel in ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.wasm.zst",
                "pyodide/pyodide.asm.wasm.gz", "pyodide/old.wasm", "pyodide/old.wasm.zst",
                "pyscript/core.js", "pyscript/stale.js"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"x")
    files = {"pyodide/pyodide.asm.wasm": Path("src"), "pyscript/core.js": Path("src")}
    assert vendor.unwanted(tmp_path, files) == ["pyodide/old.wasm", "pyodide/old.wasm.zst",
                                                "pyscript/stale.js"]

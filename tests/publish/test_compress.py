"""Pre-compressed copies (scripts/compress.py) and the dev server that sends them
(scripts/serve.py), issue 14 point 4. Pure Python: a temporary folder and a server on
a free port, no browser."""

from __future__ import annotations

import gzip
import os
import threading
import urllib.request
from pathlib import Path

import brotli
import pytest

from scripts import compress
from scripts.serve import accepted_encodings, make_server

TEXT = ("const cards = ['AS', 'KH'];\n" * 400).encode()  # ~11 KB, compressible


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "app.js").write_bytes(TEXT)
    (tmp_path / "static" / "tiny.js").write_bytes(b"let x = 1;\n")
    (tmp_path / "static" / "game.zip").write_bytes(TEXT)
    return tmp_path


def test_copies_decode_to_the_file_and_only_where_worth_it(site: Path) -> None:
    done = compress.compress_tree(site)
    assert set(done) == {"static/app.js"}  # tiny: too small; zip: not a type we pack
    app = site / "static" / "app.js"
    assert brotli.decompress((site / "static" / "app.js.br").read_bytes()) == TEXT
    assert gzip.decompress((site / "static" / "app.js.gz").read_bytes()) == TEXT
    assert done["static/app.js"]["br"] < done["static/app.js"]["gzip"] < len(TEXT) / 10
    assert not (site / "static" / "tiny.js.gz").exists()
    # Random bytes do not shrink by 5%: no copy.
    noise = site / "static" / "noise.json"
    noise.write_bytes(os.urandom(8192))
    assert compress.compress_file(noise) == {}
    assert not noise.with_name("noise.json.br").exists()
    # Same input, same bytes (no time or name in the gzip header).
    first = (site / "static" / "app.js.gz").read_bytes()
    (site / "static" / "app.js.gz").unlink()
    compress.compress_file(app)
    assert (site / "static" / "app.js.gz").read_bytes() == first


def test_a_copy_older_than_its_file_is_made_again(site: Path) -> None:
    app = site / "static" / "app.js"
    compress.compress_file(app)
    new = TEXT + b"// changed\n"
    app.write_bytes(new)
    old = app.stat().st_mtime - 10
    for suffix in (".br", ".gz"):
        os.utime(app.with_name("app.js" + suffix), (old, old))
    compress.compress_file(app)
    assert gzip.decompress(app.with_name("app.js.gz").read_bytes()) == new
    assert brotli.decompress(app.with_name("app.js.br").read_bytes()) == new


def test_accept_encoding_parsing() -> None:
    assert accepted_encodings("gzip, deflate, br, zstd") >= {"gzip", "br"}
    assert accepted_encodings("br;q=0, gzip;q=0.5") == {"gzip"}
    assert accepted_encodings(None) == set()
    assert accepted_encodings("identity") == {"identity"}


def get(url: str, accept: str | None) -> tuple[bytes, dict[str, str]]:
    req = urllib.request.Request(url)
    if accept is not None:
        req.add_header("Accept-Encoding", accept)
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.read(), {k.lower(): v for k, v in resp.headers.items()}


def test_dev_server_sends_the_copy_the_request_accepts(site: Path) -> None:
    compress.compress_tree(site)
    server = make_server(site, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/static/app.js"
    try:
        body, headers = get(base, "gzip, deflate, br")
        assert headers["content-encoding"] == "br"
        assert headers["content-type"] == "text/javascript"
        assert headers["vary"] == "Accept-Encoding"
        assert int(headers["content-length"]) == len(body)
        assert brotli.decompress(body) == TEXT
        body, headers = get(base, "gzip")
        assert headers["content-encoding"] == "gzip"
        assert gzip.decompress(body) == TEXT
        body, headers = get(base, None)
        assert "content-encoding" not in headers
        assert body == TEXT
        # A copy older than the file is never sent.
        app = site / "static" / "app.js"
        app.write_bytes(TEXT + b"//\n")
        old = app.stat().st_mtime - 10
        os.utime(site / "static" / "app.js.br", (old, old))
        body, headers = get(base, "br")
        assert "content-encoding" not in headers
        assert body == TEXT + b"//\n"
    finally:
        server.shutdown()
        server.server_close()


def test_the_dev_server_run_as_a_script_can_rebuild_the_game_archive(tmp_path: Path) -> None:
    """``make play`` runs ``python scripts/serve.py``: its rebuild of the game archive on
    a request for it imports ``scripts.bundle_game``, which needs the repo root on the
    import path (it said "game.zip not rebuilt: No module named 'scripts'")."""
    import socket
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parents[2]
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, str(root / "scripts" / "serve.py"), "--host", "127.0.0.1",
                                 "--port", str(port)], cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT)
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/vendor/packed.js") as res:
                    res.read()
                break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail(f"the server did not answer: {log.read_text()}")
    finally:
        proc.terminate()
        proc.wait(10)
    assert "not rebuilt" not in log.read_text(), log.read_text()

#!/usr/bin/env python3
"""Serve the repository root as static files for development and tests.

Standard library only (``make play`` needs no virtualenv). What it adds to
``http.server``:

- explicit MIME types: ``.wasm`` application/wasm (Pyodide uses
  ``WebAssembly.instantiateStreaming`` and hangs silently on anything else),
  ``.mjs``/``.js`` text/javascript (module scripts), ``.webmanifest``
  application/manifest+json, ``.json``, ``.svg``, ``.toml`` text/plain;
- ``Cache-Control: no-cache`` so a reload during development always revalidates;
- no access to dot-folders (``.git``, ``.venv``...) or ``node_modules``: 404;
- a threaded server, so the browser's parallel requests don't queue;
- pre-compressed copies (``x.br``, ``x.gz`` beside ``x``, written by ``make dist``,
  ``scripts/compress.py``): sent when the request accepts that encoding and the copy
  is not older than the file, with ``Content-Encoding``, the file's own
  ``Content-Type`` and ``Vary: Accept-Encoding`` (Brotli preferred).

Use from Python (the browser tests do)::

    server = make_server(root, host="127.0.0.1", port=0)   # port 0: a free port
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"

or from the shell: ``python3 scripts/serve.py [--host H] [--port P] [--root DIR]``
(``HOST``/``PORT`` environment variables give the defaults).
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script (make play): `from scripts import ...` below
    sys.path.insert(0, str(ROOT))

MIME_TYPES = {
    "": "application/octet-stream",
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".woff2": "font/woff2",
}

HIDDEN_TOP = {"node_modules"}
#: Accept-Encoding token -> suffix of the pre-compressed copy, in order of preference.
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str | None) -> set[str]:
    """The content codings an ``Accept-Encoding`` header accepts (q=0 means refused).

    >>> sorted(accepted_encodings("gzip, deflate, br, zstd"))
    ['br', 'deflate', 'gzip', 'zstd']
    >>> accepted_encodings("br;q=0, gzip")
    {'gzip'}
    """
    out = set()
    for part in (header or "").split(","):
        token, *params = [x.strip() for x in part.split(";")]
        q = 1.0
        for param in params:
            if param.startswith("q="):
                try:
                    q = float(param[2:])
                except ValueError:
                    q = 0.0
        if token and q > 0:
            out.add(token.lower())
    return out


class Handler(SimpleHTTPRequestHandler):
    """Static file handler with fixed MIME types, no-cache and hidden tooling folders.

    Set ``quiet = True`` on a subclass (or the class) to silence the access log.
    """

    extensions_map = MIME_TYPES
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def _precompressed(self, path: str):  # noqa: ANN202 - an open file and its size, or None
        """Send the headers of ``path``'s pre-compressed copy and return
        ``(file, size)``, or ``None`` when there is none the request accepts."""
        if not os.path.isfile(path):
            return None
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        for encoding, suffix in PRECOMPRESSED:
            copy = path + suffix
            if encoding not in accepted or not os.path.isfile(copy):
                continue
            if os.stat(copy).st_mtime < os.stat(path).st_mtime:
                continue  # stale: the file changed after the copy was made
            f = open(copy, "rb")  # noqa: SIM115 - closed by the base class after copying
            size = os.fstat(f.fileno()).st_size
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", encoding)
            self.send_header("Content-Length", str(size))
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Last-Modified", self.date_time_string(int(os.stat(path).st_mtime)))
            self.end_headers()
            return f
        return None

    def _forbidden_path(self) -> bool:
        parts = [p for p in unquote(urlsplit(self.path).path).split("/") if p]
        if parts and parts[0] in HIDDEN_TOP:
            return True
        return any(p.startswith(".") and p != ".well-known" for p in parts)

    def send_head(self):  # noqa: ANN201 - same signature as the base class
        if self._forbidden_path():
            self.send_error(404, "Not found")
            return None
        if urlsplit(self.path).path.endswith(("/static/vendor/game.zip", "/static/vendor/packed.js")):
            # Development: rebuild the game archive when game/ changed since it was
            # built, so an edit shows on the next reload (scripts/bundle_game.py), with
            # the compressed copies a first visit fetches instead and their list
            # (scripts/packed.py; the page asks for that list first).
            try:
                from scripts import bundle_game, packed

                if Path(self.directory).resolve() == bundle_game.ROOT and bundle_game.ensure():
                    packed.make_copies(bundle_game.ROOT)
                    packed.write(bundle_game.ROOT)
            except Exception as err:  # noqa: BLE001 - serve the old archive, say why
                self.log_error("game.zip not rebuilt: %s", err)
        if "Range" not in self.headers:
            sent = self._precompressed(self.translate_path(self.path))
            if sent is not None:
                return sent
        return super().send_head()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - base-class name
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    root: Path | str = ROOT, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False
) -> ThreadingHTTPServer:
    """Return a (not yet started) threaded server for ``root``; ``port=0`` picks a free one."""
    handler_cls = type("BoundHandler", (Handler,), {"quiet": quiet})
    handler = functools.partial(handler_cls, directory=str(root))
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the repo root for development.")
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"),
                        help="address to bind (0.0.0.0 to reach it from a phone on the LAN)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--root", type=Path, default=ROOT, help="folder to serve")
    parser.add_argument("--quiet", action="store_true", help="no access log")
    args = parser.parse_args(argv)
    if not (args.root / "static" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        print("serve: static/vendor is missing; run `make play` (or scripts/vendor.py)",
              file=sys.stderr)
    server = make_server(args.root.resolve(), args.host, args.port, quiet=args.quiet)
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::", "localhost") else args.host
    print(f"Serving {args.root.resolve()} at http://{shown}:{server.server_address[1]}/ "
          "(Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

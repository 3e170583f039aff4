"""Drive the game in Chromium, Firefox ESR and WebKitGTK the same way (issue 25).

One small page API over three drivers, for the three-engine smoke tests
(``tests/engines/``) and the wire benchmark (``bench/bench_wire.py``):

- Chromium (Debian ``chromium``): Playwright, as the browser tests;
- Firefox ESR (Debian ``firefox-esr``): puppeteer-core over WebDriver BiDi, through
  ``scripts/puppeteer_bridge.mjs`` (Playwright cannot drive a stock Firefox, and Debian
  has no geckodriver);
- WebKitGTK (Debian ``webkit2gtk-driver``): Selenium's ``WebKitGTK`` driver with
  MiniBrowser, which has no headless mode: it runs on an Xvfb display of its own
  (Debian ``xvfb``) unless ``DISPLAY`` is set.

Every page starts from a fresh profile (empty caches, storage and service workers).

``Site`` serves a folder like ``scripts/serve.py`` (same MIME types and pre-compressed
copies) and also counts the bytes it sent per path, can go offline (every connection
is dropped unanswered: the browser sees a network error, as without a network) and can
throttle (a shared bandwidth and a latency per request: a real network for engines
without DevTools throttling).
"""

from __future__ import annotations

import collections
import functools
import json
import os
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ("chromium", "firefox", "webkit")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
BRIDGE = ROOT / "scripts" / "puppeteer_bridge.mjs"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def missing(engine: str) -> str | None:
    """What is missing to run ``engine`` here (a sentence naming the Debian or npm
    package), or None when it can run."""
    need = {"chromium": [(CHROMIUM, "Debian chromium")],
            "firefox": [(FIREFOX, "Debian firefox-esr"), (shutil.which("node") or "", "node"),
                        (str(ROOT / "node_modules" / "puppeteer-core" / "package.json"),
                         "npm puppeteer-core (npm ci)")],
            "webkit": [(WEBKIT_DRIVER, "Debian webkit2gtk-driver"), (MINIBROWSER, "Debian libwebkit2gtk-4.1-0")]}
    for path, what in need[engine]:
        if not path or not os.path.exists(path):
            return f"{engine}: {what} is not installed"
    if engine == "webkit" and not os.environ.get("DISPLAY") and not shutil.which("Xvfb"):
        return "webkit: Debian xvfb is not installed (MiniBrowser needs a display)"
    if engine == "webkit":
        try:
            import selenium  # noqa: F401
        except ImportError:
            return "webkit: pip selenium is not installed (requirements-dev.txt)"
    return None


# --- the served site ------------------------------------------------------------------


class Site:
    """A folder served on 127.0.0.1 (a free port), counting what it sends.

    ``url``: base URL ending in ``/``; ``sent``: path -> body bytes sent (query strings
    dropped); ``requests``: path -> number of requests; ``offline``: when True every new
    request is dropped unanswered; ``mbit``/``latency_ms``: throttling (None: off);
    ``precompressed``: send the ``.br``/``.gz`` copies to a browser that accepts them (as
    ``scripts/serve.py``), else every file as it is (a host that compresses nothing).
    """

    def __init__(self, root: Path = ROOT, mbit: float | None = None, latency_ms: float = 0,
                 precompressed: bool = True) -> None:
        from scripts import serve

        self.sent: collections.Counter[str] = collections.Counter()
        self.requests: collections.Counter[str] = collections.Counter()
        #: every answer: (seconds since the start, path, status, who asked: the
        #: Referer's last part, the revalidation headers sent)
        self.log: list[tuple[float, str, int, str, str]] = []
        self._t0 = time.monotonic()
        self.offline = False
        self.rate = mbit * 1e6 / 8 if mbit else None
        self.latency = latency_ms / 1000
        self._lock = threading.Lock()
        self._free_at = 0.0
        site = self
        base = type("Quiet", (serve.Handler,), {"quiet": True})

        class Handler(base):  # type: ignore[misc, valid-type]
            def handle_one_request(self) -> None:
                if site.offline:
                    self.close_connection = True
                    try:
                        self.connection.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass
                    return
                super().handle_one_request()

            def _precompressed(self, path: str):  # noqa: ANN202 - base-class signature
                return super()._precompressed(path) if precompressed else None

            def send_head(self):  # noqa: ANN202 - base-class signature
                path = self.path.split("?")[0]
                with site._lock:
                    site.requests[path] += 1
                if site.latency:
                    time.sleep(site.latency)
                return super().send_head()

            def send_response(self, code: int, message: str | None = None) -> None:
                path = self.path.split("?")[0]
                asked = " ".join(f"{h}={self.headers[h]}" for h in ("If-None-Match", "If-Modified-Since",
                                                                      "Cache-Control") if self.headers[h])
                who = (self.headers["Referer"] or "-").rsplit("/", 1)[-1] or "/"
                with site._lock:
                    site.log.append((round(time.monotonic() - site._t0, 3), path, code, who, asked))
                super().send_response(code, message)

            def copyfile(self, source, outputfile) -> None:  # noqa: ANN001 - base-class signature
                path = self.path.split("?")[0]
                while chunk := source.read(1 << 14):
                    site._pace(len(chunk))
                    outputfile.write(chunk)
                    with site._lock:
                        site.sent[path] += len(chunk)

        from http.server import ThreadingHTTPServer

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def _pace(self, n: int) -> None:
        """Wait for ``n`` bytes' share of the throttled bandwidth (shared by all
        connections, in the order they ask)."""
        if not self.rate:
            return
        with self._lock:
            start = max(time.monotonic(), self._free_at)
            self._free_at = start + n / self.rate
            wait = self._free_at - time.monotonic()
        if wait > 0:
            time.sleep(wait)

    def total(self) -> int:
        """Body bytes sent so far."""
        with self._lock:
            return sum(self.sent.values())

    def reset(self) -> None:
        """Forget the counts."""
        with self._lock:
            self.sent.clear()
            self.requests.clear()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


# --- pages ----------------------------------------------------------------------------


class Page:
    """One tab of a fresh profile in one engine. Coordinates are CSS pixels of the
    viewport; ``eval`` takes a JavaScript expression (a promise is awaited) and returns
    its JSON value."""

    engine = ""
    version = ""

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def eval(self, expr: str) -> Any:
        raise NotImplementedError

    def mouse(self, actions: list[dict]) -> None:
        """Real mouse input: ``{"type": "move"|"down"|"up", "x", "y"}`` in order."""
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def problems(self) -> list[str]:
        """Console errors and uncaught page errors since the last call."""
        return []

    def close(self) -> None:
        raise NotImplementedError

    # Derived input and waiting, the same in every engine.

    def wait(self, expr: str, timeout: float = 60, poll: float = 0.1) -> Any:
        """Poll ``expr`` until it is truthy; its value. Raises TimeoutError."""
        end = time.monotonic() + timeout
        last: Any = None
        while time.monotonic() < end:
            try:
                last = self.eval(expr)
            except Exception as err:  # noqa: BLE001 - a navigation under way: try again
                last = err
            if last and not isinstance(last, Exception):
                return last
            time.sleep(poll)
        raise TimeoutError(f"{self.engine}: still not {expr!r} after {timeout} s (last {last!r})")

    def tap(self, x: float, y: float) -> None:
        self.mouse([{"type": "move", "x": x, "y": y}, {"type": "down"}, {"type": "up"}])

    def double(self, x: float, y: float) -> None:
        """Two clicks in one go (the driver's own double click where it has one: the
        game counts a double tap within 300 ms, and separate round trips to a loaded
        browser can take longer)."""
        self.mouse([{"type": "move", "x": x, "y": y}, {"type": "down"}, {"type": "up"},
                    {"type": "down"}, {"type": "up"}])

    def drag(self, x1: float, y1: float, x2: float, y2: float, steps: int = 8) -> None:
        moves = [{"type": "move", "x": x1 + (x2 - x1) * i / steps, "y": y1 + (y2 - y1) * i / steps}
                 for i in range(1, steps + 1)]
        self.mouse([{"type": "move", "x": x1, "y": y1}, {"type": "down"}, *moves, {"type": "up"}])


class ChromiumPage(Page):
    engine = "chromium"

    def __init__(self, width: int, height: int) -> None:
        from playwright.sync_api import sync_playwright

        self._pw = sync_playwright().start()
        self._browser = self._pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.version = self._browser.version
        self._ctx = self._browser.new_context(viewport={"width": width, "height": height})
        self._page = self._ctx.new_page()
        self._problems: list[str] = []
        self._page.on("console", lambda m: m.type == "error" and self._problems.append(f"console: {m.text}"))
        self._page.on("pageerror", lambda e: self._problems.append(f"pageerror: {e}"))

    def goto(self, url: str) -> None:
        self._page.goto(url, wait_until="commit")

    def reload(self) -> None:
        self._page.reload(wait_until="commit")

    def eval(self, expr: str) -> Any:
        return self._page.evaluate(f"async () => ({expr})")

    def mouse(self, actions: list[dict]) -> None:
        m = self._page.mouse
        for a in actions:
            if a["type"] == "move":
                m.move(a["x"], a["y"])
            elif a["type"] == "down":
                m.down()
            elif a["type"] == "up":
                m.up()

    def double(self, x: float, y: float) -> None:
        self._page.mouse.dblclick(x, y)

    def screenshot(self, path: Path) -> None:
        self._page.screenshot(path=str(path))

    def problems(self) -> list[str]:
        out, self._problems = self._problems, []
        return out

    def close(self) -> None:
        try:
            self._ctx.close()
            self._browser.close()
        finally:
            self._pw.stop()


class FirefoxPage(Page):
    engine = "firefox"

    def __init__(self, width: int, height: int) -> None:
        opts = {"browser": "firefox", "executablePath": FIREFOX}
        self._proc = subprocess.Popen(["node", str(BRIDGE), json.dumps(opts)], cwd=ROOT,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self._id = 0
        self.version = str(self._read(0))
        self._call("viewport", width=width, height=height)

    def _read(self, want: int) -> Any:
        assert self._proc.stdout is not None
        while True:
            line = self._proc.stdout.readline()
            if not line:
                raise RuntimeError(f"firefox bridge exited ({self._proc.poll()})")
            msg = json.loads(line)
            if msg["id"] != want:
                continue
            if not msg["ok"]:
                raise RuntimeError(f"firefox: {msg['error']}")
            return msg["value"]

    def _call(self, op: str, **args: Any) -> Any:
        assert self._proc.stdin is not None
        self._id += 1
        self._proc.stdin.write(json.dumps({"id": self._id, "op": op, **args}) + "\n")
        self._proc.stdin.flush()
        return self._read(self._id)

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def eval(self, expr: str) -> Any:
        return self._call("eval", expr=expr)

    def mouse(self, actions: list[dict]) -> None:
        self._call("mouse", actions=actions)

    def double(self, x: float, y: float) -> None:
        self._call("double", x=x, y=y)

    def screenshot(self, path: Path) -> None:
        self._call("screenshot", path=str(path))

    def problems(self) -> list[str]:
        return list(self._call("log"))

    def close(self) -> None:
        try:
            self._call("close")
        except RuntimeError:
            pass  # it exits as it answers
        try:
            self._proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self._proc.kill()


class Xvfb:
    """An X display of its own (``Xvfb -displayfd``); ``display`` is ``":N"``."""

    def __init__(self, width: int = 1920, height: int = 1200) -> None:
        r, w = os.pipe()
        self._proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(w), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(w)
        with os.fdopen(r) as f:
            self.display = ":" + f.readline().strip()

    def close(self) -> None:
        self._proc.terminate()
        try:
            self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()


class WebKitPage(Page):
    engine = "webkit"

    def __init__(self, width: int, height: int) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        self._xvfb = None if os.environ.get("DISPLAY") else Xvfb()
        env = dict(os.environ)
        if self._xvfb is not None:
            env["DISPLAY"] = self._xvfb.display
        opts = webdriver.WebKitGTKOptions()
        opts.binary_location = MINIBROWSER
        opts.add_argument("--automation")
        try:
            self._d = webdriver.WebKitGTK(options=opts, service=Service(WEBKIT_DRIVER, env=env))
        except Exception:
            if self._xvfb is not None:
                self._xvfb.close()
            raise
        self._d.set_script_timeout(120)
        self.version = str(self._d.capabilities.get("browserVersion", ""))
        self._size(width, height)

    def _size(self, width: int, height: int) -> None:
        """Set the window so that the viewport is ``width`` x ``height``."""
        self._d.set_window_size(width, height)
        for _ in range(3):
            w, h = self._d.execute_script("return [innerWidth, innerHeight]")
            if (w, h) == (width, height):
                return
            size = self._d.get_window_size()
            self._d.set_window_size(size["width"] + width - w, size["height"] + height - h)

    def goto(self, url: str) -> None:
        self._d.get(url)

    def reload(self) -> None:
        self._d.refresh()

    def eval(self, expr: str) -> Any:
        out = self._d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"(async () => ({expr}))().then(v => done({{ok: true, v: v === undefined ? null : v}}),"
            " e => done({ok: false, e: String(e && e.stack || e)}));")
        if not out["ok"]:
            raise RuntimeError(f"webkit: {out['e']}")
        return out["v"]

    def mouse(self, actions: list[dict]) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        chain = ActionBuilder(self._d, duration=0)
        pointer = chain.pointer_action
        for a in actions:
            if a["type"] == "move":
                pointer.move_to_location(round(a["x"]), round(a["y"]))
            elif a["type"] == "down":
                pointer.pointer_down()
            elif a["type"] == "up":
                pointer.pointer_up()
        chain.perform()

    def screenshot(self, path: Path) -> None:
        self._d.save_screenshot(str(path))

    def close(self) -> None:
        try:
            self._d.quit()
        finally:
            if self._xvfb is not None:
                self._xvfb.close()


def open_page(engine: str, width: int = 1280, height: int = 800) -> Page:
    """A fresh tab in ``engine`` (one of ``ENGINES``) with a ``width`` x ``height``
    viewport. Raises RuntimeError when the engine cannot run here (``missing``)."""
    why = missing(engine)
    if why:
        raise RuntimeError(why)
    cls = {"chromium": ChromiumPage, "firefox": FirefoxPage, "webkit": WebKitPage}[engine]
    return cls(width, height)

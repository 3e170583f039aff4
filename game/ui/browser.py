"""The browser adapter: the only module of the game that imports ``js`` or ``pyodide``.

Everything else in ``game.ui`` receives what it needs from a ``Browser``: the
``document`` and ``window`` objects, proxies and listeners (all released by
``close()``), timers, ``localStorage``, the random source and the calendar date, the
language catalogs (fetched) with their ``Intl`` plural rules and number formats, the
address's ``?deal=`` parameter, the resize observer and the page reload. The JS objects
it hands out are typed ``Any`` (``domtypes.JS``): this is the boundary.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from datetime import date
from typing import Any

import js
from pyodide.ffi import create_proxy

from .domtypes import JS

# The digits each language shows, whatever the engine (issue 25): Unicode numbering
# system names of Intl (UTS #35). Arabic gets Latin digits, as its help pages, its
# catalog, the card faces and the deal codes already have, and as current CLDR gives
# plain "ar" (CLDR 48 in Node 20's ICU 78; Chromium 156 and Firefox ESR 153 agree);
# WebKitGTK 2.50 on Debian's ICU 72 defaults "ar" to Arabic-Indic digits ("arab", as
# CLDR still does for ar-EG and ar-SA) and would show them beside Latin ones. The
# choice is kept explicit for every language so that no engine's default decides.
NUMBERING = {"ar": "latn", "en": "latn", "id": "latn", "ro": "latn"}


def numbering(lang: str) -> str:
    """A language tag (``"ar"``, ``"en-GB"``) -> its numbering system of ``NUMBERING``
    (by primary subtag; ``"latn"`` for any other)."""
    return NUMBERING.get(lang.split("-")[0].lower(), "latn")


class LocalStore:
    """``localStorage`` as a ``persist.Store``; every call may raise (disabled, full)."""

    def get(self, key: str) -> str | None:
        """The stored text for ``key``, or None."""
        value = js.window.localStorage.getItem(key)
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key`` (raises QuotaExceededError, SecurityError)."""
        js.window.localStorage.setItem(key, value)

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        js.window.localStorage.removeItem(key)


class WorkerPort:
    """A started Web Worker as ``beside.Port``: ``post`` a text, ``close`` (terminate it
    and release its listeners)."""

    def __init__(self, worker: JS, listeners: list[tuple[str, JS]]) -> None:
        self.worker = worker
        self.listeners = listeners

    def post(self, text: str) -> None:
        """``worker.postMessage(text)``."""
        if self.worker is not None:
            self.worker.postMessage(text)

    def close(self) -> None:
        """Terminate the worker and release its listeners (twice is fine)."""
        worker, self.worker = self.worker, None
        if worker is None:
            return
        worker.terminate()
        for event, proxy in self.listeners:
            worker.removeEventListener(event, proxy)
            proxy.destroy()
        self.listeners.clear()


class Browser:
    """The page's JS world, as the rest of ``game.ui`` uses it."""

    def __init__(self) -> None:
        self.document: JS = js.document
        self.window: JS = js.window
        self.proxies: list[tuple[JS, str, JS]] = []  # (target or None, event, proxy)
        self.resizer: JS = None
        self.download_url: JS = None
        self.workers: list[WorkerPort] = []

    # ----- proxies, listeners, timers ----------------------------------------------

    def proxy(self, fn: Callable[..., Any]) -> JS:
        """A long-lived JS proxy of ``fn``, released by ``close()``."""
        proxy = create_proxy(fn)
        self.proxies.append((None, "", proxy))
        return proxy

    def listen(self, target: JS, event: str, fn: Callable[..., Any]) -> None:
        """``target.addEventListener(event, fn)``, removed again by ``close()``."""
        proxy = create_proxy(fn)
        target.addEventListener(event, proxy)
        self.proxies.append((target, event, proxy))

    def observe_resize(self, target: JS, fn: Callable[..., Any]) -> None:
        """Call ``fn`` whenever ``target`` changes size (``ResizeObserver``)."""
        self.resizer = js.ResizeObserver.new(self.proxy(fn))
        self.resizer.observe(target)

    def start_worker(self, url: str, on_message: Callable[[str], None],
                     on_error: Callable[[str], None]) -> WorkerPort | None:
        """Start ``url`` (relative to the page) as a module Web Worker; ``on_message``
        gets each text it posts (anything else as ``""``), ``on_error`` a failure of its
        script (not found, refused by the Content-Security-Policy, an uncaught error).

        Returns:
            Its port (closed by ``close()`` too), or None where this browser has no
            module workers or refuses this one at once.
        """
        if getattr(js, "Worker", None) is None:
            return None
        # A page that no service worker controls (a first visit) fetched the runtime's
        # large files as compressed copies and decoded them (static/pyodide-start.js,
        # issue 25); it hands them to its worker, named "given" (static/solver-worker.js),
        # or, where it cannot, the worker, named "packed", fetches and decodes the copies
        # itself instead of fetching each whole file again.
        container = getattr(js.navigator, "serviceWorker", None)
        give = getattr(js.window, "__giveFiles", None)
        name = "" if container is not None and container.controller else "given" if give else "packed"
        try:
            worker = js.Worker.new(url, js.Object.fromEntries([["type", "module"], ["name", name]]))
        except Exception:  # noqa: BLE001 - a SecurityError, a TypeError: no worker here
            return None
        if name == "given" and give is not None:
            give(worker)

        def message(event: JS) -> None:
            data = event.data
            on_message(data if isinstance(data, str) else "")

        def error(event: JS) -> None:
            event.preventDefault()  # said by the page's fallback, not as an uncaught error
            on_error(str(getattr(event, "message", "") or event.type))

        listeners = []
        for name, fn in (("message", message), ("error", error), ("messageerror", error)):
            proxy = create_proxy(fn)
            worker.addEventListener(name, proxy)
            listeners.append((name, proxy))
        port = WorkerPort(worker, listeners)
        self.workers.append(port)
        return port

    def close(self) -> None:
        """Remove every listener and release every proxy created here."""
        for port in self.workers:
            port.close()
        self.workers.clear()
        if self.resizer is not None:
            self.resizer.disconnect()
            self.resizer = None
        for target, event, proxy in self.proxies:
            if target is not None:
                target.removeEventListener(event, proxy)
            proxy.destroy()
        self.proxies.clear()

    def set_timeout(self, proxy: JS, ms: int) -> int:
        """``setTimeout`` of a proxy made by ``proxy()``; returns the timer id."""
        return int(self.window.setTimeout(proxy, ms))

    def clear_timeout(self, timer: int) -> None:
        """``clearTimeout``; 0 or a finished timer is fine."""
        self.window.clearTimeout(timer)

    def run_soon(self, work: Coroutine[Any, Any, None]) -> None:
        """Run the coroutine ``work`` on the page's event loop (a task of its own)."""
        asyncio.ensure_future(work)

    def mark(self, name: str) -> None:
        """A ``performance.mark`` (read by the bench/ scripts)."""
        js.performance.mark(name)

    # ----- storage, random, date ---------------------------------------------------

    def local_store(self) -> LocalStore:
        """``localStorage`` as a ``persist.Store``."""
        return LocalStore()

    def random(self) -> float:
        """``Math.random()``: a float in [0, 1)."""
        return float(js.Math.random())

    def today(self) -> date:
        """The local calendar date (SPEC §3, deal of the day)."""
        now = js.Date.new()
        return date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))

    # ----- records: clocks, ids, dates, files (issue 12) ---------------------------

    def now(self) -> float:
        """``performance.now()``: monotonic ms (the game clock, SPEC §12)."""
        return float(js.performance.now())

    def epoch_ms(self) -> int:
        """``Date.now()``: wall-clock ms since 1970 (game ids)."""
        return int(js.Date.now())

    def iso_now(self) -> str:
        """``new Date().toISOString()`` (dates of recorded games)."""
        return str(js.Date.new().toISOString())

    def random48(self) -> int:
        """A random integer in ``0..2**48-1`` (``crypto.getRandomValues``)."""
        words = js.crypto.getRandomValues(js.Uint32Array.new(2))
        return (int(words[0]) << 16) ^ int(words[1]) & 0xFFFF

    def hidden(self) -> bool:
        """``document.hidden`` (the clock counts only while the page is visible)."""
        return bool(self.document.hidden)

    def reduced_motion(self) -> bool:
        """The system asks for reduced motion (``prefers-reduced-motion``)."""
        return bool(self.window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def mouse(self) -> bool:
        """The primary pointer is a mouse or a touchpad (``pointer: fine``), not a finger:
        the words say "click" rather than "tap"."""
        return bool(self.window.matchMedia("(pointer: fine)").matches)

    def set_interval(self, proxy: JS, ms: int) -> int:
        """``setInterval`` of a proxy made by ``proxy()``; returns the timer id."""
        return int(self.window.setInterval(proxy, ms))

    def date_text(self, iso: str, lang: str) -> str:
        """An ISO date-time as a short local date and time in ``lang``
        (``Intl.DateTimeFormat``); ``""`` for a bad date."""
        d = js.Date.new(iso)
        if d.getTime() != d.getTime():  # NaN: not a date
            return ""
        opts = js.Object.fromEntries([["dateStyle", "medium"], ["timeStyle", "short"],
                                      ["numberingSystem", numbering(lang)]])
        return str(js.Intl.DateTimeFormat.new(lang, opts).format(d))

    def download(self, name: str, text: str) -> None:
        """Offer ``text`` as a file ``name`` (a Blob through an ``<a download>``)."""
        opts = js.Object.fromEntries([["type", "application/json"]])
        url = js.URL.createObjectURL(js.Blob.new([text], opts))
        a = self.document.createElement("a")
        a.href, a.download, a.hidden = url, name, True
        self.document.body.append(a)
        a.click()
        a.remove()
        if self.download_url is not None:  # the previous file, surely fetched by now
            js.URL.revokeObjectURL(self.download_url)
        self.download_url = url

    async def file_text(self, file_input: JS) -> str | None:
        """The text of the file chosen in ``<input type=file>`` (None: no file)."""
        files = file_input.files
        if not files or files.length == 0:
            return None
        return str(await files.item(0).text())

    # ----- language ----------------------------------------------------------------

    def preferred_languages(self) -> list[str]:
        """``navigator.languages`` (or ``[navigator.language]``, else ``["en"]``)."""
        nav = self.window.navigator
        prefs = list(nav.languages or [nav.language or "en"])
        return [str(p) for p in prefs]

    async def catalog_text(self, lang: str) -> str:
        """The text of ``locales/<lang>.json``: the copy static/boot.js fetched while
        Pyodide loaded when it is that language, else fetched now. Raises OSError on
        an HTTP error."""
        text = None
        boot = getattr(self.window, "__boot", None)
        if boot is not None and getattr(boot, "catalogLang", None) == lang:
            text = await boot.catalogText
        if not isinstance(text, str):
            resp = await self.window.fetch(f"./locales/{lang}.json")
            if not resp.ok:
                raise OSError(f"catalog {lang}: HTTP {resp.status}")
            text = await resp.text()
        return str(text)

    def plural(self, lang: str) -> Callable[[int], str]:
        """count -> CLDR plural category (``Intl.PluralRules``)."""
        rules = js.Intl.PluralRules.new(lang)
        return lambda n: str(rules.select(n))

    def number(self, lang: str) -> Callable[[int], str]:
        """int -> text in the language's digits (``Intl.NumberFormat`` with the
        language's numbering system of ``NUMBERING``, never the engine's default: with
        ``"ar"`` alone WebKitGTK gives ``"١٬٢٣٤"`` where Chromium and Firefox give
        ``"1,234"``; issue 25). Grouping and separators stay the language's."""
        opts = js.Object.fromEntries([["numberingSystem", numbering(lang)]])
        fmt = js.Intl.NumberFormat.new(lang, opts)
        return lambda n: str(fmt.format(n))

    # ----- address, reload, updates ------------------------------------------------

    def take_param(self, name: str) -> str | None:
        """The address's ``?name=`` value, or None; when present it is dropped from the
        address (``history.replaceState``), so a reload does not open it again."""
        loc = self.window.location
        params = js.URLSearchParams.new(loc.search)
        text = params.get(name)
        if not isinstance(text, str):
            return None
        params.delete(name)
        rest = str(params.toString())
        url = str(loc.pathname) + (f"?{rest}" if rest else "") + str(loc.hash)
        self.window.history.replaceState(None, "", url)
        return text

    def reload(self, said: str | None = None) -> None:
        """Reload the page; with ``said``, the new page's address carries ``?said=1``
        (read once with :meth:`take_param`: what the new page has to tell, such as
        an import done)."""
        if said is None:
            self.window.location.reload()
            return
        loc = self.window.location
        params = js.URLSearchParams.new(loc.search)
        params.set(said, "1")
        self.window.location.replace(str(loc.pathname) + "?" + str(params.toString()) + str(loc.hash))

    def update_waiting(self) -> bool:
        """Whether static/pwa.js saw a new version installed and waiting."""
        return bool(getattr(self.window, "__updateWaiting", False))

    def apply_update(self) -> None:
        """Take the waiting version (static/pwa.js ``__applyUpdate``: skipWaiting, then a
        reload on takeover), else just reload."""
        apply = getattr(self.window, "__applyUpdate", None)
        if apply:
            apply()
        else:
            self.reload()

"""A fake ``game.ui.browser.Browser`` for running the page under CPython (issue 23.2).

The page (``game.ui.page.Page``) is built over the real ``index.html`` body parsed into
``fakedom``, with the real catalogs of ``locales/``, a storage that can be made to fail
or fill, and a clock and timers the test moves forward (``advance``). Pointer and key
events are dispatched through the fake DOM as a browser would, so the page's own
listeners, the gesture recogniser and the dispatcher all run.
"""

from __future__ import annotations

import heapq
import json
import random
from collections.abc import Callable, Coroutine
from datetime import date
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from babel import Locale
from fakedom import Document, Element, Event, Target, parse_into

ROOT = Path(__file__).resolve().parents[2]
INDEX = (ROOT / "index.html").read_text(encoding="utf-8")
BODY = INDEX[INDEX.index("<body>") + len("<body>"):INDEX.index("</body>")]
CATALOGS = {p.stem: p.read_text(encoding="utf-8") for p in (ROOT / "locales").glob("*.json")}


class QuotaExceeded(Exception):
    """What ``localStorage.setItem`` throws when full."""


class FakeStore:
    """``localStorage``: a dict of strings, with a quota in characters (keys and values,
    as browsers count), a switch that makes every call fail, and keys whose writes fail
    as a full storage's do (``refuse``). ``tab()`` gives the same storage as another tab
    of the same origin sees it: a change made through one tab reaches the others as a
    ``storage`` event, queued as a task, only when the value really changed (HTML,
    "Web storage", the ``storage`` event).

    ``data`` is the storage itself (writes land in the order they are made, and each
    event's ``oldValue`` is what the key held just before, as the browser's storage
    process sends it). Each tab reads its own copy, as Chromium's tabs do: another
    tab's write reaches this tab's copy only when its event is delivered (``lag`` holds
    the keys whose copy is behind), and a tab's own write stays in its copy even when
    the event of an earlier write by another tab is delivered after it (Chromium keeps
    a key with a write of its own in flight; issue 27 point 2)."""

    def __init__(self, data: dict[str, str] | None = None, quota: int = 5_000_000) -> None:
        self.data = dict(data or {})
        self.quota = quota
        self.off = False
        self.refuse: set[str] = set()
        self.full = False  # every write fails as a full storage's does
        self.tabs: list[FakeStore] = [self]
        self.browser: FakeBrowser | None = None
        self.seq: dict[str, int] = {}  # the number of the last write of each key (shared)
        self.lag: dict[str, str | None] = {}  # this tab's copy, where behind the storage
        self.mine: dict[str, int] = {}  # the number of this tab's last write of each key

    def tab(self) -> FakeStore:
        """The same storage for another tab."""
        other = FakeStore(quota=self.quota)
        other.data, other.refuse, other.tabs, other.seq = self.data, self.refuse, self.tabs, self.seq
        other.full, other.off = self.full, self.off
        self.tabs.append(other)
        return other

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.data.items())

    def get(self, key: str) -> str | None:
        if self.off:
            raise PermissionError("storage disabled")
        if key in self.lag:
            return self.lag[key]
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.off:
            raise PermissionError("storage disabled")
        old = len(key) + len(self.data[key]) if key in self.data else 0
        if self.full or key in self.refuse or self.used() - old + len(key) + len(value) > self.quota:
            raise QuotaExceeded(key)
        before = self.data.get(key)
        self.data[key] = value
        self._tell(key, before, value)

    def remove(self, key: str) -> None:
        if self.off:
            raise PermissionError("storage disabled")
        before = self.data.pop(key, None)
        self._tell(key, before, None)

    def _tell(self, key: str, old: str | None, new: str | None) -> None:
        if old == new:
            return
        seq = self.seq[key] = self.seq.get(key, 0) + 1
        self.lag.pop(key, None)  # this tab's copy holds its own write
        self.mine[key] = seq
        for other in self.tabs:
            if other is not self and other.browser is not None:
                other.lag.setdefault(key, old)  # its copy keeps what it had, until told
                other.browser.storage_event(key, old, new, lambda o=other: o.told(key, new, seq))

    def told(self, key: str, new: str | None, seq: int) -> None:
        """The event of write ``seq`` of ``key`` reaches this tab: its copy takes it,
        unless this tab wrote the key since (its own write stays)."""
        if seq < self.mine.get(key, 0) or key not in self.lag:
            return
        if seq >= self.seq.get(key, 0):
            del self.lag[key]
        else:
            self.lag[key] = new


class FakeWindow(Target):
    def __init__(self, browser: FakeBrowser) -> None:
        super().__init__()
        self.browser = browser
        self.location = SimpleNamespace(origin="http://localhost:8000", search="",
                                        pathname="/index.html", hash="")
        self.navigator = SimpleNamespace(languages=["en-GB"], language="en-GB")

    @property
    def innerWidth(self) -> float:  # noqa: N802
        return self.browser.document.viewport[0]

    @property
    def innerHeight(self) -> float:  # noqa: N802
        return self.browser.document.viewport[1]

    def queueMicrotask(self, fn: Callable[[], Any]) -> None:  # noqa: N802
        self.browser.document.microtasks.append(fn)


class FakeBrowser:
    """The page's JS world, faked: same methods as ``game.ui.browser.Browser``."""

    def __init__(self, viewport: tuple[float, float] = (1366, 768), *,
                 store: FakeStore | None = None, languages: list[str] | None = None,
                 seed: int = 1, params: dict[str, str] | None = None,
                 epoch: int = 1_764_000_000_000) -> None:
        """``epoch``: ``Date.now()`` at clock 0 (a reload in a test gives a later one,
        as real time goes on: game ids are made of it)."""
        self.window = FakeWindow(self)
        self.document = Document(self.window, viewport)
        html = Element("html", {"lang": "en", "dir": "ltr"}, self.document)
        self.document.append(html)
        body = Element("body", {}, self.document)
        html.append(body)
        parse_into(body, BODY)
        self.document.run_async = self.run_async
        if languages:
            self.window.navigator.languages = languages
        self.store = store or FakeStore()
        self.store.browser = self
        self.held: list[tuple[str, str | None, str | None, Callable[[], None] | None]] | None = None
        self.held_copies = False
        self.rng = random.Random(seed)
        self.clock = 1000.0  # performance.now() in ms
        self.epoch = epoch  # Date.now() at clock 0
        self.timers: list[tuple[float, int, Callable[..., Any], float | None]] = []
        self.cancelled: set[int] = set()
        self.next_timer = 1
        self.params = dict(params or {})
        self.downloads: list[tuple[str, str]] = []
        self.reloads = 0
        self.reload_said: list[str | None] = []  # reload()'s ``said`` of each reload
        self.resize_fn: Callable[..., Any] | None = None
        self.update = False
        self.errors: list[BaseException] = []
        self.worker: Callable[..., Any] | None = None  # see start_worker
        self.fine_pointer = False  # ``pointer: fine`` (a mouse): a test sets it

    # ----- async -------------------------------------------------------------------------

    def run_async(self, value: Any) -> None:
        """Run a coroutine returned by a listener to its end (the fake's awaits never
        wait)."""
        if not isinstance(value, Coroutine):
            return
        try:
            while True:
                value.send(None)
        except StopIteration:
            pass

    def run_soon(self, work: Coroutine[Any, Any, None]) -> None:
        self.run_async(work)

    # ----- proxies, listeners, timers ------------------------------------------------------

    def proxy(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        return fn

    def listen(self, target: Any, event: str, fn: Callable[..., Any]) -> None:
        target.addEventListener(event, fn)

    def observe_resize(self, target: Any, fn: Callable[..., Any]) -> None:
        self.resize_fn = fn

    def close(self) -> None:
        self.timers.clear()

    def start_worker(self, url: str, on_message: Callable[[str], None],
                     on_error: Callable[[str], None]) -> Any:
        """No worker under CPython unless a test gives one (``worker``: a callable
        ``(browser, url, on_message, on_error) -> port``): the page searches in slices."""
        if self.worker is None:
            return None
        return self.worker(self, url, on_message, on_error)

    def set_timeout(self, fn: Callable[..., Any], ms: float) -> int:
        tid = self.next_timer
        self.next_timer += 1
        heapq.heappush(self.timers, (self.clock + max(0.0, float(ms)), tid, fn, None))
        return tid

    def storage_event(self, key: str, old: str | None, new: str | None,
                      arrive: Callable[[], None] | None = None) -> None:
        """Another tab changed ``key``: the ``storage`` event comes as a task (kept back
        while ``held`` is a list: ``release_storage`` delivers them, as when this tab's
        own input is handled before the event arrives). ``arrive`` brings this tab's
        copy of storage up to date, just before the event is dispatched."""
        evt = Event("storage", key=key, oldValue=old, newValue=new)
        if self.held is not None:
            if arrive is not None and not self.held_copies:
                arrive()  # the copy is up to date, the event not yet dispatched
                arrive = None
            self.held.append((key, old, new, arrive))
            return

        def fire() -> None:
            if arrive is not None:
                arrive()
            for result in self.window.fire(evt):
                self.run_async(result)

        self.set_timeout(fire, 0)

    def hold_storage(self, copies: bool = False) -> None:
        """Keep other tabs' ``storage`` events back (``release_storage`` delivers them);
        with ``copies``, this tab's copy of storage stays behind too (Chromium updates
        a tab's copy when the change reaches it, just before the event)."""
        self.held = []
        self.held_copies = copies

    def release_storage(self) -> None:
        held, self.held = self.held or [], None
        for key, old, new, arrive in held:
            self.storage_event(key, old, new, arrive)

    def set_interval(self, fn: Callable[..., Any], ms: float) -> int:
        tid = self.next_timer
        self.next_timer += 1
        heapq.heappush(self.timers, (self.clock + float(ms), tid, fn, float(ms)))
        return tid

    def clear_timeout(self, tid: int) -> None:
        if tid:
            self.cancelled.add(tid)

    def advance(self, ms: float, *, limit: int = 100_000) -> None:
        """Move the clock ``ms`` forward, firing every timer due meanwhile (intervals
        too) in order, each as a task of its own."""
        end = self.clock + ms
        fired = 0
        while self.timers and self.timers[0][0] <= end:
            when, tid, fn, every = heapq.heappop(self.timers)
            if tid in self.cancelled:
                continue
            self.clock = max(self.clock, when)
            if every is not None:
                heapq.heappush(self.timers, (when + every, tid, fn, every))
            self.run_async(fn())
            self.document.flush()
            fired += 1
            if fired > limit:
                raise RuntimeError("timers never settle")
        self.clock = max(self.clock, end)  # a task that took time (clock moved) is not undone

    def idle(self, ms: float = 0.0) -> None:
        """Let every timer due within ``ms`` run (0: only those due now)."""
        self.advance(ms)

    def mark(self, name: str) -> None:
        pass

    # ----- storage, random, date, records --------------------------------------------------

    def local_store(self) -> FakeStore:
        return self.store

    def random(self) -> float:
        return self.rng.random()

    def today(self) -> date:
        return date(2026, 12, 3)

    def now(self) -> float:
        return self.clock

    def epoch_ms(self) -> int:
        return int(self.epoch + self.clock)

    def iso_now(self) -> str:
        from datetime import UTC, datetime
        return datetime.fromtimestamp(self.epoch_ms() / 1000, UTC).strftime(
            "%Y-%m-%dT%H:%M:%S.000Z")

    def random48(self) -> int:
        return self.rng.getrandbits(48)

    def hidden(self) -> bool:
        return bool(self.document.hidden)

    def reduced_motion(self) -> bool:
        return False

    def mouse(self) -> bool:
        return self.fine_pointer

    def date_text(self, iso: str, lang: str) -> str:
        return iso[:16].replace("T", " ")

    def download(self, name: str, text: str) -> None:
        self.downloads.append((name, text))

    async def file_text(self, file_input: Any) -> str | None:
        files = file_input.files
        return files[0] if files else None

    # ----- language ----------------------------------------------------------------------

    def preferred_languages(self) -> list[str]:
        return list(self.window.navigator.languages)

    async def catalog_text(self, lang: str) -> str:
        if lang not in CATALOGS:
            raise OSError(f"catalog {lang}: HTTP 404")
        return CATALOGS[lang]

    def plural(self, lang: str) -> Callable[[int], str]:
        rule = Locale.parse(lang).plural_form
        return lambda n: str(rule(n))

    def number(self, lang: str) -> Callable[[int], str]:
        return lambda n: f"{n:,}" if lang == "en" else str(n)

    # ----- address, reload, updates ---------------------------------------------------------

    def take_param(self, name: str) -> str | None:
        return self.params.pop(name, None)

    def reload(self, said: str | None = None) -> None:
        self.reloads += 1
        self.reload_said.append(said)

    def update_waiting(self) -> bool:
        return self.update

    def apply_update(self) -> None:
        self.reload()

    # ----- input, as a player gives it --------------------------------------------------------

    def pointer(self, kind: str, x: float, y: float, *, pointer_id: int = 1,
                touch: bool = False, target: Element | None = None) -> Event:
        """Dispatch a pointer event at client point (x, y) on the table (or ``target``)."""
        table = self.document.querySelector("#table")
        assert table is not None
        evt = Event(kind, button=0, clientX=x, clientY=y, pointerId=pointer_id,
                    pointerType="touch" if touch else "mouse", timeStamp=self.clock)
        return self.document.dispatch(target or table, evt)

    def key(self, key: str, *, ctrl: bool = False, shift: bool = False,
            alt: bool = False, target: Element | None = None) -> Event:
        """Dispatch a keydown at the focused element (or ``target``)."""
        at = target or self.document.activeElement or self.document.body
        evt = Event("keydown", key=key, ctrlKey=ctrl, metaKey=False, shiftKey=shift,
                    altKey=alt)
        return self.document.dispatch(at, evt)

    def click(self, el: Element) -> Event:
        return self.document.dispatch(el, Event("click", button=0))

    def change(self, el: Element) -> Event:
        return self.document.dispatch(el, Event("change"))

    def resize(self, w: float, h: float) -> None:
        self.document.viewport = (w, h)
        if self.resize_fn is not None:
            self.resize_fn()


def saved(store: FakeStore, key: str) -> Any:
    """The JSON stored under ``key`` (None when absent)."""
    raw = store.data.get(key)
    return None if raw is None else json.loads(raw)

"""The game in Chromium, Firefox ESR and WebKitGTK (issue 25 point 3): one page
session per engine, as a player would go: start, a tap, a drag, a double tap, a
select-then-place, reload keeps the game, offline reload, the help, Arabic.

A CPython twin of the game plays every action too; the page must then show exactly
the twin's piles and status (SPEC §8 attributes). Input is each driver's real mouse
(Playwright, puppeteer-core over WebDriver BiDi, Selenium's WebDriver actions).
"""

from __future__ import annotations

import json
import os
import time

import game
from scripts import packed
from scripts.engines import ROOT, Page, Site
from tests.browser.helpers import expected, find_deal, first_column_move, head_id

#: A first start on a loaded 2-core machine: WebKit takes 1.5-2x Chromium's time.
READY_TIMEOUT = float(os.environ.get("READY_TIMEOUT_MS", "120000")) / 1000

READY = "document.documentElement.dataset.ready === '1'"
SETTLED = "document.getAnimations().length === 0"
PAGE_STATE = """JSON.stringify({
  cards: [...document.querySelectorAll('#table [data-card]')].map(e =>
    [e.dataset.pile, +e.dataset.index, e.dataset.id, e.dataset.card, e.dataset.face]),
  status: Object.fromEntries([...document.querySelectorAll('[data-status]:not([data-status=time])')]
    .map(e => [e.dataset.status, e.dataset.value])),
  error: !!document.querySelector('.py-error')})"""
WORKER_ACTIVE = ("navigator.serviceWorker.getRegistration()"
                 ".then(r => !!(r && r.active && r.active.state === 'activated'))")


def wanted(g: game.Game) -> dict:
    return {"cards": [list(c) for c in expected(g)],
            "status": {"game": g.game, "code": g.code, "score": str(g.score), "moves": str(g.move_count)}}


def shows(p: Page, g: game.Game, what: str, timeout: float = 15) -> None:
    """Wait until the page shows ``g`` (cards and status) with no animation running;
    fails with ``what`` (the step) and the difference."""
    want = wanted(g)
    end = time.monotonic() + timeout
    while True:
        state = json.loads(p.eval(PAGE_STATE))
        assert not state["error"], f"{p.engine} {what}: Python error in the page"
        got = {"cards": sorted(state["cards"]), "status": state["status"]}
        if got == want and p.eval(SETTLED):
            return
        if time.monotonic() > end:
            diff = [c for c in got["cards"] if c not in want["cards"]]
            raise AssertionError(f"{p.engine} {what}: page differs from the twin: cards {diff[:6]}, "
                                 f"status {got['status']} vs {want['status']}")
        time.sleep(0.1)


def box(p: Page, selector: str) -> tuple[float, float, float, float]:
    r = p.eval(f"(r => [r.x, r.y, r.width, r.height])(document.querySelector({json.dumps(selector)})"
               ".getBoundingClientRect())")
    return r[0], r[1], r[2], r[3]


def card_point(p: Page, cid: str) -> tuple[float, float]:
    """A point on the visible top strip of a card."""
    x, y, w, h = box(p, f'#table .card[data-id="{cid}"]')
    return x + w / 2, y + min(h / 2, h * 0.12)


def pile_point(p: Page, g: game.Game, pid: str) -> tuple[float, float]:
    pile = g.pile(pid)
    if pile:
        return card_point(p, pile[-1].card.id)
    x, y, w, h = box(p, f'#table .pile[data-pile="{pid}"]')
    return x + w / 2, y + h / 2


def click(p: Page, selector: str) -> None:
    x, y, w, h = box(p, selector)
    p.tap(x + w / 2, y + h / 2)


def ready(p: Page) -> None:
    p.wait(f"{READY} || !!document.querySelector('.py-error')", READY_TIMEOUT)
    assert p.eval(READY), f"{p.engine}: the game did not start (.py-error)"


def top(g: game.Game, pid: str) -> int:
    return len(g.pile(pid)) - 1


def placeable(g: game.Game) -> game.Move | None:
    """A move of one top card onto another column, for a card a tap does not send home."""
    for m in g.legal_moves():
        if m.src[0] == "t" and m.dst and m.dst[0] == "t" and (m.count or 1) == 1:
            if g.tap_move(m.src, top(g, m.src)) is None:
                return m
    return None


def plan(g: game.Game) -> list[game.Move] | None:
    """The moves of the four actions, in order, played on ``g``: a tap on an ace on a
    column's top (it goes home), a column move (dragged), a card that only a double tap
    moves, a single card that a tap selects and a second tap places; None when ``g``
    does not offer them all."""
    tops = [pid for pid in g.pile_ids() if pid[0] == "t" and g.pile(pid)]
    ace = next((pid for pid in tops if g.pile(pid)[-1].card.rank == 1), None)
    tap = g.tap_move(ace, top(g, ace)) if ace else None
    if tap is None:
        return None
    g.play(tap)
    drag = first_column_move(g)
    if drag is None:
        return None
    g.play(drag)
    double = next((m for pid in g.pile_ids() if pid[0] == "t" and g.pile(pid)
                   and not g.tap_move(pid, top(g, pid))
                   and (m := g.double_tap_move(pid, top(g, pid))) is not None), None)
    if double is None:
        return None
    g.play(double)
    place = placeable(g)
    return None if place is None else [tap, drag, double, place]


def test_the_game_in_each_engine(engine: str, site: Site, browser_page: Page) -> None:
    p = browser_page
    twin = find_deal("eight-off", 4, lambda g: plan(game.new_game(g.code)) is not None)
    moves = plan(game.new_game(twin.code))
    assert moves is not None
    tap, drag, double, place = moves

    # Start: a deal link.
    p.goto(f"{site.url}index.html?deal={twin.code}")
    ready(p)
    shows(p, twin, "start")

    # A tap on an ace sends it to its foundation.
    p.tap(*card_point(p, twin.pile(tap.src)[-1].card.id))
    twin.play(tap)
    shows(p, twin, "tap")

    # A drag of a legal column move.
    p.drag(*card_point(p, head_id(twin, drag)), *pile_point(p, twin, drag.dst))
    twin.play(drag)
    shows(p, twin, "drag")

    # A double tap on a card that a single tap would not move.
    p.double(*card_point(p, twin.pile(double.src)[-1].card.id))
    twin.play(double)
    shows(p, twin, "double tap")

    # Select, then place: a tap selects a card with no foundation move (the piles that
    # accept it are framed), a tap on one of them moves it there.
    time.sleep(0.6)  # not a double tap with the last one
    p.tap(*card_point(p, twin.pile(place.src)[-1].card.id))
    p.wait(f"!!document.querySelector('[data-pile=\"{place.dst}\"][data-target=\"1\"]')", 10)
    p.tap(*pile_point(p, twin, place.dst))
    twin.play(place)
    shows(p, twin, "select then place")

    # Reload keeps the game (and the worker, registered after the first start, takes over).
    p.wait(WORKER_ACTIVE, READY_TIMEOUT)
    # The first visit, page and precache, asked for each large file under one name: the
    # compressed copy that the page decoded and left for the worker (issue 25,
    # scripts/packed.py; never the file itself too), whose body crossed the wire once
    # (a solver's worker started before the service worker took over asks for the same
    # copy again, answered from the HTTP cache: 304, no body).
    for path in packed.listing(ROOT):
        forms = {k: (n, site.sent[k]) for k, n in site.requests.items()
                 if k == f"/{path}" or k.startswith(f"/{path}.")}
        names = [path] + [packed.copy_name(path, key) for key in packed.KEYS.values()]
        sizes = {(ROOT / name).stat().st_size for name in names if (ROOT / name).is_file()}
        assert len(forms) == 1 and all(sent in sizes for _, sent in forms.values()), \
            f"{engine} {path}: (requests, bytes) {forms}; {[e for e in site.log if e[1] in forms]}"
    p.reload()
    ready(p)
    shows(p, twin, "reload")
    p.wait("!!navigator.serviceWorker.controller", 30)
    # Controlled from its start, the page took the decoded files from the worker's cache.
    assert p.eval("Object.keys(window.__unpacked).length") == 0, f"{engine}: decoded on a warm start"

    # Offline reload: every request to the server now fails.
    site.offline = True
    try:
        p.reload()
        ready(p)
        shows(p, twin, "offline reload")
        # Pyodide restored from the copy in the worker's cache, before PyScript asked,
        # with the wasm static/warm-copy.js compiled from that cache.
        start = p.eval("(s => `${s.mode} ${s.copy} ${s.early} ${s.wasm}`)(window.__pyodideStart)")
        why = p.eval("window.__pyodideStart.wasmWhy")
        assert start == "restored used true early", f"{engine}: {start} ({why})"
        # the copy read as Blob slices of its data in Chromium, as a stream elsewhere
        # (static/warm-copy.js: each engine's quicker read)
        read = p.eval("window.__warmCopyRead")
        assert read == ("ranges" if engine == "chromium" else "stream"), f"{engine}: {read}"
    finally:
        site.offline = False

    # The help opens inside the page and closes back to the game.
    click(p, '[data-action="help"]')
    p.wait("(f => !!(f && f.contentDocument && f.contentDocument.readyState === 'complete'"
           " && f.contentDocument.querySelector('h1')))(document.querySelector('#help-overlay iframe'))", 30)
    assert p.eval("window.__help.isOpen()")
    p.eval("window.__help.close()")
    p.wait("!window.__help.isOpen()", 10)
    shows(p, twin, "after the help")

    # Arabic, from the settings: right to left, Latin digits in every engine (issue 25).
    click(p, '[data-action="settings"]')
    p.eval("(s => { s.value = 'ar'; s.dispatchEvent(new Event('change', {bubbles: true})); })"
           "(document.querySelector('#dlg-settings select[name=\"language\"]'))")
    p.wait("document.documentElement.lang === 'ar' && document.documentElement.dir === 'rtl'", 15)
    p.eval("document.querySelector('#dlg-settings').close()")
    shown = p.eval("[...document.querySelectorAll('[data-status=score], [data-status=moves]')]"
                   ".map(e => e.textContent)")
    assert str(twin.score) in shown[0] and str(twin.move_count) in shown[1], f"{engine}: {shown}"
    assert not any("\u0660" <= ch <= "\u0669" for ch in "".join(shown)), f"{engine}: {shown}"
    x0 = box(p, '#table .pile[data-pile="t1"]')[0]
    x9 = box(p, '#table .pile[data-pile="t8"]')[0]
    assert x0 > x9, f"{engine}: columns not right to left in Arabic"
    shows(p, twin, "Arabic")

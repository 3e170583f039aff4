"""Shared helpers for the browser tests: read the table from the DOM (SPEC §8
attributes), compare it with a CPython twin of the game, and drive cards with mouse or
touch. Used by test_play.py and the robustness tests.
"""

from __future__ import annotations

import game

CARDS_JS = """() => [...document.querySelectorAll('#table [data-card]')].map(e => [
  e.dataset.pile, +e.dataset.index, e.dataset.id, e.dataset.card, e.dataset.face])"""


def table(page) -> list[tuple]:
    return sorted(tuple(x) for x in page.evaluate(CARDS_JS))


def expected(g: game.Game) -> list[tuple]:
    return sorted(
        (pid, i, p.card.id, p.card.face, "up" if p.up else "down")
        for pid in g.pile_ids()
        for i, p in enumerate(g.pile(pid))
    )


def status(page) -> dict[str, str]:
    """The status figures, but the clock (``time``, issue 12: it runs on its own)."""
    return page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('[data-status]:not([data-status=time])')]"
        ".map(e => [e.dataset.status, e.dataset.value]))"
    )


def assert_same(page, g: game.Game) -> None:
    assert table(page) == expected(g)
    st = status(page)
    assert st == {"game": g.game, "code": g.code, "score": str(g.score),
                  "moves": str(g.move_count)}
    # Every pile has its drop area, also when empty.
    piles = page.evaluate(
        "() => [...document.querySelectorAll('#table [data-pile]:not([data-card])')]"
        ".map(e => e.dataset.pile)")
    assert sorted(piles) == sorted(g.pile_ids())
    assert_outlines(page)


def assert_outlines(page) -> None:
    """Each pile's outline sits exactly under its bottom card, with the card's size (the
    layout never drifts between the pile elements and the cards)."""
    off = page.evaluate("""() => {
      const out = [];
      for (const p of document.querySelectorAll('#table .pile')) {
        const c = document.querySelector(`#table .card[data-pile="${p.dataset.pile}"][data-index="0"]`);
        if (!c) continue;
        const a = p.getBoundingClientRect(), b = c.getBoundingClientRect();
        if (Math.abs(a.x - b.x) > 1 || Math.abs(a.y - b.y) > 1 || Math.abs(a.width - b.width) > 1)
          out.push([p.dataset.pile, a.x, a.y, a.width, b.x, b.y, b.width]);
      }
      return out; }""")
    assert off == [], f"pile outlines away from their cards: {off}"


def card_point(page, cid: str) -> tuple[float, float]:
    """A point on the visible top strip of a card."""
    box = page.locator(f'#table .card[data-id="{cid}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, box["height"] * 0.12)


def pile_point(page, g: game.Game, pid: str) -> tuple[float, float]:
    pile = g.pile(pid)
    if pile:
        return card_point(page, pile[-1].card.id)
    box = page.locator(f'#table .pile[data-pile="{pid}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def head_id(g: game.Game, move: game.Move) -> str:
    pile = g.pile(move.src)
    return pile[len(pile) - (move.count or 1)].card.id


def mouse_drag(page, a, b) -> None:
    page.mouse.move(*a)
    page.mouse.down()
    page.mouse.move((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, steps=3)
    page.mouse.move(*b, steps=3)
    page.mouse.up()


def touch_drag(page, a, b) -> None:
    cdp = page.context.new_cdp_session(page)
    steps = 6
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                          "touchPoints": [{"x": a[0], "y": a[1]}]})
    for k in range(1, steps + 1):
        x = a[0] + (b[0] - a[0]) * k / steps
        y = a[1] + (b[1] - a[1]) * k / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                              "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def first_column_move(g: game.Game, dst_kind: str = "t") -> game.Move | None:
    for m in g.legal_moves():
        if m.src[0] in "tw" and m.dst and m.dst[0] == dst_kind and m.dst != "f":
            return m
    return None


def find_deal(kind: str, cells: int, want) -> game.Game:
    for n in range(1, 3000):
        g = game.new_game(game.DealCode(kind, cells, n))
        if want(g):
            return g
    raise AssertionError("no deal found")


# --- robustness helpers (issue 6) ---------------------------------------------------

KEY_GAME = "solitaire.game"
KEY_SETTINGS = "solitaire.settings"
BACKUP = "solitaire.backup."

#: Runs Python in the page's interpreter (PyScript's ``whenDefined("py")`` wrap): for
#: reading what the app holds (never for driving it). Returns what the code evaluates to.
PY_JS = """async (code) => {
  const core = await import('/static/vendor/pyscript/core.js');
  const wrap = await core.whenDefined('py');
  const out = wrap.interpreter.runPython(code);
  return (out && typeof out.toJs === 'function') ? out.toJs() : out;
}"""


def py(page, code: str):
    """The value of the last expression of ``code`` run in the page's Pyodide."""
    return page.evaluate(PY_JS, code)


def notice(page) -> dict:
    """The notice bar: ``{"shown": bool, "kind": str|None, "text": str}``."""
    return page.evaluate("""() => { const n = document.querySelector('[data-role="notice"]');
      return {shown: !n.hidden && n.getBoundingClientRect().height > 0,
              kind: n.dataset.notice || null,
              text: n.querySelector('.notice-text').textContent}; }""")


def saved_game(page) -> game.Game:
    """The game the page saved, read back with the rules package."""
    blob = page.evaluate("k => localStorage.getItem(k)", KEY_GAME)
    assert isinstance(blob, str), "no saved game"
    return game.load_save(blob)


def buttons(page) -> dict[str, bool]:
    """Whether undo and redo are enabled."""
    return page.evaluate("""() => ({
      undo: !document.querySelector('[data-action="undo"]').disabled,
      redo: !document.querySelector('[data-action="redo"]').disabled})""")


def assert_exact(page, g: game.Game) -> None:
    """The page shows ``g`` (piles, status) with the same undo/redo availability."""
    assert_same(page, g)
    assert buttons(page) == {"undo": g.can_undo, "redo": g.can_redo}


def boots(page) -> int:
    """How many times the game's Python started in this document (its boot mark)."""
    return page.evaluate("performance.getEntriesByName('solitaire:boot').length")


RESET_PY = """
import asyncio, game
from game.ui.app import APP
from game.ui.persist import parse_settings
APP.stop_finish(say=False)
if APP.confirm.asking:
    APP.confirm.cancel()
APP.dialogs.close_all()
APP.unselect()
APP.notices.dismiss()
APP.notices.hide_reminder()
APP.welcome.hide(APP.table)
settings, _ = parse_settings(SETTINGS)
relabel = settings.language != APP.settings.language
APP.settings = settings
APP.save_settings()
APP.apply_settings()
APP.start_game(GAME)
APP.show_time()
APP.refresh_verdict()
if relabel:
    asyncio.ensure_future(APP.set_language(settings.language))
"""


def reset(page, g: game.Game | str, settings: str | None = None, lang: str = "en") -> game.Game:
    """Put the booted ``page`` (a ``warm_app`` page) in the state a fresh start on
    ``g`` (a game, or a deal code) with the saved ``settings`` (``Settings.dump()`` text,
    None: the defaults) would show, without starting Python again: any Finish for me
    stopped, question, dialog, selection, notice, reminder and welcome gone, the settings
    applied as when another tab writes them, ``g`` started as New game starts a deal.
    Waits until the page speaks ``lang`` and two frames are drawn. Returns the twin
    game (a fresh copy of ``g``) to mirror the page's moves on."""
    twin = game.new_game(g) if isinstance(g, str) else game.load_save(g.to_save())
    code = RESET_PY.replace("SETTINGS", repr(settings)).replace(
        "GAME", f"game.load_save({twin.to_save()!r})")
    py(page, code)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return twin

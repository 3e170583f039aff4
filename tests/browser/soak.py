"""Long-session driver and resource counters, shared by ``test_soak.py`` (300 actions,
exact counts) and ``bench/bench_soak.py`` (2000 actions, figures and heap).

Counters (``measure``):
- ``listeners``: live event listeners on ``window`` and on every node of the document
  (CDP ``DOMDebugger.getEventListeners``, depth -1, through shadow roots);
- ``listeners_added``: listeners added and not removed since the page started, on any
  target (an ``addEventListener`` wrapper installed by ``COUNT_LISTENERS_JS``; ``once``
  listeners are left out, the browser removes them itself);
- ``pyproxies``: Pyodide PyProxies created since ``start_tracing`` and not destroyed
  (Pyodide's own allocation tracing, ``pyproxy_alloc_map``; the map holds each proxy,
  so a leaked proxy stays counted even if JS dropped it);
- ``jsrefs``: JS objects held by Python (Pyodide's hiwire table, ``_hiwire_num_refs``);
- ``py_objects``: Python objects tracked by the garbage collector, after ``gc.collect()``;
- ``js_heap``: bytes of JS heap in use after a forced GC (CDP ``Runtime.getHeapUsage``);
- ``wasm_heap``: bytes of Pyodide's WebAssembly memory (it only grows).
"""

from __future__ import annotations

import random

from tests.browser.helpers import PY_JS, saved_game

COUNT_LISTENERS_JS = """(() => {
  const ids = new WeakMap(); let next = 1;
  const idOf = (o) => { if (!ids.has(o)) ids.set(o, next++); return ids.get(o); };
  const live = new Map(); let count = 0;
  const capture = (o) => typeof o === 'boolean' ? o : !!(o && o.capture);
  const proto = EventTarget.prototype;
  const add = proto.addEventListener, remove = proto.removeEventListener;
  proto.addEventListener = function (type, fn, opts) {
    if (fn && !(opts && opts.once)) {
      const key = `${idOf(this)}|${type}|${idOf(fn)}|${capture(opts)}`;
      if (!live.has(key)) { live.set(key, 1); count++; }
    }
    return add.call(this, type, fn, opts);
  };
  proto.removeEventListener = function (type, fn, opts) {
    if (fn && ids.has(fn)) {
      const key = `${idOf(this)}|${type}|${idOf(fn)}|${capture(opts)}`;
      if (live.delete(key)) count--;
    }
    return remove.call(this, type, fn, opts);
  };
  window.__liveListeners = () => count;
})();"""

PY_COUNTS = """
import gc, pyodide_js
gc.collect()
m = pyodide_js._module
f"{m.pyproxy_alloc_map.size} {m._hiwire_num_refs()} {len(gc.get_objects())} {m.HEAP8.length}"
"""


def start_tracing(page) -> None:
    """Turn on Pyodide's PyProxy allocation tracing (call once, after boot)."""
    page.evaluate(PY_JS, "import pyodide_js; pyodide_js._module.enable_pyproxy_allocation_tracing()")


def measure(page, cdp) -> dict[str, int]:
    pyproxies, jsrefs, py_objects, wasm = (int(v) for v in page.evaluate(PY_JS, PY_COUNTS).split())
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    listeners = 0
    for expr in ("window", "document"):
        obj = cdp.send("Runtime.evaluate", {"expression": expr})["result"]["objectId"]
        got = cdp.send("DOMDebugger.getEventListeners",
                       {"objectId": obj, "depth": 0 if expr == "window" else -1, "pierce": True})
        listeners += len(got["listeners"])
        cdp.send("Runtime.releaseObject", {"objectId": obj})
    return {
        "listeners": listeners,
        "listeners_added": int(page.evaluate("window.__liveListeners()")),
        "pyproxies": pyproxies,
        "jsrefs": jsrefs,
        "py_objects": py_objects,
        "js_heap": int(heap["usedSize"]),
        "wasm_heap": wasm,
    }


def _center(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 12)


def _card(page, cid: str) -> tuple[float, float]:
    return _center(page, f'#table .card[data-id="{cid}"]')


def drive(page, actions: int, rng: random.Random, new_every: int = 150) -> int:
    """Play ``actions`` player actions with real input: draws, drags of legal moves,
    refused drops, double clicks, undo and redo, and a new random deal of the same
    game every ``new_every`` actions. Returns how many changed the game."""
    changed = 0
    for i in range(actions):
        g = saved_game(page)
        before = g.move_count, g.can_undo, g.can_redo, g.code
        r = rng.random()
        moves = [m for m in g.legal_moves() if m.src != "s" and m.dst]
        if new_every and i % new_every == new_every - 1:
            page.keyboard.press("n")
            page.locator('[data-action="deal-random"]').click()
            confirm = page.locator('[data-role="confirm"] [data-action="confirm"]')
            if confirm.is_visible():  # a game in progress: the page asks first (issue 12)
                confirm.click()
        elif r < 0.3 and g.game == "easy-harp":
            page.mouse.click(*_center(page, '#table [data-pile="s"]'))
        elif r < 0.6 and moves:
            m = rng.choice(moves)
            src = g.pile(m.src)
            x0, y0 = _card(page, src[len(src) - (m.count or 1)].card.id)
            dst = g.pile(m.dst)
            x1, y1 = _card(page, dst[-1].card.id) if dst else _center(
                page, f'#table .pile[data-pile="{m.dst}"]')
            page.mouse.move(x0, y0)
            page.mouse.down()
            page.mouse.move(x1, y1, steps=3)
            page.mouse.up()
        elif r < 0.68 and len([p for p in g.pile_ids() if p[0] == "t" and g.pile(p)]) > 1:
            # A drop the rules refuse (or a no-op): the card goes back.
            cols = [p for p in g.pile_ids() if p[0] == "t" and g.pile(p)]
            a, b = rng.sample(cols, 2)
            page.mouse.move(*_card(page, g.pile(a)[-1].card.id))
            page.mouse.down()
            page.mouse.move(*_card(page, g.pile(b)[-1].card.id), steps=3)
            page.mouse.up()
        elif r < 0.76:
            cols = [p for p in g.pile_ids() if p[0] == "t" and g.pile(p)]
            page.mouse.dblclick(*_card(page, g.pile(rng.choice(cols))[-1].card.id))
        elif r < 0.9 and g.can_undo:
            page.locator('[data-action="undo"]').click()
        elif g.can_redo:
            page.locator('[data-action="redo"]').click()
        elif g.game == "easy-harp":
            page.keyboard.press("Control+z")
        after = saved_game(page)
        changed += (after.move_count, after.can_undo, after.can_redo, after.code) != before
    return changed

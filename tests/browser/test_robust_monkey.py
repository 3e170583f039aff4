"""Wild input (issue 6 point 5): a seeded monkey sends random pointer and keyboard
events to the live page of each game, and after every burst the page must be whole.

Events: mouse taps and double taps on cards, piles and empty table, mouse drags that
end anywhere (also outside the window), touch taps and touch drags that end with
``touchend`` or ``touchcancel`` (pointercancel), presses without release followed by a
second pointer, Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z / N / Escape, and the undo/redo buttons.

After each burst (checked against the rules package, not the app's own view):
- every physical card of the game is in the DOM exactly once;
- the DOM shows exactly the game saved in ``localStorage`` (read with
  ``game.load_save``): piles, faces, status, undo/redo buttons;
- no card floats: no ``.dragging``, each card's transform is its place in
  ``game.ui.layout`` for that position, and its z-index is its pile index + 1;
- no console error and no uncaught error.

Reproduce a failure with ``MONKEY_SEED=<seed> pytest -k monkey``; the failing burst and
its events are in the assertion message.
"""

from __future__ import annotations

import os
import random
import re

import pytest

import game
from game.ui import layout
from tests.browser.helpers import assert_exact, saved_game

pytestmark = pytest.mark.context(reduced_motion="reduce")

SEED = int(os.environ.get("MONKEY_SEED", "20261130"))
BURSTS = int(os.environ.get("MONKEY_BURSTS", "10"))
EVENTS_PER_BURST = 120
W, H = 1000, 700

RECTS_JS = """() => {
  const out = {};
  for (const e of document.querySelectorAll('#table [data-pile]')) {
    const r = e.getBoundingClientRect();
    out[(e.dataset.id || e.dataset.pile) + (e.dataset.card ? '' : '#pile')] =
      [r.x, r.y, r.width, r.height, e.dataset.card ? +e.dataset.index : -1];
  }
  return out;
}"""

CARDS_JS = """() => [...document.querySelectorAll('#table .card')].map(e => [
  e.dataset.id, e.dataset.pile, +e.dataset.index, e.style.transform, e.style.zIndex,
  e.classList.contains('dragging')])"""

NUM = re.compile(r"-?\d+(?:\.\d+)?")


class Monkey:
    """Random input for one page; counts the low-level events it sends."""

    def __init__(self, page, rng: random.Random):
        self.page, self.rng = page, rng
        self.cdp = page.context.new_cdp_session(page)
        self.events = 0
        self.log: list[str] = []
        self.rects: dict = {}

    def refresh(self) -> None:
        self.rects = self.page.evaluate(RECTS_JS)

    def point(self, anywhere: bool = False) -> tuple[float, float]:
        r = self.rng
        if anywhere and r.random() < 0.3:  # outside the window or on its edge
            return r.choice([(-40.0, r.uniform(0, H)), (W + 30.0, r.uniform(0, H)),
                             (r.uniform(0, W), H + 50.0), (r.uniform(0, W), -20.0),
                             (0.0, 0.0), (W - 1.0, H - 1.0)])
        if self.rects and r.random() < 0.85:
            x, y, w, h, _i = self.rects[r.choice(list(self.rects))]
            # Mostly the visible top strip of a card, sometimes anywhere on it.
            dy = r.uniform(0, min(h, 18.0)) if r.random() < 0.7 else r.uniform(0, h)
            return x + r.uniform(2, max(3.0, w - 2)), y + dy
        return r.uniform(0, W), r.uniform(60, H)

    def centre(self, key: str) -> tuple[float, float]:
        x, y, w, h, _i = self.rects[key]
        return x + w / 2, y + min(h / 2, 14.0)

    def legal_drag(self) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The points of a legal move of the saved game (from its rules), if any."""
        g = saved_game(self.page)
        moves = [mv for mv in g.legal_moves() if mv.src != "s" and mv.dst]
        if not moves:
            return None
        mv = self.rng.choice(moves)
        pile = g.pile(mv.src)
        head = pile[len(pile) - (mv.count or 1)].card.id
        dst = g.pile(mv.dst)
        self.refresh()
        return self.centre(head), self.centre(dst[-1].card.id if dst else mv.dst + "#pile")

    def touch(self, kind: str, x: float | None = None, y: float | None = None) -> None:
        points = [] if x is None else [{"x": max(0.0, min(W - 1.0, x)), "y": max(0.0, min(H - 1.0, y))}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        self.events += 1

    def act(self) -> None:
        r, m, kb = self.rng, self.page.mouse, self.page.keyboard
        kind = r.choices(
            ["tap", "double", "drag", "touch-tap", "touch-drag", "key", "button", "press-two"],
            weights=[24, 12, 26, 8, 12, 8, 6, 4])[0]
        self.log.append(kind)
        if kind == "tap":
            m.click(*self.point())
            self.events += 3
        elif kind == "double":
            m.dblclick(*self.point())
            self.events += 6
        elif kind == "drag":
            a, b = self.point(), self.point(anywhere=True)
            if r.random() < 0.4:  # now and then a legal move, so that the game goes on
                a, b = self.legal_drag() or (a, b)
            m.move(*a)
            m.down()
            steps = r.randint(1, 6)
            m.move(*b, steps=steps)
            m.up()
            self.events += steps + 3
        elif kind == "touch-tap":
            x, y = self.point()
            self.touch("touchStart", x, y)
            self.touch("touchEnd")
        elif kind == "touch-drag":
            (ax, ay), (bx, by) = self.point(), self.point(anywhere=True)
            self.touch("touchStart", ax, ay)
            steps = r.randint(1, 5)
            for k in range(1, steps + 1):
                self.touch("touchMove", ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps)
            self.touch(r.choice(["touchEnd", "touchCancel"]))
        elif kind == "key":
            key = r.choice(["Control+z", "Control+y", "Control+Shift+Z", "n", "Escape", "Escape"])
            kb.press(key)
            self.events += 2
        elif kind == "button":
            action = r.choice(["undo", "redo", "undo"])
            self.page.locator(f'[data-action="{action}"]').dispatch_event("click")
            self.events += 1
        else:  # a mouse press held while a touch comes and goes, then released elsewhere
            m.move(*self.point())
            m.down()
            x, y = self.point()
            self.touch("touchStart", x, y)
            self.touch("touchEnd")
            m.move(*self.point(anywhere=True), steps=2)
            m.up()
            self.events += 5
        if r.random() < 0.15:
            self.refresh()


def check_whole(page, g: game.Game) -> None:
    """Every card once, the DOM is the saved game, nothing floating."""
    cards = page.evaluate(CARDS_JS)
    ids = [c[0] for c in cards]
    every = sorted(p.card.id for pid in g.pile_ids() for p in g.pile(pid))
    assert sorted(ids) == every and len(set(ids)) == len(ids), "cards missing or doubled"
    assert_exact(page, g)
    table = page.locator("#table").bounding_box()
    rtl = page.evaluate("document.documentElement.dir") == "rtl"
    cols = {pid: [p.up for p in g.pile(pid)] for pid in g.pile_ids() if pid[0] == "t"}
    waste = len(g.pile("w")) if "w" in g.pile_ids() else 0  # its top cards are fanned (issue 11)
    lay = layout.compute(g.game, g.cells, table["width"], table["height"], rtl, cols, waste)
    for cid, pid, index, transform, z, dragging in cards:
        assert not dragging, f"{cid} is still dragged"
        x, y = layout.card_xy(lay, pid, index)
        got = [float(v) for v in NUM.findall(transform)]
        assert len(got) == 2 and abs(got[0] - x) < 0.11 and abs(got[1] - y) < 0.11, (
            f"{cid} at {transform}, its place is ({x:.1f}, {y:.1f})")
        assert z == str(index + 1), f"{cid} has z-index {z}, not {index + 1}"


@pytest.mark.viewport((W, H, True))
@pytest.mark.parametrize("code", ["EH1-N-AAAAAAF", "EO1-C4-AAAAAAH"])
def test_monkey(open_app, page, page_log, code):
    seed = SEED + sum(map(ord, code))
    rng = random.Random(seed)
    open_app(f"/index.html?deal={code}")
    monkey = Monkey(page, rng)
    monkey.refresh()
    for burst in range(BURSTS):
        start = monkey.events
        monkey.log = []
        while monkey.events - start < EVENTS_PER_BURST:
            monkey.act()
        page.keyboard.press("Escape")  # close a dialog the keys may have opened
        page.wait_for_timeout(300)  # the settle timer puts flown cards back at their depth
        where = f"seed {seed}, burst {burst}: {' '.join(monkey.log)}"
        assert not page_log.problems(), f"{where}\n{page_log.problems()}"
        try:
            check_whole(page, saved_game(page))
        except AssertionError as err:
            raise AssertionError(f"{where}\n{err}") from err
        monkey.refresh()
    moved = page.evaluate("+document.querySelector('[data-status=moves]').dataset.value")
    print(f"{code}: {monkey.events} events in {BURSTS} bursts, {moved} actions played")
    assert moved > 10  # the monkey really played

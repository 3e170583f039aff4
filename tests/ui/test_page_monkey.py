"""Wild input under CPython (issue 6 point 5; moved from tests/browser/test_robust_monkey.py
by issue 23 point 6): a seeded monkey sends random pointer and keyboard events to the
page of each game, and after every burst the page must be whole.

Events: mouse taps and double taps on cards, piles and empty table, drags that end
anywhere (also outside the window), touch taps and touch drags that end with
``pointerup`` or ``pointercancel``, a press held while a second pointer comes and goes,
Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z / N / Escape, and the undo/redo buttons.

After each burst: every card of the game is on the table once, at its place in the
layout, none dragged, its z-index its pile index + 1, the table is the saved game
(``Driver.check_all``). A listener that raises fails the test at once (the fake
browser lets its exceptions through, where Chromium would log them).

Reproduce a failure with ``MONKEY_SEED=<seed> pytest -k monkey``; the failing burst and
its events are in the assertion message.
"""

from __future__ import annotations

import os
import random

import pytest
from pagedriver import Driver

import game

SEED = int(os.environ.get("MONKEY_SEED", "20261130"))
BURSTS = int(os.environ.get("MONKEY_BURSTS", "10"))
EVENTS_PER_BURST = 120
W, H = 1000, 700


class Monkey:
    """Random input for one page; counts the low-level events it sends."""

    def __init__(self, d: Driver, rng: random.Random) -> None:
        self.d, self.rng = d, rng
        self.events = 0
        self.log: list[str] = []

    def rects(self) -> list[tuple[float, float, float, float]]:
        return [self.d.box(e) for e in self.d.doc.querySelectorAll("#table [data-pile]")]

    def point(self, anywhere: bool = False) -> tuple[float, float]:
        r = self.rng
        if anywhere and r.random() < 0.3:  # outside the window or on its edge
            return r.choice([(-40.0, r.uniform(0, H)), (W + 30.0, r.uniform(0, H)),
                             (r.uniform(0, W), H + 50.0), (r.uniform(0, W), -20.0),
                             (0.0, 0.0), (W - 1.0, H - 1.0)])
        rects = self.rects()
        if rects and r.random() < 0.85:
            x, y, w, h = r.choice(rects)
            dy = r.uniform(0, min(h, 18.0)) if r.random() < 0.7 else r.uniform(0, h)
            return x + r.uniform(2, max(3.0, w - 2)), y + dy
        return r.uniform(0, W), r.uniform(60, H)

    def legal_drag(self) -> tuple[tuple[float, float], tuple[float, float]] | None:
        g = self.d.g
        moves = [mv for mv in g.legal_moves() if mv.src != "s" and mv.dst]
        if not moves:
            return None
        mv = self.rng.choice(moves)
        a = self.d.point(mv.src, len(g.pile(mv.src)) - (mv.count or 1))
        x, y, w, h = self.d.box(self.d.q(f'#table .pile[data-pile="{mv.dst}"]'))
        return a, (x + w / 2, y + h / 2)

    def send(self, kind: str, x: float, y: float, *, pid: int = 1, touch: bool = False,
             wait: float = 8) -> None:
        self.d.br.pointer(kind, x, y, pointer_id=pid, touch=touch)
        self.d.br.advance(wait)
        self.events += 1

    def gesture(self, a: tuple[float, float], b: tuple[float, float], steps: int, *,
                touch: bool = False, end: str = "pointerup") -> None:
        self.send("pointerdown", *a, touch=touch)
        for k in range(1, steps + 1):
            self.send("pointermove", a[0] + (b[0] - a[0]) * k / steps,
                      a[1] + (b[1] - a[1]) * k / steps, touch=touch)
        self.send(end, *b, touch=touch)

    def act(self) -> None:
        r, br = self.rng, self.d.br
        kind = r.choices(
            ["tap", "double", "drag", "touch-tap", "touch-drag", "key", "button", "press-two"],
            weights=[24, 12, 26, 8, 12, 8, 6, 4])[0]
        self.log.append(kind)
        if kind == "tap":
            p = self.point()
            self.gesture(p, p, 0)
        elif kind == "double":
            p = self.point()
            self.gesture(p, p, 0)
            self.gesture(p, p, 0)
        elif kind == "drag":
            a, b = self.point(), self.point(anywhere=True)
            if r.random() < 0.4:  # now and then a legal move, so that the game goes on
                a, b = self.legal_drag() or (a, b)
            self.gesture(a, b, r.randint(1, 6))
        elif kind == "touch-tap":
            p = self.point()
            self.gesture(p, p, 0, touch=True)
        elif kind == "touch-drag":
            self.gesture(self.point(), self.point(anywhere=True), r.randint(1, 5), touch=True,
                         end=r.choice(["pointerup", "pointercancel"]))
        elif kind == "key":
            key, mods = r.choice([("z", {"ctrl": True}), ("y", {"ctrl": True}),
                                  ("Z", {"ctrl": True, "shift": True}), ("n", {}),
                                  ("Escape", {}), ("Escape", {})])
            self.d.key(key, on_table=r.random() < 0.5, **mods)
            self.events += 2
        elif kind == "button":
            action = r.choice(["undo", "redo", "undo"])
            br.click(self.d.q(f'.bar [data-action="{action}"]'))
            self.events += 1
        else:  # a mouse press held while a touch comes and goes, then released elsewhere
            a = self.point()
            self.send("pointerdown", *a)
            t = self.point()
            self.send("pointerdown", *t, pid=2, touch=True)
            self.send("pointerup", *t, pid=2, touch=True)
            b = self.point(anywhere=True)
            self.send("pointermove", *b)
            self.send("pointerup", *b)
        br.advance(r.choice([0, 20, 120, 400]))


def check_whole(d: Driver) -> None:
    """Every card once, the table is the saved game, nothing floating."""
    d.check_all()
    for e in d.doc.querySelectorAll("#table .card"):
        assert not e.classList.contains("dragging"), f"{e.attrs['data-id']} is still dragged"
        assert e.style.zIndex == str(int(e.attrs["data-index"]) + 1), (
            f"{e.attrs['data-id']} has z-index {e.style.zIndex}")
    every = sorted(p.card.id for pid in d.g.pile_ids() for p in d.g.pile(pid))
    ids = [e.attrs["data-id"] for e in d.doc.querySelectorAll("#table .card")]
    assert sorted(ids) == every


@pytest.mark.parametrize("code", ["EH1-N-AAAAAAF", "EO1-C4-AAAAAAH"])
def test_monkey(code):
    seed = SEED + sum(map(ord, code))
    rng = random.Random(seed)
    d = Driver(code, viewport=(W, H))
    monkey = Monkey(d, rng)
    for burst in range(BURSTS):
        start = monkey.events
        monkey.log = []
        while monkey.events - start < EVENTS_PER_BURST:
            monkey.act()
        d.key("Escape")  # close a dialog the keys may have opened
        d.br.advance(300)  # the settle timer puts flown cards back at their depth
        where = f"seed {seed}, burst {burst}: {' '.join(monkey.log)}"
        try:
            check_whole(d)
        except AssertionError as err:
            raise AssertionError(f"{where}\n{err}") from err
    saved = game.load_save(d.br.store.data["solitaire.game"])
    assert saved.move_count > 10  # the monkey really played

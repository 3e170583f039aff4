#!/usr/bin/env python3
"""Write ``static/empty-table.js``: the empty table of every game, as the real layout
(``game/ui/layout.py``) places it, for any table size (issue 14 point 1).

A first visit has no picture of the table to show (static/prepaint.js) and Python is
still downloading, yet the player should see the felt and the empty piles of the game
they will get at once, where the game will put them. Rather than a second copy of the
layout rules in JavaScript, ``layout.compute`` itself is *traced*: it is run with the
table's width and height as symbolic numbers (``Num``) that record every arithmetic
operation into an expression graph, and with ``min``/``max`` (looked up in the module's
globals first) recording ``min``/``max`` nodes. The few real branches of the layout
(is the table low and wide enough to put the band beside the columns? which band gives
the largest card?) are comparisons: each one is taken with the concrete sizes of a
sample table and recorded with its outcome. A *path* is one sequence of outcomes; the
tables of a grid of sizes find every path. The page evaluates, in a few dozen lines
of JavaScript (``static/prepaint.js``, ``emptyTable``), the first path whose recorded
comparisons all come out the same for its table, then the card size and the pile
places of that path: the same IEEE double operations in the same order as Python, so
the same numbers (no rounding of its own; the DOM is written to 0.1 px as Python does).

Output: ``window.__emptyTable = {v, sources, sprite, cards, games: {VARIANT: {piles, html, nodes, flags}}}``
with VARIANT ``easy-harp``, ``eight-off-8``, ``eight-off-4``, ``eight-off-2``;
``nodes`` a list of ``[op, a, b]`` (op ``W``/``H`` the table's width and height in px,
``+ - * / min max``; an argument is a node index, or ``[number]`` a constant);
``flags`` ``{"RL": paths}`` with ``R`` right to left and ``L`` left-handed (``"00"`` ..
``"11"``), paths a list of ``{when: [[a, b, op, outcome], ...], cw, ch, at: [[x, y] per
pile]}``. ``piles`` are the pile ids in document order (``Game.pile_ids()``),
``html`` their elements as ``render.pile_html`` writes them (without a place),
``sprite`` the ``<svg>`` of the suit symbols that the foundation slots show, ``cards``
the whole card sprite (``cardart.sprite()``) for the saved picture of the table,
``sources`` the digest of the files it was made from (``SOURCES``).

``tests/ui/test_empty_table.py`` checks that the file was made from the current layout
(regenerate after any change to it: ``python3 scripts/empty_table.py``, about 30 s) and
that the programs give exactly ``layout.compute``'s places for random table sizes.

    python3 scripts/empty_table.py [--check]
"""

from __future__ import annotations

import argparse
import builtins
import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import game  # noqa: E402
from game.ui import cardart, layout, render  # noqa: E402

OUT = ROOT / "static" / "empty-table.js"
VERSION = 1
#: (variant name, game, cells, a deal code of that variant for its pile ids) of every
#: shipped variant (the registry's, ``game.STAT_VARIANTS``: a game a test registers is
#: not drawn by the page's first paint).
VARIANTS = tuple((v.name, v.game, v.cells, str(game.DealCode(v.game, v.cells, 1)))
                 for v in game.variants() if v.name in game.STAT_VARIANTS)
#: The sample tables that find the paths: widths and heights in px (the layout's own
#: floors are 200 x 160 px; every branch lies well inside this range).
GRID_W = range(150, 3200, 24)
GRID_H = range(100, 2200, 24)
CMP = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
       ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


class Tracer:
    """The expression graph of one game and one pair of flags, shared by its paths:
    equal expressions are one node (hash-consed), and the comparisons of the current
    trace are recorded in ``when``."""

    def __init__(self) -> None:
        self.nodes: list[list[Any]] = []
        self.index: dict[tuple[Any, ...], int] = {}
        self.when: list[list[Any]] = []

    def node(self, op: str, *args: Any) -> int:
        key = (op, *(tuple(a) if isinstance(a, list) else a for a in args))
        if key not in self.index:
            self.index[key] = len(self.nodes)
            self.nodes.append([op, *args])
        return self.index[key]


class Num:
    """A number of the traced layout: its value for the sample table (``v``) and its
    expression (``ref``: a node of the tracer)."""

    __slots__ = ("t", "ref", "v")

    def __init__(self, t: Tracer, ref: int, v: float) -> None:
        self.t, self.ref, self.v = t, ref, v

    def _arg(self, o: Any) -> Any:
        return o.ref if isinstance(o, Num) else [o]

    def _op(self, op: str, a: Any, b: Any, v: float) -> Num:
        return Num(self.t, self.t.node(op, self._arg(a), self._arg(b)), v)

    def __add__(self, o: Any) -> Num:
        return self._op("+", self, o, self.v + _v(o))

    def __radd__(self, o: Any) -> Num:
        return self._op("+", o, self, _v(o) + self.v)

    def __sub__(self, o: Any) -> Num:
        return self._op("-", self, o, self.v - _v(o))

    def __rsub__(self, o: Any) -> Num:
        return self._op("-", o, self, _v(o) - self.v)

    def __mul__(self, o: Any) -> Num:
        return self._op("*", self, o, self.v * _v(o))

    def __rmul__(self, o: Any) -> Num:
        return self._op("*", o, self, _v(o) * self.v)

    def __truediv__(self, o: Any) -> Num:
        return self._op("/", self, o, self.v / _v(o))

    def __rtruediv__(self, o: Any) -> Num:
        return self._op("/", o, self, _v(o) / self.v)

    def _cmp(self, op: str, o: Any) -> bool:
        outcome = CMP[op](self.v, _v(o))
        self.t.when.append([self._arg(self), self._arg(o), op, outcome])
        return outcome

    def __lt__(self, o: Any) -> bool:
        return self._cmp("<", o)

    def __le__(self, o: Any) -> bool:
        return self._cmp("<=", o)

    def __gt__(self, o: Any) -> bool:
        return self._cmp(">", o)

    def __ge__(self, o: Any) -> bool:
        return self._cmp(">=", o)

    def __bool__(self) -> bool:
        raise TypeError("the layout branched on a traced number without comparing it")


def _v(o: Any) -> float:
    return o.v if isinstance(o, Num) else o


def _fold(op: str) -> Callable[..., Any]:
    """``min``/``max`` as the layout calls them: plain numbers as the builtin does,
    traced ones as one node per pair, left to right (the builtin keeps the first of
    equal values; Math.min/max give the same number)."""
    plain = getattr(builtins, op)

    def fold(*args: Any) -> Any:
        items = list(args[0]) if len(args) == 1 else list(args)
        if not any(isinstance(a, Num) for a in items):
            return plain(items)
        acc = items[0]
        for item in items[1:]:
            value = plain(_v(acc), _v(item))
            t = acc.t if isinstance(acc, Num) else item.t
            acc = Num(t, t.node(op, Num._arg(acc, acc), Num._arg(acc, item)), value)
        return acc

    return fold


def trace(t: Tracer, kind: str, cells: int, width: float, height: float, rtl: bool,
          left_handed: bool) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Run ``layout.compute`` for an empty table of ``width`` x ``height`` px with
    traced sizes; returns (the path's signature, its outputs as node references)."""
    t.when = []
    w = Num(t, t.node("W"), width)
    h = Num(t, t.node("H"), height)
    layout.min, layout.max = _fold("min"), _fold("max")  # type: ignore[attr-defined]
    try:
        lay = layout.compute(kind, cells, w, h, rtl, {}, 0, left_handed)  # type: ignore[arg-type]
    finally:
        del layout.min, layout.max  # type: ignore[attr-defined]
    when = [c for c in t.when if not (isinstance(c[0], list) and isinstance(c[1], list))]

    def ref(x: Any) -> Any:
        return x.ref if isinstance(x, Num) else [x]

    out = {"cw": ref(lay.card_w), "ch": ref(lay.card_h),
           "slots": {pid: [ref(r.x), ref(r.y)] for pid, r in lay.slots.items()}}
    sig = tuple((json.dumps(a), json.dumps(b), op, r) for a, b, op, r in when)
    return sig, {"when": when, **out}


def samples() -> Iterator[tuple[float, float]]:
    """The grid of sample tables (half pixels off the grid lines, as a real table's
    size rarely is a whole number)."""
    for width in GRID_W:
        for height in GRID_H:
            yield width + 0.5, height + 0.25


def discover(kind: str, cells: int) -> list[tuple[float, float]]:
    """One sample table per path of the layout of ``kind``/``cells`` (the branches do
    not depend on the flags: right to left and left-handed only move piles)."""
    t = Tracer()
    found: dict[tuple[Any, ...], tuple[float, float]] = {}
    for width, height in samples():
        sig, _ = trace(t, kind, cells, width, height, False, False)
        found.setdefault(sig, (width, height))
    return list(found.values())


def program(t: Tracer, kind: str, cells: int, rtl: bool, left_handed: bool, piles: list[str],
            points: list[tuple[float, float]]) -> list[dict[str, Any]]:
    """The paths of one game and pair of flags (their nodes go to ``t``)."""
    paths = []
    seen = set()
    for width, height in points:
        sig, out = trace(t, kind, cells, width, height, rtl, left_handed)
        if sig in seen:
            continue
        seen.add(sig)
        paths.append({"when": out["when"], "cw": out["cw"], "ch": out["ch"],
                      "at": [out["slots"][pid] for pid in piles]})
    return paths


def build() -> dict[str, Any]:
    """Everything ``static/empty-table.js`` holds, as a JSON-ready dict."""
    games = {}
    for name, kind, cells, code in VARIANTS:
        g = game.new_game(code)
        piles = list(g.pile_ids())
        html = [render.pile_html(pid, (0.0, 0.0), "", g.foundation_suit(pid) if pid[0] == "f" else "")
                .replace(' aria-label=""', "").replace(' style="transform:translate(0.0px,0.0px)"', "")
                for pid in piles]
        points = discover(kind, cells)
        t = Tracer()
        flags = {f"{int(r)}{int(lh)}": program(t, kind, cells, r, lh, piles, points)
                 for r in (False, True) for lh in (False, True)}
        games[name] = {"piles": piles, "html": html, "nodes": t.nodes, "flags": flags}
    # The suit symbols the foundation slots show (the game's own sprite replaces them).
    sprite = cardart.sprite()
    sprite = sprite[:sprite.index("<symbol")] + "".join(
        f'<symbol id="suit-{s}" viewBox="0 0 100 100"><path d="{d}"/></symbol>'
        for s, d in cardart.SUIT_PATHS.items()) + "</svg>"
    # Every suit and face symbol: what the cards of a saved picture of the table show
    # (static/prepaint.js draws the picture from data, with these symbols; issue 27).
    return {"v": VERSION, "sources": sources_digest(), "sprite": sprite,
            "cards": cardart.sprite(), "games": games}


#: The files whose content the output follows: the file records their digest, and the
#: test fails (fast, without tracing again) when one of them changed since.
SOURCES = ("game/ui/layout.py", "game/ui/render.py", "game/ui/cardart.py",
           "scripts/empty_table.py")


def sources_digest() -> str:
    """SHA-256 (first 16 hex digits) over the ``SOURCES`` files' paths and bytes, and
    the facts of each shipped variant the layout reads from the registry (its piles,
    the table's bands, a typical deep column: written in the game's file)."""
    digest = hashlib.sha256()
    for rel in SOURCES:
        digest.update(rel.encode() + b"\0" + (ROOT / rel).read_bytes() + b"\0")
    for name, *_ in VARIANTS:
        v = game.variant_info(name)
        digest.update(repr((v.name, v.pile_ids, v.bands, v.typical_column)).encode() + b"\0")
    return digest.hexdigest()[:16]


def read(path: Path = OUT) -> dict[str, Any]:
    """The data of a written file (the JSON after ``window.__emptyTable =``)."""
    body = path.read_text(encoding="utf-8")
    return dict(json.loads(body[body.index("{"):body.rindex("}") + 1]))


def text(data: dict[str, Any]) -> str:
    """The file's text for ``data``."""
    body = json.dumps(data, separators=(",", ":"))
    return (
        "// Generated by scripts/empty_table.py from game/ui/layout.py: do not edit.\n"
        "// The empty table of each game for any table size (issue 14 point 1); read by\n"
        "// static/prepaint.js on a first visit.\n"
        f"window.__emptyTable = {body};\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    args = parser.parse_args(argv)
    if args.check:
        if not OUT.is_file() or read().get("sources") != sources_digest():
            print(f"{OUT.relative_to(ROOT)} is stale: run python3 scripts/empty_table.py")
            return 1
        return 0
    new = text(build())
    OUT.write_text(new, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({len(new.encode())} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

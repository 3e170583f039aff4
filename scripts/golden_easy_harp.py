"""Write tests/data/easy-harp-golden.json: a won game of one Easy Harp deal, found by a
best-first search with the rules engine, with position checkpoints (issue 9 point 5).

Not a solver for players (that is game/solver*.py): a one-off search that may take a
minute, run again only when a rule changes on purpose. The test
(tests/unit/test_golden.py) replays the moves with ``Game.play`` and compares the
score, move count and position text at every checkpoint.

Usage: python3 scripts/golden_easy_harp.py [--code EH1-N-AAAAAAC] [--every 50]
       [--budget 20000] [--out tests/data/easy-harp-golden.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import game  # noqa: E402
from game import engine  # noqa: E402
from game.position import Position  # noqa: E402


def _value(pos: Position) -> int:
    """Search priority (higher first): cards on foundations, face-down cards turned,
    few face-up cards lying on face-down ones (runs cannot move off them), empty
    columns, few cards left in stock and waste."""
    lay = pos.layout
    found = sum(len(pos.piles[i]) for i in lay.found_ix)
    down = sum(pos.down)
    buried = sum(len(pos.piles[i]) - pos.down[i] for i in range(lay.columns) if pos.down[i])
    empty = sum(1 for i in range(lay.columns) if not pos.piles[i])
    left = len(pos.piles[lay.stock_ix]) + len(pos.piles[lay.waste_ix])
    return found * 10 - down * 30 - buried * 8 + empty * 15 - left


def _useful(pos: Position, move: game.Move) -> bool:
    """Prune moves that only shuffle: take-backs from foundations and a whole column
    into an empty one."""
    lay = pos.layout
    s, d = lay.index[move.src], lay.index[move.dst or "s"]
    if lay.kind[s] == "f":
        return False
    if lay.kind[s] == "t":
        col = pos.piles[s]
        if move.count == len(col) and not pos.piles[d] and not pos.down[s]:
            return False
    return True


def _children(pos: Position) -> list[tuple[list[game.Move], Position]]:
    """Macro moves: every useful non-stock move now, and for each number k of stock
    taps (one whole round of stock and waste), the waste card's moves after k taps.
    Returns (moves, resulting position) pairs."""
    rules = engine.RULES[pos.layout.game]
    ix = pos.layout.index
    out = []

    def play(p: Position, mv: game.Move) -> Position:
        assert mv.dst is not None and mv.count is not None
        return engine.apply(p, ix[mv.src], ix[mv.dst], mv.count)[0]

    for mv in rules.legal_moves(pos):
        if mv.dst is not None and _useful(pos, mv):
            out.append(([mv], play(pos, mv)))
    lay = pos.layout
    rounds = len(pos.piles[lay.stock_ix]) + len(pos.piles[lay.waste_ix]) + 1
    p = pos
    for k in range(1, rounds):
        if rules.check_draw(p) is not None:
            break
        p = rules.draw(p)
        for mv in rules.legal_moves(p):
            if mv.src == "w" and _useful(p, mv):
                out.append(([game.Move("s")] * k + [mv], play(p, mv)))
    return out


def _key(pos: Position) -> tuple[object, ...]:
    """Positions that differ only in where the stock ends and the waste begins are the
    same for winning (stock taps reach every split, SPEC §4): one key for them."""
    lay = pos.layout
    ring = pos.piles[lay.waste_ix] + pos.piles[lay.stock_ix][::-1]
    rest = tuple(p for i, p in enumerate(pos.piles) if i not in (lay.stock_ix, lay.waste_ix))
    return rest, ring, pos.down


def search(code: str, budget: int) -> list[game.Move] | None:
    """A winning move list for deal ``code`` within ``budget`` expanded positions:
    depth-first, best child first (by :func:`_value`), never the same position twice
    (up to the stock/waste split, :func:`_key`)."""
    start = game.new_game(code).board
    seen = {_key(start)}
    stack: list[tuple[Position, list[game.Move]]] = [(start, [])]
    best = 0
    while stack and budget > 0:
        pos, path = stack.pop()
        budget -= 1
        if pos.is_won:
            return path
        best = max(best, sum(len(pos.piles[i]) for i in pos.layout.found_ix))
        if budget % 5000 == 0:
            print(f"  {budget} positions left, best {best} cards home", file=sys.stderr)
        children = []
        for mvs, nxt in _children(pos):
            key = _key(nxt)
            if key not in seen:
                seen.add(key)
                children.append((_value(nxt), len(children), mvs, nxt))
        children.sort()
        for _, _, mvs, nxt in children:  # the best child is pushed last, popped first
            stack.append((nxt, path + mvs))
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--code", default="EH1-N-AAAAAAC")
    ap.add_argument("--every", type=int, default=50)
    ap.add_argument("--budget", type=int, default=20_000)
    ap.add_argument("--out", default=str(ROOT / "tests" / "data" / "easy-harp-golden.json"))
    args = ap.parse_args()
    moves = search(args.code, args.budget)
    if moves is None:
        print(f"no win found for {args.code} within {args.budget} positions", file=sys.stderr)
        return 1
    g = game.new_game(args.code)
    checkpoints = []
    for i, mv in enumerate(moves, 1):
        g.play(mv)
        if i % args.every == 0 or i == len(moves):
            checkpoints.append({"after": i, "score": g.score, "position": g.position()})
    assert g.is_won
    data = {
        "about": "A won Easy Harp game written by scripts/golden_easy_harp.py; see "
                 "tests/data/README.md.",
        "code": args.code,
        "moves": [str(m) for m in moves],
        "checkpoints": checkpoints,
    }
    Path(args.out).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{args.code}: won in {len(moves)} moves, score {g.score}; wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

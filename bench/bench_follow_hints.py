"""Benchmark: a player who follows every hint (issue 24 point 4; not a test).

From the deal, each action is the hint the page would give, by the page's own rules
(``game/ui/assist.py``, ``game/ui/slicer.py``): the position's winning line when one is
known (a line is remembered for a position and followed, ``Slicer.follow``), else the
indicator's search (``game.Search``, ``"auto"``, ``VERDICT_NODES``); its first move
unless that is a stock tap or leads back to a position the game came through
(``game.leads_back``), else ``game.hint_and_line`` with ``LINE_HINT_NODES`` from that
line (the worker's answer), whose line is remembered in turn. Stops at a win, at a
position whose verdict is not "winnable", or after ``--actions`` actions.

Prints per deal: the actions played, how it ended, the cards on the foundations, the **repeats** (a move on the
table played from a position, by its solver key, that the game had been in before)
and the **bounces** (a card put on a column from another column or a foundation, then
moved back where it came from within 20 actions), and the CPU seconds. A tester saw
9♠ hinted t4-t7, t7-t4, t4-t7... for ever on deal EH1-N-AAAAABC.

Usage:
    python3 bench/bench_follow_hints.py [--actions 400] EH1-N-AAAAABC [...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game  # noqa: E402
from game.solver.adapter import read_state  # noqa: E402
from game.ui.slicer import LINE_HINT_NODES, VERDICT_NODES, Slicer  # noqa: E402

BOUNCE_WINDOW = 20  # actions within which a card moved back counts as a bounce


def follow(code: str, actions: int) -> dict[str, object]:
    """Follow the hints of deal ``code`` (module docstring); the figures of one deal."""
    g = game.new_game(code)
    sl = Slicer(clock=time.perf_counter)
    prev = None
    seen: set[bytes] = set()
    repeats = bounces = 0
    trips: list[tuple[object, str, str] | None] = []
    t0 = time.process_time()
    end = "actions"
    for _ in range(actions):
        key = g.position()
        if prev is not None:
            sl.follow(prev, key, g)
        prev = key
        known = sl.known(key)
        if known is None:
            known = game.Search(g, VERDICT_NODES, mode="auto").run()
            sl.remember(key, known)
        if known.status != "winnable":
            end = known.status
            break
        if known.moves[0] != "s" and not game.leads_back(g, known.moves[0]):
            mv = g.normalise(known.moves[0])
        else:
            hinted, line = game.hint_and_line(g, LINE_HINT_NODES, line=tuple(known.moves))
            assert hinted is not None
            mv = hinted
            if line is not None:
                sl.remember(key, line)
        trip = None
        if mv.src != "s" and mv.dst is not None:
            k = read_state(g).key()
            repeats += k in seen
            seen.add(k)
            if mv.dst[0] == "t" and mv.src[0] in "tf":
                card = g.pile(mv.src)[-(mv.count or 1)].card
                bounces += (card, mv.dst, mv.src) in trips[-BOUNCE_WINDOW:]
                trip = (card, mv.src, mv.dst)
        trips.append(trip)
        g.play(mv)
        if g.is_won:
            end = "won"
            break
    up = sum(len(g.pile(p)) for p in g.pile_ids() if p.startswith("f"))
    return {"deal": code, "actions": g.move_count, "end": end, "up": up, "repeats": repeats, "bounces": bounces,
            "cpu_s": round(time.process_time() - t0, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=400)
    ap.add_argument("deals", nargs="+")
    args = ap.parse_args()
    for code in args.deals:
        r = follow(code, args.actions)
        print(", ".join(f"{k} {v}" for k, v in r.items()), flush=True)


if __name__ == "__main__":
    main()

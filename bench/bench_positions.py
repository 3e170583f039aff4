"""Benchmark of the solver on positions reached by play (issue 24 points 2-4; not a test).

Reads the set made by ``scripts/play_positions.py`` (tests/data/play-positions.json) and,
per position, solves it with ``game.solve`` at each budget of ``--budgets`` in turn until
it is decided (every "winnable" is replayed to a win through ``g.play``). With
``--hints``, for each Easy Harp position it also asks ``g.hint()`` (default budget)
and, when the hint is a stock tap, searches from every legal move that is not a stock
tap (``--hint-budget`` positions each, fast search) to see whether one of them still
wins: a "draw" hint while a winning non-stock move exists (issue 24 point 4); the
figures say apart how many of those have a win that never comes back to the position
(the others are take-backs whose card goes straight back up: the draw's own line).

Prints per variant: positions, share decided within each budget, winnable /
unwinnable / unknown at the last budget, median and p95 CPU time (``time.process_time``,
so the load of other processes counts less) and nodes of the decided ones; then the
hint figures. ``--csv`` writes one row per position. ``--part K/N`` takes every N-th
position from the K-th, so several processes can share a run (``--summary`` sums the
CSVs).

With ``--seconds S`` each position gets one search (``game.Search``, ``"auto"``, budget
``--budget``) stepped until it ends or ``S`` seconds of CPU are spent: the page's 10 s
at its measured speed (the worker runs about 1.5 times slower than CPython, so 6.5 s
here stands for the page's 10 s). Then the figures are: share decided within ``S``,
median and p95 of the time over all positions (an undecided one counts as ``S``),
count proved lost, and with ``--hints`` the page's hint: the first move of the line the
search found (when that is a stock tap, a table move that still wins found within
``--line-hint-nodes``: ``g.hint(nodes, line)``), else ``g.hint(--page-hint-nodes)``
(what the worker answers, ``game/ui/searcher.py``), each stock tap checked as above.

Usage:
    python3 bench/bench_positions.py [--budgets 20000,100000] [--hints] [--csv out.csv]
        [--part 1/2] [--variants easy-harp,...]
    python3 bench/bench_positions.py --seconds 6.5 --budget 60000 --hints --variants easy-harp
    python3 bench/bench_positions.py --summary a.csv b.csv
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import game  # noqa: E402
from game.solver.adapter import read_state  # noqa: E402

CELLS = {"easy-harp": 0, "eight-off-8": 8, "eight-off-4": 4, "eight-off-2": 2}
FIELDS = ["variant", "deal", "moves", "status", "budget", "nodes", "seconds", "hint", "draw_with_win", "hint_s"]


def load(entry: dict[str, object]) -> game.Game:
    """The game of one entry of the set, at its position."""
    variant = str(entry["variant"])
    kind = "easy-harp" if variant == "easy-harp" else "eight-off"
    return game.load_position(str(entry["position"]), game=kind, cells=CELLS[variant] or None)


def check_win(g: game.Game, moves) -> None:
    """Replay ``moves`` on ``g``'s position; stop the bench if they do not win."""
    h = game.Game(g.board)
    for m in moves:
        h.play(m)
    if not h.is_won:
        raise SystemExit(f"the solution does not win: {g.position()}")


def solve_growing(g: game.Game, budgets: list[int]) -> tuple[str, int, int, float]:
    """(status, budget that decided it or the last, nodes, CPU seconds of that search)."""
    for b in budgets:
        t0 = time.process_time()
        sol = game.solve(g, max_nodes=b)
        dt = time.process_time() - t0
        if sol.status != "unknown":
            break
    if sol.status == "winnable":
        check_win(g, sol.moves)
    return sol.status, b, sol.nodes, dt


def solve_timed(g: game.Game, budget: int, seconds: float) -> tuple[str, int, int, float, tuple[str, ...]]:
    """One ``"auto"`` search of ``budget`` positions stopped after ``seconds`` of CPU:
    (status, budget, nodes, CPU seconds, moves); every win is replayed."""
    t0 = time.process_time()
    s = game.Search(g, budget, "auto")
    sol = None
    while sol is None and time.process_time() - t0 < seconds:
        sol = s.step(200)
    dt = time.process_time() - t0
    if sol is None:
        return "unknown", budget, s.nodes, seconds, ()
    if sol.status == "winnable":
        check_win(g, sol.moves)
    return sol.status, budget, sol.nodes, min(dt, seconds), sol.moves


def hint_check(g: game.Game, budget: int, line: tuple[str, ...] = (), nodes: int = 20_000,
               line_nodes: int = 12_000) -> tuple[str, int, float]:
    """(the hint, 2 when it is a stock tap while a non-stock move still wins by a line
    that never comes back to this position, 1 when such a move wins only by coming back
    (a card taken from a foundation and put straight back: no other way), else 0; the
    CPU seconds the hint took); the hint is the page's: ``g.hint(line_nodes, line)`` when a line is known (its
    first move, or a table move the worker finds before a draw), else
    ``g.hint(nodes)``."""
    t0 = time.process_time()
    mv = g.hint(line_nodes, line=line) if line else g.hint(nodes)
    spent = time.process_time() - t0
    text = "" if mv is None else str(mv)
    if mv is None or mv.src != "s":
        return text, 0, spent
    here = read_state(g).key()
    bad = 0
    for m in g.legal_moves():
        if m.src == "s":
            continue
        h = game.Game(g.board)
        h.play(m)
        sol = game.solve(h, max_nodes=budget, mode="fast")
        if sol.status == "winnable":
            bad = 1
            for step in sol.moves:
                h.play(step)
                if step != "s" and read_state(h).key() == here:
                    break
            else:
                return text, 2, spent
    return text, bad, spent


def summary(rows: list[dict[str, str]], budgets: list[int], secs: float = 0.0) -> str:
    """The figures of the module docstring, as text."""
    out = []
    for v in CELLS:
        rs = [r for r in rows if r["variant"] == v]
        if not rs:
            continue
        n = len(rs)
        dec = [r for r in rs if r["status"] != "unknown"]
        within = ", ".join(f"{100 * sum(1 for r in dec if int(r['budget']) <= b) / n:.1f} % at {b:,}"
                           for b in budgets)
        won = sum(1 for r in rs if r["status"] == "winnable")
        lost = sum(1 for r in rs if r["status"] == "unwinnable")
        line = f"{v}: {n} positions; decided {within}; winnable {won}, unwinnable {lost}, unknown {n - won - lost}"
        if secs:
            ts = sorted(min(float(r["seconds"]) if r["status"] != "unknown" else secs, secs) for r in rs)
            line += (f"; within {secs} s CPU: decided {100 * len(dec) / n:.1f} %, "
                     f"median {statistics.median(ts):.2f} s, p95 {ts[max(0, round(0.95 * n) - 1)]:.2f} s "
                     f"(undecided counted as {secs} s)")
        elif dec:
            ts = sorted(float(r["seconds"]) for r in dec)
            ns = sorted(int(r["nodes"]) for r in dec)
            p95 = max(0, round(0.95 * len(ts)) - 1)
            line += (f"; decided ones: median {1000 * statistics.median(ts):.0f} ms, p95 {1000 * ts[p95]:.0f} ms, "
                     f"nodes median {statistics.median(ns):.0f}, p95 {ns[p95]}")
        hinted = [r for r in rs if r["hint"] != ""]
        if hinted:
            draws = sum(1 for r in hinted if r["hint"] == "s")
            bad = sum(1 for r in hinted if r["draw_with_win"] in ("1", "2"))
            ahead = sum(1 for r in hinted if r["draw_with_win"] == "2")
            line += f"; hints {len(hinted)}: {draws} stock taps, {bad} of them while a non-stock move wins " \
                    f"({100 * bad / len(hinted):.1f} %), {ahead} by a line that does not come back here"
            hs = sorted(float(r.get("hint_s") or 0) for r in hinted)
            p95 = hs[max(0, round(0.95 * len(hs)) - 1)]
            line += f"; hint CPU median {statistics.median(hs):.2f} s, p95 {p95:.2f} s, max {hs[-1]:.2f} s"
        out.append(line)
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", default=str(ROOT / "tests" / "data" / "play-positions.json"))
    ap.add_argument("--budgets", default="20000,100000")
    ap.add_argument("--variants", default=",".join(CELLS))
    ap.add_argument("--hints", action="store_true")
    ap.add_argument("--hint-budget", type=int, default=3_000)
    ap.add_argument("--part", default="1/1")
    ap.add_argument("--seconds", type=float, default=0.0)
    ap.add_argument("--budget", type=int, default=60_000)
    ap.add_argument("--page-hint-nodes", type=int, default=3_000)  # the worker's, slicer.WORKER_EH_HINT_NODES
    ap.add_argument("--line-hint-nodes", type=int, default=12_000)
    ap.add_argument("--csv")
    ap.add_argument("--summary", nargs="*")
    args = ap.parse_args()
    budgets = [args.budget] if args.seconds else [int(b) for b in args.budgets.split(",")]
    if args.summary:
        rows = [r for f in args.summary for r in csv.DictReader(open(f, encoding="utf-8"))]
        print(summary(rows, budgets, args.seconds))
        return
    k, n = (int(x) for x in args.part.split("/"))
    entries = [e for e in json.loads(Path(args.set).read_text(encoding="utf-8"))["positions"]
               if e["variant"] in args.variants.split(",")][k - 1 :: n]
    rows: list[dict[str, str]] = []
    for e in entries:
        g = load(e)
        line: tuple[str, ...] = ()
        if args.seconds:
            status, b, nodes, dt, line = solve_timed(g, args.budget, args.seconds)
        else:
            status, b, nodes, dt = solve_growing(g, budgets)
        hint, bad, hint_s = ("", 0, 0.0)
        if args.hints and e["variant"] == "easy-harp":
            hint, bad, hint_s = hint_check(g, args.hint_budget, line, args.page_hint_nodes if args.seconds else 20_000,
                                   args.line_hint_nodes)
        row = {"variant": e["variant"], "deal": e["deal"], "moves": e["moves"], "status": status, "budget": b,
               "nodes": nodes, "seconds": f"{dt:.3f}", "hint": hint, "draw_with_win": bad,
               "hint_s": f"{hint_s:.3f}"}
        rows.append({key: str(val) for key, val in row.items()})
        print(",".join(rows[-1].values()), file=sys.stderr, flush=True)
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, FIELDS)
            w.writeheader()
            w.writerows(rows)
    print(summary(rows, budgets, args.seconds))


if __name__ == "__main__":
    main()

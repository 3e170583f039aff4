"""Benchmark of the solver (issue 10 point 3; not a test, never run by `make test`).

Solves deals FIRST..LAST of each variant with ``game.solve`` and the given budget, and
prints per variant: share decided (winnable or unwinnable), median and p95 time per
deal, nodes per second, and the winnability table (winnable / unwinnable / unknown,
with a Wilson 95 % interval for the winnable share). Every "winnable" is replayed
through ``g.play`` to a win (a wrong solution stops the run).

Usage:
    python3 bench/bench_solver.py [--variants EO8,EO4,EO2,EH] [--first 1] [--last 1000]
        [--budget 200000] [--csv out.csv]

The CSV (one row per deal: variant, deal, status, nodes, seconds, moves) lets a long run
be split and summed with ``--summary out.csv``.
"""

from __future__ import annotations

import argparse
import csv
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game  # noqa: E402

VARIANTS = {"EO8": ("eight-off", 8), "EO4": ("eight-off", 4), "EO2": ("eight-off", 2), "EH": ("easy-harp", 0)}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion k/n (fractions)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def run_deal(variant: str, number: int, budget: int) -> tuple[str, int, float, int]:
    """(status, nodes, seconds, solution length) of one deal."""
    kind, cells = VARIANTS[variant]
    g = game.new_game(game.DealCode(kind, cells, number))
    t0 = time.perf_counter()
    sol = game.solve(g, max_nodes=budget)
    dt = time.perf_counter() - t0
    if sol.status == "winnable":
        for m in sol.moves:
            g.play(m)
        if not g.is_won:
            raise SystemExit(f"{variant} {number}: the solution does not win")
    return sol.status, sol.nodes, dt, len(sol.moves)


def summary(rows: list[tuple[str, int, str, int, float, int]]) -> str:
    """Markdown table, one line per variant."""
    out = [
        "| variant | deals | winnable | unwinnable | unknown | decided | winnable (95 % CI) "
        "| median | p95 | nodes/s |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for v in VARIANTS:
        rs = [r for r in rows if r[0] == v]
        if not rs:
            continue
        n = len(rs)
        won = sum(1 for r in rs if r[2] == "winnable")
        lost = sum(1 for r in rs if r[2] == "unwinnable")
        unk = n - won - lost
        times = sorted(r[4] for r in rs)
        p95 = times[min(n - 1, math.ceil(0.95 * n) - 1)]
        lo, hi = wilson(won, n)
        nps = sum(r[3] for r in rs) / max(1e-9, sum(times))
        out.append(
            f"| {v} | {n} | {won} | {lost} | {unk} | {100 * (won + lost) / n:.1f} % "
            f"| {100 * won / n:.1f} % ({100 * lo:.1f}-{100 * hi:.1f}) "
            f"| {1000 * statistics.median(times):.0f} ms | {1000 * p95:.0f} ms | {nps:,.0f} |"
        )
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", default="EO8,EO4,EO2,EH")
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=1000)
    ap.add_argument("--budget", type=int, default=200_000)
    ap.add_argument("--csv", help="append one row per deal to this file")
    ap.add_argument("--summary", nargs="+", help="only summarise these CSV files")
    args = ap.parse_args()
    rows: list[tuple[str, int, str, int, float, int]] = []
    if args.summary:
        for path in args.summary:
            with open(path, newline="") as f:
                for r in csv.reader(f):
                    rows.append((r[0], int(r[1]), r[2], int(r[3]), float(r[4]), int(r[5])))
        print(summary(rows))
        return
    out = open(args.csv, "a", newline="") if args.csv else None
    writer = csv.writer(out) if out else None
    for v in args.variants.split(","):
        for number in range(args.first, args.last + 1):
            status, nodes, dt, length = run_deal(v, number, args.budget)
            rows.append((v, number, status, nodes, dt, length))
            if writer and out:
                writer.writerow([v, number, status, nodes, f"{dt:.4f}", length])
                out.flush()
    print(f"budget {args.budget} nodes, deals {args.first}-{args.last}, Python {sys.version.split()[0]}")
    print(summary(rows))


if __name__ == "__main__":
    main()

"""Decide whole deals with budgets that grow until decided (issue 24 point 6): resumable.

For each deal of ``--first``..``--last`` of one variant, ``game.solve`` runs with the
first budget of ``--budgets``; a deal left "unknown" is tried again with the next one,
and so on. Every answer is appended at once to the variant's results file,
``bench/verdicts/<variant>.txt``, one line per try (compact, sorted by nothing):

    <deal> <w|l|u> <budget> <nodes> <CPU seconds>

(``w`` winnable, replayed to a win through ``g.play`` first; ``l`` unwinnable; ``u``
unknown at that budget). A run started again reads the file and skips every deal
already decided, or already tried at a budget at least as large, so it can be stopped
at any time (Ctrl+C, a killed process) and resumed. Several worker processes share the
deals (``--jobs``); each lowers its priority (``os.nice``, default 10) since the machine
is shared.

Usage:
    python3 scripts/decide_deals.py --variant easy-harp --first 1 --last 3000
        [--budgets 20000,200000,1000000] [--jobs 2] [--nice 10]
    python3 scripts/decide_deals.py --variant easy-harp --summary
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import game  # noqa: E402

#: SPEC §12 variant name -> (game, cells), the registry's (``game.variants()``).
VARIANTS = {v.name: (v.game, v.cells) for v in game.variants()}
OUT = ROOT / "bench" / "verdicts"


def read(path: Path) -> dict[int, tuple[str, int]]:
    """Deal -> (best answer so far: ``w``/``l`` if decided, else ``u``; largest budget tried)."""
    best: dict[int, tuple[str, int]] = {}
    if not path.exists():
        return best
    for line in path.read_text(encoding="utf-8").split("\n"):
        if not line.strip():
            continue
        n, status, budget = line.split()[:3]
        old = best.get(int(n), ("u", 0))
        if old[0] != "u":
            continue
        best[int(n)] = (status, max(int(budget), old[1])) if status == "u" else (status, int(budget))
    return best


def decide(variant: str, number: int, budget: int, niceness: int) -> str:
    """One try: the result line for deal ``number`` at ``budget``."""
    if niceness and os.nice(0) < niceness:
        os.nice(niceness - os.nice(0))
    kind, cells = VARIANTS[variant]
    g = game.new_game(game.DealCode(kind, cells, number))
    t0 = time.process_time()
    sol = game.solve(g, max_nodes=budget)
    dt = time.process_time() - t0
    if sol.status == "winnable":
        for m in sol.moves:
            g.play(m)
        if not g.is_won:
            raise SystemExit(f"{variant} {number}: the solution does not win")
    letter = {"winnable": "w", "unwinnable": "l", "unknown": "u"}[sol.status]
    return f"{number} {letter} {budget} {sol.nodes} {dt:.2f}"


def _open(best: tuple[str, int], budget: int) -> bool:
    """Whether a deal with ``best`` (:func:`read`) is still to be tried at ``budget``."""
    return best[0] == "u" and best[1] < budget


def run(variant: str, first: int, last: int, budgets: list[int], jobs: int, niceness: int) -> None:
    """Try every deal not yet decided at the smallest budget not yet tried, growing."""
    path = OUT / f"{variant}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    for budget in budgets:
        done = read(path)
        todo = [n for n in range(first, last + 1) if _open(done.get(n, ("u", 0)), budget)]
        if not todo:
            continue
        print(f"{variant}: {len(todo)} deals at {budget:,}", file=sys.stderr)
        with ProcessPoolExecutor(max_workers=jobs) as pool, path.open("a", encoding="utf-8") as out:
            futures = [pool.submit(decide, variant, n, budget, niceness) for n in todo]
            for f in as_completed(futures):
                out.write(f.result() + "\n")
                out.flush()


def summary(variant: str) -> str:
    """Decided, winnable, unwinnable and unknown counts of the results file."""
    best = read(OUT / f"{variant}.txt")
    won = sum(1 for s, _ in best.values() if s == "w")
    lost = sum(1 for s, _ in best.values() if s == "l")
    return f"{variant}: {len(best)} deals tried, {won} winnable, {lost} unwinnable, {len(best) - won - lost} unknown"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", choices=list(VARIANTS), required=True)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=1000)
    ap.add_argument("--budgets", default="20000,200000,1000000")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--nice", type=int, default=10)
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    if not args.summary:
        run(args.variant, args.first, args.last, [int(b) for b in args.budgets.split(",")], args.jobs, args.nice)
    print(summary(args.variant))


if __name__ == "__main__":
    main()

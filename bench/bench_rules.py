"""Benchmark of the rules package under CPython (not a test; issue 2 point 9).

Plays seeded random games of both games: at each step it generates the legal moves,
plays one, undoes it, plays it again (so every step is legal-move generation + play +
undo + play), and now and then saves and reloads the game. Prints steps per second
and the cost of the save round-trip.

Usage: python3 bench/bench_rules.py [--games N] [--steps N] [--seed N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game  # noqa: E402


def play_games(kind: str, cells: int, games: int, steps: int, seed: int) -> tuple[int, float]:
    rnd = random.Random(seed)
    done = 0
    spent = 0.0
    for _ in range(games):
        g = game.new_game(game.DealCode(kind, cells, rnd.randint(1, 999_999)))
        t0 = time.perf_counter()
        for _ in range(steps):
            moves = g.legal_moves()
            if not moves:
                break
            m = moves[rnd.randrange(len(moves))]
            g.play(m)
            g.undo()
            g.play(m)
            done += 1
        spent += time.perf_counter() - t0
    return done, spent


def save_round_trip(kind: str, cells: int, seed: int) -> tuple[float, float, int, int]:
    rnd = random.Random(seed)
    g = game.new_game(game.DealCode(kind, cells, rnd.randint(1, 999_999)))
    for _ in range(150):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[rnd.randrange(len(moves))])
    reps = 20
    t0 = time.perf_counter()
    for _ in range(reps):
        text = g.to_save()
    t1 = time.perf_counter()
    for _ in range(reps):
        game.load_save(text)
    t2 = time.perf_counter()
    return (t1 - t0) / reps * 1000, (t2 - t1) / reps * 1000, len(text), len(g.history())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    print(f"Python {sys.version.split()[0]}, {a.games} games x up to {a.steps} steps, "
          f"seed {a.seed}")
    for kind, cells in (("easy-harp", 0), ("eight-off", 8), ("eight-off", 4)):
        n, t = play_games(kind, cells, a.games, a.steps, a.seed)
        dump, load, size, hist = save_round_trip(kind, cells, a.seed)
        print(f"{kind:9} cells={cells}: {n:6d} steps in {t:6.2f} s = {n / t:8.0f} steps/s "
              f"({t / n * 1e6:6.1f} us per legal_moves+play+undo+play); "
              f"save {dump:.2f} ms, load {load:.2f} ms ({size} bytes, {hist}-action history)")


if __name__ == "__main__":
    main()

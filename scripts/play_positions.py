"""Make the set of positions reached by play (issue 24 point 2): tests/data/play-positions.json.

Each game starts from a deal and is played the way a player helped by hints would play
it, with a player's slips: it follows a solution line found by ``game.solve`` (the
"fast" search; its first move is the hint of SPEC §10), and at each move, with
probability :data:`P_SLIP`, plays a random legal move instead (stock taps and
take-backs weighted down, as a player makes them less often), and with probability
:data:`P_UNDO` takes back 1 to 4 moves with ``Game.undo``. After a slip or an undo the
line is searched again (budget :data:`REPLAN`); when that search finds none, the game
goes on with ``g.hint`` (the page's Easy Harp budget, 100 positions), searching again
with probability 0.07 per move. A position is kept when the game's depth (actions played, stock taps included, minus
actions undone) reaches one of the game's targets, drawn at random from 30 to 150, and is not won.

Easy Harp: :data:`EH_PER_DEAL` positions from each of deals 1-50 (250); each Eight Off
variant: 2 per deal from deals 1, 2, ... until 100 (a game that runs out of moves or is
won before its targets gives fewer: with 4 and 2 cells most deals die early). Seeded
(``--seed``), so the set can be made again; the search is deterministic too.

Each entry: ``variant`` (SPEC §12 name), ``deal`` (SPEC §3 code), ``moves`` (the
depth), ``undos`` and ``take_backs`` (undo actions and foundation-to-tableau moves
played on the way), ``position`` (the rules package's position text, SPEC §9:
``game.load_position(text, game=..., cells=...)`` reads it back).

``--careless N`` makes instead a set of Easy Harp positions a careless player reaches
(:func:`careless_game`: random moves, deck cards onto columns favoured, 60 to 400
actions in; 2 from each of N deals), where lost positions are to be found (issue 24
point 3; bench/careless-positions.json: ``--careless 100 --seed 3``).

Usage: python3 scripts/play_positions.py [--out tests/data/play-positions.json] [--seed 24]
    [--variants easy-harp,eight-off-8,eight-off-4,eight-off-2] [--jobs 2] [--eh-first 1]
    [--careless N]
(the set is made in parts, ``--jobs`` processes at a time; each part has its own seed,
so the result does not depend on the order.)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import game  # noqa: E402

#: Chance per move of a slip (a random legal move) and of an undo of 1-4 moves.
P_SLIP, P_UNDO = 0.08, 0.04
#: Budget of the search for a new line after a slip or an undo, and of the first one.
REPLAN, FIRST = 800, 3_000
#: Positions per game: Easy Harp (deals 1-50), Eight Off (deals 1, 2, ...).
EH_PER_DEAL, EO_PER_DEAL, EO_COUNT = 5, 2, 100
#: SPEC §12 variant name -> (game, cells), the registry's (``game.variants()``).
VARIANTS = {v.name: (v.game, v.cells) for v in game.variants()}


def _line(g: game.Game, budget: int) -> list[str]:
    sol = game.solve(g, max_nodes=budget, mode="fast")
    return list(sol.moves) if sol.status == "winnable" else []


def _slip(g: game.Game, rnd: random.Random) -> bool:
    moves = g.legal_moves()
    if not moves:
        return False
    weights = [0.3 if (m.src.startswith("f") or m.dst is None) else 1.0 for m in moves]
    g.play(rnd.choices(moves, weights)[0])
    return True


def play_game(code: game.DealCode, variant: str, per_game: int, rnd: random.Random) -> list[dict[str, object]]:
    """Play one deal as the module docstring says; the positions kept, in order."""
    g = game.new_game(code)
    targets = sorted(rnd.sample(range(30, 151), per_game))
    out: list[dict[str, object]] = []
    line = _line(g, FIRST)
    undos = take_backs = depth = 0  # depth: actions played minus actions undone
    for _ in range(2_000):  # actions, stock taps included
        if not targets or g.is_won:
            break
        if depth >= targets[0]:
            targets.pop(0)
            out.append({"variant": variant, "deal": str(code), "moves": depth, "undos": undos,
                        "take_backs": take_backs, "position": g.position()})
            continue
        x = rnd.random()
        if x < P_UNDO and g.can_undo:
            for _ in range(rnd.randint(1, 4)):
                done = g.undo()
                undos += done
                depth -= done
            line = _line(g, REPLAN)
            continue
        if x < P_UNDO + P_SLIP or not line:
            if x < P_UNDO + P_SLIP:
                if not _slip(g, rnd):
                    break
            else:
                mv = g.hint(max_nodes=100)
                if mv is None:
                    break
                g.play(mv)
            depth += 1
            last = g.history()[-1]
            take_backs += last.src.startswith("f") and last.dst is not None and last.dst.startswith("t")
            line = _line(g, REPLAN) if x < P_UNDO + P_SLIP or rnd.random() < 0.07 else []
            continue
        mv = g.play(line.pop(0))
        depth += 1
        take_backs += mv.src.startswith("f") and mv.dst is not None and mv.dst.startswith("t")
    return out


#: A careless player's weights (``--careless``): a deck card onto a column, a column
#: card onto a column or a card up, a stock tap, a take-back.
CARELESS = {"deck": 4.0, "move": 1.0, "up": 0.5, "tap": 1.0, "back": 0.2}


def _careless_weight(m: game.Move) -> float:
    if m.dst is None:
        return CARELESS["tap"]
    if m.src.startswith("f"):
        return CARELESS["back"]
    if m.dst.startswith("f"):
        return CARELESS["up"]
    return CARELESS["deck"] if m.src == "w" else CARELESS["move"]


def careless_game(code: game.DealCode, per_game: int, rnd: random.Random) -> list[dict[str, object]]:
    """Play one Easy Harp deal as a careless player would (issue 24 point 3: positions
    from play that may be lost): every action a random legal move, deck cards onto
    columns favoured (:data:`CARELESS`), which is how a game of Easy Harp gets lost;
    the positions at ``per_game`` depths drawn from 60 to 400, in order."""
    g = game.new_game(code)
    targets = sorted(rnd.sample(range(60, 401), per_game))
    out: list[dict[str, object]] = []
    take_backs = 0
    for depth in range(1, 401):
        moves = g.legal_moves()
        if not moves or g.is_won or not targets:
            break
        mv = rnd.choices(moves, [_careless_weight(m) for m in moves])[0]
        g.play(mv)
        take_backs += mv.src.startswith("f")
        if depth == targets[0]:
            targets.pop(0)
            out.append({"variant": "easy-harp", "deal": str(code), "moves": depth, "undos": 0,
                        "take_backs": take_backs, "position": g.position()})
    return out


def make_careless(first: int, count: int, seed: int, per_game: int = 2) -> list[dict[str, object]]:
    """Careless positions (:func:`careless_game`) from Easy Harp deals ``first`` to
    ``first + count - 1``, seeded from ``seed``."""
    rnd = random.Random(f"{seed}-careless-{first}")
    out: list[dict[str, object]] = []
    for n in range(first, first + count):
        out += careless_game(game.DealCode("easy-harp", 0, n), per_game, rnd)
    return out


def make_part(variant: str, first: int, last: int, seed: int, want: int) -> list[dict[str, object]]:
    """The positions of deals ``first``..``last`` of one variant (module docstring),
    seeded from ``seed``, the variant and ``first``; stops early once ``want`` are kept."""
    rnd = random.Random(f"{seed}-{variant}-{first}")
    kind, cells = VARIANTS[variant]
    per = EH_PER_DEAL if kind == "easy-harp" else EO_PER_DEAL
    t0 = time.process_time()
    kept: list[dict[str, object]] = []
    for n in range(first, last + 1):
        if len(kept) >= want:
            break
        kept += play_game(game.DealCode(kind, cells, n), variant, per, rnd)
        print(f"{variant} deal {n}: {len(kept)} positions, {time.process_time() - t0:.0f} s", file=sys.stderr)
    return kept[:want]


def make(variants: list[str], seed: int, jobs: int, eh_first: int = 1) -> list[dict[str, object]]:
    """The whole set, in parts run by ``jobs`` processes: Easy Harp deals ``eh_first`` to
    ``eh_first + 49`` (1-50 for the checked-in set; others make a set for checking a
    change on deals it was not tuned on) in five parts of ten deals; each Eight Off
    variant from deals 1-5000 until it has 100."""
    parts = []
    for v in variants:
        if v == "easy-harp":
            parts += [(v, a, a + 9, 10**6) for a in range(eh_first, eh_first + 50, 10)]
        else:
            parts.append((v, 1, 5000, EO_COUNT))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        done = list(pool.map(make_part, *zip(*[(v, a, b, seed, w) for v, a, b, w in parts])))
    return [p for part in done for p in part]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(ROOT / "tests" / "data" / "play-positions.json"))
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--eh-first", type=int, default=1, help="first of the 50 Easy Harp deals")
    ap.add_argument("--careless", type=int, default=0, metavar="N",
                    help="instead: careless play, 2 positions from each of N Easy Harp deals from --eh-first")
    args = ap.parse_args()
    if args.careless:
        positions = make_careless(args.eh_first, args.careless, args.seed)
        made_by = f"python3 scripts/play_positions.py --careless {args.careless} --seed {args.seed}"
    else:
        positions = make(args.variants.split(","), args.seed, args.jobs, args.eh_first)
        made_by = f"python3 scripts/play_positions.py --seed {args.seed}"
    if args.eh_first != 1:
        made_by += f" --eh-first {args.eh_first}"
    doc = {"made_by": made_by, "positions": positions}
    Path(args.out).write_text(json.dumps(doc, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(positions)} positions -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()

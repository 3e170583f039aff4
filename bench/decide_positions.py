"""Decide a set of Easy Harp positions with budgets that grow (issue 24 point 3): resumable.

Each position of ``--set`` (made by ``scripts/play_positions.py``; by default the careless
set, ``bench/careless-positions.json``) is searched by one engine, first with the first
budget of ``--budgets``; one left "unknown" is tried again with the next, and so on. The
engines:

- ``python``: the rules package's ``game.Search`` in ``--mode`` ``complete`` (the
  complete search alone: the proofs of loss the product can give) or ``auto`` (what
  ``game.solve`` runs: dives for wins, then the complete search);
- ``c``: ``bench/eh_exhaust.c``, the same complete search written again in C (built here
  with ``cc -O2`` into ``bench/out/``), 15 to 30 times as fast, in ``--mode`` ``bases``
  (the product's pruning), ``dead`` (that and ``game/solver/eh_dead.py``'s check on every
  position, which the product makes only near the end), ``plain`` (without the
  obligations of ``game/solver/eh_bases.py``: a check of that pruning at scale),
  ``columns`` (``bases`` and column moves that uncover a face-up card as bases too: a
  pruning the product does not make, proved in the C file's header) or
  ``dives`` (``bases`` again and again, each time with the moves of a class in another
  random order, ``--seeds`` times at most, the budget each time: a search for wins that
  one order finds late) or ``beam`` (``bench/eh_beam.c``: a beam search for wins, the
  budget its width, ``--seeds`` tie-breaks at most; never a proof of loss). It tells how many of
  the positions are lost at all, and so how far the product's proofs fall short.

Every win is replayed to the end through ``g.play`` before it is written. Every answer is
appended at once to ``bench/verdicts/<set name>.txt``, one line per try:

    <index> <w|l|u> <budget> <nodes> <seconds> <engine>-<mode>

(``index`` counts from 0 in the set; seconds of CPU for ``python``, of wall time for
``c``). A run started again skips every position won by either engine (a replayed win is a
fact) or decided by the same engine and mode, or tried by them at a budget at least as
large. ``--summary`` counts the answers per engine and
stops with an error when two answers disagree (a win against a proof of loss: a bug).

Usage:
    python3 bench/decide_positions.py --engine c --mode bases --budgets 20000000,200000000
    python3 bench/decide_positions.py --engine python --mode complete --budgets 1000000 --only-lost c
    python3 bench/decide_positions.py --engine python --mode auto --budgets 400000 --undecided
    python3 bench/decide_positions.py --engine c --mode beam --budgets 5000,20000 --seeds 1 --bits 26 --undecided
    python3 bench/decide_positions.py --summary
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import game  # noqa: E402
from game.solver.adapter import read_state  # noqa: E402

SOURCE = ROOT / "bench" / "eh_exhaust.c"
BINARY = ROOT / "bench" / "out" / "eh_exhaust"
BEAM_SOURCE = ROOT / "bench" / "eh_beam.c"
BEAM_BINARY = ROOT / "bench" / "out" / "eh_beam"
#: The beam's score weights (``eh_beam.c``): per face-down card, per face-up card on one,
#: per card up (none: going up early loses bases) and less per empty column. Chosen on
#: 19 positions a depth-first search wins only late: won 9 at width 2,000, against 5 with
#: 3 less per card up, 6 with 100,20,0,50, 2 with 3 more per card up, 1 with face-down
#: cards alone (8 December 2026).
BEAM_WEIGHTS = "100,10,0,30"
OUT = ROOT / "bench" / "verdicts"
LETTER = {"winnable": "w", "unwinnable": "l", "unknown": "u"}


def build() -> None:
    """The C engines, each compiled again when a source it is made of is newer than it
    (the beam includes ``eh_exhaust.c``)."""
    for binary, sources in ((BINARY, [SOURCE]), (BEAM_BINARY, [BEAM_SOURCE, SOURCE])):
        if not binary.exists() or binary.stat().st_mtime < max(s.stat().st_mtime for s in sources):
            binary.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["cc", "-O2", "-o", str(binary), str(sources[0])], check=True)


def c_input(g: game.Game) -> str:
    """The position in the C engine's input format (its header comment)."""
    st = read_state(g)
    lines = [f"{d} {len(c)} " + " ".join(map(str, c)) for c, d in zip(st.cols, st.down)]
    lines.append(f"deck {len(st.deck)} " + " ".join(map(str, st.deck)))
    lines.append("found " + " ".join(map(str, st.found)))
    return "\n".join(lines) + "\n"


def replay(g: game.Game, moves: list[str]) -> bool:
    """Play ``moves`` (SPEC §2 notation, or the C engine's ``D FACE DEST``: stock taps
    until a card of that face is the waste top, then the waste top to ``DEST``) on a
    copy of ``g``; whether they win. An illegal move raises ``game.IllegalMove``."""
    g = game.Game(g.board)
    for mv in moves:
        if mv.startswith("D "):
            _, face, dst = mv.split()
            for _ in range(2 * 104 + 2):
                st = read_state(g)
                if st.cur and st.deck[st.cur - 1] == int(face):
                    break
                g.play("s")
            else:
                return False
            g.play(f"w-{dst}")
        else:
            g.play(mv.removesuffix(":1"))
    return g.is_won


def decide(entry: dict[str, object], index: int, engine: str, mode: str, budget: int, bits: int,
           niceness: int, seeds: int = 1, first_seed: int = 1, weights: str = BEAM_WEIGHTS) -> str:
    """One try: the result line for position ``index`` at ``budget`` (``dives``: at
    ``budget`` per dive, ``seeds`` dives at most, seeds ``first_seed`` on; nodes summed
    over them)."""
    if niceness and os.nice(0) < niceness:
        os.nice(niceness - os.nice(0))
    g = game.load_position(str(entry["position"]), game="easy-harp")
    if engine == "python":
        t0 = time.process_time()
        sol = game.Search(g, budget, mode).run()
        status, nodes, moves, secs = sol.status, sol.nodes, list(sol.moves), time.process_time() - t0
    else:
        t0 = time.monotonic()
        status, nodes, moves = "unknown", 0, []
        for seed in range(first_seed, first_seed + seeds) if mode in ("dives", "beam") else [0]:
            argv = ([str(BEAM_BINARY), str(budget), str(bits), weights, str(seed)] if mode == "beam" else
                    [str(BINARY), str(budget), str(bits), "bases" if mode == "dives" else mode, str(seed)])
            out = subprocess.run(argv, input=c_input(g), capture_output=True, text=True,
                                 check=True).stdout.split("\n")
            status, count = out[0].split()
            nodes, moves = nodes + int(count), [m for m in out[1:] if m.strip()]
            if status != "unknown":
                break
        secs = time.monotonic() - t0
    if status == "winnable" and not replay(g, moves):
        raise SystemExit(f"position {index}: the {engine} line does not win")
    return f"{index} {LETTER[status]} {budget} {nodes} {secs:.2f} {how_of(engine, mode, first_seed, weights)}"


def how_of(engine: str, mode: str, first_seed: int = 1, weights: str = BEAM_WEIGHTS) -> str:
    """The name of a kind of try in the results: ``engine-mode``, and for dives or beams
    whose seeds start after 1 that first seed (``c-dives31``: another round of dives),
    for beams with other weights ``:weights`` (``c-beam:100,20,0,50``)."""
    return (f"{engine}-{mode}" + (str(first_seed) if mode in ("dives", "beam") and first_seed > 1 else "")
            + (f":{weights}" if mode == "beam" and weights != BEAM_WEIGHTS else ""))


def read(path: Path) -> dict[int, list[tuple[str, int, str]]]:
    """Index -> every try so far as (letter, budget, engine-mode)."""
    tries: dict[int, list[tuple[str, int, str]]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").split("\n"):
            if line.strip():
                i, letter, budget, _, _, how = line.split()
                tries.setdefault(int(i), []).append((letter, int(budget), how))
    return tries


def verdict(tries: list[tuple[str, int, str]], engine: str | None = None) -> str:
    """``w``, ``l`` or ``u`` over the tries (of ``engine`` only, if given)."""
    got = {t[0] for t in tries if engine is None or t[2].startswith(engine + "-")}
    return "w" if "w" in got else "l" if "l" in got else "u"


def _open(tries: list[tuple[str, int, str]], how: str, budget: int, only_lost: str | None,
          undecided: bool = False) -> bool:
    """Whether a position is still to be tried by ``how`` (engine-mode) at ``budget``: no
    engine has won it (a replayed win is a fact), ``how`` has not decided it nor tried it
    at a budget at least as large, (``only_lost``) that engine proved it lost, and
    (``undecided``) no engine proved it lost."""
    mine = [t for t in tries if t[2] == how]
    return ("w" not in {t[0] for t in tries} and verdict(mine) == "u" and not any(b >= budget for _, b, _ in mine)
            and (only_lost is None or verdict(tries, only_lost) == "l")
            and not (undecided and verdict(tries) == "l"))


def run(args: argparse.Namespace) -> None:
    """Try every position still open, at each budget in turn."""
    positions = json.loads(Path(args.set).read_text(encoding="utf-8"))["positions"]
    path = OUT / f"{Path(args.set).stem}.txt"
    if args.engine == "c":
        build()
    how = how_of(args.engine, args.mode, args.first_seed, args.weights)
    for budget in [int(b) for b in args.budgets.split(",")]:
        tries = read(path)
        todo = [i for i in range(len(positions))
                if _open(tries.get(i, []), how, budget, args.only_lost, args.undecided)]
        if not todo:
            continue
        print(f"{how}: {len(todo)} positions at {budget:,}", file=sys.stderr)
        with ProcessPoolExecutor(max_workers=args.jobs) as pool, path.open("a", encoding="utf-8") as out:
            futures = [pool.submit(decide, positions[i], i, args.engine, args.mode, budget, args.bits, args.nice,
                                   args.seeds, args.first_seed, args.weights)
                       for i in todo]
            for f in as_completed(futures):
                out.write(f.result() + "\n")
                out.flush()


def summary(set_path: str) -> str:
    """Counts per engine, and over both; exits with an error on a disagreement."""
    positions = json.loads(Path(set_path).read_text(encoding="utf-8"))["positions"]
    tries = read(OUT / f"{Path(set_path).stem}.txt")
    lines = []
    for engine in ("python", "c", None):
        got = [verdict(tries.get(i, []), engine) for i in range(len(positions))]
        lines.append(f"{engine or 'either'}: {got.count('w')} winnable, {got.count('l')} unwinnable, "
                     f"{got.count('u')} unknown of {len(positions)}")
    bad = [i for i, t in tries.items() if {"w", "l"} <= {x[0] for x in t}]
    if bad:
        raise SystemExit(f"engines disagree on positions {bad}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", default=str(ROOT / "bench" / "careless-positions.json"))
    ap.add_argument("--engine", choices=["python", "c"], default="c")
    ap.add_argument("--mode", default="bases",
                    help="python: complete or auto; c: bases, dead, plain, columns, dives or beam")
    ap.add_argument("--budgets", default="20000000,200000000")
    ap.add_argument("--bits", type=int, default=27, help="c: 2**BITS table entries of 16 bytes")
    ap.add_argument("--only-lost", choices=["python", "c"], help="only positions that engine proved lost")
    ap.add_argument("--undecided", action="store_true", help="only positions no engine decided")
    ap.add_argument("--seeds", type=int, default=30, help="c dives or beam: tries per position")
    ap.add_argument("--first-seed", type=int, default=1, help="c dives or beam: the first seed (another round)")
    ap.add_argument("--weights", default=BEAM_WEIGHTS, help="c beam: D,B,F,E (eh_beam.c; another name: c-beam:W)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--nice", type=int, default=10)
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    modes = {"python": ("complete", "auto"), "c": ("bases", "dead", "plain", "columns", "dives", "beam")}
    if args.mode not in modes[args.engine]:
        ap.error(f"no mode {args.mode!r} for engine {args.engine!r}")
    if not args.summary:
        run(args)
    print(summary(args.set))


if __name__ == "__main__":
    main()

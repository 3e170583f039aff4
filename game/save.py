"""Saved games: compact versioned JSON of the whole game (SPEC §7, ARCHITECTURE.md).

Format, version 1 (keys in this order, no spaces; ``null`` fields are omitted)::

    {"version":1,"game":"eight-off","cells":8,"code":"EO1-C8-AAAAAFA",
     "start":"<position text>",            # only when there is no deal code
     "base":{"position":"...","score":N,"arrived":"<hex>"},  # only after actions were
                                             # dropped from the 100-deep undo stack
     "recycles":N,                         # stock recycles before the base (if any)
     "history":["t1-c5:1",...],            # undoable actions, oldest first (<= 100)
     "redo":["t2-f1:1",...],               # redoable actions, next first
     "position":"<position text>","score":N,"moves":N}

The state before the oldest kept action (the *base*) is the deal's start (score 0)
unless ``base`` says otherwise; ``arrived`` is the hex bit mask of the card numbers that
have ever reached a foundation (first-arrival scoring, SPEC §6). Loading checks that
the base could have grown from the start by the rules (:func:`base_problems`), replays
the history from the base with full rule checks, requires the result to equal ``position``
and ``score``, and checks that every redo action is legal in turn; so a save that loads
is a game that could have been played. ``load_save(g.to_save()).to_save()`` is
byte-identical.
"""

from __future__ import annotations

import json

from . import engine, safejson
from .cards import Card
from .deals import VARIANTS, DealCode, parse_code
from .errors import BadCode, BadNotation, BadPosition, BadSave, BaseProblem, SaveProblem
from .fcs import format_position, parse_position
from .history import UNDO_LIMIT, Game, GameState, arrived_mask, set_save_writer
from .moves import IllegalMove, Move
from .position import Position

#: Current save format version.
SAVE_VERSION = 1


def dump_save(game: Game) -> str:
    """The save text of ``game`` (module docstring), from its public snapshot
    (:attr:`~game.history.Game.state`, :meth:`~game.history.Game.base_state`,
    :meth:`~game.history.Game.history`, :meth:`~game.history.Game.redo_moves`).
    O(cards + history)."""
    d: dict[str, object] = {"version": SAVE_VERSION, "game": game.game, "cells": game.cells}
    if game.deal is not None:
        d["code"] = game.code
    else:
        d["start"] = format_position(game.start)
    base = game.base_state()
    if base is not None:
        d["base"] = {
            "position": format_position(base.position),
            "score": base.score,
            "arrived": format(base.arrived, "x"),
        }
    if game.base_recycles:
        d["recycles"] = game.base_recycles
    d["history"] = [str(m) for m in game.history()]
    d["redo"] = [str(m) for m in game.redo_moves()]
    state = game.state
    d["position"] = format_position(state.position)
    d["score"] = state.score
    d["moves"] = game.move_count
    return json.dumps(d, separators=(",", ":"), ensure_ascii=False)


def _column_problem(rules: engine.Ruleset, dealt: tuple[Card, ...], dealt_down: int,
                    col: tuple[Card, ...], down: int) -> BaseProblem | None:
    """Why column ``col`` (``down`` face-down cards) cannot have grown from the dealt
    column ``dealt`` (``dealt_down`` face-down): ``base-face-down`` or ``base-column``,
    or ``None``.

    Cards leave a column only from the top and face-down cards never move, so the
    column is a prefix of the dealt one (``col[:k]``) plus cards each placed by the
    rules (on the card below, or a king on the empty column). A dealt card that became
    the top turned face up, so ``down <= k - 1`` when ``k`` is shorter than the dealt
    column; and while face-down cards remain, the column was never cut below the
    highest of them (``k <= down + 1`` once one of them was turned).
    """
    if down > dealt_down or col[:down] != dealt[:down]:
        return BaseProblem.FACE_DOWN
    common = 0
    for a, b in zip(col, dealt):
        if a != b:
            break
        common += 1
    builds_on = rules.BUILDING.builds_on
    # chain: the lowest j such that every card of col[j:] lies on one it builds on.
    chain = len(col) - 1 if col else 0
    while chain > 0 and builds_on(col[chain - 1], col[chain]):
        chain -= 1
    for k in range(common, -1, -1):
        if k < len(col):  # col[k:] was placed by the rules on col[k-1] (or the empty column)
            if k < chain:
                break
            head_ok = rules.empty_accepts(col[0]) if k == 0 else builds_on(col[k - 1], col[k])
            if not head_ok:
                continue
        if k == len(dealt):
            ok = down == dealt_down
        elif k == 0:
            ok = down == 0
        else:  # dealt card k-1 became the top: face up; cut to it if face-down ones turned
            ok = down <= k - 1 and (down == dealt_down or k <= down + 1)
        if ok:
            return None
    return BaseProblem.COLUMN


def _subsequence(part: list[Card], whole: list[Card]) -> bool:
    it = iter(whole)
    return all(any(c == w for w in it) for c in part)


def base_problems(start: Position, base: GameState) -> list[tuple[BaseProblem, str]]:
    """Why ``base`` (a save's state before its oldest kept action) could not have been
    reached from ``start`` by the rules (SPEC §4-§7), as ``(code, note)`` pairs, or
    ``[]``. Both positions are complete and well formed (:func:`~game.fcs.parse_position`).

    Codes: ``base-face-down`` (face-down cards not as dealt), ``base-column`` (a column
    is not a prefix of its dealt column plus cards placed by the building rules),
    ``base-stock`` (stock and waste not in the order the stock tap allows: waste bottom
    to top then stock top to bottom is a subsequence of the start's), ``base-score``
    (score not made of the SPEC §6 events the position allows).
    """
    rules = engine.RULES[start.layout.game]
    lay = start.layout
    pos = base.position
    out: list[tuple[BaseProblem, str]] = []
    for i in range(lay.columns):
        bad = _column_problem(rules, start.piles[i], start.down[i], pos.piles[i], pos.down[i])
        if bad is not None:
            out.append((bad, f"column {lay.ids[i]}"))
    left = 0
    if lay.stock_ix >= 0:
        s, w = lay.stock_ix, lay.waste_ix
        before = list(start.piles[w]) + list(reversed(start.piles[s]))
        now = list(pos.piles[w]) + list(reversed(pos.piles[s]))
        if not _subsequence(now, before):
            out.append((BaseProblem.STOCK, "stock and waste are not in drawing order"))
        left = len(before) - len(now)
    arrived = bin(base.arrived).count("1")
    flips = sum(start.down) - sum(pos.down)
    extra = base.score - rules.FOUNDATION_POINTS * arrived - rules.FLIP_POINTS * flips
    if (arrived_mask(pos) & ~base.arrived or extra < 0 or extra > rules.WASTE_POINTS * left
            or (extra and extra % rules.WASTE_POINTS)):
        out.append((BaseProblem.SCORE, f"score {base.score} does not fit the position"))
    return out


def _int(d: dict, key: str, lo: int, hi: int) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise BadSave(SaveProblem.FORMAT, f"{key!r} must be a whole number {lo}..{hi}, not {v!r}")
    return v


def _moves(d: dict, key: str) -> list[Move]:
    v = d.get(key)
    if not isinstance(v, list) or len(v) > UNDO_LIMIT or not all(isinstance(m, str) for m in v):
        raise BadSave(SaveProblem.FORMAT, f"{key!r} must be a list of at most 100 moves")
    try:
        return [Move.parse(m) for m in v]
    except BadNotation as e:
        raise BadSave(SaveProblem.HISTORY, f"{key!r}: {e}") from None


def _pos(text: object, game: str, cells: int, what: str) -> Position:
    if not isinstance(text, str):
        raise BadSave(SaveProblem.FORMAT, f"{what!r} must be position text")
    try:
        return parse_position(text, game, cells)
    except BadPosition as e:
        raise BadSave(SaveProblem.POSITION, f"{what}: {e}", e.problems) from None


def load_save(text: str | bytes) -> Game:
    """Restore a game saved by :meth:`~game.history.Game.to_save`.

    Checks, in order: the JSON and its fields; the deal code or start; the ``base``
    state against the start (:func:`base_problems`: every column a dealt prefix plus
    cards placed by the rules, face-down cards as dealt, stock and waste in drawing
    order, a score the position allows); the history replayed from the base with full
    rule checks to the saved position and score; each redo action legal in turn.

    Raises:
        BadSave: ``save-json``, ``save-version``, ``save-format``, ``save-code``,
            ``save-position`` (with ``.problems``), ``save-base`` (with
            ``.problems``), ``save-history``; see
            :class:`~game.errors.BadSave`. Nothing is half-built: on error no game exists.
    """
    d = _json_object(text)
    game_name, cells = _game_and_cells(d)
    deal, start = _start(d, game_name, cells)
    max_score = engine.RULES[game_name].MAX_SCORE
    base = _base(d["base"], start, max_score) if "base" in d else None
    recycles = _int(d, "recycles", 0, 10**9) if "recycles" in d else 0
    if recycles and base is None:
        raise BadSave(SaveProblem.FORMAT, "'recycles' without 'base'")
    game = Game(start, deal, base, recycles)
    history = _moves(d, "history")
    redo = _moves(d, "redo")
    if len(history) + len(redo) > UNDO_LIMIT:
        raise BadSave(SaveProblem.FORMAT, "more than 100 undo and redo actions")
    moves = _int(d, "moves", len(history) + len(redo), 10**9)
    score = _int(d, "score", 0, max_score)
    for i, m in enumerate(history):
        try:
            game.play(m)
        except IllegalMove as e:
            raise BadSave(SaveProblem.HISTORY, f"history move {i + 1}: {e}") from None
    cur = _pos(d.get("position"), game_name, cells, "position")
    reached = game.state
    if cur != reached.position or score != reached.score:
        raise BadSave(SaveProblem.HISTORY, "replaying the history does not give the saved position")
    for i, m in enumerate(redo):
        try:
            game.play(m)
        except IllegalMove as e:
            raise BadSave(SaveProblem.HISTORY, f"redo move {i + 1}: {e}") from None
    for _ in redo:
        game.undo()
    game.move_count = moves
    return game


def _json_object(text: str | bytes) -> dict:
    """The save's JSON object, its version checked (``save-json``, ``save-format``,
    ``save-version``)."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
        if text.startswith("\ufeff"):
            text = text[1:]
        d = safejson.loads(text)  # bounded depth and size (issue 27 point 3)
    except (ValueError, TypeError, AttributeError) as e:
        raise BadSave(SaveProblem.JSON, f"not JSON ({e})") from None
    if not isinstance(d, dict):
        raise BadSave(SaveProblem.FORMAT, "the save must be a JSON object")
    version = d.get("version")
    if version != SAVE_VERSION or isinstance(version, bool):
        raise BadSave(SaveProblem.VERSION, f"unknown save version {version!r} (this app reads 1)")
    return d


def _game_and_cells(d: dict) -> tuple[str, int]:
    """The save's game and cell count, and no unknown field (``save-format``)."""
    game_name, cells = d.get("game"), d.get("cells")
    if (not isinstance(game_name, str) or game_name not in VARIANTS
            or cells not in VARIANTS[game_name] or isinstance(cells, bool)):
        raise BadSave(SaveProblem.FORMAT, f"unknown game {game_name!r} with {cells!r} cells")
    known = {"version", "game", "cells", "code", "start", "base", "history", "redo",
             "position", "score", "moves", "recycles"}
    extra = set(d) - known
    if extra:
        raise BadSave(SaveProblem.FORMAT, f"unknown fields {sorted(extra)}")
    assert isinstance(cells, int)
    return game_name, cells


def _start(d: dict, game_name: str, cells: int) -> tuple[DealCode | None, Position]:
    """The deal (or ``None``) and the start position of the save (``save-format``,
    ``save-code``, ``save-position``)."""
    if "code" in d:
        if "start" in d or not isinstance(d["code"], str):
            raise BadSave(SaveProblem.FORMAT, "'code' must be text, without 'start'")
        try:
            deal = parse_code(d["code"])
        except BadCode as e:
            raise BadSave(SaveProblem.CODE, str(e)) from None
        if (deal.game, deal.cells) != (game_name, cells):
            raise BadSave(SaveProblem.CODE, f"code {d['code']!r} is not a {game_name} deal")
        return deal, engine.RULES[game_name].deal(deal.number, cells)
    if "start" in d:
        return None, _pos(d["start"], game_name, cells, "start")
    raise BadSave(SaveProblem.FORMAT, "a save needs 'code' or 'start'")


def _base(b: object, start: Position, max_score: int) -> GameState:
    """The save's ``base`` state, checked against ``start`` (``save-format``,
    ``save-position``, ``save-base``)."""
    if not isinstance(b, dict) or set(b) != {"position", "score", "arrived"}:
        raise BadSave(SaveProblem.FORMAT, "'base' must hold position, score and arrived")
    lay = start.layout
    bpos = _pos(b["position"], lay.game, lay.cells, "base")
    bscore = _int(b, "score", 0, max_score)
    arr = b["arrived"]
    try:
        if not isinstance(arr, str) or arr != arr.strip().lower():
            raise ValueError
        mask = int(arr, 16)
    except ValueError:
        raise BadSave(SaveProblem.FORMAT, f"bad 'arrived' {arr!r}") from None
    if mask >> bpos.layout.total or format(mask, "x") != arr:
        raise BadSave(SaveProblem.FORMAT, f"bad 'arrived' {arr!r}")
    problems = base_problems(start, GameState(bpos, bscore, mask))
    if problems:
        raise BadSave(SaveProblem.BASE, "the base position could not have come from the "
                      "start: " + "; ".join(f"{c}: {n}" for c, n in problems),
                      [c for c, _ in problems])
    return GameState(bpos, bscore, mask)


set_save_writer(dump_save)

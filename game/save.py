"""Saved games: compact versioned JSON of the whole game (SPEC §7, ARCHITECTURE.md).

Format, version 1 (keys in this order, no spaces; ``null`` fields are omitted)::

    {"version":1,"game":"eight-off","cells":8,"code":"EO1-C8-AAAAAFA",
     "start":"<position text>",            # only when there is no deal code
     "base":{"position":"...","score":N,"arrived":"<hex>"},  # only after actions were
                                             # dropped from the 100-deep undo stack
     "history":["t1-c5:1",...],            # undoable actions, oldest first (<= 100)
     "redo":["t2-f1:1",...],               # redoable actions, next first
     "position":"<position text>","score":N,"moves":N}

The state before the oldest kept action (the *base*) is the deal's start (score 0)
unless ``base`` says otherwise; ``arrived`` is the hex bit mask of the card numbers that
have ever reached a foundation (first-arrival scoring, SPEC §6). Loading replays the
history from the base with full rule checks, requires the result to equal ``position``
and ``score``, and checks that every redo action is legal in turn; so a save that loads
is a game that could have been played. ``load_save(g.to_save()).to_save()`` is
byte-identical.
"""

from __future__ import annotations

import json

from . import engine
from .deals import VARIANTS, parse_code
from .errors import BadCode, BadNotation, BadPosition, BadSave, IllegalMove
from .fcs import format_position, parse_position
from .history import UNDO_LIMIT, Game, arrived_mask
from .moves import Move

#: Current save format version.
SAVE_VERSION = 1


def dump_save(game: Game) -> str:
    """The save text of ``game`` (module docstring). O(cards + history)."""
    d: dict[str, object] = {"version": SAVE_VERSION, "game": game.game, "cells": game.cells}
    if game.deal is not None:
        d["code"] = game.code
    else:
        d["start"] = format_position(game.start)
    undo = game._undo
    if game._dropped:
        base = undo[0][0] if undo else game._state
        d["base"] = {
            "position": format_position(base[0]),
            "score": base[1],
            "arrived": format(base[2], "x"),
        }
    d["history"] = [str(m) for _, m in undo]
    d["redo"] = [str(m) for _, m in reversed(game._redo)]
    d["position"] = format_position(game._state[0])
    d["score"] = game._state[1]
    d["moves"] = game.move_count
    return json.dumps(d, separators=(",", ":"), ensure_ascii=False)


def _int(d: dict, key: str, lo: int, hi: int) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise BadSave("save-format", f"{key!r} must be a whole number {lo}..{hi}, not {v!r}")
    return v


def _moves(d: dict, key: str) -> list[Move]:
    v = d.get(key)
    if not isinstance(v, list) or len(v) > UNDO_LIMIT or not all(isinstance(m, str) for m in v):
        raise BadSave("save-format", f"{key!r} must be a list of at most 100 moves")
    try:
        return [Move.parse(m) for m in v]
    except BadNotation as e:
        raise BadSave("save-history", f"{key!r}: {e}") from None


def _pos(text: object, game: str, cells: int, what: str):
    if not isinstance(text, str):
        raise BadSave("save-format", f"{what!r} must be position text")
    try:
        return parse_position(text, game, cells)
    except BadPosition as e:
        raise BadSave("save-position", f"{what}: {e}", e.problems) from None


def load_save(text: str | bytes) -> Game:
    """Restore a game saved by :meth:`~game.history.Game.to_save`.

    Raises:
        BadSave: ``save-json``, ``save-version``, ``save-format``, ``save-code``,
            ``save-position`` (with ``.problems``), ``save-history``; see
            :class:`~game.errors.BadSave`. Nothing is half-built: on error no game exists.
    """
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
        if text.startswith("\ufeff"):
            text = text[1:]
        d = json.loads(text)
    except (ValueError, TypeError, AttributeError) as e:
        raise BadSave("save-json", f"not JSON ({e})") from None
    if not isinstance(d, dict):
        raise BadSave("save-format", "the save must be a JSON object")
    version = d.get("version")
    if version != SAVE_VERSION or isinstance(version, bool):
        raise BadSave("save-version", f"unknown save version {version!r} (this app reads 1)")
    game_name, cells = d.get("game"), d.get("cells")
    if (not isinstance(game_name, str) or game_name not in VARIANTS
            or cells not in VARIANTS[game_name] or isinstance(cells, bool)):
        raise BadSave("save-format", f"unknown game {game_name!r} with {cells!r} cells")
    known = {"version", "game", "cells", "code", "start", "base", "history", "redo",
             "position", "score", "moves"}
    extra = set(d) - known
    if extra:
        raise BadSave("save-format", f"unknown fields {sorted(extra)}")
    deal = None
    if "code" in d:
        if "start" in d or not isinstance(d["code"], str):
            raise BadSave("save-format", "'code' must be text, without 'start'")
        try:
            deal = parse_code(d["code"])
        except BadCode as e:
            raise BadSave("save-code", str(e)) from None
        if (deal.game, deal.cells) != (game_name, cells):
            raise BadSave("save-code", f"code {d['code']!r} is not a {game_name} deal")
        start = engine.RULES[game_name].deal(deal.number, cells)
    elif "start" in d:
        start = _pos(d["start"], game_name, cells, "start")
    else:
        raise BadSave("save-format", "a save needs 'code' or 'start'")
    game = Game(start, deal)
    max_score = engine.RULES[game_name].MAX_SCORE
    if "base" in d:
        b = d["base"]
        if not isinstance(b, dict) or set(b) != {"position", "score", "arrived"}:
            raise BadSave("save-format", "'base' must hold position, score and arrived")
        bpos = _pos(b["position"], game_name, cells, "base")
        bscore = _int(b, "score", 0, max_score)
        arr = b["arrived"]
        try:
            if not isinstance(arr, str) or arr != arr.strip().lower():
                raise ValueError
            mask = int(arr, 16)
        except ValueError:
            raise BadSave("save-format", f"bad 'arrived' {arr!r}") from None
        if mask >> bpos.layout.total or format(mask, "x") != arr:
            raise BadSave("save-format", f"bad 'arrived' {arr!r}")
        fmask = arrived_mask(bpos)
        pts = 10 * bin(mask).count("1")
        if fmask & ~mask or bscore < pts or (game_name != "easy-harp" and bscore != pts) or (
            bscore - pts
        ) % 5:
            raise BadSave("save-history", "base score and foundations do not agree")
        game._state = (bpos, bscore, mask)
        game._dropped = True
    history = _moves(d, "history")
    redo = _moves(d, "redo")
    if len(history) + len(redo) > UNDO_LIMIT:
        raise BadSave("save-format", "more than 100 undo and redo actions")
    moves = _int(d, "moves", len(history) + len(redo), 10**9)
    score = _int(d, "score", 0, max_score)
    for i, m in enumerate(history):
        try:
            game.play(m)
        except IllegalMove as e:
            raise BadSave("save-history", f"history move {i + 1}: {e}") from None
    cur = _pos(d.get("position"), game_name, cells, "position")
    if cur != game._state[0] or score != game._state[1]:
        raise BadSave("save-history", "replaying the history does not give the saved position")
    for i, m in enumerate(redo):
        try:
            game.play(m)
        except IllegalMove as e:
            raise BadSave("save-history", f"redo move {i + 1}: {e}") from None
    for _ in redo:
        game.undo()
    game.move_count = moves
    return game

"""The plain-data protocol between the page and the solver's worker (issue 24 point 1).

Every message is one JSON text (``postMessage`` of a string), so that both sides are
plain Python over plain data and can be tested under CPython without a browser.

Page -> worker:

- ``{"type": "search", "id": n, "kind": k, "game": g, "cells": c, "position": text,
  "nodes": budget, "mode": m, "goal": goal}``: search position ``text`` (SPEC §9
  position text of ``Game.position()``, game ``g`` with ``c`` cells) for ``kind``
  ``"verdict"``, ``"solve"``, ``"stuck"`` (``game.Search(position, nodes, mode,
  goal)``) or ``"hint"`` (``Game.hint(nodes)``). A search replaces the one under way; a
  hint is answered between two slices of it and leaves it running. A hint may add
  ``"base": text, "trail": [...]`` (the position before the game's undoable actions and
  those actions, SPEC §2 notation: they lead to ``position``, and the hint leads back to
  none of the positions on the way, ``game.solver.advice``) and ``"line": [...]`` (a
  winning line from ``position`` the page knows: the hint starts from it instead of a
  search).
- ``{"type": "cancel"}``: abandon the search under way (the game changed).
- ``{"type": "pause", "ms": n}``: search no further for the next ``n`` ms (the player is
  pressing, dragging or typing: on a machine with few cores the page then has one to
  itself).

Worker -> page:

- ``{"type": "ready", "ms": t, "mode": "restored" | "normal"}``: the worker's interpreter
  is up (``t`` ms after the worker's script began).
- ``{"type": "answer", "id": n, "kind": k, "position": text, "status": s, "moves": [...],
  "nodes": n}``: the answer to request ``n``, which names the position it answers; for a
  search ``s`` is a ``game.Solution`` status and ``moves`` its line, for a hint ``s`` is
  ``""`` and ``moves`` holds the hinted move or nothing. When a hint's search found a
  winning line, an answer of kind ``"verdict"`` with the hint's id and that line comes
  just before the hint's (unasked: the page only remembers it, issue 24 point 5).
- ``{"type": "error", "id": n, "error": text}``: request ``n`` could not be read or
  searched (``-1`` when its id could not be read); nothing else changed.
- ``{"type": "failed", "error": text}``: the worker could not start.

``read_message`` raises :class:`ProtocolError` (a ``ValueError``) for anything else, so
that a malformed message changes nothing on either side.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

KINDS = ("verdict", "solve", "stuck", "hint", "recheck")  # recheck: a verdict again, larger
MODES = ("fast", "complete", "auto")  # game.Search's modes (SPEC §10)
GOALS = ("win", "progress")
STATUSES = ("winnable", "unwinnable", "unknown")  # game.Solution's statuses (SPEC §10)
MAX_TEXT = 20_000  # the longest message read (a position is under 1,000 characters)


class ProtocolError(ValueError):
    """A message that is not one of this module's (the reason in English)."""


@dataclass(frozen=True, slots=True)
class Ask:
    """What to search: ``kind`` (``KINDS``) with a budget of ``nodes`` positions, in
    ``mode`` (``MODES``) for ``goal`` (``GOALS``)."""

    kind: str
    nodes: int
    mode: str = "auto"
    goal: str = "win"


@dataclass(frozen=True, slots=True)
class Request:
    """Request ``id``: ``ask`` for the position ``position`` of ``game`` with ``cells``;
    for a hint, the game's way there (``base`` and ``trail``, or ``""`` and ``()``) and
    a known winning line (or ``()``): module docstring."""

    id: int
    ask: Ask
    game: str
    cells: int
    position: str
    base: str = ""
    trail: tuple[str, ...] = ()
    line: tuple[str, ...] = ()

    def text(self) -> str:
        """The message (module docstring)."""
        a = self.ask
        d: dict[str, Any] = {"type": "search", "id": self.id, "kind": a.kind, "game": self.game,
                             "cells": self.cells, "position": self.position, "nodes": a.nodes,
                             "mode": a.mode, "goal": a.goal}
        if self.base:
            d.update(base=self.base, trail=list(self.trail))
        if self.line:
            d["line"] = list(self.line)
        return json.dumps(d)


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to request ``id`` of ``kind`` about ``position`` (module docstring)."""

    id: int
    kind: str
    position: str
    status: str
    moves: tuple[str, ...]
    nodes: int = 0

    def text(self) -> str:
        """The message (module docstring)."""
        return json.dumps({"type": "answer", "id": self.id, "kind": self.kind,
                           "position": self.position, "status": self.status,
                           "moves": list(self.moves), "nodes": self.nodes})


@dataclass(frozen=True, slots=True)
class Ready:
    """The worker's interpreter is up, ``ms`` after its script began; ``mode``: how
    Pyodide started (``"restored"`` from the interpreter copy, or ``"normal"``)."""

    ms: float
    mode: str


@dataclass(frozen=True, slots=True)
class Failure:
    """Request ``id`` failed (``id`` None: the worker itself could not start)."""

    id: int | None
    error: str


@dataclass(frozen=True, slots=True)
class Cancel:
    """Abandon the search under way."""


@dataclass(frozen=True, slots=True)
class Pause:
    """Search no further for ``ms`` milliseconds."""

    ms: float

    def text(self) -> str:
        """The message (module docstring)."""
        return json.dumps({"type": "pause", "ms": self.ms})


CANCEL_TEXT = json.dumps({"type": "cancel"})
Message = Request | Answer | Ready | Failure | Cancel | Pause


def error_text(rid: int, error: str) -> str:
    """The ``error`` message for request ``rid``."""
    return json.dumps({"type": "error", "id": rid, "error": error})


def failed_text(error: str) -> str:
    """The ``failed`` message (the worker could not start)."""
    return json.dumps({"type": "failed", "error": error})


def _field(d: dict[str, Any], name: str, kind: type, allowed: tuple[str, ...] = ()) -> Any:
    value = d.get(name)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ProtocolError(f"{name!r} must be {kind.__name__}")
    if allowed and value not in allowed:
        raise ProtocolError(f"{name!r} must be one of {allowed}")
    return value


def _texts(d: dict[str, Any], name: str) -> tuple[str, ...]:
    """Field ``name`` of ``d``: a list of strings (moves in SPEC §2 notation)."""
    value = _field(d, name, list)
    if not all(isinstance(m, str) for m in value):
        raise ProtocolError(f"{name!r} must be a list of notation strings")
    return tuple(value)


def read_message(text: object) -> Message:
    """The message of JSON ``text`` (module docstring).

    Raises:
        ProtocolError: not text, too long, not JSON, an unknown type, a missing field or
            one of the wrong type or value.
    """
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ProtocolError("a message is a JSON text of at most MAX_TEXT characters")
    try:
        d = json.loads(text)
    except ValueError as exc:
        raise ProtocolError(f"not JSON: {exc}") from None
    if not isinstance(d, dict):
        raise ProtocolError("a message is a JSON object")
    kind = d.get("type")
    if kind == "search":
        ask = Ask(_field(d, "kind", str, KINDS), _field(d, "nodes", int),
                  _field(d, "mode", str, MODES), _field(d, "goal", str, GOALS))
        if ask.nodes < 1:
            raise ProtocolError("'nodes' must be positive")
        base = _field(d, "base", str) if "base" in d else ""
        trail = _texts(d, "trail") if base else ()
        line = _texts(d, "line") if "line" in d else ()
        return Request(_field(d, "id", int), ask, _field(d, "game", str), _field(d, "cells", int),
                       _field(d, "position", str), base, trail, line)
    if kind == "answer":
        k = _field(d, "kind", str, KINDS)
        status = _field(d, "status", str, ("",) if k == "hint" else STATUSES)
        moves = _field(d, "moves", list)
        if not all(isinstance(m, str) for m in moves) or k == "hint" and len(moves) > 1:
            raise ProtocolError("'moves' must be notation strings (at most one for a hint)")
        return Answer(_field(d, "id", int), k, _field(d, "position", str), status,
                      tuple(moves), _field(d, "nodes", int))
    if kind == "ready":
        ms = d.get("ms")
        if not isinstance(ms, (int, float)) or isinstance(ms, bool):
            raise ProtocolError("'ms' must be a number")
        return Ready(float(ms), _field(d, "mode", str))
    if kind == "error":
        return Failure(_field(d, "id", int), _field(d, "error", str))
    if kind == "failed":
        return Failure(None, _field(d, "error", str))
    if kind == "cancel":
        return Cancel()
    if kind == "pause":
        ms = d.get("ms")
        if not isinstance(ms, (int, float)) or isinstance(ms, bool) or not 0 <= ms <= 10_000:
            raise ProtocolError("'ms' must be a number from 0 to 10000")
        return Pause(float(ms))
    raise ProtocolError(f"unknown message type {kind!r}")


__all__ = [
    "CANCEL_TEXT", "GOALS", "KINDS", "MAX_TEXT", "MODES", "STATUSES", "Answer", "Ask", "Cancel",
    "Failure", "Message", "Pause", "ProtocolError", "Ready", "Request", "error_text", "failed_text",
    "read_message",
]

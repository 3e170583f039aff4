"""What the page keeps about the current game beside its save, and the "ask first"
policy (SPEC §6, §12; docs/RECORDS.md).

:class:`GameMeta` is stored as :func:`dump_meta` text under ``solitaire.meta``
(:data:`KEY_META`), written together with ``solitaire.game``: the game's id (what the
records count by), its variant and deal code, its :class:`~game.clock.Clock` and
whether it was already recorded as won. :func:`after_change` turns each change of the
game (play, undo, redo) into the :class:`~game.records.Event` values to record, and
:func:`ask_first` / :func:`replace_events` say what starting another game means.
Pure Python: times are passed in (monotonic ms for the clock, ISO text for dates).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from . import safejson
from .clock import Clock, load_clock
from .engine import is_variant
from .gameid import id_time, new_game_id
from .records import Event

KEY_META = "solitaire.meta"
META_VERSION = 1
#: What a finished game was recorded as (``None``: not yet).
META_RESULTS = (None, "won", "assisted")


@dataclass(frozen=True, slots=True)
class GameMeta:
    """The current game's record-keeping: ``id`` (:func:`~game.gameid.new_game_id`),
    ``code`` (deal code text, ``""`` for a game loaded from a position), ``variant``
    (SPEC §12 name), ``clock`` and ``result`` (:data:`META_RESULTS`)."""

    id: str
    code: str
    variant: str
    clock: Clock
    result: str | None = None


def new_meta(code: str, variant: str, epoch_ms: int, rand: int, visible: bool = True) -> GameMeta:
    """Meta for a game just dealt (any way: new deal, same deal again, a code, a link).

    ``epoch_ms``: wall-clock ms since 1970 (``Date.now()``); ``rand``: a random number in
    ``0..2**48-1`` (``crypto.getRandomValues``); ``visible``: the page is visible.
    Raises ValueError for an unknown variant or bad ``epoch_ms``/``rand``."""
    if not is_variant(variant):
        raise ValueError(f"unknown variant {variant!r}")
    return GameMeta(new_game_id(epoch_ms, rand), code, variant, Clock(visible=visible))


def dump_meta(meta: GameMeta, now: float) -> str:
    """Stored text at monotonic time ``now`` (ms): ``{"version":1,"id":..,"code":..,
    "variant":..,"result":null|"won"|"assisted","clock":{"ms":..,"started":..,"won":..}}``."""
    return json.dumps({"version": META_VERSION, "id": meta.id, "code": meta.code,
                       "variant": meta.variant, "result": meta.result,
                       "clock": meta.clock.dump(now)}, separators=(",", ":"))


def parse_meta(raw: str | None, now: float, visible: bool, code: str) -> tuple[GameMeta | None, bool]:
    """Read stored meta for the game whose deal code is ``code``.

    Returns ``(meta, ok)``: ``(None, True)`` when nothing is stored or the stored meta
    belongs to another deal (the page then makes a :func:`new_meta`); ``(None, False)``
    when ``raw`` is unreadable (not JSON, another or future version, a bad field): the
    page keeps it under ``solitaire.backup.meta`` and tells the player once (SPEC §7).
    The clock resumes at ``now`` if it is running. Never raises."""
    if raw is None:
        return None, True
    try:
        d = safejson.loads(raw)
    except (ValueError, TypeError):
        return None, False
    names = {"version", "id", "code", "variant", "result", "clock"}
    if not isinstance(d, dict) or set(d) != names or d["version"] != META_VERSION \
            or isinstance(d["version"], bool):
        return None, False
    clock = load_clock(d["clock"], now, visible)
    if (clock is None or not isinstance(d["id"], str) or id_time(d["id"]) is None
            or not isinstance(d["code"], str) or not is_variant(d["variant"])
            or d["result"] not in META_RESULTS or (d["result"] is not None and not clock.started)):
        return None, False
    if d["code"] != code:
        return None, True
    return GameMeta(d["id"], d["code"], d["variant"], clock, d["result"]), True


def after_change(meta: GameMeta, now: float, *, is_won: bool, moves: int, score: int,
                 assisted: bool = False, date: str = "") -> tuple[GameMeta, tuple[Event, ...]]:
    """Bring ``meta`` up to date after a play, undo or redo, and list what to record.

    Args:
        now: monotonic ms; is_won/moves/score: the game after the change (``moves`` is
            the move counter, SPEC §6); assisted: the solver finished this game;
            date: ISO 8601 text of now (``Date.toISOString()``).

    Returns:
        ``(meta, events)``: a ``start`` event at the first action (SPEC §12: played from
        the first action) and a ``won``/``assisted`` event the first time the game is
        won, never again for this game (undo then winning again counts one win). The
        clock starts at the first action, stops at a win and runs again after an undo
        out of it (time counts while not won).
    """
    clock, events = meta.clock, []
    if moves > 0 and not clock.started:
        clock = clock.start(now)
        events.append(Event("start", meta.id, meta.variant, meta.code, score, moves, 0, date))
    clock = clock.win(now) if is_won else clock.unwin(now)
    result = meta.result
    if is_won and result is None:
        result = "assisted" if assisted else "won"
        events.append(Event(result, meta.id, meta.variant, meta.code, score, moves,
                            clock.seconds(now), date))
    return replace(meta, clock=clock, result=result), tuple(events)


@dataclass(frozen=True, slots=True)
class AskFirst:
    """The question before another game replaces this one (SPEC §6, ``data-role="confirm"``).

    ``consequence``: ``"lost"`` (the game will count as lost), ``"won"`` or
    ``"assisted"`` (it already counts as such and stays so; its position is lost).
    ``key``: the text key of the question, ``confirm.replace-<consequence>``;
    ``again_key``: the same question when the new game is this game's deal from its
    start (a link to the deal being played, "Same deal again"),
    ``confirm.again-<consequence>``; ``deal_key``: the question naming the deal asked
    for (a link, a help example, a recent game: ``{code}``), ``confirm.deal-<consequence>``."""

    consequence: str

    @property
    def key(self) -> str:
        return f"confirm.replace-{self.consequence}"

    @property
    def again_key(self) -> str:
        return f"confirm.again-{self.consequence}"

    @property
    def deal_key(self) -> str:
        return f"confirm.deal-{self.consequence}"


def ask_first(moves: int, is_won: bool, result: str | None) -> AskFirst | None:
    """Must starting another game ask first? (SPEC §6: a game with at least one action
    that is not won.) ``moves``: the move counter; ``is_won``: the position is won now;
    ``result``: ``GameMeta.result``. Returns ``None`` (replace at once) or the question."""
    if moves <= 0 or is_won:
        return None
    return AskFirst(result or "lost")


def replace_events(meta: GameMeta | None, now: float, *, is_won: bool, moves: int, score: int,
                   date: str = "") -> tuple[Event, ...]:
    """What to record when the player confirmed starting another game over this one:
    a ``lost`` event if it had an action and was never won (SPEC §12: a game replaced
    before it is won counts as lost), else nothing. ``meta`` None (never recorded)
    gives nothing; the caller then has no id to count by."""
    if meta is None or moves <= 0 or is_won or meta.result is not None:
        return ()
    return (Event("lost", meta.id, meta.variant, meta.code, score, moves,
                  meta.clock.seconds(now), date),)

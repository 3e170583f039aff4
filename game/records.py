"""Statistics per variant and recent games, counted once per game (SPEC §12).

Pure Python; the page keeps :func:`dump_records` text under ``solitaire.records``
(:data:`KEY_RECORDS`) and never writes statistics from memory: every change is
*read storage, apply, write* (:func:`record`, :func:`reset_stored`). docs/RECORDS.md
describes the stored form and why two tabs can never count a game twice:

- every started game has an id (:func:`~game.gameid.new_game_id`), and the stored *ledger*
  (:attr:`Records.games`, also the "recent games" list) holds the result of each id:
  ``playing`` from the first action, then ``won``, ``assisted`` or ``lost`` for good;
- an :class:`Event` changes the counters only when it moves its id forward
  (absent -> playing -> final); an event for an id that is already final changes
  nothing, so applying an event twice (two tabs, undo then winning again) is the same
  as applying it once;
- the ledger keeps the newest :data:`RECENT_LIMIT` ids; ``floor`` is the creation time
  of the newest id ever dropped from it, and an unknown id created at or before
  ``floor`` is taken as already counted (never counted twice; at worst not at all).

Statistics keys (SPEC §12, ``data-stat="VARIANT:KEY"``): :data:`STAT_KEYS`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from . import safejson
from .engine import is_variant, variant_info, variants
from .gameid import FUTURE_SKEW_MS, date_ms, id_time, in_time

#: Storage key of the records (docs/ARCHITECTURE.md naming).
KEY_RECORDS = "solitaire.records"
RECORDS_VERSION = 1
#: SPEC §12 variants of the shipped games (the registry's as :mod:`game.engine` registers
#: them): always in the stored records; a game registered later (a test's Four Rows) is
#: counted too, its figures stored from its first game on.
STAT_VARIANTS = tuple(v.name for v in variants())
STAT_KEYS = ("played", "won", "streak", "best-streak", "best-score", "fewest-moves",
             "fastest", "assisted")
#: Keys that exist only from a win on (``None`` before the first unassisted win).
WIN_KEYS = ("best-score", "fewest-moves", "fastest")
#: Results in the ledger. ``playing``: started, not finished.
RESULTS = ("playing", "won", "assisted", "lost")
#: Events: the first action, and the three ends of a game.
KINDS = ("start", "won", "assisted", "lost")
#: Recent games kept (issue 12 point 5), and so the size of the ledger.
RECENT_LIMIT = 50
_BIG = 10**9


def variant_of(game: str, cells: int) -> str:
    """The SPEC §12 variant name: ``("eight-off", 4) -> "eight-off-4"``. Raises
    ValueError for a game or cell count the registry does not know."""
    for v in variants():
        if v.game == game and v.cells == cells:
            return v.name
    raise ValueError(f"no variant {game!r} with {cells!r} cells")


@dataclass(frozen=True, slots=True)
class VariantStats:
    """One variant's figures (SPEC §12). ``best_score``/``fewest_moves``/``fastest``
    (seconds) are ``None`` until the first unassisted win; ``resets`` counts resets
    (a game counted before a reset is counted again when it ends after it)."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_score: int | None = None
    fewest_moves: int | None = None
    fastest: int | None = None
    assisted: int = 0
    resets: int = 0

    def values(self) -> dict[str, int | None]:
        """``{KEY: value}`` for every SPEC §12 key, in :data:`STAT_KEYS` order."""
        return {k: getattr(self, k.replace("-", "_")) for k in STAT_KEYS}


@dataclass(frozen=True, slots=True)
class Entry:
    """One game in the ledger / recent games: id, variant, deal code, result
    (:data:`RESULTS`), score, moves and seconds at the last event, the date (ISO 8601
    text from the page) of the last event, and ``gen`` (the variant's ``resets`` when
    this game was counted as played)."""

    id: str
    variant: str
    code: str
    result: str
    score: int
    moves: int
    seconds: int
    date: str
    gen: int = 0


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened to one game (see :data:`KINDS`): ``start`` at its first
    action; ``won``/``assisted`` (finished by the solver) when first won; ``lost`` when
    replaced before a win. ``score``/``moves``/``seconds`` are the game's at the event,
    ``date`` ISO 8601 text."""

    kind: str
    game_id: str
    variant: str
    code: str
    score: int = 0
    moves: int = 0
    seconds: int = 0
    date: str = ""


@dataclass(frozen=True, slots=True)
class Records:
    """Everything stored: ``stats`` per variant (every one of :data:`STAT_VARIANTS`
    always present, a variant registered later from its first game on), ``games``
    (the ledger, newest creation time first, at most :data:`RECENT_LIMIT`) and
    ``floor`` (creation time of the newest id dropped from the ledger, -1 if none)."""

    stats: tuple[tuple[str, VariantStats], ...] = tuple((v, VariantStats()) for v in STAT_VARIANTS)
    games: tuple[Entry, ...] = ()
    floor: int = -1

    def of(self, variant: str) -> VariantStats:
        """The stats of ``variant``: zeros for a registered variant not counted yet
        (KeyError for an unknown one)."""
        found = dict(self.stats).get(variant)
        if found is None and not is_variant(variant):
            raise KeyError(variant)
        return found or VariantStats()

    def entry(self, game_id: str) -> Entry | None:
        """The ledger entry of ``game_id``, or ``None``."""
        return next((e for e in self.games if e.id == game_id), None)

    def with_stats(self, variant: str, stats: VariantStats) -> Records:
        """A copy with ``variant``'s stats replaced (added last if it had none)."""
        return replace(self, stats=tuple({**dict(self.stats), variant: stats}.items()))


@dataclass(frozen=True, slots=True)
class Outcome:
    """What :func:`apply` did: ``counted`` (the event changed anything), the variant's
    stats ``before`` and ``after``, and ``beaten`` (:func:`beaten` of the two)."""

    counted: bool
    before: VariantStats
    after: VariantStats
    beaten: tuple[str, ...] = ()


def beaten(before: VariantStats, after: VariantStats) -> tuple[str, ...]:
    """The records a win beat, as SPEC §12 keys in the order ``best-score``,
    ``fastest``, ``fewest-moves``, ``best-streak``: a figure that improved on an earlier
    one (a first win beats nothing, since there was nothing to beat)."""
    out = []
    if before.best_score is not None and after.best_score is not None \
            and after.best_score > before.best_score:
        out.append("best-score")
    for key in ("fastest", "fewest_moves"):
        b, a = getattr(before, key), getattr(after, key)
        if b is not None and a is not None and a < b:
            out.append(key.replace("_", "-"))
    if before.best_streak > 0 and after.best_streak > before.best_streak:
        out.append("best-streak")
    return tuple(out)


def _finish(s: VariantStats, e: Event) -> VariantStats:
    """Counters after game end ``e`` (SPEC §12): assisted wins apart, a loss ends the
    streak; best score, fewest moves and fastest only from unassisted wins."""
    if e.kind == "assisted":
        return replace(s, assisted=s.assisted + 1)
    if e.kind == "lost":
        return replace(s, streak=0)
    streak = s.streak + 1
    return replace(
        s, won=s.won + 1, streak=streak, best_streak=max(s.best_streak, streak),
        best_score=e.score if s.best_score is None else max(s.best_score, e.score),
        fewest_moves=e.moves if s.fewest_moves is None else min(s.fewest_moves, e.moves),
        fastest=e.seconds if s.fastest is None else min(s.fastest, e.seconds))


def apply(records: Records, event: Event) -> tuple[Records, Outcome]:
    """Apply one event; idempotent per game id (module docstring, docs/RECORDS.md).

    Returns the new records and the :class:`Outcome`. An event whose id is final, or
    unknown and not newer than ``floor``, or a repeated ``start``, changes nothing
    (``counted`` False), and so does an event whose variant is not the one its id was
    counted in (a page bug; ignoring it keeps the figures consistent).
    Raises ValueError for an event that is not well formed (:func:`check_event`).
    """
    check_event(event)
    old = records.entry(event.game_id)
    variant = event.variant
    before = records.of(variant)
    unchanged = records, Outcome(False, before, before)
    if old is not None and old.variant != variant:
        return unchanged
    if old is None:
        created = id_time(event.game_id)
        if created is None or created <= records.floor:
            return unchanged
        after = replace(before, played=before.played + 1)
    elif old.result != "playing" or event.kind == "start":
        return unchanged
    elif old.gen != before.resets:
        after = replace(before, played=before.played + 1)
    else:
        after = before
    result = "playing" if event.kind == "start" else event.kind
    if result != "playing":
        after = _finish(after, event)
    entry = Entry(event.game_id, variant, event.code if old is None else old.code, result,
                  event.score, event.moves, event.seconds, event.date, after.resets)
    games = sorted([g for g in records.games if g.id != event.game_id] + [entry],
                   key=lambda g: (id_time(g.id) or 0, g.id), reverse=True)
    floor = records.floor
    for dropped in games[RECENT_LIMIT:]:
        floor = max(floor, id_time(dropped.id) or 0)
    new = replace(records.with_stats(variant, after), games=tuple(games[:RECENT_LIMIT]),
                  floor=floor)
    return new, Outcome(True, before, after, beaten(before, after))


def check_event(event: Event) -> None:
    """Raise ValueError unless ``event`` has a known kind and variant, an id
    (:func:`~game.gameid.new_game_id`), whole numbers >= 0 (a score at most the
    variant's ``max_score``, :func:`game.engine.variant_info`) and a date :func:`_date_ok` accepts."""
    if event.kind not in KINDS or not is_variant(event.variant) or id_time(event.game_id) is None:
        raise ValueError(f"bad event {event!r}")
    top = variant_info(event.variant).max_score
    if not (_count(event.score, top) and _count(event.moves) and _count(event.seconds)):
        raise ValueError(f"bad figures in {event!r}")
    if not isinstance(event.code, str) or len(event.code) > 40 or not _date_ok(event.date):
        raise ValueError(f"bad code or date in {event!r}")


def reset(records: Records, variant: str) -> Records:
    """``variant``'s statistics back to zero (issue 12 point 2). Recent games stay; a
    game in progress is counted as played again when it ends (``resets`` + 1)."""
    s = records.of(variant)
    return records.with_stats(variant, VariantStats(resets=s.resets + 1))


def recent(records: Records, variant: str | None = None) -> tuple[Entry, ...]:
    """Recent games, newest first (at most :data:`RECENT_LIMIT`), of one variant or all."""
    return tuple(e for e in records.games if variant is None or e.variant == variant)


# ----- stored form -------------------------------------------------------------------


def dump_records(records: Records) -> str:
    """The stored text (docs/RECORDS.md): compact JSON, keys in a fixed order."""
    stats = {v: {**s.values(), "resets": s.resets} for v, s in records.stats}
    games = [{"id": e.id, "variant": e.variant, "code": e.code, "result": e.result,
              "score": e.score, "moves": e.moves, "seconds": e.seconds, "date": e.date,
              "gen": e.gen} for e in records.games]
    doc = {"version": RECORDS_VERSION, "stats": stats, "games": games, "floor": records.floor}
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


def _count(v: object, hi: int = _BIG) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= hi


def _date_ok(text: object) -> bool:
    """An ISO 8601 date-time as ``Date.toISOString()`` writes it, or ``""`` (unknown)."""
    return text == "" or date_ms(text) is not None


def entry_in_time(e: Entry, now_ms: float) -> bool:
    """Whether a ledger entry's id and date agree with the reader's clock and with each
    other (:func:`~game.gameid.in_time`, issue 27 point 3)."""
    return in_time(e.id, e.date, now_ms)


def _stats(v: str, d: object) -> VariantStats | None:
    """A variant's stats from stored JSON, or ``None`` if anything is off (including
    figures that contradict each other)."""
    if not isinstance(d, dict) or set(d) != {*STAT_KEYS, "resets"}:
        return None
    top = variant_info(v).max_score
    if not all(_count(d[k]) for k in STAT_KEYS if k not in WIN_KEYS) or not _count(d["resets"]):
        return None
    if d["won"] == 0:
        if any(d[k] is not None for k in WIN_KEYS):
            return None
    elif not (_count(d["best-score"], top) and _count(d["fewest-moves"])
              and _count(d["fastest"])):
        return None
    if not d["streak"] <= d["best-streak"] <= d["won"] or d["won"] + d["assisted"] > d["played"]:
        return None
    return VariantStats(**{k.replace("-", "_"): d[k] for k in (*STAT_KEYS, "resets")})


def _entry(d: object) -> Entry | None:
    """A ledger entry from stored JSON, or ``None`` if anything is off."""
    names = ("id", "variant", "code", "result", "score", "moves", "seconds", "date", "gen")
    if not isinstance(d, dict) or set(d) != set(names):
        return None
    ok = (isinstance(d["id"], str) and id_time(d["id"]) is not None and is_variant(d["variant"])
          and isinstance(d["code"], str) and len(d["code"]) <= 40 and d["result"] in RESULTS
          and all(_count(d[k]) for k in ("score", "moves", "seconds", "gen"))
          and _date_ok(d["date"]))
    return Entry(**{k: d[k] for k in names}) if ok else None


def parse_records(raw: str | None, now_ms: float | None = None) -> tuple[Records, bool]:
    """Read stored records; returns ``(records, ok)``, like ``parse_settings``.

    ``raw`` None (nothing stored) gives empty records and ``ok`` True. Otherwise ``ok``
    is False when anything could not be read: not JSON within the limits of
    :func:`game.safejson.loads`, not an object, another or a future ``version`` (then
    everything takes its default), or a bad variant or entry (then that part takes its
    default or is dropped, the rest is kept). With ``now_ms`` (the reader's wall clock,
    ms since 1970), ids and dates are also checked against it (:func:`entry_in_time`):
    an entry from the future is dropped and a ``floor`` after ``now_ms`` +
    :data:`FUTURE_SKEW_MS` is brought back to ``now_ms`` (a game created after this
    moment is never one that was dropped, so none is counted twice). The page then keeps
    ``raw`` under ``solitaire.backup.records`` and tells the player once (SPEC §7).
    Never raises.
    """
    empty = Records()
    if raw is None:
        return empty, True
    try:
        d = safejson.loads(raw)
    except (ValueError, TypeError):
        return empty, False
    if not isinstance(d, dict) or d.get("version") != RECORDS_VERSION \
            or isinstance(d.get("version"), bool):
        return empty, False
    ok = set(d) == {"version", "stats", "games", "floor"}
    raw_stats = d["stats"] if isinstance(d.get("stats"), dict) else {}
    stats = []
    later = [v.name for v in variants() if v.name not in STAT_VARIANTS and v.name in raw_stats]
    for v in (*STAT_VARIANTS, *later):
        s = _stats(v, raw_stats.get(v))
        ok = ok and s is not None
        stats.append((v, s or VariantStats()))
    ok = ok and all(is_variant(v) for v in raw_stats)
    floor = d.get("floor")
    if not (floor == -1 or _count(floor, 10**13)):
        ok, floor = False, -1
    assert isinstance(floor, int)
    if now_ms is not None and floor > now_ms + FUTURE_SKEW_MS:
        ok, floor = False, int(now_ms)
    games: list[Entry] = []
    raw_games = d.get("games")
    if not isinstance(raw_games, list):
        ok, raw_games = False, []
    resets = {v: s.resets for v, s in stats}
    for item in raw_games[:RECENT_LIMIT]:
        e = _entry(item)
        if e is None or any(g.id == e.id for g in games) or e.gen > resets.get(e.variant, 0) \
                or (now_ms is not None and not entry_in_time(e, now_ms)):
            ok = False
        else:
            games.append(e)
    ok = ok and len(raw_games) <= RECENT_LIMIT
    games.sort(key=lambda g: (id_time(g.id) or 0, g.id), reverse=True)
    return Records(tuple(stats), tuple(games), floor), ok


@dataclass(frozen=True, slots=True)
class Stored:
    """Result of a read-apply-write step: ``raw`` to write back, the new ``records``,
    the ``outcome`` (``None`` for a reset) and ``ok`` (False: the text read was
    unreadable and should be kept under ``solitaire.backup.records`` first)."""

    raw: str
    records: Records
    outcome: Outcome | None
    ok: bool


def record(stored: str | None, event: Event) -> Stored:
    """The merge before writing: read ``stored`` (the text just read from storage; when
    storage is off, the tab's own last text), apply ``event``, return what to write.

    Because :func:`apply` is idempotent per game id, whatever order two tabs write in,
    a game is counted at most once (docs/RECORDS.md). Raises ValueError for a
    malformed event (:func:`check_event`)."""
    records, ok = parse_records(stored)
    new, outcome = apply(records, event)
    return Stored(dump_records(new), new, outcome, ok)


def reset_stored(stored: str | None, variant: str) -> Stored:
    """Read ``stored``, reset ``variant`` (:func:`reset`), return what to write."""
    records, ok = parse_records(stored)
    new = reset(records, variant)
    return Stored(dump_records(new), new, None, ok)

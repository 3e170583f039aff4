"""Take your records along: export all local data as one versioned JSON file, and
read such a file back safely (issue 12 point 6, SPEC §12; docs/RECORDS.md).

The file embeds each stored text as the JSON value it holds (readable, one document)::

    {"format":"solitaire-backup","version":1,"exported":"2026-12-01T03:00:00.000Z",
     "settings":{...}|null,"records":{...}|null,"game":{...}|null,"meta":{...}|null}

``settings`` is ``solitaire.settings``, ``records`` ``solitaire.records``, ``game``
``solitaire.game`` and ``meta`` ``solitaire.meta``; ``null`` means "nothing stored".
Reading a file (:func:`parse_backup`) checks *everything* before anything is written:
the settings and the game with checkers the page passes in (``parse_settings``,
``load_save``), the records and meta here. A problem is a :class:`BadBackup` with a
stable ``code`` (the text key is ``error.<code>``, as for deal codes); nothing is changed then.

Every file is data with limits (issue 27 point 3, SPEC §7): its size, nesting depth and
number of values are bounded *before* Python builds anything (:mod:`game.safejson`: a
12 KB file nested 6,000 deep once stopped Python in the page), ``NaN`` and ``Infinity``
are refused, and its game ids and dates are checked against the reader's clock and
each other (:func:`game.records.entry_in_time`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from . import safejson
from .gameid import FUTURE_SKEW_MS, date_ms, id_time
from .records import parse_records
from .session import parse_meta

FORMAT = "solitaire-backup"
BACKUP_VERSION = 1
#: The parts of a backup, in file order.
PARTS = ("settings", "records", "game", "meta")
#: Largest file read, in characters (real files are a few tens of kB).
MAX_CHARS = 2_000_000
#: Deepest nesting and most values read (a real file is 6 deep with a few thousand
#: values; :mod:`game.safejson`).
MAX_DEPTH = 16
MAX_ITEMS = 50_000
#: Problem codes (:attr:`BadBackup.code`).
CODES = ("import-json", "import-foreign", "import-version", "import-format",
         "import-too-large", "import-limits", "import-settings", "import-records",
         "import-dates", "import-game", "import-meta")


class BadBackup(ValueError):
    """A file that cannot be imported. ``code``: one of :data:`CODES`; ``details``:
    placeholders for the message (``{"version": 2}`` for a future file)."""

    def __init__(self, code: str, message: str, details: dict[str, int | str] | None = None):
        super().__init__(message)
        self.code = code
        self.details = details or {}


def export_backup(parts: Mapping[str, str | None], exported: str) -> str:
    """The backup file text.

    Args:
        parts: stored text per part name (:data:`PARTS`; a missing or ``None`` part is
            written as ``null``). Each text must be JSON (what the page itself wrote).
        exported: ISO 8601 date-time of the export (``Date.toISOString()``).

    Returns:
        Indented JSON text (module docstring). Raises ValueError for an unknown part
        name or a part that is not a JSON object.
    """
    unknown = set(parts) - set(PARTS)
    if unknown:
        raise ValueError(f"unknown parts {sorted(unknown)}")
    doc: dict[str, object] = {"format": FORMAT, "version": BACKUP_VERSION, "exported": exported}
    for name in PARTS:
        text = parts.get(name)
        value = None if text is None else json.loads(text)
        if value is not None and not isinstance(value, dict):
            raise ValueError(f"part {name!r} is not a JSON object")
        doc[name] = value
    return json.dumps(doc, ensure_ascii=False, indent=1)


@dataclass(frozen=True, slots=True)
class Backup:
    """A checked backup: ``exported`` (ISO text) and ``parts`` (part name -> stored text
    to write, or ``None`` when the file has nothing for it)."""

    exported: str
    parts: tuple[tuple[str, str | None], ...]

    def part(self, name: str) -> str | None:
        """The stored text of part ``name``, or ``None``."""
        return dict(self.parts)[name]

    def writes(self) -> tuple[tuple[str, str | None], ...]:
        """What the import does, as (part, text) pairs; text ``None`` means remove the
        key. A part the file lacks is left as it is, except ``meta``, which always goes
        with ``game``: a file with a game but no meta removes the old meta (the page
        then makes a new one), a file with no game leaves game and meta alone."""
        out: list[tuple[str, str | None]] = []
        for name, text in self.parts:
            if name == "meta":
                if self.part("game") is not None:
                    out.append((name, text))
            elif text is not None:
                out.append((name, text))
        return tuple(out)


#: A part's checker: False (or None) when the text is not valid, True when it is, or
#: the text to store instead (the settings re-written with known keys only).
Check = Callable[[str], "bool | str | None"]


def parse_backup(text: str | bytes, check_settings: Check, check_game: Check,
                 now_ms: float | None = None) -> Backup:
    """Read and check a backup file.

    Args:
        text: the file's content (bytes are read as UTF-8, a BOM is allowed).
        check_settings: a ``solitaire.settings`` text's checker: True or the text to
            store (``game.ui.persist.checked_settings``, which keeps known keys only)
            when valid, False or None when not.
        check_game: True when a ``solitaire.game`` text loads (``load_save``).
        now_ms: the wall clock (ms since 1970; default ``time.time() * 1000``), against
            which the file's game ids and dates are checked.

    Returns:
        The :class:`Backup`.

    Raises:
        BadBackup: ``import-too-large``, ``import-limits`` (nested deeper than
            :data:`MAX_DEPTH` or more than :data:`MAX_ITEMS` values), ``import-json``
            (not JSON text, ``NaN`` and ``Infinity`` included), ``import-foreign`` (JSON
            but not this app's backup), ``import-version`` (another or a future
            version; ``details["version"]``), ``import-format`` (a field missing,
            unknown or of the wrong type), ``import-settings``, ``import-records``,
            ``import-game``, ``import-meta`` (that part is invalid), ``import-dates``
            (a game id or date after ``now_ms`` + one day, or a date before its game
            was created).
    """
    now = time.time() * 1000 if now_ms is None else now_ms
    d = _load(text)
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise BadBackup("import-foreign", "not a solitaire backup")
    version = d.get("version")
    if version != BACKUP_VERSION or isinstance(version, bool):
        shown = version if isinstance(version, int | str) and not isinstance(version, bool) else "?"
        raise BadBackup("import-version", f"backup version {version!r} (this app reads 1)",
                        {"version": shown})
    if set(d) != {"format", "version", "exported", *PARTS} or not isinstance(d["exported"], str) \
            or not all(d[p] is None or isinstance(d[p], dict) for p in PARTS):
        raise BadBackup("import-format", "fields missing, unknown or of the wrong type")
    parts = {p: None if d[p] is None else json.dumps(d[p], separators=(",", ":"),
                                                     ensure_ascii=False) for p in PARTS}
    settings, records, game, meta = (parts[p] for p in PARTS)
    if settings is not None:
        checked = _safe(check_settings, settings)
        if not checked:
            raise BadBackup("import-settings", "the settings are not valid")
        if isinstance(checked, str):
            parts["settings"] = checked
    if records is not None:
        if not parse_records(records)[1]:
            raise BadBackup("import-records", "the statistics are not valid")
        if not parse_records(records, now)[1]:
            raise BadBackup("import-dates", "games dated after today or before they began")
    if game is not None and not _safe(check_game, game):
        raise BadBackup("import-game", "the current game is not valid")
    if meta is not None:
        game_code = d["game"].get("code", "") if game is not None else None
        read = parse_meta(meta, 0.0, False, game_code)[0] if isinstance(game_code, str) else None
        if read is None:
            raise BadBackup("import-meta", "the current game's record is not valid")
        created = id_time(read.id)
        if created is None or created > now + FUTURE_SKEW_MS:
            raise BadBackup("import-dates", "the current game is dated after today")
    when = date_ms(d["exported"])
    if when is not None and when > now + FUTURE_SKEW_MS:
        raise BadBackup("import-dates", "the file is dated after today")
    return Backup(d["exported"], tuple(parts.items()))


def _load(text: str | bytes) -> object:
    """The file's JSON value, read within the limits; raises :class:`BadBackup`
    (``import-too-large``, ``import-limits``, ``import-json``)."""
    if len(text) > MAX_CHARS:
        raise BadBackup("import-too-large", f"more than {MAX_CHARS} characters")
    try:
        return safejson.loads(text, MAX_CHARS, MAX_DEPTH, MAX_ITEMS)
    except safejson.JsonLimit as e:
        if e.code == "not-json":
            raise BadBackup("import-json", f"not JSON ({e})") from None
        code = "import-too-large" if e.code == "too-large" else "import-limits"
        raise BadBackup(code, str(e)) from None
    except (ValueError, TypeError) as e:
        raise BadBackup("import-json", f"not JSON ({e})") from None


def _safe(check: Check, text: str) -> bool | str:
    """``check(text)`` as True/False or the text to store, with any exception a checker
    lets out taken as invalid."""
    try:
        out = check(text)
    except Exception:  # noqa: BLE001 - a checker's error means "not valid"
        return False
    return out if isinstance(out, str) and out else bool(out)


@dataclass(frozen=True, slots=True)
class Summary:
    """What a set of stored data holds, for the import question (issue 12 point 6):
    ``settings`` (present), ``played``/``won`` per variant (``None``: no statistics
    part), ``recent`` (number of recent games), ``game`` (deal code of the current game,
    ``None`` if none) and ``moves`` (its move counter)."""

    settings: bool
    played: dict[str, int] | None
    won: dict[str, int] | None
    recent: int
    game: str | None
    moves: int | None


def summarise(parts: Mapping[str, str | None]) -> Summary:
    """Summary of stored texts per part (a :class:`Backup`'s ``dict(parts)``, or what
    storage holds now, to show "this replaces ... with ..."). Unreadable parts count
    as absent. Never raises."""
    records_text = parts.get("records")
    played = won = None
    recent = 0
    if records_text is not None:
        records, ok = parse_records(records_text)
        if ok:
            played = {v: s.played for v, s in records.stats}
            won = {v: s.won for v, s in records.stats}
            recent = len(records.games)
    code = moves = None
    game_text = parts.get("game")
    if game_text is not None:
        try:
            g = safejson.loads(game_text)
        except (ValueError, TypeError):
            g = None
        if isinstance(g, dict):
            code = g.get("code") if isinstance(g.get("code"), str) else ""
            m = g.get("moves")
            moves = m if isinstance(m, int) and not isinstance(m, bool) else None
    return Summary(parts.get("settings") is not None, played, won, recent, code, moves)

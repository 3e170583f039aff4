"""What the app keeps in ``localStorage`` and how it survives bad or missing data.

Pure Python (no browser import). The adapter passes a ``Store``: any object with
``get(key) -> str | None``, ``set(key, value)`` and ``remove(key)``, each of which may
raise (storage disabled, quota exceeded); this module never lets that escape.

Keys (SPEC §7, docs/ARCHITECTURE.md):
- ``solitaire.settings``: JSON settings object, ``{"version": 1, ...}``;
- ``solitaire.game``: the rules package's versioned save (``Game.to_save()``);
- ``solitaire.backup.<name>``: an unreadable blob kept for the player, never read back.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Protocol

import game
from game import STAT_VARIANTS, read_json

from .i18n import LANGUAGES

KEY_SETTINGS = "solitaire.settings"
KEY_GAME = "solitaire.game"
#: Which tab the player last acted in (a tab's random id): the one that owns the game
#: (SPEC §7 "One tab owns the game at a time"; issue 27 point 2). Any other tab's
#: Finish for me stops when the player acts here.
KEY_OWNER = "solitaire.owner"
BACKUP_PREFIX = "solitaire.backup."
#: The picture of the table kept for the next start, written and read only by
#: static/prepaint.js (issue 14 point 1, issue 27 point 4); named here with the others.
KEY_PAINT = "solitaire.paint"
#: What may be removed to make room for the game and the statistics (SPEC §7): the
#: picture of the table is made again when the page is next hidden.
EXPENDABLE = (KEY_PAINT,)
SETTINGS_VERSION = 1


def games() -> tuple[str, ...]:
    """The registered games, in order of registration (the registry's,
    ``game.variants()``): Easy Harp, Eight Off, then any game registered later."""
    return tuple(dict.fromkeys(v.game for v in game.variants()))


def cell_choices() -> tuple[int, ...]:
    """The cell counts of the games with free cells, in the registry's order (8, 4, 2):
    the New game dialog's ``cells`` choices (SPEC §8)."""
    return tuple(dict.fromkeys(v.cells for v in game.variants() if v.cells))


def winnable_only() -> dict[str, bool]:
    """Per registered variant (SPEC §12 names), whether random deals are proven-winnable
    ones by default (the game's ``WINNABLE_ONLY``, ``game.Variant.winnable_only``)."""
    return {v.name: v.winnable_only for v in game.variants()}


#: The variant a first visit deals: the registry's first (Easy Harp).
FIRST = game.variants()[0]
CARD_BACKS = ("blue", "red", "green", "plain")  # static/style.css draws each (issue 11)
FELTS = ("green", "blue", "red", "grey")  # table colours (issue 11)


class Store(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


@dataclass(slots=True)
class Settings:
    """The player's settings (SPEC §6): all on by default; ``language`` None follows the
    browser; ``game``/``cells`` remember the last choice in the New game dialog."""

    interactive: bool = True
    double_click: bool = True
    animations: bool = True
    language: str | None = None
    game: str = FIRST.game
    cells: int = field(default_factory=lambda: cell_choices()[0])
    show_winnable: bool = False  # "Can it still be won?" (issue 10), off by default
    # "Winnable deals only" per variant (SPEC §12 names); the defaults are the games'
    # (on for Eight Off with 4 and 2 cells)
    winnable_only: dict[str, bool] = field(default_factory=winnable_only)
    # Table settings (issue 11): card back, table colour, four-colour deck (clubs green,
    # diamonds blue), left-handed layout (stock and waste on the other side).
    card_back: str = "blue"
    felt: str = "green"
    four_colour: bool = False
    left_handed: bool = False
    show_clock: bool = True  # the game clock on the status bar (issue 12, SPEC §8 "time")

    def dump(self) -> str:
        return json.dumps({"version": SETTINGS_VERSION, **asdict(self)}, sort_keys=True)


#: Longest settings text read (a real one is about 400 characters); nesting and
#: values are bounded too (issue 27 point 3).
MAX_SETTINGS_CHARS = 4_000


def parse_settings(raw: str | None) -> tuple[Settings, bool]:
    """Read settings; returns (settings, ok). ``ok`` is False when ``raw`` was present
    but not a valid settings object: then every unreadable field takes its default.
    Only the known keys are read (an unknown key is dropped and does not make ``ok``
    False: a later release may add one); ``NaN``, ``Infinity``, a text longer than
    :data:`MAX_SETTINGS_CHARS` or nested deeper than 4 is not valid (``ok`` False)."""
    s = Settings()
    if raw is None:
        return s, True
    try:
        data = read_json(raw, MAX_SETTINGS_CHARS, 4, 200)
    except (ValueError, TypeError):
        return s, False
    if not isinstance(data, dict) or data.get("version") != SETTINGS_VERSION:
        return s, False
    ok = True
    checks = {
        "interactive": lambda v: isinstance(v, bool),
        "double_click": lambda v: isinstance(v, bool),
        "animations": lambda v: isinstance(v, bool),
        "language": lambda v: v is None or v in LANGUAGES,
        "game": lambda v: v in games(),
        "cells": lambda v: isinstance(v, int) and not isinstance(v, bool) and v in cell_choices(),
        "show_winnable": lambda v: isinstance(v, bool),
        "winnable_only": lambda v: isinstance(v, dict)
        and set(STAT_VARIANTS) <= set(v) <= set(winnable_only())
        and all(isinstance(x, bool) for x in v.values()),
        "card_back": lambda v: v in CARD_BACKS,
        "felt": lambda v: v in FELTS,
        "four_colour": lambda v: isinstance(v, bool),
        "left_handed": lambda v: isinstance(v, bool),
        "show_clock": lambda v: isinstance(v, bool),
    }
    for f in fields(Settings):
        if f.name in data:
            value = data[f.name]
            if checks[f.name](value):
                # A variant registered after these settings were written keeps its default.
                setattr(s, f.name, {**s.winnable_only, **value}
                        if f.name == "winnable_only" else value)
            else:
                ok = False
    return s, ok


def checked_settings(raw: str) -> str | None:
    """The settings part of an import, checked: the text to store (the known keys with
    their values, as :meth:`Settings.dump` writes them) or ``None`` when ``raw`` is not
    valid settings (:func:`parse_settings`). A checker for ``game.parse_backup``."""
    s, ok = parse_settings(raw)
    return s.dump() if ok else None


class SafeStore:
    """Wraps a ``Store`` so that no storage failure escapes.

    ``working`` turns False on the first failure; ``failure`` then says which kind
    (``"storage-off"`` when reading fails, ``"storage-full"`` when writing fails).
    """

    def __init__(self, store: Store):
        self.store = store
        self.failure: str | None = None

    @property
    def working(self) -> bool:
        return self.failure is None

    def get(self, key: str) -> str | None:
        try:
            value = self.store.get(key)
        except Exception:  # noqa: BLE001 - any storage failure means "not available"
            self.failure = self.failure or "storage-off"
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        try:
            self.store.set(key, value)
        except Exception:  # noqa: BLE001 - QuotaExceededError, SecurityError, ...
            self.failure = self.failure or "storage-full"
            return False
        return True

    def try_set(self, key: str, value: str) -> bool:
        """Write a note for other tabs that is not the player's data (``KEY_OWNER``):
        a failure is not the player's concern and changes nothing here."""
        try:
            self.store.set(key, value)
        except Exception:  # noqa: BLE001 - storage full or off: the note is not written
            return False
        return True

    def remove(self, key: str) -> None:
        try:
            self.store.remove(key)
        except Exception:  # noqa: BLE001
            self.failure = self.failure or "storage-off"

    def transact(self, writes: dict[str, str]) -> bool:
        """Write every (key, text) of ``writes`` or none of them (SPEC §7: writes that
        belong together land whole). When storage is short, what can be rebuilt
        (``EXPENDABLE``) is removed first and the writes tried again; if they still do
        not fit, every key written is put back as it was. Returns whether all landed."""
        for attempt in (0, 1):
            old: dict[str, str | None] = {}
            try:
                for key, text in writes.items():
                    old[key] = self.store.get(key)
                    self.store.set(key, text)
                return True
            except Exception:  # noqa: BLE001 - QuotaExceededError, SecurityError, ...
                self.rollback(old)
            if attempt == 0 and not self.make_room():
                break
        self.failure = self.failure or "storage-full"
        return False

    def rollback(self, old: dict[str, str | None]) -> None:
        """Put back the ``old`` texts of the keys a failed transaction wrote, last
        written first: each step then returns storage to a state it held before that
        write, which fitted (in write order, a key that shrank could need back room a
        later key had taken meanwhile, and stay half written; found by
        tests/ui/test_storage_model.py)."""
        for key, text in reversed(old.items()):
            try:
                if text is None:
                    self.store.remove(key)
                else:
                    self.store.set(key, text)
            except Exception:  # noqa: BLE001 - best effort: storage refuses even what fitted before
                pass

    def make_room(self) -> bool:
        """Remove what can be rebuilt (``EXPENDABLE``); True when something was removed."""
        removed = False
        for key in EXPENDABLE:
            try:
                if self.store.get(key) is not None:
                    self.store.remove(key)
                    removed = True
            except Exception:  # noqa: BLE001
                pass
        return removed

    def backup(self, name: str, raw: str) -> None:
        """Keep an unreadable blob under ``solitaire.backup.<name>`` (best effort)."""
        self.set(BACKUP_PREFIX + name, raw)

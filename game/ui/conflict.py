"""Two tabs, one saved game: who wins. Pure Python (no browser import).

Every tab saves its game under ``solitaire.game`` after each action (SPEC §7). A tab
remembers the blob it last read or wrote (``last_saved``). Policy:

- Before writing, a tab reads the key. If it holds a blob that is neither absent nor
  the one this tab last read or wrote, another tab saved a newer game meanwhile: this
  tab never overwrites it silently. It adopts that game (and says so) when the blob is
  readable; it writes its own only when the other blob is unreadable.
- A ``storage`` event from another tab with a readable game that differs from
  ``last_saved`` is adopted at once; an unreadable one is ignored (the other tab will
  be overruled by this tab's next save).
- A game this tab replaced by another (New game, ...) is never adopted again, by either
  path: in Chromium each tab reads its own copy of storage, brought up to date a little
  later, so a tab may save its game over a newer one it has not seen yet; the tab that
  replaced it puts its own back (``core.Core.gave_up``, issue 27 case 1).
- A ``storage`` event whose game is no longer the stored one, when another tab's newer
  game is stored, is skipped: that game's own event follows (``page.Page.on_storage``).
- Crossed writes (issue 27 point 2): two tabs each save before the other's write
  reached their copy of storage. Storage keeps the one written last, and each event
  carries what the key held just before (``oldValue``, sent by the browser's storage
  process). An event whose ``oldValue`` is not the blob this tab last read or wrote
  (nor the newer value of an event that came in order since) tells of a write that
  this tab's own later write overwrote (``overwritten``): it is skipped, and the
  other tab, whose event of our write has its blob as ``oldValue``, takes ours over.
  So both tabs end on the stored game, whichever landed last.
"""

from __future__ import annotations

from typing import NamedTuple

import game


class Adopt(NamedTuple):
    """Take over ``other`` (the game in ``blob``) instead of saving ours."""

    other: game.Game
    blob: str


class Write:
    """Write our game: the key holds nothing newer that can be read (``WRITE``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "WRITE"


WRITE = Write()


def before_save(current: str | None, last_saved: str | None) -> Adopt | Write:
    """What to do before saving, given the key's ``current`` blob (None: absent or
    unreadable storage) and the tab's ``last_saved`` blob (None: this tab has not read
    or written a game yet, e.g. a new deal from a link)."""
    if current is None or last_saved is None or current == last_saved:
        return WRITE
    try:
        return Adopt(game.load_save(current), current)
    except game.GameError:
        return WRITE


def overwritten(old_value: str | None, heard: str | None) -> bool:
    """Whether a ``storage`` event tells of a write made before the blob this tab knows
    the key holds (``heard``: the blob it last read or wrote, or the newer value of the
    last event that came in order after that), so already overwritten: the key held
    something else than ``heard`` just before the write (``old_value``). Events come in
    the order storage took the writes, each one's ``oldValue`` the previous one's
    ``newValue``; only this tab's own write (or a read of a newer blob) breaks the
    chain. False when this tab knows no blob yet."""
    return heard is not None and old_value != heard


def on_storage_event(new_value: str | None, last_saved: str | None) -> Adopt | None:
    """What to do when another tab changed the game key to ``new_value`` (None:
    removed): ``Adopt`` a readable game that is not ours, else nothing."""
    if new_value is None or new_value == last_saved:
        return None
    try:
        return Adopt(game.load_save(new_value), new_value)
    except game.GameError:
        return None

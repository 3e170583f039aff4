"""The page's record keeper: read storage, merge, write, for every change (SPEC §7, §12;
docs/RECORDS.md "The merge").

Pure Python over a store object with the methods of ``game.ui.persist.SafeStore``
(``get(key) -> str | None``, ``set(key, value) -> bool``, ``backup(name, raw)``), none
of which may raise. The keeper never trusts its own copy over storage: each change
reads ``solitaire.records`` afresh and applies to it every operation not yet written
(the *pending* ones: normally just the new one; more after a failed write, when storage
is full). Events are idempotent per game id (:func:`game.records.apply`), so replaying
an operation another tab or an earlier write already stored can never count twice.
When storage cannot be read at all, the keeper's own last text is the base.
Every text read is checked against the wall clock (``now``): ids and dates from the
future are not trusted (issue 27 case 6, :func:`game.records.parse_records`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from .records import (
    KEY_RECORDS,
    Event,
    Outcome,
    Records,
    apply,
    check_event,
    dump_records,
    parse_records,
    reset,
)

#: Operations kept while storage refuses writes (replayed on the next text read from
#: storage); older ones are dropped, and then missing from storage only.
PENDING_LIMIT = 200


class Store(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> bool: ...
    def backup(self, name: str, raw: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Reset:
    """The operation "reset the statistics of ``variant``" (issue 12 point 2)."""

    variant: str


class RecordKeeper:
    """Statistics and recent games of this page, kept in step with storage.

    Attributes: ``records`` (what to show), ``recovered`` (True once an unreadable
    stored text was found and kept under ``solitaire.backup.records``: the page tells
    the player once), ``saved`` (False when the last write failed: storage is full or off).
    ``now``: the wall clock in ms since 1970 (default ``time.time() * 1000``, which is
    ``Date.now()`` in Pyodide).
    """

    def __init__(self, store: Store, now: Callable[[], float] | None = None):
        self.store = store
        self.now = now or (lambda: time.time() * 1000)
        self.records = Records()
        self.recovered = False
        self.saved = True
        self._text: str | None = None
        self._pending: list[Event | Reset] = []
        # crossed writes (docs/RECORDS.md "The merge", 7): the text the key holds as far
        # as this keeper knows, and the events it wrote since another tab's write last
        # came in order after one of its own
        self._heard: str | None = None
        self._written: list[Event] = []

    def _read(self) -> tuple[Records, str | None]:
        """Parse what storage holds (or the own text when it holds nothing); keep an
        unreadable text under the backup key first. Returns (records, base text)."""
        stored = self.store.get(KEY_RECORDS)
        base = stored if stored is not None else self._text
        records, ok = parse_records(base, self.now())
        if not ok and base is not None:
            self.store.backup("records", base)
            self.recovered = True
        return records, stored

    def load(self) -> Records:
        """Read storage at start-up (and repair it when it was unreadable)."""
        records, stored = self._read()
        self.records, self._text = records, dump_records(records)
        self._heard = stored
        if self.recovered and stored is not None and self.store.set(KEY_RECORDS, self._text):
            self._heard = self._text
        return records

    def _commit(self, op: Event | Reset | None) -> list[Outcome]:
        outcomes = self._merge(op)
        self.settle(self.store.set(KEY_RECORDS, self.text))
        return outcomes

    @property
    def text(self) -> str:
        """The stored text of ``records`` (what a write puts under ``KEY_RECORDS``)."""
        return self._text if self._text is not None else dump_records(self.records)

    def stage(self, event: Event) -> Outcome:
        """Count ``event`` in ``records`` (read and merge, as ``record``) without writing:
        the caller writes ``text`` together with the game it belongs to (SPEC §7, one
        transaction), then calls ``settle``. Raises ValueError for a malformed event."""
        check_event(event)
        return self._merge(event)[-1]

    @property
    def pending(self) -> bool:
        """Whether operations are counted here but not yet written."""
        return bool(self._pending)

    def settle(self, saved: bool) -> None:
        """The text was written (``saved``) or not: pending operations are kept until a
        write lands, so nothing is counted twice or never."""
        self.saved = saved
        if saved:
            self._written.extend(op for op in self._pending if isinstance(op, Event))
            del self._written[:-PENDING_LIMIT]
            self._pending.clear()
            self._heard = self.text

    def _merge(self, op: Event | Reset | None) -> list[Outcome]:
        if op is not None:
            self._pending.append(op)
            del self._pending[:-PENDING_LIMIT]
        records, stored = self._read()
        # on storage, replay everything not yet written; on the own text (storage
        # unreadable), which holds every earlier operation already, only the new one
        ops = self._pending if stored is not None else self._pending[-1:] if op is not None else []
        outcomes = []
        for pending in ops:
            if isinstance(pending, Reset):
                records = reset(records, pending.variant)
            else:
                records, out = apply(records, pending)
                outcomes.append(out)
        self.records, self._text = records, dump_records(records)
        return outcomes

    def record(self, event: Event) -> Outcome:
        """Record ``event`` (read, merge, write). Returns its :class:`Outcome` (``counted``
        False when it was already counted, here or in another tab). Raises ValueError
        for a malformed event, before anything changes."""
        check_event(event)
        return self._commit(event)[-1]

    def reset(self, variant: str) -> Records:
        """Reset ``variant``'s statistics (after the player confirmed). KeyError for an
        unknown variant."""
        Records().of(variant)
        self._commit(Reset(variant))
        return self.records

    def flush(self) -> None:
        """Write what is counted but not written yet, merged again with what storage
        holds now (another tab may have written since)."""
        if self._pending:
            self._commit(None)

    def retry(self) -> None:
        """Try again to write what is not saved yet (after storage was freed)."""
        if not self.saved:
            self._commit(None)

    def adopt(self, raw: str | None, old: str | None = None) -> Records:
        """Another tab changed ``solitaire.records`` from ``old`` to ``raw`` (a ``storage``
        event): show its data with this tab's pending operations on top; writes nothing,
        backs nothing up. Unless that write came before this keeper's own last write,
        which overwrote it (the key held something else than the text this keeper last
        read or wrote just before it: ``old``): the other tab's write was made from an
        older copy of storage, ours from one without it, so its events and ours are
        joined and written (``rejoin``). Events are idempotent per game id, so nothing
        is counted twice; a reset is not replayed (docs/RECORDS.md "The merge", 7)."""
        records, ok = parse_records(raw, self.now())
        if not ok or raw is None:
            return self.records
        if self._heard is not None and old != self._heard:
            return self.rejoin(records)
        self._heard, self._written = raw, []  # a write after ours: its tab joins if need be
        for op in self._pending:
            records = reset(records, op.variant) if isinstance(op, Reset) else apply(records, op)[0]
        self.records = records
        return self.records

    def rejoin(self, theirs: Records) -> Records:
        """Write ``theirs`` (another tab's records that this keeper's own later write
        overwrote) with the events this keeper wrote since, and those pending."""
        for op in [*self._written, *self._pending]:
            theirs = reset(theirs, op.variant) if isinstance(op, Reset) else apply(theirs, op)[0]
        self.records, self._text = theirs, dump_records(theirs)
        self.settle(self.store.set(KEY_RECORDS, self._text))
        return self.records

    def text_with(self, events: tuple[Event, ...], base: str | None = None) -> str:
        """The records text that ``events`` applied on ``base`` give, staging and writing
        nothing: for a write that may not land (an import into full storage, which must
        then change nothing). ``base``: a records text already checked (an imported
        file's); None: what storage holds with this keeper's pending operations (what
        :meth:`flush` would write). Raises ValueError for a malformed event."""
        for event in events:
            check_event(event)
        if base is None:
            self._merge(None)
            records = self.records
        else:
            records, _ok = parse_records(base, self.now())
        for event in events:
            records, _out = apply(records, event)
        return dump_records(records)

    def replace_all(self, raw: str) -> bool:
        """An import wrote ``raw`` (already checked): it becomes the truth and nothing
        pending survives. Returns whether storage took it."""
        self._pending.clear()
        self.records, ok = parse_records(raw, self.now())
        self._text = dump_records(self.records)
        self.saved = self.store.set(KEY_RECORDS, raw)
        if self.saved:
            self._heard, self._written = raw, []
        return self.saved

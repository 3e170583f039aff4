"""The game clock: pure time accounting from events (SPEC §12, docs/RECORDS.md).

Time counts only while the game has started (its first action), the page is visible
and the game is not won (SPEC §12). It survives a reload through :meth:`Clock.dump` /
:func:`load_clock`. This module never reads a clock: every method takes ``now``, a
*monotonic* time in milliseconds from the caller (``performance.now()`` in the page).
Monotonic times of two page loads are unrelated, so the saved form holds only the time
already counted, never a timestamp.

>>> c = Clock().start(1000.0)
>>> c.hide(4000.0).show(60000.0).seconds(62500.0)
5
"""

from __future__ import annotations

from dataclasses import dataclass, replace

#: Largest time the clock keeps, in ms (a bit over 31 years): bounds stored data.
MAX_MS = 10**12


@dataclass(frozen=True, slots=True)
class Clock:
    """Time spent on one game.

    Fields: ``elapsed_ms`` (int, ms counted before ``since``), ``since`` (monotonic ms at
    which counting last resumed, ``None`` while stopped), ``started`` (the game had its
    first action), ``visible`` (the page is visible), ``won`` (the position is won).
    Invariant: ``since is not None`` exactly when ``running``. Every transition returns a
    new ``Clock``; a repeated transition (``hide`` twice) changes nothing. A ``now``
    earlier than ``since`` (a caller's mistake) counts as no time, never as negative time.
    """

    elapsed_ms: int = 0
    since: float | None = None
    started: bool = False
    visible: bool = True
    won: bool = False

    @property
    def running(self) -> bool:
        """True while time counts: started, visible and not won (SPEC §12)."""
        return self.started and self.visible and not self.won

    def ms(self, now: float) -> int:
        """Whole milliseconds counted up to monotonic time ``now`` (ms)."""
        if self.since is None:
            return self.elapsed_ms
        return min(MAX_MS, self.elapsed_ms + max(0, int(now - self.since)))

    def seconds(self, now: float) -> int:
        """Whole seconds counted up to ``now`` (what ``data-status="time"`` shows, SPEC §8)."""
        return self.ms(now) // 1000

    def _set(self, now: float, **flags: bool) -> Clock:
        """Settle the time counted so far, change ``flags``, resume if now running."""
        settled = replace(self, elapsed_ms=self.ms(now), since=None, **flags)
        return replace(settled, since=now) if settled.running else settled

    def start(self, now: float) -> Clock:
        """The game's first action was played at ``now``: counting may begin."""
        return self if self.started else self._set(now, started=True)

    def show(self, now: float) -> Clock:
        """The page became visible at ``now`` (``visibilitychange``)."""
        return self if self.visible else self._set(now, visible=True)

    def hide(self, now: float) -> Clock:
        """The page was hidden at ``now`` (``visibilitychange``, ``pagehide``)."""
        return self if not self.visible else self._set(now, visible=False)

    def win(self, now: float) -> Clock:
        """The position became won at ``now``: the clock stops."""
        return self if self.won else self._set(now, won=True, started=True)

    def unwin(self, now: float) -> Clock:
        """An undo took the position out of the won state at ``now``: counting resumes."""
        return self if not self.won else self._set(now, won=False)

    def restart(self) -> Clock:
        """A fresh clock for a new game (or the same deal again), keeping visibility."""
        return Clock(visible=self.visible)

    def dump(self, now: float) -> dict[str, object]:
        """The saved form at ``now``: ``{"ms": int, "started": bool, "won": bool}``."""
        return {"ms": self.ms(now), "started": self.started, "won": self.won}


def load_clock(data: object, now: float, visible: bool = True) -> Clock | None:
    """Rebuild a clock from :meth:`Clock.dump` output in a new page.

    Args:
        data: the decoded JSON value (a dict as written by ``dump``).
        now: monotonic ms of this page; counting resumes from here when running.
        visible: whether this page is visible now.

    Returns:
        The clock, or ``None`` when ``data`` is not a valid saved clock (wrong type,
        unknown or missing field, ``ms`` not a whole number in ``0..MAX_MS``).
    """
    if not isinstance(data, dict) or set(data) != {"ms", "started", "won"}:
        return None
    ms, started, won = data["ms"], data["started"], data["won"]
    if (not isinstance(ms, int) or isinstance(ms, bool) or not 0 <= ms <= MAX_MS
            or not isinstance(started, bool) or not isinstance(won, bool)):
        return None
    if ms and not started:
        return None
    clock = Clock(elapsed_ms=ms, started=started, visible=visible, won=won)
    return replace(clock, since=now) if clock.running else clock

"""Game ids: one per started game, what the records count by (SPEC §12, docs/RECORDS.md).

An id is the game's creation time (wall clock, ms since 1970) in base 36, ``-``, and 12
hex digits of a random number from the page: ``"mimlgpvk-000000000abc"``. Ids sort by
creation time, which the records' ledger uses to bound itself (``floor``).
"""

from __future__ import annotations

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def new_game_id(epoch_ms: int, rand: int) -> str:
    """A game id: creation time (wall clock, ms since 1970) in base 36, ``-``, 12 hex
    digits of ``rand`` (the caller's random 48-bit number). Time-ordered, unique per
    started game in practice; :func:`id_time` reads the time back.

    >>> new_game_id(1764560000000, 0xABC)
    'mimlgpvk-000000000abc'
    """
    if epoch_ms < 0 or not 0 <= rand < 1 << 48:
        raise ValueError("epoch_ms must be >= 0 and rand in 0..2**48-1")
    digits = ""
    n = epoch_ms
    while True:
        n, r = divmod(n, 36)
        digits = _DIGITS[r] + digits
        if not n:
            break
    return f"{digits}-{rand:012x}"


def id_time(game_id: object) -> int | None:
    """The creation time (ms since 1970) in ``game_id``; ``None`` if it is not an id."""
    if not isinstance(game_id, str):
        return None
    head, sep, tail = game_id.partition("-")
    if (not sep or not 1 <= len(head) <= 10 or not set(head) <= set(_DIGITS)
            or len(tail) != 12 or not set(tail) <= set("0123456789abcdef")):
        return None
    return int(head, 36)

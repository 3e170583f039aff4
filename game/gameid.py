"""Game ids: one per started game, what the records count by (SPEC §12, docs/RECORDS.md);
and the dates stored beside them, checked against the reader's clock (issue 27).

An id is the game's creation time (wall clock, ms since 1970) in base 36, ``-``, and 12
hex digits of a random number from the page: ``"mimlgpvk-000000000abc"``. Ids sort by
creation time, which the records' ledger uses to bound itself (``floor``).
"""

from __future__ import annotations

from datetime import UTC, datetime

#: How far ahead of the reader's clock a stored id or date may be (a device whose clock
#: runs ahead, a file from another device): one day. Anything later is not trusted
#: (issue 27 case 6: ids dated 2100 pushed every new game out of the ledger).
FUTURE_SKEW_MS = 86_400_000
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


def date_ms(text: object) -> int | None:
    """The time (ms since 1970, UTC; a date without zone is taken as UTC) of an ISO 8601
    date-time text of at most 40 characters, or ``None`` when it is not one.

    >>> date_ms("1970-01-01T00:00:01.500Z")
    1500
    """
    if not isinstance(text, str) or not text or len(text) > 40:
        return None
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    try:
        return int(when.timestamp() * 1000)
    except (OverflowError, ValueError, OSError):
        return None


def in_time(game_id: object, date: object, now_ms: float) -> bool:
    """Whether a game id and the date of its last event (ISO text, ``""`` unknown) agree
    with the reader's clock ``now_ms`` (ms since 1970) and with each other: the id not
    created after ``now_ms`` + :data:`FUTURE_SKEW_MS`, the date neither after that nor
    before the id's creation less the same margin (an event comes after its game began).
    """
    created = id_time(game_id)
    if created is None or created > now_ms + FUTURE_SKEW_MS:
        return False
    if date == "":
        return True
    when = date_ms(date)
    return when is not None and created - FUTURE_SKEW_MS <= when <= now_ms + FUTURE_SKEW_MS

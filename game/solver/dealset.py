"""Sorted deal numbers as short ASCII text (issue 24 point 6): the proven lists of
:mod:`.proven`, written by ``scripts/proven_deals.py`` (its ``encode``, the shorter
form), read here.

A tag letter, then whole numbers ≥ 0 as base-64 variable-length quantities (RFC 4648
alphabet; per character 5 bits, lowest first, plus 32 when more follow: source maps'
scheme without the sign bit). ``d``: gaps between successive numbers, the first from 0
(sparse sets). ``r``: run lengths from 1, alternately not in the set and in it (dense).

>>> decode('dBBD'), decode('rACCB')
((1, 2, 5), (1, 2, 5))
"""

from __future__ import annotations

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def decode(text: str) -> tuple[int, ...]:
    """A text of the module's form -> its deal numbers, sorted.

    Raises:
        ValueError: an unknown tag, a character outside the alphabet, or a number
            left unfinished.
    """
    values: list[int] = []
    v = shift = 0
    for c in text[1:]:
        digit = ALPHABET.find(c)
        if digit < 0:
            raise ValueError(f"not a base-64 character: {c!r}")
        v |= (digit & 31) << shift
        shift += 5
        if not digit & 32:
            values.append(v)
            v = shift = 0
    if shift:
        raise ValueError("the text ends inside a number")
    out: list[int] = []
    n = 0
    if text[:1] == "d":
        for gap in values:
            n += gap
            out.append(n)
    elif text[:1] == "r":
        for i, length in enumerate(values):
            if i % 2:
                out.extend(range(n + 1, n + length + 1))
            n += length
    else:
        raise ValueError(f"unknown deal-set tag {text[:1]!r}")
    return tuple(out)

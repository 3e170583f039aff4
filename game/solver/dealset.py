"""A sorted set of deal numbers as a short ASCII text (issue 24 point 6), for the
proven-winnable lists of :mod:`.proven` that the page carries in its offline cache.

The text is a tag letter and a list of whole numbers ≥ 0, each written as a
variable-length quantity in the base-64 alphabet of RFC 4648 §4 (``A``-``Z``,
``a``-``z``, ``0``-``9``, ``+``, ``/``): a character carries 5 bits of the number,
lowest first, and the value 32 added when more characters follow (the scheme of
JavaScript source maps, without their sign bit). Numbers below 32 take one character.

- ``d``: the gaps between successive deal numbers, the first counted from 0
  (``1, 2, 5`` -> gaps ``1, 1, 3``). Smallest for sparse sets (Eight Off with 2 or 4
  cells: a deal in 8 or 200 is winnable).
- ``r``: run lengths, alternately of numbers not in the set and in it, from 1
  (``1, 2, 5`` -> ``0`` out, ``2`` in, ``2`` out, ``1`` in). Smallest for dense sets
  (Easy Harp, Eight Off with 8 cells: nearly every deal is winnable).

:func:`encode` writes whichever is shorter; :func:`decode` reads both.

>>> encode([1, 2, 5])
'dBBD'
>>> decode('dBBD')
(1, 2, 5)
>>> decode(encode(range(1, 1001)))[-1]
1000
"""

from __future__ import annotations

from collections.abc import Iterable

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_VALUE = {c: i for i, c in enumerate(ALPHABET)}


def _vlq(values: Iterable[int]) -> str:
    """Whole numbers ≥ 0 -> their base-64 variable-length text (see the module)."""
    out = []
    for v in values:
        while True:
            digit, v = v & 31, v >> 5
            out.append(ALPHABET[digit | (32 if v else 0)])
            if not v:
                break
    return "".join(out)


def _unvlq(text: str) -> list[int]:
    """The inverse of :func:`_vlq`.

    Raises:
        ValueError: a character outside the alphabet, or a number left unfinished.
    """
    values: list[int] = []
    v = shift = 0
    for c in text:
        digit = _VALUE.get(c)
        if digit is None:
            raise ValueError(f"not a base-64 character: {c!r}")
        v |= (digit & 31) << shift
        shift += 5
        if not digit & 32:
            values.append(v)
            v = shift = 0
    if shift:
        raise ValueError("the text ends inside a number")
    return values


def encode(numbers: Iterable[int]) -> str:
    """Deal numbers (any order, repeats allowed; each ≥ 1) -> the shorter of the ``d``
    and ``r`` texts of the module docstring (``d`` on a tie, and for no numbers).

    Raises:
        ValueError: a number below 1.
    """
    nums = sorted(set(numbers))
    if nums and nums[0] < 1:
        raise ValueError(f"deal numbers start at 1, not {nums[0]}")
    gaps = [b - a for a, b in zip([0, *nums], nums)]
    runs: list[int] = []
    prev = 0  # the last number handled, in the set or not
    for n in nums:
        if n == prev + 1 and runs:
            runs[-1] += 1
        else:
            runs += [n - prev - 1, 1]
        prev = n
    d, r = "d" + _vlq(gaps), "r" + _vlq(runs)
    return r if len(r) < len(d) else d


def decode(text: str) -> tuple[int, ...]:
    """A text of :func:`encode` -> its deal numbers, sorted.

    Raises:
        ValueError: an unknown tag letter, a bad character or an unfinished number.
    """
    tag, values = text[:1], _unvlq(text[1:])
    out: list[int] = []
    n = 0
    if tag == "d":
        for gap in values:
            n += gap
            out.append(n)
    elif tag == "r":
        for i, length in enumerate(values):
            if i % 2:
                out.extend(range(n + 1, n + length + 1))
            n += length
    else:
        raise ValueError(f"unknown deal-set tag {tag!r}")
    return tuple(out)

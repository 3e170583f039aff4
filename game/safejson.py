"""JSON text from outside (storage, an imported file) read with limits (issue 27 point 3,
SPEC §7 "parsing it has limits on depth and size").

Python's ``json.loads`` builds the structure recursively: a list nested a few thousand
deep raises ``RecursionError`` under CPython and, in Pyodide, overflows the WebAssembly
stack first ("Maximum call stack size exceeded", a fatal error that stops Python in the
page). It also accepts ``NaN``, ``Infinity`` and ``1e999``, which are not JSON
(RFC 8259 §6) and which JavaScript's ``JSON.parse`` then refuses. :func:`loads` bounds
the text *before* ``json.loads`` sees it, with a linear pre-scan done by C-level string
operations (strings removed by one regular expression, then the brackets counted), and
refuses the non-JSON numbers while parsing.
"""

from __future__ import annotations

import json
import re

#: Default limits: far above anything the app writes (a backup file is at most about
#: 6 deep, a few thousand values and a few tens of kB; measured on a 150-move game with
#: 50 recent games), far below what could hurt the page.
MAX_CHARS = 2_000_000
MAX_DEPTH = 16
MAX_ITEMS = 50_000
#: Longest number text taken (digits, sign, point, exponent): enough for any count or
#: time the app stores (ms since 1970 has 13 digits).
MAX_NUMBER = 24

# A JSON string, escapes included (unrolled loop: no backtracking per character).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class JsonLimit(ValueError):
    """Text refused before or while parsing. ``code``: ``too-large`` (more than
    ``max_chars`` characters), ``too-deep`` (nesting beyond ``max_depth``),
    ``too-many`` (more than ``max_items`` values), ``not-json`` (not JSON text,
    including ``NaN``, ``Infinity`` and numbers too long or out of range)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def scan(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH,
         max_items: int = MAX_ITEMS) -> None:
    """Check the size, nesting depth and number of values of JSON ``text`` without
    building anything.

    Args:
        text: the text (any; malformed JSON is left for the parser to refuse).
        max_chars, max_depth, max_items: the limits (characters; levels of ``[``/``{``;
            containers plus separating commas, an upper bound of the values).

    Raises:
        JsonLimit: ``too-large``, ``too-deep`` or ``too-many``.
    """
    if len(text) > max_chars:
        raise JsonLimit("too-large", f"more than {max_chars} characters")
    bare = _STRING.sub("", text)
    brackets = _NOT_BRACKET.sub("", bare)
    if len(brackets) // 2 + bare.count(",") > max_items:
        raise JsonLimit("too-many", f"more than {max_items} values")
    depth = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            if depth > max_depth:
                raise JsonLimit("too-deep", f"nested more than {max_depth} deep")
        else:
            depth -= 1


def _constant(name: str) -> object:
    raise JsonLimit("not-json", f"{name} is not JSON")


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER:
        raise JsonLimit("not-json", "number too long")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise JsonLimit("not-json", f"{text} is out of range")
    return value


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER:
        raise JsonLimit("not-json", "number too long")
    return int(text)


def loads(text: str | bytes, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH,
          max_items: int = MAX_ITEMS) -> object:
    """``json.loads`` with limits: :func:`scan` first, then parse refusing ``NaN``,
    ``Infinity``, ``-Infinity``, numbers longer than :data:`MAX_NUMBER` characters and
    floats out of range. Bytes are read as UTF-8 (a BOM is allowed).

    Returns:
        The JSON value (dict, list, str, int, float, bool or None).

    Raises:
        JsonLimit: beyond a limit (``too-large``, ``too-deep``, ``too-many``) or
            ``not-json`` for a non-JSON number.
        ValueError: any other text that is not JSON (``json.JSONDecodeError``,
            ``UnicodeDecodeError``).

    >>> loads('{"a": [1, 2.5, null]}')
    {'a': [1, 2.5, None]}
    >>> loads('[' * 40 + ']' * 40)
    Traceback (most recent call last):
    ...
    game.safejson.JsonLimit: nested more than 16 deep
    """
    if isinstance(text, bytes | bytearray):
        if len(text) > max_chars * 4:
            raise JsonLimit("too-large", f"more than {max_chars} characters")
        text = bytes(text).decode("utf-8-sig")
    if not isinstance(text, str):
        raise TypeError("JSON text must be str or bytes")
    text = text.removeprefix("\ufeff")
    scan(text, max_chars, max_depth, max_items)
    return json.loads(text, parse_constant=_constant, parse_float=_float, parse_int=_int)

"""Card art: SVG symbols for the 52 faces, drawn from scratch (no third-party card set).

Pure Python (no browser import), so the markup is testable under CPython.

``sprite()`` returns one ``<svg>`` element holding ``<symbol id="face-XY">`` for every
face code ``XY`` (SPEC §2, e.g. ``TH``) and ``<symbol id="suit-S">`` for each suit. A
card element shows a face with ``<use href="#face-TH"/>`` inside an ``<svg
viewBox="0 0 100 140">``. Card backs are pure CSS (see ``static/style.css``).

Design: a player mostly sees the top strip of a card in a fanned column, so the rank
and suit sit large in the top 30 % of the face (index strip); the rest shows a large
suit mark (number cards) or the rank letter in a frame (court cards). Faces are never
mirrored in right-to-left layouts: SVG text is forced to ``direction: ltr``.
"""

from __future__ import annotations

import game

# The index printed in a corner, per rank code of ``game.RANKS`` (A 2 .. 10 J Q K).
RANK_INDEX = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RED = "#c3151c"
BLACK = "#17181c"

# Suit marks in a 100 x 100 box, drawn as paths so they look the same with any font.
SUIT_PATHS = {
    "H": "M50 92C22 68 2 50 2 28A24 24 0 0 1 50 16A24 24 0 0 1 98 28C98 50 78 68 50 92Z",
    "D": "M50 2L90 50L50 98L10 50Z",
    "S": (
        "M50 2C74 28 98 42 98 62A22 22 0 0 1 57 73L64 98H36L43 73A22 22 0 0 1 2 62"
        "C2 42 26 28 50 2Z"
    ),
    "C": (
        "M50 4A22 22 0 0 1 69 38A22 22 0 1 1 57 74L64 98H36L43 74A22 22 0 1 1 31 38"
        "A22 22 0 0 1 50 4Z"
    ),
}


def face_codes() -> list[str]:
    """All 52 face codes, ``AC`` .. ``KS`` (SPEC §2 rank and suit letters)."""
    return [r + s for s in game.SUITS for r in game.RANKS]


def _face(code: str) -> str:
    rank = RANK_INDEX[game.RANKS.index(code[0])]
    suit = code[1]
    size = 38 if len(rank) == 2 else 42
    parts = [
        f'<symbol id="face-{code}" viewBox="0 0 100 140">',
        f'<g class="ink ink-{suit}" direction="ltr">',
        f'<text x="{5 if len(rank) == 2 else 8}" y="37" font-size="{size}" '
        'font-weight="700" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" '
        f'letter-spacing="-3">{rank}</text>',
        f'<use href="#suit-{suit}" x="62" y="8" width="30" height="30"/>',
    ]
    if code[0] in "JQK":
        parts.append(
            '<rect x="16" y="54" width="68" height="76" rx="7" fill="none" '
            'stroke="currentColor" stroke-width="3" opacity=".55"/>'
            f'<text x="50" y="112" font-size="50" font-weight="700" text-anchor="middle" '
            f'font-family="Georgia,Times New Roman,serif">{rank}</text>'
        )
    else:
        parts.append(f'<use href="#suit-{suit}" x="22" y="58" width="56" height="56"/>')
    parts.append("</g></symbol>")
    return "".join(parts)


def sprite() -> str:
    """The hidden ``<svg>`` sprite with every suit and face symbol, as one string."""
    suits = "".join(
        f'<symbol id="suit-{s}" viewBox="0 0 100 100"><path d="{d}"/></symbol>'
        for s, d in SUIT_PATHS.items()
    )
    faces = "".join(_face(c) for c in face_codes())
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" '
        'style="position:absolute" aria-hidden="true" focusable="false">'
        f"{suits}{faces}</svg>"
    )


def suit_mark(suit: str) -> str:
    """An inline ``<svg>`` showing one suit mark (used by empty foundation slots)."""
    color = RED if suit in "HD" else BLACK
    return (
        f'<svg viewBox="0 0 100 100" class="suit-mark" fill="{color}" aria-hidden="true">'
        f'<use href="#suit-{suit}"/></svg>'
    )

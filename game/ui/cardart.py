"""Card art: SVG symbols for the 52 faces, drawn from scratch (no third-party card set).

Pure Python (no browser import), so the markup is testable under CPython.

``sprite()`` returns one ``<svg>`` element holding ``<symbol id="face-XY">`` for every
face code ``XY`` (SPEC §2, e.g. ``TH``) and ``<symbol id="suit-S">`` for each suit. A
card element shows a face with ``<use href="#face-TH"/>`` inside an ``<svg
viewBox="0 0 100 140">``. Card backs are pure CSS (see ``static/style.css``).

Design: a player mostly sees the top strip of a card in a fanned column, so the rank
and suit sit large in the top 30 % of the face (index strip); the rest shows a large
suit mark (number cards) or a drawn figure (court cards: ``court``, our own drawing).
Suit colours come from static/style.css (classes ``ink-C`` ... ``ink-S``), so the
four-colour deck is a setting, not another sprite. Faces are never
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
        parts.append(court(code[0], suit))
    else:
        parts.append(f'<use href="#suit-{suit}" x="22" y="58" width="56" height="56"/>')
    parts.append("</g></symbol>")
    return "".join(parts)


GOLD = "#e3b22a"
SKIN = "#f7dcb9"
# Headwear of the court figures, drawn over the head (centre 50, 80): a crown for the
# king, a tiara for the queen, a feathered cap for the jack.
HEADWEAR = {
    "K": f'<path d="M36 72V57l7 7 7-10 7 10 7-7v15z" fill="{GOLD}" stroke="currentColor" '
         'stroke-width="1.5" stroke-linejoin="round"/>',
    "Q": f'<path d="M38 73q12-16 24 0z" fill="{GOLD}" stroke="currentColor" stroke-width="1.5"/>'
         f'<circle cx="50" cy="62" r="3" fill="{GOLD}" stroke="currentColor" stroke-width="1.2"/>',
    "J": '<path d="M37 74q13-15 26 0z" fill="currentColor"/>'
         '<path d="M60 67q10-6 9-17" fill="none" stroke="currentColor" stroke-width="2.5" '
         'stroke-linecap="round"/>',
}


def court(rank: str, suit: str) -> str:
    """The figure of a court card (``rank`` J, Q or K, ``suit`` letter), our own drawing
    in the 100 x 140 face box: a frame, a bust in the suit's colour (``currentColor``)
    with the suit on its chest, and the headwear that tells the rank."""
    beard = ('<path d="M42 86q8 14 16 0" fill="currentColor" opacity=".8"/>'
             if rank == "K" else "")
    hair = ('<path d="M38 80q-2 16 4 20M62 80q2 16-4 20" fill="none" stroke="currentColor" '
            'stroke-width="3" stroke-linecap="round"/>' if rank == "Q" else "")
    return (
        '<rect x="16" y="50" width="68" height="82" rx="7" fill="none" '
        'stroke="currentColor" stroke-width="2.5" opacity=".5"/>'
        '<path d="M22 131c0-22 10-31 28-31s28 9 28 31z" fill="currentColor"/>'
        '<path d="M40 101l10 12 10-12" fill="none" stroke="#fff" stroke-width="2.5" '
        'stroke-linejoin="round"/>'
        f'{hair}<circle cx="50" cy="83" r="11" fill="{SKIN}" stroke="currentColor" '
        'stroke-width="2"/>'
        '<circle cx="46" cy="82" r="1.4" fill="#222"/><circle cx="54" cy="82" r="1.4" '
        'fill="#222"/>'
        f'{beard}{HEADWEAR[rank]}'
        f'<use href="#suit-{suit}" x="43" y="114" width="14" height="14" fill="#fff"/>'
    )


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

"""Every text the view shows, in the current language. Pure Python (no browser import).

``Texts`` wraps one ``i18n.Catalog`` and turns game facts into sentences: card and pile
names for screen readers, the status bar, the win dialog, the notices, deal-code errors
and refusal reminders. The DOM modules only put these strings into elements.

Player input quoted back in a message (a bad ``?deal=`` or typed code) is cut to
``QUOTE_MAX`` characters with an ellipsis (issue 14: a 10 000-character link must not
push the notice's close button off the screen).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import game

from .i18n import Catalog

QUOTE_MAX = 24  # characters of player input quoted in a message (issue 14)
ELLIPSIS = "…"
#: Invisible characters that :func:`whole` puts in a code shown in a sentence, and
#: that a code pasted back from it may carry: word joiner, first-strong isolate, pop
#: directional isolate.
WORD_JOINER, FSI, PDI = "\u2060", "\u2068", "\u2069"
#: Those and the other zero-width characters a code copied from a sentence or a chat
#: may carry, for ``str.translate`` to drop (choices.typed_deal).
INVISIBLE = dict.fromkeys(map(ord, WORD_JOINER + FSI + PDI + "\u200b\u200c\u200d\u200e\u200f\u2066\u2067\ufeff"))


def whole(code: str) -> str:
    """A deal code as a sentence shows it: kept on one line (a word joiner after each
    hyphen: an Arabic phone broke "EH1-N-" / "AAAAAAF)" over two lines) and isolated
    from the sentence's direction (U+2068 ... U+2069)."""
    return FSI + code.replace("-", "-" + WORD_JOINER) + PDI
SUIT_KEYS = {"S": "suit.S", "H": "suit.H", "D": "suit.D", "C": "suit.C"}
#: (refusal code, pile picked from) -> the reminder's key, where the code's own words
#: are about another pile: the rules refuse a covered waste card with Easy Harp's
#: ``one-card-at-a-time``, whose words are about columns (trial 51).
BY_PILE = {("one-card-at-a-time", "w"): "reminder.waste-top"}


def quote(text: str, limit: int = QUOTE_MAX) -> str:
    """``text`` with surrounding white space removed and, when longer than ``limit``
    characters, cut to ``limit - 1`` characters plus "…" (so never over ``limit``).
    Raises ValueError when ``limit`` < 2."""
    if limit < 2:
        raise ValueError(f"quote limit {limit} < 2")
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


class Status(NamedTuple):
    """One status-bar figure (SPEC §8): ``key`` of ``data-status``, the plain ``value``
    (ASCII digits) for ``data-value``, and the localised ``text`` shown."""

    key: str
    value: str
    text: str


class Texts:
    """The view's sentences in ``catalog``'s language."""

    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        self._card_labels: dict[str, str] = {}  # face code ("" = face down) -> name

    @property
    def lang(self) -> str:
        """The language code (``en``, ``ro``, ``ar``, ``id``)."""
        return self.catalog.lang

    @property
    def rtl(self) -> bool:
        """Whether the language is written right to left."""
        return self.catalog.rtl

    def t(self, key: str, **params: object) -> str:
        """The catalog message ``key`` with ``params`` (see ``Catalog.t``)."""
        return self.catalog.t(key, **params)

    def number(self, n: int) -> str:
        """``n`` in the language's digits."""
        return self.catalog.number(n)

    # ----- the table ---------------------------------------------------------------

    def card_label(self, face: str, up: bool) -> str:
        """A card's accessible name: "Ten of hearts" for ``("TH", True)``, "Face-down
        card" for any face down. Ranks follow ``game.RANKS`` (SPEC §2). Cached."""
        key = face if up else ""
        label = self._card_labels.get(key)
        if label is None:
            if not up:
                label = self.t("card.facedown")
            else:
                rank = self.t(f"rank.{game.RANKS.index(face[0]) + 1}")
                label = self.t("card.name", rank=rank, suit=self.t(SUIT_KEYS[face[1]]))
            self._card_labels[key] = label
        return label

    def pile_label(self, pid: str, suit: str = "", in_sentence: bool = False) -> str:
        """A pile's accessible name from its id (SPEC §2): "Column 3"; with
        ``in_sentence``, the form that stands inside a sentence ("column 3", "the
        waste"; catalog keys ``pile.in.*``: Romanian takes the article, English and
        Indonesian the small letter). ``suit`` is the reserved suit letter of a
        foundation slot. Raises ValueError for an unknown id."""
        k = "pile.in." if in_sentence else "pile."
        if pid == "s":
            return self.t(k + "stock")
        if pid == "w":
            return self.t(k + "waste")
        n = int(pid[1:])
        if pid[0] == "f":
            return self.t(k + "foundation.suit", n=n, suit=self.t(SUIT_KEYS[suit]))
        if pid[0] in "ct":
            return self.t(k + ("cell" if pid[0] == "c" else "column"), n=n)
        raise ValueError(f"unknown pile id {pid!r}")

    # ----- status, dialogs, notices ------------------------------------------------

    def game_name(self, kind: str, cells: int) -> str:
        """"Easy Harp", or "Eight Off, 4 cells": the game's name (catalog key
        ``game.<game>``), with its cell count (``game.<game>.cells``) for a game that
        comes in several variants (the registry's, ``game.variant_of``).
        Raises ValueError for an unregistered game or cell count."""
        name = self.t(f"game.{kind}")
        if game.variant_of(kind, cells) == kind:
            return name
        return self.t(f"game.{kind}.cells", count=cells, game=name)

    def moves(self, count: int) -> str:
        """"12 moves" (plural form of the language)."""
        return self.t("moves.count", count=count)

    def status(self, g: game.Game) -> list[Status]:
        """The status bar of game ``g``: game, code, score, moves (SPEC §6, §8)."""
        return [
            Status("game", g.game, self.game_name(g.game, g.cells)),
            Status("code", g.code, g.code),
            Status("score", str(g.score), self.number(g.score)),
            Status("moves", str(g.move_count), self.moves(g.move_count)),
        ]

    def win(self, score: int, moves: int) -> str:
        """The win dialog's sentence."""
        return self.t("win.text", score=score, moves=self.moves(moves))

    def bad_code(self, err: game.BadCode, example: str = "EH1-N-AAAAAAF", key: str | None = None) -> str:
        """Why a deal code was refused (SPEC §3), quoting the input with ``quote``: under
        the New game dialog's code field (``example``: the code field's example, a code
        of the game the dialog shows, ``choices.sample_code``), and in the refused-link
        notice (an Easy Harp code). ``key``: the catalog's ``error.<key>`` to say it
        with (``err.code`` when None)."""
        details = {"text": "", "example": whole(example), **err.details}
        if isinstance(details["text"], str):
            details["text"] = quote(details["text"])
        return self.t(f"error.{key or err.code}", **details)

    def link_refused(self, err: game.BadCode) -> str:
        """The notice for a refused ``?deal=`` link (SPEC §6), input ``quote``d. A link
        takes a deal code only: text that is no code at all is said to be no code
        (``error.link-format``), not "neither a deal code nor a deal number" as under
        the New game dialog's field, which also takes a number."""
        key = "link-format" if err.code == "code-format" else err.code
        return self.t("notice.link-refused", reason=self.bad_code(err, key=key))

    def notice(self, kind: str) -> str:
        """The text of a notice that has no parameter (``recovered``, ``storage-off``,
        ``storage-full``, ``other-tab``, ``update``, ``no-moves``)."""
        return self.t(f"notice.{kind}")

    def refusal(self, code: str, details: Mapping[str, object]) -> str:
        """The reminder of the rule that refused a move (SPEC §6, "Interactive rules"):
        ``code`` a refusal's stable code, ``details`` its parameters (e.g. ``limit``)."""
        key = BY_PILE.get((code, str(details.get("pile", ""))), f"refusal.{code}")
        return self.t(key, **dict(details))


"""Every sentence and figure of the records (issue 12): statistics, recent games, the
clock, the win dialog, the questions asked first and the import question. Pure Python
(no browser import), tested under CPython in ``tests/ui/test_recordtexts.py``.

Numbers go through the catalog's ``Intl.NumberFormat`` (``Texts.number``), so Arabic
shows its own digits; plurals through the catalog's plural forms (``Intl.PluralRules``).
Dates are formatted by the browser adapter (``Intl.DateTimeFormat``) and passed in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import game

from .texts import Texts

#: Order of the figures in the statistics dialog (SPEC §12 keys).
STAT_ORDER = game.STAT_KEYS
#: Figures that are durations in seconds, shown as a clock (SPEC §12 ``fastest``).
DURATION_KEYS = ("fastest",)
#: Ledger results (docs/RECORDS.md) -> text key.
RESULT_KEYS = {r: f"recent.result.{r}" for r in ("playing", "won", "assisted", "lost")}


class StatFigure(NamedTuple):
    """One statistic (SPEC §8 ``data-stat="VARIANT:KEY"``): ``value`` the plain value
    for ``data-value`` (ASCII digits, ``""`` while there is none), ``label`` and ``text``
    (the localised value, or "—")."""

    stat: str
    value: str
    label: str
    text: str


class RecentRow(NamedTuple):
    """One recent game: the deal ``code`` to replay, and its texts: game name, result,
    figures (score, moves, time) and ``result`` (the ledger's plain result)."""

    code: str
    result: str
    name: str
    result_text: str
    figures: str
    date: str


def variant_game(variant: str) -> tuple[str, int]:
    """``"eight-off-4" -> ("eight-off", 4)``, ``"easy-harp" -> ("easy-harp", 0)``
    (SPEC §12 variant names, the registry's). Raises ValueError for another name."""
    try:
        info = game.variant_info(variant)  # the registry's facts (issue 26.1)
    except KeyError:
        raise ValueError(f"unknown variant {variant!r}") from None
    return info.game, info.cells


class RecordTexts:
    """The records' texts in one language (wraps ``Texts``)."""

    def __init__(self, texts: Texts) -> None:
        self.texts = texts
        self.t = texts.t

    def duration(self, seconds: int) -> str:
        """A duration as a clock, ``m:ss`` or ``h:mm:ss`` (whole seconds >= 0), digits
        of the language: ``125 -> "2:05"``, Arabic ``"٢:٠٥"``."""
        n = self.texts.number
        seconds = max(0, int(seconds))
        h, rest = divmod(seconds, 3600)
        m, s = divmod(rest, 60)

        def two(v: int) -> str:
            return (n(0) if v < 10 else "") + n(v)

        return f"{n(h)}:{two(m)}:{two(s)}" if h else f"{n(m)}:{two(s)}"

    def variant_name(self, variant: str) -> str:
        """"Easy Harp", "Eight Off, 4 cells" (the status bar's game names)."""
        kind, cells = variant_game(variant)
        return self.texts.game_name(kind, cells)

    def figure(self, key: str, value: int | None) -> str:
        """One statistic's text: "—" when there is none yet, a duration for
        ``fastest``, else the number."""
        if value is None:
            return self.t("stats.none")
        return self.duration(value) if key in DURATION_KEYS else self.texts.number(value)

    def figures(self, variant: str, stats: game.VariantStats) -> list[StatFigure]:
        """Every SPEC §12 figure of ``variant`` for the statistics dialog."""
        values = stats.values()
        return [StatFigure(f"{variant}:{k}", "" if values[k] is None else str(values[k]),
                           self.t(f"stats.{k}"), self.figure(k, values[k]))
                for k in STAT_ORDER]

    def recent_rows(self, entries: tuple[game.Entry, ...],
                    date: Callable[[str], str]) -> list[RecentRow]:
        """Rows of the recent games list (newest first); ``date`` formats an ISO date."""
        rows = []
        for e in entries:
            figures = self.t("recent.figures", score=self.t("recent.score", score=e.score),
                             moves=self.texts.moves(e.moves), time=self.duration(e.seconds))
            rows.append(RecentRow(e.code, e.result, self.variant_name(e.variant),
                                  self.t(RESULT_KEYS[e.result]), figures,
                                  date(e.date) if e.date else ""))
        return rows

    def win_summary(self, score: int, moves: int, seconds: int) -> str:
        """"Score 520, 117 moves, time 4:05." (the win dialog)."""
        return self.t("win.summary", score=score, moves=self.texts.moves(moves),
                      time=self.duration(seconds))

    def win_records(self, outcome: game.Outcome | None, assisted: bool) -> list[str]:
        """The lines under the win summary: the records this win beat (``Outcome.beaten``,
        docs/RECORDS.md) and the streak; for a win finished by the solver, that it counts
        apart (SPEC §12); none for a win recorded earlier (``outcome`` None)."""
        if assisted:
            return [self.t("win.assisted")]
        if outcome is None or not outcome.counted:
            return []
        lines = [self.t(f"win.record.{k}") for k in outcome.beaten]
        if outcome.after.streak > 1:
            lines.append(self.t("win.streak", count=outcome.after.streak))
        return lines

    def summary(self, s: game.Summary) -> str:
        """What a set of stored data holds, in one line (the import question)."""
        parts = []
        if s.played is not None and s.won is not None:
            played = sum(s.played.values())
            parts.append(self.t("import.records", count=played, won=sum(s.won.values())))
        if s.game is not None:
            parts.append(self.t("import.game", code=s.game or "—",
                                moves=self.texts.moves(s.moves or 0)))
        if s.settings:
            parts.append(self.t("import.settings"))
        return (self.t("import.separator") + " ").join(parts) if parts else self.t("import.nothing")

    def import_question(self, now: game.Summary, file: game.Summary, exported: str,
                        loses: bool = False) -> str:
        """The question before an import: what the file holds and what it replaces, and,
        when ``loses``, that the game in progress here will count as lost (SPEC §12: a
        tester found it counted so without a word)."""
        lines = [self.t("import.confirm", date=exported),
                 self.t("import.file", what=self.summary(file)),
                 self.t("import.now", what=self.summary(now))]
        if loses:
            lines.append(self.t("import.lost"))
        return "\n".join(lines)

    def import_error(self, err: game.BadBackup) -> str:
        """Why a file was refused (``error.<code>``)."""
        return self.t(f"error.{err.code}", **err.details)

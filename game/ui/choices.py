"""What the dialogs' choices mean. Pure Python (no browser import).

The New game dialog (SPEC §3, §8) has radio inputs ``game`` (the registry's games:
``easy-harp``, ``eight-off``) and ``cells`` (their cell counts: 8, 4, 2), buttons for a random deal, the deal of the day
and the same deal, and a code field. ``dialogs.py`` reads the form's raw values and
asks this module what they mean; the deal numbers and codes come from the rules
package (``game.MIN_DEAL``, ``game.MAX_DEAL``, ``game.code_from_input``).
"""

from __future__ import annotations

from datetime import date

import game

from .persist import Settings, cell_choices, games
from .texts import INVISIBLE


def form_choice(kind: str | None, cells: str | None) -> tuple[str, int]:
    """The (game, cell count) a form's checked radio values mean: ``kind`` one of
    ``persist.games()`` (else the first, Easy Harp), ``cells`` one of
    ``persist.cell_choices()`` ("8", "4" or "2"; else the first, 8). The cell count is
    what the form shows, also for Easy Harp (it is remembered for next time)."""
    kinds, counts = games(), cell_choices()
    game_kind = kind if kind in kinds else kinds[0]
    n = int(cells) if cells is not None and cells.isdigit() else counts[0]
    return game_kind, (n if n in counts else counts[0])


def has_cells(kind: str) -> bool:
    """Whether game ``kind`` comes in variants by cell count (the registry's facts)."""
    return any(v.game == kind and v.cells for v in game.variants())


def deal_cells(kind: str, cells: int) -> int:
    """The cell count of a deal of ``kind``: ``cells`` when the game comes with that
    many free cells (Eight Off: 8, 4, 2), else its first variant's (Easy Harp: 0; SPEC
    §3 deal codes), as the registry has them."""
    counts = [v.cells for v in game.variants() if v.game == kind]
    return cells if cells in counts else counts[0]


#: The deal and the number shown as examples in the code field (SPEC §3: a code, or a
#: deal number for the game chosen).
SAMPLE_DEAL = 5
SAMPLE_NUMBER = "12345"


def sample_code(kind: str, cells: int) -> str:
    """The example code of the code field for the game ``kind`` with ``cells`` as the
    form shows them (``form_choice``): deal ``SAMPLE_DEAL`` of that variant, e.g.
    ``EO1-C8-AAAAAAF``."""
    return str(game.DealCode(kind, deal_cells(kind, cells), SAMPLE_DEAL))


def dialog_defaults(g: game.Game, settings: Settings) -> tuple[str, int]:
    """What the New game dialog shows checked when it opens: the current game, and its
    cell count (Eight Off) or the last chosen one (``settings.cells``)."""
    return g.game, (g.cells if has_cells(g.game) else settings.cells)


def same_deal_allowed(g: game.Game, kind: str | None, cells: int | None) -> bool:
    """"Same deal" replays the current deal, so it is offered only while the form shows
    the current game (and, for Eight Off, its cell count) and the game has a deal (a
    loaded position has none): it never silently ignores a choice."""
    if kind is None or kind != g.game or g.deal is None:
        return False
    return not has_cells(g.game) or cells == g.cells


def random_deal(kind: str, cells: int, r: float) -> game.DealCode:
    """A random deal of ``kind`` with ``cells`` (already ``deal_cells``): ``r`` is a
    uniform float in [0, 1) (``Math.random()``), mapped onto
    ``game.MIN_DEAL``..``game.MAX_DEAL`` (SPEC §3). Raises ValueError for r outside."""
    if not 0.0 <= r < 1.0:
        raise ValueError(f"random value {r} not in [0, 1)")
    span = game.MAX_DEAL - game.MIN_DEAL + 1
    return game.DealCode(kind, cells, game.MIN_DEAL + int(r * span))


def daily_deal(today: date, kind: str, cells: int) -> game.DealCode:
    """The deal of the day for the local date ``today`` (SPEC §3)."""
    return game.deal_of_the_day(today, kind, cells)


def visible(text: str) -> str:
    """``text`` without the zero-width characters of ``texts.INVISIBLE`` (a code copied
    from a sentence of the page carries the marks ``texts.whole`` put in)."""
    return text.translate(INVISIBLE)


def typed_deal(text: str, kind: str, cells: int) -> game.DealCode:
    """The deal a typed code or number means (SPEC §3), once :func:`visible`; a bare
    number is a deal of the chosen ``kind`` and ``cells``. Raises ``game.BadCode`` (with a
    stable ``.code``)."""
    return game.code_from_input(visible(text), kind, cells)

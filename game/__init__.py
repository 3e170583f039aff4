"""Rules of Easy Harp and Eight Off as plain Python (SPEC §2-§6, §9).

No browser import here or below, except the adapter ``game.ui`` (not imported by this
package). Public API (docs/ARCHITECTURE.md):

>>> import game
>>> g = game.new_game("EH1-N-AAAAAAF")
>>> g.play("s")
Move(src='s', dst=None, count=None)
>>> g.undo(), g.move_count
(True, 1)

Constants the view must use instead of literals:

- ``MIN_DEAL``, ``MAX_DEAL``: the deal numbers a code may carry, 1..999 999 (SPEC §3);
- ``RANKS``: rank letters ``"A23456789TJQK"`` (index + 1 = rank), ``SUITS``: suit letters
  ``"CDHS"`` (SPEC §2 card ids).

Game facts the view and the records ask of the registry instead of writing them:
``variants()`` (every variant, in order) and ``variant_info(name)`` (a ``Variant``: name,
game, cells, deal-code prefix, columns, pile ids, maximum score, the table's bands, a
typical deep column, the welcome's cards); ``variant_of(game, cells)`` gives the name.

Questions the view asks instead of deciding rules (SPEC §6): ``Game.pickup_refusal``
(what may be dragged or selected), ``Game.targets`` (where a drop would be played),
``Game.has_moves`` (the "no move left" notice), ``Game.tap_move``,
``Game.double_tap_move``, ``Game.drop_move``, ``Game.group_limit``.

The solver's names (``solve``, ``Search``, ``Solution``, ``is_stuck``, ``proven_deals``,
SPEC §10) load on first use (a module ``__getattr__``): ``import game`` does not import
``game.solver``, so the page shows the table first and loads the solver afterwards
(issue 10 point 8; ``game.ui.assist`` asks for it once the page is ready).
"""

from typing import TYPE_CHECKING, Any

from .backup import Backup, BadBackup, Summary, export_backup, parse_backup, summarise
from .cards import RANKS, SUITS, Card, Placed
from .deals import (
    MAX_DEAL,
    MIN_DEAL,
    DealCode,
    code_from_input,
    deal_of_the_day,
    ms_deal_order,
    parse_code,
)
from .easy_harp import GAME as EASY_HARP
from .eight_off import GAME as EIGHT_OFF
from .engine import Variant, variant_info, variants
from .errors import (
    BadCode,
    BadNotation,
    BadPosition,
    BadSave,
    BaseProblem,
    CodeProblem,
    GameError,
    PositionProblem,
    SaveProblem,
)
from .fcs import format_position, parse_position
from .history import UNDO_LIMIT, Game, GameState, load_position, new_game
from .keeper import RecordKeeper
from .moves import IllegalMove, Move
from .position import Layout, Position, layout
from .records import (
    KEY_RECORDS,
    STAT_KEYS,
    STAT_VARIANTS,
    Entry,
    Event,
    Outcome,
    Records,
    VariantStats,
    dump_records,
    parse_records,
    recent,
    variant_of,
)
from .refusals import Refusal
from .safejson import JsonLimit
from .safejson import loads as read_json
from .save import SAVE_VERSION, load_save
from .session import (
    KEY_META,
    AskFirst,
    GameMeta,
    after_change,
    ask_first,
    dump_meta,
    new_meta,
    parse_meta,
    replace_events,
)

if TYPE_CHECKING:
    from .solver import Search, Solution, hint_and_line, is_stuck, leads_back, proven_deals, solve

#: The names that ``__getattr__`` takes from ``game.solver`` on first use.
SOLVER_NAMES = frozenset({"Search", "Solution", "hint_and_line", "is_stuck", "leads_back", "proven_deals",
                          "solve"})


def __getattr__(name: str) -> Any:
    """The solver's public names (SPEC §10), imported from ``game.solver`` on first use
    and then kept in this module like any other name.

    Raises:
        AttributeError: ``name`` is neither here nor one of ``SOLVER_NAMES``.
    """
    if name in SOLVER_NAMES:
        from . import solver

        value = getattr(solver, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_solver() -> None:
    """Import ``game.solver`` now, if not done yet (the page calls it once the table
    is ready, so that its first search does not pay for the import)."""
    for name in sorted(SOLVER_NAMES):
        __getattr__(name)


__all__ = [
    "EASY_HARP", "EIGHT_OFF", "MAX_DEAL", "MIN_DEAL", "RANKS", "SAVE_VERSION", "SUITS",
    "UNDO_LIMIT", "BadCode", "BadNotation", "BadPosition", "BadSave", "Card", "DealCode",
    "Game", "GameError", "GameState", "IllegalMove", "Layout", "Move", "Placed", "Position", "Refusal",
    "code_from_input", "deal_of_the_day", "format_position", "layout", "load_position",
    "load_save", "ms_deal_order", "new_game", "parse_code", "parse_position",
    # the registry: every fact of a variant (issue 26)
    "Variant", "variant_info", "variants",
    # error codes (stable string values)
    "BaseProblem", "CodeProblem", "PositionProblem", "SaveProblem",
    # records (SPEC §12, docs/RECORDS.md)
    "KEY_META", "KEY_RECORDS", "STAT_KEYS", "STAT_VARIANTS", "AskFirst", "Backup", "BadBackup",
    "Entry", "Event", "GameMeta", "Outcome", "RecordKeeper", "Records", "Summary",
    "VariantStats", "after_change", "ask_first", "dump_meta", "dump_records",
    "export_backup", "new_meta", "parse_backup", "parse_meta", "parse_records", "recent",
    "replace_events", "summarise", "variant_of",
    # JSON from outside, read with limits (issue 27 point 3)
    "JsonLimit", "read_json",
    "SOLVER_NAMES", "Search", "Solution", "hint_and_line", "is_stuck", "leads_back", "load_solver",
    "proven_deals", "solve",
]

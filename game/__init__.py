"""Rules of Easy Harp and Eight Off as plain Python (SPEC §2-§6, §9).

No browser import here or below, except the adapter ``game.ui`` (not imported by this
package). Public API (docs/ARCHITECTURE.md):

>>> import game
>>> g = game.new_game("EH1-N-AAAAAAF")
>>> g.play("s")
Move(src='s', dst=None, count=None)
>>> g.undo(), g.move_count
(True, 1)
"""

from .cards import RANKS, SUITS, Card, Placed
from .deals import (
    EASY_HARP,
    EIGHT_OFF,
    MAX_DEAL,
    MIN_DEAL,
    DealCode,
    code_from_input,
    deal_of_the_day,
    ms_deal_order,
    parse_code,
)
from .errors import BadCode, BadNotation, BadPosition, BadSave, GameError, IllegalMove
from .fcs import format_position, load_position, parse_position
from .history import UNDO_LIMIT, Game, new_game
from .moves import Move
from .position import Layout, Position, layout
from .refusals import Refusal
from .save import SAVE_VERSION, load_save
from .solver import Search, Solution, is_stuck, solve

__all__ = [
    "EASY_HARP", "EIGHT_OFF", "MAX_DEAL", "MIN_DEAL", "RANKS", "SAVE_VERSION", "SUITS",
    "UNDO_LIMIT", "BadCode", "BadNotation", "BadPosition", "BadSave", "Card", "DealCode",
    "Game", "GameError", "IllegalMove", "Layout", "Move", "Placed", "Position", "Refusal",
    "code_from_input", "deal_of_the_day", "format_position", "layout", "load_position",
    "load_save", "ms_deal_order", "new_game", "parse_code", "parse_position",
    "Search", "Solution", "is_stuck", "solve",
]

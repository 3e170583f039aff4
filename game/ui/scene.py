"""What the page shows, as one value the parts are given. Pure Python.

The page (``page.Page``) owns the game, the settings and the texts; a part that draws
them takes a ``Scene`` as an argument and keeps the last one it drew (to lay itself out
again after a resize, or to tell what a press at a point means), never a way back to the
page or to another part (issue 23 point 1).
"""

from __future__ import annotations

from typing import NamedTuple

import game

from .persist import Settings
from .texts import Texts


class Scene(NamedTuple):
    """The game on the table, the player's settings and the texts of the language."""

    g: game.Game
    texts: Texts
    settings: Settings


__all__ = ["Scene"]

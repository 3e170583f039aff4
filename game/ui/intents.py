"""What the page is asked to do: the intents the parts report to the one dispatcher
(``page.Page.dispatch``). Pure Python (no browser import).

A part never acts on another part: the pointer reports a tap, the keyboard a key, a
button its action, a settings control the setting it changed, a timer of the solver's
view the move it would play; the page decides, changes what it owns (the game, the
settings, the texts, the selection, a running assist) and shows the result through the
parts that read it (STYLE.md: "the view ... sends intents").

Pile ids and indexes are those of SPEC §2 and §8 (``data-pile``, ``data-index``; index 0
is the bottom card, the pile's size means the pile itself).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Tap:
    """A single tap (or Enter) on the card at ``index`` of ``pile`` (its size: the pile).
    ``uncovered``: the second of two quick taps, on the card the first uncovered
    (``gestures.Tap``): it plays the card's tap move but selects nothing."""

    pile: str
    index: int
    uncovered: bool = False


@dataclass(frozen=True, slots=True)
class DoubleTap:
    """Two taps on the same card within the double-tap time (or Shift+Enter)."""

    pile: str
    index: int


@dataclass(frozen=True, slots=True)
class PickUp:
    """A drag begins on the card at ``index`` of ``pile`` (the cards above it come too)."""

    pile: str
    index: int


@dataclass(frozen=True, slots=True)
class DragBy:
    """The dragged cards follow the pointer: (``dx``, ``dy``) CSS px from the press."""

    dx: float
    dy: float


@dataclass(frozen=True, slots=True)
class Drop:
    """The dragged cards are let go over pile ``pile`` (None: over no pile, or the drag
    was cancelled): they go there if the rules allow, else back."""

    pile: str | None


@dataclass(frozen=True, slots=True)
class Refused:
    """A drag of cards the rules do not let be picked up: ``code`` says why."""

    code: str
    pile: str
    index: int


@dataclass(frozen=True, slots=True)
class Felt:
    """A press on the empty felt (clears the selection)."""


@dataclass(frozen=True, slots=True)
class Key:
    """A key press outside dialogs and form fields (``KeyboardEvent.key``; ``ctrl`` is
    Ctrl or Cmd; ``on_table``: the table has the keyboard focus)."""

    key: str
    ctrl: bool = False
    shift: bool = False
    alt: bool = False
    on_table: bool = False


@dataclass(frozen=True, slots=True)
class Button:
    """A click on a ``data-action`` element (SPEC §8), with the element's other
    ``data-*`` values (e.g. ``code`` of a recent game, ``variant`` of a reset)."""

    action: str
    data: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SettingChanged:
    """A settings control changed ``name`` (a field of ``persist.Settings``) to ``value``."""

    name: str
    value: object


@dataclass(frozen=True, slots=True)
class AutoMove:
    """Finish for me plays its next move (notation, SPEC §2)."""

    move: str


@dataclass(frozen=True, slots=True)
class SolverReady:
    """The solver was imported, after the page became ready: searches may start."""


@dataclass(frozen=True, slots=True)
class Found:
    """A search ended (in the page's slices or in the solver's worker): ``kind``
    (``verdict``, ``stuck``, ``solve``) for the position ``key`` (``Game.position()``
    text), with its ``solution`` (``game.Solution``)."""

    kind: str
    key: str
    solution: object


@dataclass(frozen=True, slots=True)
class Hinted:
    """The solver's worker answered a hint for the position ``key`` (``Game.position()``
    text): ``move`` in SPEC §2 notation, or None when nothing useful is left."""

    key: str
    move: str | None


Intent = (Tap | DoubleTap | PickUp | DragBy | Drop | Refused | Felt | Key | Button
          | SettingChanged | AutoMove | SolverReady | Found | Hinted)

__all__ = ["AutoMove", "Button", "DoubleTap", "DragBy", "Drop", "Felt", "Found", "Hinted", "Intent",
           "Key", "PickUp", "Refused", "SettingChanged", "SolverReady", "Tap"]

"""Helpers for the unit tests: build small hand-made positions.

Rules are local, so a test position may hold only some of the cards (the rest are
simply absent); positions read from text (``game.load_position``) must be complete.
"""

from __future__ import annotations

from game import Card, Game, Position, layout


def board(game: str = "eight-off", cells: int | None = None, **piles: str) -> Game:
    """A game at a hand-made position.

    ``piles`` maps pile ids (``t1``, ``c2``, ``f1``, ``s``, ``w``) to card ids bottom
    to top, e.g. ``t1="(9H.1) (2C.2) 8S.1 7H.2"``; parentheses mark face-down cards.
    """
    if cells is None:
        cells = 0 if game == "easy-harp" else 8
    lay = layout(game, cells)
    cols: list[tuple[Card, ...]] = [()] * len(lay.ids)
    down = [0] * lay.columns
    for pid, text in piles.items():
        ix = lay.index[pid]
        toks = text.split()
        cols[ix] = tuple(Card.parse(t.strip("()")) for t in toks)
        if pid.startswith("t"):
            down[ix] = sum(1 for t in toks if t.startswith("("))
    return Game(Position(lay, tuple(cols), tuple(down)))


def pile_ids_text(g: Game, pid: str) -> str:
    """Pile ``pid`` as card ids, bottom to top, face-down ones in parentheses."""
    return " ".join(p.card.id if p.up else f"({p.card.id})" for p in g.pile(pid))


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` (node -> the nodes it imports) as a trail, or ``None``."""
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> list[str] | None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return trail + [node, nxt]
            if nxt in graph and not state.get(nxt):
                found = visit(nxt, trail + [node])
                if found:
                    return found
        state[node] = 2
        return None

    for node in sorted(graph):
        if not state.get(node):
            found = visit(node, [])
            if found:
                return found
    return None

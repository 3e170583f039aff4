"""Property tests over both games (issue 2 point 8). Random play with undos, redos and
illegal attempts is the state machine of test_conformance.py.

Kept fast: a fraction of the profile's examples (``HYPOTHESIS_PROFILE=thorough`` runs
more); no timing is asserted.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import (
    BadNotation,
    DealCode,
    Move,
    Position,
    engine,
    load_position,
    new_game,
)

EXAMPLES = max(10, settings.default.max_examples // 2)
FAST = settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])

deals = st.one_of(
    st.builds(DealCode, st.just("easy-harp"), st.just(0), st.integers(1, 999_999)),
    st.builds(DealCode, st.just("eight-off"), st.sampled_from([8, 4, 2]),
              st.integers(1, 999_999)),
)


def all_moves(pos: Position) -> list[Move]:
    """The whole normalised move space: every source, count and concrete destination."""
    lay = pos.layout
    out = [Move("s")] if lay.stock_ix >= 0 else []
    for s, sid in enumerate(lay.ids):
        for n in range(1, max(1, len(pos.piles[s])) + 1):
            out.extend(Move(sid, did, n) for did in lay.ids)
    return out


@FAST
@given(deals, st.lists(st.integers(0, 10_000), max_size=60))
def test_legal_moves_are_exactly_the_accepted_moves(deal, picks):
    g = new_game(deal)
    rules = engine.RULES[deal.game]
    for k in picks[:: max(1, len(picks) // 12)] or [0]:
        pos = g.board
        legal = g.legal_moves()
        assert len(set(legal)) == len(legal)
        accepted = {m for m in all_moves(pos) if g.check(m) is None}
        assert accepted == set(legal)
        for m in legal:
            if m.dst is not None:
                ix = pos.layout.index
                assert rules.check(pos, ix[m.src], ix[m.dst], m.count) is None
        # a move as typed (f, no count) plays as its normalised form
        for m in legal[:10]:
            if m.dst is not None:
                loose = Move(m.src, "f" if m.dst[0] == "f" else m.dst)
                assert g.normalise(loose) in set(legal)
        for _ in range(1 + k % 7):
            moves = g.legal_moves()
            if not moves:
                break
            g.play(moves[k % len(moves)])
            k //= 3


@FAST
@given(deals, st.lists(st.integers(0, 10_000), max_size=40), st.text(max_size=12))
def test_text_and_notation_round_trips(deal, picks, junk):
    g = new_game(deal)
    for k in picks:
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[k % len(moves)])
    text = g.position()
    h = load_position(text, g.game, g.cells)
    assert h.board == g.board and h.position() == text
    for m in g.legal_moves():
        assert Move.parse(str(m)) == m
    try:
        m = Move.parse(junk)
    except BadNotation as e:
        assert repr(junk) in str(e)
    else:
        assert Move.parse(str(m)) == m

"""Property tests over both games (issue 2 point 8), OpenSpiel-style conformance:
random legal play with random undos, redos and illegal attempts keeps every invariant.

Kept fast: a fraction of the profile's examples (``HYPOTHESIS_PROFILE=thorough`` runs
more); no timing is asserted.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import (
    BadNotation,
    DealCode,
    IllegalMove,
    Move,
    Position,
    engine,
    load_position,
    load_save,
    new_game,
)
from game.cards import SUITS, card_of

EXAMPLES = max(10, settings.default.max_examples // 2)
FAST = settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])

deals = st.one_of(
    st.builds(DealCode, st.just("easy-harp"), st.just(0), st.integers(1, 999_999)),
    st.builds(DealCode, st.just("eight-off"), st.sampled_from([8, 4, 2]),
              st.integers(1, 999_999)),
)
# (operation, parameter): 0-5 play the k-th legal move, 6 undo, 7 redo, 8 illegal try
steps = st.lists(st.tuples(st.integers(0, 8), st.integers(0, 10_000)), max_size=120)


def all_moves(pos: Position) -> list[Move]:
    """The whole normalised move space: every source, count and concrete destination."""
    lay = pos.layout
    out = [Move("s")] if lay.stock_ix >= 0 else []
    for s, sid in enumerate(lay.ids):
        for n in range(1, max(1, len(pos.piles[s])) + 1):
            out.extend(Move(sid, did, n) for did in lay.ids)
    return out


def assert_cards_once(pos: Position) -> None:
    lay = pos.layout
    seen = [c for p in pos.piles for c in p]
    copies = (1, 2) if lay.two_decks else (0,)
    assert sorted(c.id for c in seen) == sorted(
        card_of(r, s, k).id for r in range(1, 14) for s in SUITS for k in copies)
    for i in range(lay.columns):  # a non-empty column shows its top card
        assert pos.down[i] < len(pos.piles[i]) or not pos.piles[i]


def bounds(g) -> None:
    top = 1515 if g.game == "easy-harp" else 520
    assert 0 <= g.score <= top


@FAST
@given(deals, steps)
def test_random_play_keeps_every_invariant(deal, ops):
    g = new_game(deal)
    count = 0
    for op, k in ops:
        before = (g.board, g.score)
        if op <= 5:
            moves = g.legal_moves()
            if not moves:
                continue
            m = moves[k % len(moves)]
            assert g.play(m) == m
            count += 1
            assert g.undo() and (g.board, g.score) == before  # undo is exact
            assert g.redo()
        elif op == 6:
            undone = g.undo()
            if undone:
                assert g.redo() and g.undo()
        elif op == 7:
            g.redo()
        else:
            space = all_moves(g.board)
            m = space[k % len(space)]
            legal = set(g.legal_moves())
            if m in legal:
                assert g.check(m) is None
            else:
                try:
                    g.play(m)
                except IllegalMove as e:
                    assert e.code == e.reason.value
                else:
                    raise AssertionError(f"{m} played but is not in legal_moves()")
                assert (g.board, g.score) == before
        assert_cards_once(g.board)
        bounds(g)
        assert g.move_count == count
        assert len(g.history()) <= 100
    text = g.to_save()
    h = load_save(text)
    assert h.to_save() == text and h.board == g.board and h.score == g.score


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

"""Hypothesis fuzz of every parser that reads text from outside the rules package
(issue 6 point 4): deal codes and typed numbers, move notation, position text and saved
games. Whatever the input, each parser either returns a value or raises its documented
``game.GameError`` subclass (docs/ARCHITECTURE.md "Errors"); never anything else.

Inputs are random text plus mutations of real codes, moves, positions and saves, so
that most examples get past the first syntax check and reach the deeper checks.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game

VARIANTS = [("easy-harp", 0), ("eight-off", 8), ("eight-off", 4), ("eight-off", 2)]
CODES = ["EH1-N-AAAAAAF", "EO1-C8-AAAAAFA", "EO1-C4-AAAAAAB", "EO1-C2-AAADCJH", "EH1-N-AACEXHN"]
MOVES = ["s", "t3-f", "w-t5", "c2-t1", "t4-t7:3", "t1-c5:1", "f2-t3", "t9-f8:1"]
CODE_ALPHABET = "EHO1NC8420-ABCDEFGHIJKLMNOPQRSTUVWXYZabz :\t\n.\u0663\u00a0\ufeff"
MOVE_ALPHABET = "stwcf0123456789-:. \nTFx\u0663"
#: 400 examples per parser in CI (a few seconds); FUZZ_EXAMPLES=5000 for a deeper local run.
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "400")),
                suppress_health_check=[HealthCheck.too_slow])


def _played(code: str, n: int) -> game.Game:
    """A game of ``code`` after up to ``n`` actions (legal moves, draws), one undone."""
    g = game.new_game(code)
    for k in range(n):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[(3 * k) % len(moves)])
    g.undo()
    return g


GAMES = [_played(c, n) for c, n in zip(CODES, (7, 12, 5, 20, 0))]
SAVES = [g.to_save() for g in GAMES]
POSITIONS = [(g.position(), g.game, g.cells) for g in GAMES]


@st.composite
def mutated(draw, seeds: list[str], alphabet: str) -> str:
    """A seed text with a few random edits: delete, duplicate, insert or swap spans."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(0, 4))):
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        j = draw(st.integers(i, min(len(text), i + 12)))
        op = draw(st.sampled_from(["delete", "dup", "insert", "swap", "case"]))
        if op == "delete":
            text = text[:i] + text[j:]
        elif op == "dup":
            text = text[:j] + text[i:j] + text[j:]
        elif op == "insert":
            text = text[:i] + draw(st.text(alphabet, max_size=6)) + text[i:]
        elif op == "swap":
            k = draw(st.integers(0, len(text) - 1))
            a, b = sorted((i, k))
            text = text[:a] + text[b:b + 1] + text[a + 1:b] + text[a:a + 1] + text[b + 1:]
        else:
            text = text[:i] + text[i:j].swapcase() + text[j:]
    return text


def texts(seeds: list[str], alphabet: str):
    return st.one_of(
        st.text(max_size=40),
        st.text(alphabet, max_size=30),
        mutated(seeds, alphabet),
        st.sampled_from(["", " ", "9" * 5000, "0" * 20 + "1", "\x00", "null", "-", "--", "::"]),
    )


@FUZZ
@given(texts(CODES, CODE_ALPHABET))
def test_parse_code_raises_only_bad_code(text):
    try:
        deal = game.parse_code(text)
    except game.BadCode as err:
        assert err.code.startswith("code-") and isinstance(err.details.get("text"), str)
        return
    assert game.parse_code(str(deal)) == deal


@FUZZ
@given(texts(CODES + ["7", " 999999 ", "1000000", "0"], CODE_ALPHABET + "0123456789"),
       st.sampled_from(VARIANTS + [("eight-off", 3), ("easy-harp", 8), ("klondike", 0)]))
def test_code_from_input_raises_only_bad_code(text, variant):
    try:
        deal = game.code_from_input(text, *variant)
    except game.BadCode as err:
        assert err.code.startswith("code-")
        return
    assert 1 <= deal.number <= 999_999
    assert (deal.game, deal.cells) in VARIANTS


@FUZZ
@given(texts(MOVES, MOVE_ALPHABET))
def test_move_parse_raises_only_bad_notation(text):
    try:
        move = game.Move.parse(text)
    except game.BadNotation as err:
        assert err.code == "notation"
        return
    assert game.Move.parse(str(move)) == move


@st.composite
def position_texts(draw):
    text, kind, cells = draw(st.sampled_from(POSITIONS))
    if draw(st.booleans()):
        lines = text.split("\n")
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(0, len(lines) - 1))
            op = draw(st.sampled_from(["drop", "dup", "swap-tokens", "edit"]))
            if op == "drop":
                del lines[i]
            elif op == "dup":
                lines.insert(i, lines[i])
            elif op == "swap-tokens":
                toks = lines[i].split(" ")
                j = draw(st.integers(0, len(toks) - 1))
                k = draw(st.integers(0, len(toks) - 1))
                toks[j], toks[k] = toks[k], toks[j]
                lines[i] = " ".join(toks)
            else:
                lines[i] = draw(mutated([lines[i] or ":"], "()-:/.0123456789AKQJTSHDC "))
            if not lines:
                break
        text = "\n".join(lines)
    else:
        text = draw(mutated([text], "()-:/.0123456789AKQJTSHDC \n"))
    variant = draw(st.sampled_from([(kind, cells)] * 3 + VARIANTS + [("eight-off", 5), ("x", 0)]))
    return text, variant


@FUZZ
@given(position_texts())
def test_load_position_raises_only_bad_position(case):
    text, (kind, cells) = case
    try:
        g = game.load_position(text, game=kind, cells=cells)
    except game.BadPosition as err:
        assert err.problems and err.code == "bad-position"
        return
    assert game.load_position(g.position(), game=kind, cells=cells).position() == g.position()


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 10**12) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(MOVES + CODES),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


@st.composite
def save_texts(draw):
    blob = draw(st.sampled_from(SAVES))
    how = draw(st.sampled_from(["field", "field", "history", "text"]))
    if how == "text":
        return draw(mutated([blob], '{}[]",:0123456789sStfwc-'))
    d = json.loads(blob)
    if how == "field":
        key = draw(st.sampled_from(sorted(d) + ["extra", "base"]))
        if draw(st.booleans()) and key in d:
            del d[key]
        else:
            d[key] = draw(JSON_VALUES)
    else:
        key = draw(st.sampled_from(["history", "redo"]))
        moves = list(d.get(key, []))
        moves.insert(draw(st.integers(0, len(moves))), draw(st.sampled_from(MOVES) | st.text(max_size=5)))
        if draw(st.booleans()) and len(moves) > 1:
            moves.pop(draw(st.integers(0, len(moves) - 1)))
        d[key] = moves
    return json.dumps(d)


@FUZZ
@given(st.one_of(save_texts(), st.text(max_size=30), st.binary(max_size=30)))
def test_load_save_raises_only_bad_save(text):
    try:
        g = game.load_save(text)
    except game.BadSave as err:
        assert err.code.startswith("save-")
        return
    assert game.load_save(g.to_save()).to_save() == g.to_save()


@pytest.mark.parametrize("text", ["9" * 5000, " " + "1" * 4301 + " ", "EH1-N-" + "A" * 5000])
def test_huge_inputs_are_refused_not_crashing(text):
    for variant in VARIANTS:
        with pytest.raises(game.BadCode):
            game.code_from_input(text, *variant)
    with pytest.raises(game.BadCode):
        game.parse_code(text)


def _save_without(key: str, **changes) -> str:
    d = json.loads(SAVES[0])
    d.pop(key, None)
    d.update(changes)
    return json.dumps(d)


@pytest.mark.parametrize("text", [
    _save_without("position"),                 # was KeyError
    _save_without("", game=[]),                # was TypeError (unhashable game name)
    _save_without("", game={"a": 1}, cells=[0]),
])
def test_found_by_the_fuzz_load_save(text):
    with pytest.raises(game.BadSave):
        game.load_save(text)


def test_found_by_the_fuzz_foundation_without_suit():
    # "-0" used to pass the suit check ("" in "CDHS") and raise KeyError.
    text, kind, cells = POSITIONS[0]
    bad = text.replace("Foundations:", "Foundations: -0", 1)
    with pytest.raises(game.BadPosition) as err:
        game.load_position(bad, game=kind, cells=cells)
    assert "bad-foundation" in err.value.problems

"""Saved games (SPEC §7; issue 2 point 6)."""

import json

import pytest

from game import BadSave, GameError, load_position, load_save, new_game
from game.save import base_problems


def played(code, n, undos=0):
    g = new_game(code)
    for i in range(n):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[(i * 5 + 3) % len(moves)])
    for _ in range(undos):
        g.undo()
    return g


def same(a, b):
    assert a.board == b.board
    assert (a.score, a.move_count, a.code, a.can_undo, a.can_redo) == (
        b.score, b.move_count, b.code, b.can_undo, b.can_redo)
    assert a.history() == b.history() and a.redo_moves() == b.redo_moves()


@pytest.mark.parametrize("code,n,undos", [
    ("EH1-N-AAAAAAF", 0, 0), ("EH1-N-AAAAAAF", 40, 5), ("EO1-C8-AAAAAFA", 30, 3),
    ("EO1-C2-AAAAAAB", 10, 0), ("EH1-N-AAAAAAB", 180, 20), ("EO1-C4-AAAAABC", 150, 7),
])
def test_round_trip_is_byte_identical(code, n, undos):
    g = played(code, n, undos)
    text = g.to_save()
    h = load_save(text)
    same(g, h)
    assert h.to_save() == text
    # the restored game goes on exactly like the original
    while g.can_undo:
        assert g.undo() and h.undo()
        assert g.board == h.board and g.score == h.score
    assert not h.can_undo
    assert g.redo() == h.redo()
    assert g.board == h.board


def test_format_is_compact_and_versioned():
    g = played("EH1-N-AAAAAAF", 40, 2)
    d = json.loads(g.to_save())
    assert d["version"] == 1 and d["game"] == "easy-harp" and d["cells"] == 0
    assert d["code"] == "EH1-N-AAAAAAF" and "start" not in d and "base" not in d
    assert len(d["history"]) == 38 and len(d["redo"]) == 2
    assert d["moves"] == 40 and " " not in g.to_save().split('"position"')[0]
    long = played("EH1-N-AAAAAAF", 150)
    d = json.loads(long.to_save())
    assert "base" in d and len(d["history"]) == 100
    assert len(long.to_save()) < 5000


def test_saves_of_positions_without_a_deal():
    g = load_position(new_game("EO1-C4-AAAAAAB").position(), "eight-off", 4)
    g.play(g.legal_moves()[0])
    text = g.to_save()
    assert "start" in json.loads(text) and "code" not in json.loads(text)
    h = load_save(text)
    same(g, h)
    assert h.to_save() == text


def bad(text, code):
    with pytest.raises(BadSave) as e:
        load_save(text)
    assert e.value.code == code
    assert isinstance(e.value, ValueError)
    return e.value


def test_refusals():
    g = played("EO1-C8-AAAAAFA", 20, 2)
    good = json.loads(g.to_save())

    def variant(**changes):
        d = dict(good)
        for k, v in changes.items():
            if v is None:
                d.pop(k, None)
            else:
                d[k] = v
        return json.dumps(d)

    bad("", "save-json")
    bad("{not json", "save-json")
    bad("[1, 2]", "save-format")
    bad(variant(version=2), "save-version")
    bad(variant(version=None), "save-version")
    bad(variant(version="1"), "save-version")
    bad(variant(game="klondike"), "save-format")
    bad(variant(cells=3), "save-format")
    bad(variant(code="EO1-C8-AAAAAAA"), "save-code")
    bad(variant(code="EH1-N-AAAAAFA"), "save-code")
    bad(variant(code=None), "save-format")
    bad(variant(score=10_000), "save-format")
    bad(variant(score=good["score"] + 10), "save-history")
    bad(variant(moves=-1), "save-format")
    bad(variant(history=good["history"][:-1]), "save-history")
    bad(variant(history=["t1-t1"] + good["history"][1:]), "save-history")
    bad(variant(moves=len(good["history"])), "save-format")  # fewer than undo + redo
    bad(variant(history=["banana"]), "save-history")
    bad(variant(redo=["t1-t1"]), "save-history")
    bad(variant(extra=1), "save-format")
    pos = good["position"]
    first = pos.splitlines()[2].split()[1]
    dup = pos.replace(pos.splitlines()[3].split()[1], first, 1)
    e = bad(variant(position=dup), "save-position")
    assert "duplicate-card" in e.problems
    bad(variant(position=pos.replace("\n: ", "\n: ZZ ", 1)), "save-position")
    # a byte-order mark is fine
    assert load_save("\ufeff" + g.to_save()).to_save() == g.to_save()
    assert load_save(g.to_save().encode("utf-8")).to_save() == g.to_save()


def _tampered(code, n, edit):
    """A save of ``code`` after ``n`` stock taps whose base and position are both
    changed by ``edit`` (position text -> position text), as in issue 9."""
    g = new_game(code)
    for _ in range(n):
        g.play("s")
    d = json.loads(g.to_save())
    assert "base" in d
    d["base"]["position"] = edit(d["base"]["position"])
    d["position"] = edit(d["position"])
    return json.dumps(d)


def _move_top(text, src, dst):
    """Move the top card of column ``src`` onto column ``dst`` (1-based) in position
    text, turning the new top of ``src`` face up."""
    lines = text.splitlines()
    cols = [i for i, line in enumerate(lines) if line.startswith(":")]
    a, b = lines[cols[src - 1]].split(), lines[cols[dst - 1]].split()
    card = a.pop()
    if len(a) > 1:
        a[-1] = a[-1].strip("()")
    b.append(card)
    lines[cols[src - 1]], lines[cols[dst - 1]] = " ".join(a), " ".join(b)
    return "\n".join(lines) + "\n"


def test_an_impossible_base_position_is_refused():
    # Issue 9: EH1-N-AAAAAAB, 105 stock taps, then t9's 9D.1 onto t8's QD.2 in both
    # base and position: a column no play could make.
    text = _tampered("EH1-N-AAAAAAB", 105, lambda t: _move_top(t, 9, 8))
    e = bad(text, "save-base")
    # t8: 9D.1 does not build on QD.2; and the card turned in t9 would have scored 5.
    assert e.problems == ["base-column", "base-score"]
    assert "column t8" in str(e) and "column t9" not in str(e)
    assert isinstance(e, GameError)  # the view keeps such a blob as a backup (SPEC 7)


def test_base_face_down_cards_must_be_the_dealt_ones():
    def swap(t):  # exchange two face-down cards of t9
        return t.replace("(QH.2) (AS.1)", "(AS.1) (QH.2)")
    e = bad(_tampered("EH1-N-AAAAAAB", 105, swap), "save-base")
    assert e.problems == ["base-face-down"]


def test_base_stock_must_keep_the_drawing_order():
    def swap(t):
        lines = t.splitlines()
        i = next(k for k, line in enumerate(lines) if line.startswith("Stock:"))
        toks = lines[i].split()
        toks[1], toks[2] = toks[2], toks[1]
        lines[i] = " ".join(toks)
        return "\n".join(lines) + "\n"
    e = bad(_tampered("EH1-N-AAAAAAB", 105, swap), "save-base")
    assert e.problems == ["base-stock"]


def test_base_score_must_fit_the_position():
    g = new_game("EH1-N-AAAAAAB")
    for _ in range(105):
        g.play("s")
    d = json.loads(g.to_save())
    d["base"]["score"] = 5  # no card turned, none from the waste: 0 is the only score
    e = bad(json.dumps(d), "save-base")
    assert e.problems == ["base-score"]


@pytest.mark.parametrize("code,n", [("EH1-N-AAAAAAF", 400), ("EO1-C8-AAAAAFA", 300),
                                    ("EO1-C2-AAAAAAC", 250), ("EH1-N-AAAAAAB", 600)])
def test_every_base_reached_by_play_is_accepted(code, n):
    # The check refuses nothing the rules can make: long games, base after each move.
    g = new_game(code)
    for i in range(n):
        moves = [m for m in g.legal_moves() if not m.is_draw] or g.legal_moves()
        if not moves:
            break
        g.play(moves[(i * 7 + 3) % len(moves)])
        if i % 25 == 24:
            base = g.base_state()
            if base is not None:
                assert base_problems(g.start, base) == []
                assert load_save(g.to_save()).to_save() == g.to_save()


def test_a_failed_load_raises_only_bad_save():
    # Whatever is wrong, the view gets a GameError (it keeps the blob as a backup).
    g = played("EH1-N-AAAAAAB", 180, 20)
    good = json.loads(g.to_save())
    refused = 0
    for key in good:
        for value in (None, 0, -1, "", "x", [], {}, [1], {"position": 1}, 10**20, True):
            d = dict(good)
            d[key] = value
            try:
                h = load_save(json.dumps(d))
            except BadSave:
                refused += 1
                continue
            # Accepted only when it is still a game the rules can make (an empty
            # history whose moves went back and forth, say): it saves and loads again.
            assert load_save(h.to_save()).to_save() == h.to_save()
    assert refused >= 10 * len(good)

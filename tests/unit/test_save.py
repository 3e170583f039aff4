"""Saved games (SPEC §7; issue 2 point 6)."""

import json

import pytest

from game import BadSave, load_position, load_save, new_game


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


def test_a_failed_load_leaves_the_current_game_alone():
    g = played("EH1-N-AAAAAAF", 10)
    text = g.to_save()
    with pytest.raises(BadSave):
        load_save(text.replace('"version":1', '"version":9'))
    assert g.to_save() == text

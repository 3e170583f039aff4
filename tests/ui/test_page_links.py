"""Bad ``?deal=`` links, and reloads right after each kind of action, under CPython
(issue 6 points 4 and 6; moved from tests/browser/test_robust_links_reload.py by issue
23 point 6). A reload is a fresh ``Page`` on the same storage. The very long link's
notice, whose close button must stay on a phone's screen, stays in Chromium.
"""

from __future__ import annotations

import json
import re

import pytest
from fakebrowser import FakeStore
from pagedriver import Driver, catalog

import game

KEY_GAME = "solitaire.game"


def first_column_move(g: game.Game) -> game.Move | None:
    for m in g.legal_moves():
        if m.src[0] in "tw" and m.dst and m.dst[0] == "t":
            return m
    return None


def fragments(template: str) -> list[str]:
    """The literal parts of a catalog message (around its ``{placeholders}``)."""
    return [p.strip() for p in re.split(r"\{\w+\}", template) if p.strip()]


#: (link text as the address decodes it, refusal code, language of the page).
BAD_LINKS = [
    ("garbage!!", "code-format", "en"),
    ("", "code-empty", "en"),
    ("EH1-N-ZZZZZZZ", "code-number-range", "en"),
    ("EH1-C8-AAAAAAB", "code-variant", "en"),   # an Eight Off variant on Easy Harp
    ("EO1-N-AAAAAAB", "code-variant", "ro"),    # Easy Harp's variant on Eight Off
    ("EH1-N-AAAA", "code-length", "ro"),
    ("EO2-C8-AAAAAAB", "code-game", "ro"),
    ("42", "code-format", "ro"),  # a deal number: the New game dialog's, not a link's
]


def test_bad_links_are_refused_and_the_game_stays():
    g = next(g for n in range(1, 3000)
             if first_column_move(g := game.new_game(game.DealCode("eight-off", 4, n))))
    g.play(first_column_move(g))
    blob = g.to_save()
    store = FakeStore({KEY_GAME: blob})
    for text, code, lang in BAD_LINKS:
        with pytest.raises(game.BadCode) as err:
            game.parse_code(text)
        assert err.value.code == code
        if lang == "ro":
            store.data["solitaire.settings"] = json.dumps({"version": 1, "language": "ro"})
        d = Driver("", link=text, store=store)
        where = f"link {text!r}"
        assert d.notice() == "link-refused", where
        said = d.q('[data-role="notice"] .notice-text').textContent
        cat = catalog(lang)
        said_as = "link-format" if code == "code-format" else code  # a link takes no number
        for part in fragments(cat["notice.link-refused"]) + fragments(cat[f"error.{said_as}"]):
            assert part in said, (where, part, said)
        assert "{" not in said, (where, said)  # every placeholder filled
        if code == "code-format":  # not "neither a code nor a number": a link takes no number
            assert "number" not in said and "număr" not in said, (where, said)
        assert "deal" not in d.br.params, where  # the link is consumed
        assert d.g.position() == g.position()  # the current game is untouched
        d.check_table()
        assert store.data[KEY_GAME] == blob, where


def test_reload_after_each_kind_of_action_brings_back_the_same_game():
    d: Driver

    def check(what: str) -> None:
        nonlocal d
        assert game.load_save(d.br.store.data[KEY_GAME]).to_save() == twin.to_save(), what
        d = Driver("", store=d.br.store)
        assert d.g.position() == twin.position(), what
        assert d.g.to_save() == twin.to_save(), what
        d.check_all()

    twin = game.new_game("EH1-N-AAAAAAF")
    d = Driver(twin.code)
    check("fresh deal")
    d.tap("s", 0)
    twin.play("s")
    check("draw")
    m = first_column_move(twin)
    assert m is not None
    d.drag(m.src, len(twin.pile(m.src)) - (m.count or 1), m.dst)
    twin.play(m)
    check("move")
    d.button("undo")
    twin.undo()
    check("undo")
    d.key("y", ctrl=True)
    twin.redo()
    d.button("undo")
    d.button("undo")
    twin.undo()
    twin.undo()
    check("redo, two undos")
    d.tap("s", 0)
    twin.play("s")
    assert not twin.can_redo
    check("a new action after undo drops the redo")
    d.button("new")
    for sel in ('#dlg-new input[value="eight-off"]', '#dlg-new input[name="cells"][value="2"]'):
        el = d.q(sel)
        el.checked = True
        d.br.change(el)
    d.q("#deal-code").value = "4242"
    d.button("deal-code")
    d.button("confirm")  # asks first (issue 12)
    twin = game.new_game(game.DealCode("eight-off", 2, 4242))
    assert d.q("[data-status=code]").attrs["data-value"] == twin.code
    check("new game from a number")
    for pid in twin.pile_ids():
        top = len(twin.pile(pid)) - 1
        dbl = twin.double_tap_move(pid, top) if pid[0] == "t" and top >= 0 else None
        if dbl is not None:
            d.double_tap(pid, top)
            twin.play(dbl)
            break
    assert twin.move_count == 1
    check("double tap")


def test_a_link_with_the_marks_of_a_quoted_code_opens_its_deal():
    """A code copied from a sentence of the page (``texts.whole``: word joiners after
    its hyphens, inside a first-strong isolate) and pasted after ``?deal=`` opens the
    deal, as the New game dialog's field does; a look-alike letter is still refused."""
    from game.ui.texts import whole

    quoted = whole("EH1-N-AAAAAAF")
    assert quoted != "EH1-N-AAAAAAF"
    d = Driver("", link=quoted)
    assert d.notice() != "link-refused"
    assert d.g.code == "EH1-N-AAAAAAF" and d.g.move_count == 0
    assert "deal" not in d.br.params
    d = Driver("", link="EH1-N-AAAAAA\u0424")  # a Cyrillic letter
    assert d.notice() == "link-refused"

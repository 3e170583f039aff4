"""What a screen-reader and keyboard player meets, under CPython (issue 11.1, 13.2,
SPEC §11; moved from tests/browser/test_a11y.py by issue 23 point 6): a hint said once
through the announcer in the player's language, one selection for taps and keys, undo
and redo said as such. axe, the reading order's geometry, the welcome's place and a
whole Eight Off game won with the keyboard stay in Chromium.
"""

from __future__ import annotations

import pytest
from babel import Locale
from fakebrowser import CATALOGS
from pagedriver import PHONE, Driver, catalog

import game
from game.ui import speech
from game.ui.i18n import Catalog
from game.ui.texts import Texts

LANGS = ["en", "ro", "ar", "id"]


def texts(lang: str) -> Texts:
    rule = Locale.parse(lang).plural_form
    return Texts(Catalog.from_json(lang, CATALOGS[lang], plural=lambda n: rule(n)))


def said(d: Driver) -> str:
    return d.q('[data-role="announcer"]').textContent.strip()


def live(d: Driver, text: str) -> list[str]:
    """The live regions that hold ``text``."""
    return [e.attrs.get("data-role") or e.attrs.get("id") or e.attrs.get("class", "")
            for e in d.doc.querySelectorAll("[aria-live], [role=status], [role=alert], [role=log]")
            if e.attrs.get("aria-live") != "off" and e.closest("[hidden]") is None
            and text in e.textContent]


def focus(d: Driver) -> tuple[str, int]:
    e = d.doc.querySelector('#table [data-focus="1"]')
    assert e is not None
    assert d.q("#table").attrs.get("aria-activedescendant") == e.attrs.get("id"), \
        "the focus mark and the active descendant differ"
    return e.attrs["data-pile"], int(e.attrs["data-index"]) if "data-card" in e.attrs else -1


class Keys:
    """Drive the table with the keyboard only; the reading order is the table's
    geometry (rows top to bottom, each in the language's direction)."""

    def __init__(self, d: Driver, rtl: bool = False) -> None:
        self.d, self.rtl = d, rtl
        piles = sorted(((e.attrs["data-pile"], *d.box(e)) for e in d.doc.querySelectorAll(
            "#table .pile")), key=lambda p: (p[2], p[1]))
        rows: list[list[tuple[str, float, float, float, float]]] = []
        for p in piles:
            if not rows or p[2] - rows[-1][0][2] > p[4] / 2:
                rows.append([])
            rows[-1].append(p)
        self.order = [p[0] for row in rows for p in sorted(row, key=lambda p: p[1], reverse=rtl)]
        d.q("#table").focus()

    def press(self, key: str, times: int = 1, **mods: bool) -> None:
        for _ in range(times):
            self.d.key(key, **mods)

    def go(self, twin: game.Game, pid: str, at: int | None = None) -> None:
        """Move the focus to card ``at`` of pile ``pid`` (None: its top or drop area)."""
        cur, _ = focus(self.d)
        n = self.order.index(pid) - self.order.index(cur)
        nxt, prev = ("ArrowLeft", "ArrowRight") if self.rtl else ("ArrowRight", "ArrowLeft")
        self.press(nxt if n > 0 else prev, abs(n))
        top = len(twin.pile(pid)) - 1
        want = (pid, top if at is None else at) if top >= 0 else (pid, -1)
        _, now = focus(self.d)
        if now != -1 and now != want[1]:
            self.press("ArrowUp" if now > want[1] else "ArrowDown", abs(now - want[1]))
        assert focus(self.d) == want


def play_by_keys(keys: Keys, twin: game.Game, notation: str) -> str:
    """Enter on the card for a foundation move, else Space on the head of the cards,
    arrows to the destination, Space."""
    move = twin.normalise(game.Move.parse(notation))
    keys.go(twin, move.src, len(twin.pile(move.src)) - (move.count or 1))
    if move.dst and move.dst.startswith("f"):
        keys.press("Enter")
    else:
        keys.press(" ")
        keys.go(twin, move.dst)
        keys.press(" ")
    twin.play(move)
    assert keys.d.g.position() == twin.position(), notation
    if move.dst and move.dst[0] == "t":  # the focus follows the cards that came (a tester's
        assert focus(keys.d) == (move.dst, len(twin.pile(move.dst)) - 1), notation  # stayed under)
    keys.d.check_table()
    return str(move)


@pytest.mark.parametrize("lang", LANGS)
def test_a_hint_is_said_once_in_the_language(lang):
    """Issue 13.2: the hint's words reach the screen reader through one live region,
    the announcer, in the player's language; the visible notice bar shows the same words
    but is no live region. Asking again says it again; I says the status alone."""
    cat = catalog(lang)
    d = Driver("EO1-C8-AAAAAFA", settings={"language": lang})
    d.key("h")
    d.br.advance(100)
    assert d.notice() == "hint"
    shown = d.q('[data-role="notice"] .notice-text').textContent.strip()
    heads = [cat[key].split("{")[0].strip() for key in ("hint.move", "hint.draw")]
    assert any(shown.startswith(head) for head in heads), (shown, heads)
    assert said(d) == shown
    assert live(d, shown) == ["announcer"]
    # The hint button: the same words, said once more (changed by a no-break space).
    d.button("hint")
    d.br.advance(100)
    assert said(d) == shown
    assert live(d, shown) == ["announcer"]
    assert d.q('[data-role="announcer"]').textContent.count(shown) == 1
    d.key("i")
    assert said(d) == speech.status(texts(lang), 0, 0)


def marks(d: Driver) -> dict[str, list]:
    return {"selected": [e.attrs["data-id"] for e in d.doc.querySelectorAll(
                '#table [data-selected="1"]')],
            "targets": sorted((e.attrs["data-pile"], e.style.height) for e in d.doc.querySelectorAll(
                '#table [data-target="1"]'))}


NONE: dict[str, list] = {"selected": [], "targets": []}


def test_one_selection_for_taps_and_keys():
    """Issue 11.1: a tap and a key select through one path (SPEC §6, §8, §11)."""
    twin = game.new_game("EO1-C8-AAAAAAC")  # t8-t6 is its one column move
    d = Driver(twin.code, viewport=PHONE)
    top = twin.pile("t8")[-1].card.id
    end = len(twin.pile("t8")) - 1
    d.tap("t8", end, touch=True)
    by_tap = marks(d)
    assert by_tap["selected"] == [top]
    assert [t[0] for t in by_tap["targets"]] == sorted(twin.targets("t8", end))
    keys = Keys(d)
    keys.press("Escape")
    assert marks(d) == NONE
    # Space on the same card: the very same marks.
    keys.go(twin, "t8")
    keys.press(" ")
    assert marks(d) == by_tap
    # Picked up by a key, put down by a tap.
    d.tap("t6", len(twin.pile("t6")), touch=True)
    twin.play("t8-t6")
    assert d.g.position() == twin.position() and marks(d) == NONE
    d.key("z", ctrl=True)
    twin.undo()
    # Selected by a tap, put down by a key.
    d.tap("t8", end, gap=400, touch=True)
    assert marks(d) == by_tap
    keys = Keys(d)
    keys.go(twin, "t6")
    keys.press(" ")
    twin.play("t8-t6")
    assert d.g.position() == twin.position() and marks(d) == NONE
    # A key's selection is cleared by a tap on it (nothing moves).
    d.key("z", ctrl=True)
    twin.undo()
    keys.go(twin, "t8")
    keys.press(" ")
    assert marks(d) == by_tap
    d.tap("t8", end, gap=400, touch=True)
    assert marks(d) == NONE
    assert d.g.position() == twin.position()
    d.check_all()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_undo_and_redo_are_said_as_such(lang):
    """SPEC §11: an undo and a redo are heard as such ("Undone: ...", "Redone: ...")."""
    tx = texts(lang)
    twin = game.new_game("EH1-N-AAAAAAL")
    d = Driver(twin.code, settings={"language": lang})
    keys = Keys(d, rtl=lang == "ar")
    play_by_keys(keys, twin, "t1-t5")
    moved = said(d)
    assert tx.card_label(twin.pile("t5")[-1].card.face, True) in moved
    d.key("z", ctrl=True)
    twin.undo()
    assert d.g.position() == twin.position()
    assert said(d) == tx.t("a11y.undone", what=moved)
    d.key("y", ctrl=True)
    twin.redo()
    assert d.g.position() == twin.position()
    assert said(d) == tx.t("a11y.redone", what=moved)
    # A new move after them is said plainly again.
    d.key("z", ctrl=True)
    twin.undo()
    play_by_keys(keys, twin, "t1-t5")
    assert said(d) == moved
    d.check_all()


def test_the_welcome_is_shown_once_per_game_and_again_on_demand():
    """SPEC §8, the first-visit welcome (moved from tests/browser/test_a11y.py's keyboard
    opening, which keeps its place and focus in Chromium; issue 23 point 6): shown on the
    first visit of a game and put away by the first action; not again after a reload;
    again with the help's ``?welcome=1`` link, where Next shows the game's rule (Easy
    Harp's names Klondike) and Escape puts it away."""
    welcome = '[data-role="welcome"]'
    d = Driver("EH1-N-AAAAAAL", welcomed=False)
    assert not d.q(welcome).hidden
    d.key("Enter")  # on the stock, the first pile: a draw
    assert d.g.move_count == 1
    assert d.q(welcome).hidden
    again = Driver("", store=d.br.store, welcomed=False)  # a reload
    assert again.g.move_count == 1
    assert again.q(welcome).hidden
    asked = Driver("", store=d.br.store, welcomed=False, extra={"welcome": "1"})
    el = asked.q(welcome)
    assert not el.hidden
    assert "Klondike" not in el.textContent
    asked.button("welcome-next")
    assert "Klondike" in el.textContent
    asked.key("Escape", on_table=False)
    assert el.hidden


def test_a_welcome_left_open_follows_the_next_game():
    """A tester left Eight Off's welcome open at its last card and started an Easy Harp
    game whose welcome was seen: Eight Off's texts stayed over the Easy Harp table. Now
    it goes away; for another deal of the same game it stays and names its cells."""
    welcome = '[data-role="welcome"]'
    d = Driver("EH1-N-AAAAAAL", welcomed=False)
    d.key("Enter")  # Easy Harp's welcome seen and put away
    d.button("new")
    d.q("#deal-code").value = "EO1-C8-AAAAAAL"
    d.button("deal-code")
    d.button("confirm")  # the game in progress given up
    el = d.q(welcome)
    assert not el.hidden and "Eight Off" in el.textContent
    d.button("welcome-next")
    assert "8 free cells" in el.textContent
    d.button("new")
    d.q("#deal-code").value = "EO1-C4-AAAAAAB"
    d.button("deal-code")
    assert not el.hidden and "4 free cells" in el.textContent
    d.button("new")
    d.q("#deal-code").value = "EH1-N-AAAAAAB"
    d.button("deal-code")
    assert d.g.game == "easy-harp" and el.hidden
    d.check_all()


@pytest.mark.parametrize("lang, cells, said", [
    ("en", 4, "there are 4 free cells"), ("en", 2, "there are 2 free cells"),
    ("ro", 4, "sunt 4 celule libere"), ("id", 2, "ada 2 sel bebas"), ("ar", 2, "خانتان حرتان"),
])
def test_the_welcome_says_the_variants_cells_and_the_pointers_words(lang, cells, said):
    """Eight Off's rule card gives the variant's number of free cells (a tester's 4-cell
    game was told "eight free cells"), and the how-to-play card says "click" where the
    pointer is a mouse, "tap" where it is a finger (the desktop said "tap")."""
    texts = []
    for mouse in (False, True):
        d = Driver(f"EO1-C{cells}-AAAAAAL", welcomed=False, settings={"language": lang})
        d.br.fine_pointer = mouse
        el = d.q('[data-role="welcome"] .welcome-text')
        d.button("welcome-next")
        assert said in el.textContent, el.textContent
        d.button("welcome-next")
        texts.append(el.textContent)
    assert texts == [catalog(lang)["welcome.play"], catalog(lang)["welcome.play.mouse"]]
    if lang == "en":
        assert texts[0].startswith("Tap a card") and texts[1].startswith("Click a card")

"""The live page right to left (issue 4): a switch to Arabic mirrors the table without a
reload and a drag lands where the pointer is; an Arabic card name inside a sentence
reads rank then suit (bidi). The language's choice, every screen's words and Arabic
plurals run under CPython in tests/ui/test_page_i18n.py (issue 23 point 6).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import game
from game.ui.i18n import Catalog
from tests.browser.helpers import assert_outlines

pytestmark = pytest.mark.context(reduced_motion="reduce")

LOCALES = Path(__file__).resolve().parents[2] / "locales"
CATALOGS = {
    lang: json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    for lang in ("en", "ro", "ar", "id")
}


def matches(template: str, text: str) -> bool:
    """Whether ``text`` is ``template`` with its ``{placeholders}`` filled in."""
    pattern = re.sub(r"\\\{[a-z_]+\\\}", ".+", re.escape(template))
    return re.fullmatch(pattern, text.strip()) is not None


def xs(page, pids):
    return [page.locator(f'#table .pile[data-pile="{p}"]').bounding_box()["x"] for p in pids]


def test_switching_to_arabic_mirrors_without_reload_and_drag_lands(open_app, page):
    twin = game.new_game("EH1-N-AAAAAAF")
    # The game saved, then a refused link: it leaves a notice on screen, which must
    # follow the language switch.
    open_app("/index.html?deal=EH1-N-ZZZZZZZ", storage={"solitaire.game": twin.to_save()})
    notice = page.locator('[data-role="notice"] .notice-text')
    assert matches(CATALOGS["en"]["notice.link-refused"], notice.inner_text())
    page.evaluate("window.__marker = 42")
    cols = [f"t{i}" for i in range(1, 10)]
    ltr = xs(page, cols)
    assert ltr == sorted(ltr)
    assert xs(page, ["s"])[0] < xs(page, ["f1"])[0]
    before = page.evaluate("localStorage.getItem('solitaire.game')")

    page.locator('[data-action="settings"]').click()
    page.locator('#dlg-settings select[name="language"]').select_option("ar")
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    assert page.evaluate("document.documentElement.lang") == "ar"
    assert page.evaluate("window.__marker") == 42  # no reload
    assert matches(CATALOGS["ar"]["notice.link-refused"], notice.inner_text())
    page.keyboard.press("Escape")
    rtl = xs(page, cols)
    assert rtl == sorted(rtl, reverse=True)  # columns read from right to left
    assert xs(page, ["s"])[0] > xs(page, ["f1"])[0]  # stock and foundations swap sides
    assert_outlines(page)
    assert page.evaluate("localStorage.getItem('solitaire.game')") == before
    # A move after the switch (the refused link's notice goes with it: issue 23).
    page.mouse.click(*center(page, '#table .pile[data-pile="s"]'))
    twin.play("s")
    moves = page.locator('[data-status="moves"]')
    page.wait_for_function("document.querySelector('[data-status=\"moves\"]').dataset.value === '1'")
    assert moves.get_attribute("data-value") == "1"
    # Card faces are not mirrored.
    assert page.evaluate("getComputedStyle(document.querySelector('#table .card')).transform")\
        .startswith("matrix(1,")

    # A drag in Arabic lands on the pile under the pointer.
    m = next(m for m in twin.legal_moves() if m.src[0] in "tw" and m.dst and m.dst[0] == "t")
    pile = twin.pile(m.src)
    head = pile[len(pile) - (m.count or 1)].card.id
    a = center(page, f'#table .card[data-id="{head}"]')
    b = center(page, f'#table .card[data-id="{twin.pile(m.dst)[-1].card.id}"]')
    page.mouse.move(*a)
    page.mouse.down()
    page.mouse.move(*b, steps=5)
    page.mouse.up()
    twin.play(m)
    dom = page.evaluate("""() => [...document.querySelectorAll('#table [data-card]')]
        .map(e => [e.dataset.pile, +e.dataset.index, e.dataset.id])""")
    want = [[pid, i, p.card.id] for pid in twin.pile_ids() for i, p in enumerate(twin.pile(pid))]
    assert sorted(map(tuple, dom)) == sorted(map(tuple, want))


def center(page, selector):
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + min(8, box["height"] / 2)


def test_an_arabic_card_name_inside_a_sentence_reads_rank_then_suit(page) -> None:
    """The hint "move the ace of diamonds ..." in Arabic: the card's name, itself made of
    two inserted words, must show its rank to the right of its suit (right to left: rank
    first). With a first-strong isolate around it, a tester saw "ديناري آس"."""
    ar = Catalog.from_json("ar", (Path(__file__).parents[2] / "locales" / "ar.json").read_text(encoding="utf-8"))
    card = ar.t("card.name", rank=ar.t("rank.1"), suit=ar.t("suit.D"))
    sentence = ar.t("hint.move", what=ar.t("hint.cards", count=1, card=card),
                    src=ar.t("pile.column", n=7), dst=ar.t("pile.foundation", n=1))
    page.set_content('<html lang="ar" dir="rtl"><body><p id="s"></p></body></html>')
    xs = page.evaluate("""([text, words]) => {
        const p = document.getElementById('s');
        p.textContent = text;
        const node = p.firstChild, range = document.createRange();
        return words.map((w) => {
            const i = text.indexOf(w);
            range.setStart(node, i);
            range.setEnd(node, i + w.length);
            return range.getBoundingClientRect().x;
        });
    }""", [sentence, [ar.t("rank.1"), ar.t("suit.D")]])
    rank_x, suit_x = xs
    assert rank_x > suit_x, sentence  # the rank is read first, so it sits on the right

"""The live page in every language: choice, switching, right to left (issue 4).

What the player sees is collected from the DOM (text, accessible names, titles,
placeholders) on the table and in every dialog and notice, and checked against the
catalogs: no raw key, and no English text in another language.
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
KEY_LIKE = re.compile(r"^[a-z]+(\.[a-z0-9-]+)+$")

SEEN_JS = """() => {
  const out = [];
  const visible = e => !e.closest('[hidden]') && !e.closest('dialog:not([open])')
    && getComputedStyle(e).display !== 'none';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n.textContent.trim();
    if (t && n.parentElement && visible(n.parentElement)
        && !n.parentElement.closest('script, style, svg')) out.push(t);
  }
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (!visible(e)) continue;
    for (const a of ['aria-label', 'title', 'placeholder']) {
      const v = e.getAttribute(a); if (v && v.trim()) out.push(v.trim());
    }
  }
  for (const o of document.querySelectorAll('select option')) out.push(o.textContent.trim());
  return out;
}"""


def english_only(lang: str) -> set[str]:
    """English texts that the other catalog translates differently (plural forms too)."""
    out = set()
    for key, en in CATALOGS["en"].items():
        other = CATALOGS[lang][key]
        ens = en.values() if isinstance(en, dict) else [en]
        others = set(other.values()) if isinstance(other, dict) else {other}
        for text in ens:
            if text not in others and "{" not in text and len(text) > 3:
                out.add(text)
    return out


def matches(template: str, text: str) -> bool:
    """Whether ``text`` is ``template`` with its ``{placeholders}`` filled in."""
    pattern = re.sub(r"\\\{[a-z_]+\\\}", ".+", re.escape(template))
    return re.fullmatch(pattern, text.strip()) is not None


def check_texts(page, lang: str, where: str) -> None:
    seen = page.evaluate(SEEN_JS)
    assert seen, where
    raw = [t for t in seen if KEY_LIKE.match(t)]
    assert raw == [], f"{lang} {where}: raw catalog keys shown: {raw}"
    if lang != "en":
        english = english_only(lang)
        leaked = sorted({t for t in seen if t in english})
        assert leaked == [], f"{lang} {where}: English shown: {leaked}"


def settings_blob(lang: str | None) -> str:
    return json.dumps({"version": 1, "language": lang, "interactive": True,
                       "double_click": True, "animations": True,
                       "game": "eight-off", "cells": 8})


@pytest.mark.parametrize("lang", ["ro", "ar", "id", "en"])
def test_every_screen_speaks_the_language(open_app, page, lang):
    open_app("/index.html?deal=EO1-C4-AAAAAAH",
             storage={"solitaire.settings": settings_blob(lang)})
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("document.documentElement.dir") == ("rtl" if lang == "ar" else "ltr")
    check_texts(page, lang, "table")
    # A refusal reminder: drop a column's top card onto a column that refuses it.
    twin = game.new_game("EO1-C4-AAAAAAH")
    a, b = next((a, b) for a in twin.pile_ids() for b in twin.pile_ids()
                if a[0] == b[0] == "t" and a != b
                and twin.check(twin.drop_move(a, -1, b)) is not None)
    src = page.locator(f'#table .card[data-id="{twin.pile(a)[-1].card.id}"]').bounding_box()
    dst = page.locator(f'#table .card[data-id="{twin.pile(b)[-1].card.id}"]').bounding_box()
    page.mouse.move(src["x"] + src["width"] / 2, src["y"] + 6)
    page.mouse.down()
    page.mouse.move(dst["x"] + dst["width"] / 2, dst["y"] + 6, steps=4)
    page.mouse.up()
    reminder = page.locator('[data-role="reminder"]')
    assert reminder.is_visible()
    code = reminder.get_attribute("data-reason")
    assert matches(CATALOGS[lang][f"refusal.{code}"], reminder.inner_text())
    check_texts(page, lang, "reminder")
    for action, dialog in (("new", "#dlg-new"), ("settings", "#dlg-settings")):
        page.locator(f'.bar [data-action="{action}"]').click()
        assert page.locator(dialog).is_visible()
        check_texts(page, lang, dialog)
        if action == "new":
            page.fill("#deal-code", "EO1-C3-AAAAAAB")
            page.locator('[data-action="deal-code"]').click()
            err = page.locator('[data-role="code-error"]')
            assert err.get_attribute("data-reason") == "code-variant"
            check_texts(page, lang, "code error")
        page.keyboard.press("Escape")
    # A notice: a refused link.
    page.goto("/index.html?deal=nonsense")
    page.wait_for_selector("html[data-ready='1']")
    assert page.locator('[data-role="notice"]').is_visible()
    check_texts(page, lang, "notice")


def test_language_follows_browser_then_setting(browser, server):
    for locale, setting, want in (("ro-RO", None, "ro"), ("ar-EG", None, "ar"),
                                  ("in-ID", None, "id"), ("de-DE", None, "en"),
                                  ("ro-RO", "id", "id")):
        ctx = browser.new_context(base_url=server, locale=locale, service_workers="block")
        page = ctx.new_page()
        if setting:
            page.route("**/blank.html", lambda r: r.fulfill(body="<!doctype html>",
                                                            content_type="text/html"))
            page.goto("/blank.html")
            page.evaluate("s => localStorage.setItem('solitaire.settings', s)",
                          settings_blob(setting))
        page.goto("/index.html")
        page.wait_for_selector("html[data-ready='1']", timeout=90000)
        assert page.evaluate("document.documentElement.lang") == want, locale
        ctx.close()


def xs(page, pids):
    return [page.locator(f'#table .pile[data-pile="{p}"]').bounding_box()["x"] for p in pids]


def test_switching_to_arabic_mirrors_without_reload_and_drag_lands(open_app, page):
    twin = game.new_game("EH1-N-AAAAAAF")
    open_app(f"/index.html?deal={twin.code}")
    # A refused link leaves a notice on screen; it must follow the language switch.
    page.goto("/index.html?deal=EH1-N-ZZZZZZZ")
    page.wait_for_selector("html[data-ready='1']")
    notice = page.locator('[data-role="notice"] .notice-text')
    assert matches(CATALOGS["en"]["notice.link-refused"], notice.inner_text())
    page.evaluate("window.__marker = 42")
    cols = [f"t{i}" for i in range(1, 10)]
    ltr = xs(page, cols)
    assert ltr == sorted(ltr)
    assert xs(page, ["s"])[0] < xs(page, ["f1"])[0]
    page.mouse.click(*center(page, '#table .pile[data-pile="s"]'))
    twin.play("s")
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
    moves = page.locator('[data-status="moves"]')
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


def test_arabic_plural_of_moves(open_app, page, reload_app):
    g = game.new_game("EH1-N-AAAAAAF")
    save = json.loads(g.to_save())
    forms = CATALOGS["ar"]["moves.count"]
    shown = {}
    for n in (0, 1, 2, 3, 11, 100):
        save["moves"] = n
        open_app("/index.html", storage={"solitaire.game": json.dumps(save, separators=(",", ":")),
                                         "solitaire.settings": settings_blob("ar")})
        el = page.locator('[data-status="moves"]')
        assert el.get_attribute("data-value") == str(n)
        shown[n] = el.inner_text()
    digits = page.evaluate("n => new Intl.NumberFormat('ar').format(n)", 11)
    cats = page.evaluate("ns => ns.map(n => new Intl.PluralRules('ar').select(n))",
                         [0, 1, 2, 3, 11, 100])
    assert cats == ["zero", "one", "two", "few", "many", "other"]
    for n, cat in zip((0, 1, 2, 3, 11, 100), cats):
        num = page.evaluate("n => new Intl.NumberFormat('ar').format(n)", n)
        assert shown[n] == forms[cat].replace("{count}", f"\u2068{num}\u2069")
    assert digits  # formatted for the language


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

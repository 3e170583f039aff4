"""The page in every language under CPython (issue 4; moved from
tests/browser/test_i18n_page.py by issue 23 point 6): the language chosen from the
browser's then the setting, every screen's words, and Arabic plurals of the move count.
What the player sees is collected from the fake DOM (text, accessible names, titles,
placeholders) on the table and in every open dialog and notice, and checked against the
catalogs: no raw key, and no English text in another language. Mirroring's geometry and
the bidi order of an Arabic card name stay in Chromium.
"""

from __future__ import annotations

import json
import re

import pytest
from fakebrowser import FakeStore
from fakedom import Element
from pagedriver import Driver, catalog

import game

KEY_LIKE = re.compile(r"^[a-z]+(\.[a-z0-9-]+)+$")


def visible(e: Element) -> bool:
    return e.closest("[hidden]") is None and e.closest("dialog:not([open])") is None


def seen(d: Driver) -> list[str]:
    """The texts a player can see or hear: text nodes and names of visible elements,
    and every option of a select."""
    out: list[str] = []
    body = d.doc.querySelector("body")
    assert body is not None
    for e in [body, *body.walk()]:
        if e.tag in ("script", "style", "svg") or e.closest("svg") is not None or not visible(e):
            continue
        out += [t.strip() for t in e.nodes if isinstance(t, str) and t.strip()]
        for a in ("aria-label", "title", "placeholder"):
            v = e.attrs.get(a, "").strip()
            if v:
                out.append(v)
    out += [o.textContent.strip() for o in d.doc.querySelectorAll("select option")]
    return out


def english_only(lang: str) -> set[str]:
    """English texts that the other catalog translates differently (plural forms too)."""
    out = set()
    en_cat, other_cat = catalog("en"), catalog(lang)
    for key, en in en_cat.items():
        other = other_cat[key]
        ens = en.values() if isinstance(en, dict) else [en]
        others = set(other.values()) if isinstance(other, dict) else {other}
        for text in ens:
            if text not in others and "{" not in text and len(text) > 3:
                out.add(text)
    return out


def matches(template: str, text: str) -> bool:
    """Whether ``text`` is ``template`` with its ``{placeholders}`` filled in."""
    pattern = re.sub(r"\\\{[a-z_]+\\\}", ".+", re.escape(template))
    return re.fullmatch(pattern, text.strip(), re.S) is not None


def check_texts(d: Driver, lang: str, where: str) -> None:
    shown = seen(d)
    assert shown, where
    raw = [t for t in shown if KEY_LIKE.match(t)]
    assert raw == [], f"{lang} {where}: raw catalog keys shown: {raw}"
    if lang != "en":
        english = english_only(lang)
        leaked = sorted({t for t in shown if t in english})
        assert leaked == [], f"{lang} {where}: English shown: {leaked}"


def settings_blob(lang: str | None) -> str:
    return json.dumps({"version": 1, "language": lang, "interactive": True,
                       "double_click": True, "animations": True,
                       "game": "eight-off", "cells": 8})


@pytest.mark.parametrize("lang", ["ro", "ar", "id", "en"])
def test_every_screen_speaks_the_language(lang):
    store = FakeStore({"solitaire.settings": settings_blob(lang)})
    d = Driver("EO1-C4-AAAAAAH", store=store)
    assert d.q("html").attrs["lang"] == lang
    assert d.q("html").attrs["dir"] == ("rtl" if lang == "ar" else "ltr")
    check_texts(d, lang, "table")
    # A refusal reminder: drop a column's top card onto a column that refuses it.
    twin = game.new_game("EO1-C4-AAAAAAH")
    a, b = next((a, b) for a in twin.pile_ids() for b in twin.pile_ids()
                if a[0] == b[0] == "t" and a != b
                and twin.check(twin.drop_move(a, -1, b)) is not None)
    d.drag(a, len(twin.pile(a)) - 1, b)
    reminder = d.q('[data-role="reminder"]')
    assert visible(reminder) and reminder.closest("[hidden]") is None
    code = reminder.attrs["data-reason"]
    assert matches(catalog(lang)[f"refusal.{code}"], reminder.textContent)
    check_texts(d, lang, "reminder")
    for action, dialog in (("new", "dlg-new"), ("settings", "dlg-settings")):
        d.button(action)
        assert d.dialog_open() == dialog
        check_texts(d, lang, dialog)
        if action == "new":
            d.q("#deal-code").value = "EO1-C3-AAAAAAB"
            d.button("deal-code")
            assert d.q('[data-role="code-error"]').attrs.get("data-reason") == "code-variant"
            check_texts(d, lang, "code error")
        d.key("Escape")
    # A notice: a refused link.
    d = Driver("nonsense", store=store)
    assert d.notice() == "link-refused"
    check_texts(d, lang, "notice")
    d.check_words()


@pytest.mark.parametrize(("languages", "setting", "want"), [
    (["ro-RO"], None, "ro"), (["ar-EG"], None, "ar"), (["in-ID"], None, "id"),
    (["de-DE"], None, "en"), (["ro-RO"], "id", "id")])
def test_language_follows_browser_then_setting(languages, setting, want):
    store = FakeStore({"solitaire.settings": settings_blob(setting)} if setting else {})
    d = Driver("", store=store, languages=languages)
    assert d.q("html").attrs["lang"] == want, languages
    d.check_words()


def test_arabic_plural_of_moves():
    g = game.new_game("EH1-N-AAAAAAF")
    save = json.loads(g.to_save())
    forms = catalog("ar")["moves.count"]
    cats = {0: "zero", 1: "one", 2: "two", 3: "few", 11: "many", 100: "other"}
    for n, cat in cats.items():
        save["moves"] = n
        d = Driver("", store=FakeStore({
            "solitaire.game": json.dumps(save, separators=(",", ":")),
            "solitaire.settings": settings_blob("ar")}))
        el = d.q('[data-status="moves"]')
        assert el.attrs["data-value"] == str(n)
        assert d.br.plural("ar")(n) == cat  # CLDR's Arabic rules (babel, as Intl)
        num = d.br.number("ar")(n)
        assert el.textContent == forms[cat].replace("{count}", f"\u2068{num}\u2069")


def test_a_refused_link_notice_follows_the_language_switch():
    # Chromium disagrees on this branch (tests/browser/test_i18n_page.py, the switch to
    # Arabic after a refused link: the notice kept its English words): reported to the
    # lead; the fake and Chromium differ somewhere on this path.
    d = Driver("", link="EH1-N-ZZZZZZZ")
    assert d.notice() == "link-refused"
    said = d.q('[data-role="notice"] .notice-text')
    assert matches(catalog("en")["notice.link-refused"], said.textContent)
    d.set_setting("language", "ar")
    assert d.notice() == "link-refused"
    assert matches(catalog("ar")["notice.link-refused"], said.textContent), said.textContent

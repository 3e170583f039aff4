"""Static help pages help/<lang>/{index,examples,faq}.html and static/help.css."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from i18n_support import HELP, LANGS, PAGES, ROOT, RTL, load_catalog, parse_page

CASES = [(lang, page) for lang in LANGS for page in PAGES]
NAV_KEYS = {"index.html": "help.rules", "examples.html": "help.examples", "faq.html": "help.faq",
            "keys.html": "help.keys"}


def page_path(lang: str, page: str) -> Path:
    return HELP / lang / page


def test_every_language_has_the_three_pages():
    missing = [f"{lang}/{page}" for lang, page in CASES if not page_path(lang, page).is_file()]
    assert not missing


@pytest.mark.parametrize(("lang", "page"), CASES)
def test_lang_and_dir(lang, page):
    p = parse_page(page_path(lang, page))
    assert p.html_attrs.get("lang") == lang
    assert p.html_attrs.get("dir") == ("rtl" if lang in RTL else "ltr")


@pytest.mark.parametrize(("lang", "page"), CASES)
def test_no_external_resources_or_links(lang, page):
    p = parse_page(page_path(lang, page))
    for tag, url, _ in p.links:
        parts = urlsplit(url)
        assert not parts.scheme and not parts.netloc, (tag, url)
        assert not url.startswith("//"), (tag, url)
    html = page_path(lang, page).read_text(encoding="utf-8")
    assert not re.search(r"(?i)\b(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", html), "URL in the page"
    # One script only, the same file for every page: static/help-page.js (links inside
    # the game page's help overlay, issue 14); no inline script.
    scripts = re.findall(r"(?is)<script\b[^>]*>.*?</script>", html)
    # (in the head and not deferred: its click handler is there before any link can be
    # clicked; deferred, a quick click moved with a history entry of its own)
    assert scripts == ['<script src="../../static/help-page.js"></script>'], scripts


def ids_of(path: Path) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', path.read_text(encoding="utf-8")))


@pytest.mark.parametrize(("lang", "page"), CASES)
def test_internal_links_resolve(lang, page):
    here = page_path(lang, page)
    p = parse_page(here)
    assert p.links, "no links at all"
    for _tag, url, _ in p.links:
        parts = urlsplit(url)
        target = here if not parts.path else (here.parent / unquote(parts.path)).resolve()
        assert target.is_file(), url
        assert ROOT in target.parents, url
        if parts.fragment:
            assert parts.fragment in ids_of(target), url


@pytest.mark.parametrize(("lang", "page"), CASES)
def test_navigation_switcher_back_link_and_stylesheet(lang, page):
    cat = load_catalog(lang)
    p = parse_page(page_path(lang, page))
    hrefs = {url for tag, url, _ in p.links if tag == "a"}
    # the three help pages
    assert set(PAGES) <= hrefs
    # the same page in every other language, marked with hreflang
    switch = {a.get("hreflang"): url for tag, url, a in p.links if tag == "a" and a.get("hreflang")}
    assert switch == {other: f"../{other}/{page}" for other in LANGS}
    # back to the game
    assert "../../index.html" in hrefs
    # the shared stylesheet
    assert ("link", "../../static/help.css") in {(t, u) for t, u, _ in p.links}
    text = "".join(p.text)
    for key in ("help.back", *NAV_KEYS.values()):
        assert cat[key] in text, key
    for other in LANGS:
        assert cat[f"language.{other}"] in text


@pytest.mark.parametrize(("lang", "page"), CASES)
def test_no_raw_keys_or_placeholders_in_text(lang, page):
    text = "".join(parse_page(page_path(lang, page)).text)
    assert not re.search(r"\{[a-z]+\}", text)
    assert not re.search(r"\b(?:refusal|help|action|error|settings)\.[a-z-]+", text)


@pytest.mark.parametrize("lang", [x for x in LANGS if x != "en"])
def test_pages_are_translated(lang):
    """A translated page shares no long English sentence with the English page."""
    for page in PAGES:
        en = "".join(parse_page(page_path("en", page)).text)
        other = "".join(parse_page(page_path(lang, page)).text)
        en_sentences = {s.strip() for s in re.split(r"[.!?:]\s", en) if len(s.strip()) > 40}
        shared = [s for s in en_sentences if s in other]
        assert not shared, (page, shared[:3])


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_states_the_key_facts(lang):
    """Numbers a rules page must carry: limit formula worked example, maxima, sizes."""
    text = "".join(parse_page(page_path(lang, "index.html")).text)
    for needle in ("104", "59", "36", "52", "100", "1515", "520", "1220", "(3 + 1) × 2 = 8",
                   "(2 + 1) × 1 = 3"):
        assert needle in text, needle


def test_help_css_uses_logical_properties_only():
    css = (ROOT / "static" / "help.css").read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    physical = re.findall(
        r"(?<![-\w])(?:margin|padding|border)-(?:left|right|top|bottom)\b"
        r"|(?<![-\w])(?:left|right|top|bottom)\s*:"
        r"|text-align\s*:\s*(?:left|right)|float\s*:\s*(?:left|right)", css)
    assert not physical
    assert "url(" not in css and "@import" not in css

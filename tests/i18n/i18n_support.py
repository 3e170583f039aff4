"""Shared helpers for the i18n tests: catalogs, placeholders, plural forms, help pages."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from babel import Locale
from babel.numbers import format_decimal

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales"
HELP = ROOT / "help"
LANGS = ("en", "ro", "ar", "id")
RTL = {"ar"}
PAGES = ("index.html", "examples.html", "faq.html", "keys.html")
CATEGORIES = ("zero", "one", "two", "few", "many", "other")

PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")
BRACE = re.compile(r"[{}]")


def load_catalog(lang: str) -> dict:
    with open(LOCALES / f"{lang}.json", encoding="utf-8") as fh:
        return json.load(fh)


def cldr_categories(lang: str) -> set[str]:
    """The CLDR cardinal plural categories of a language (Babel omits 'other')."""
    return set(Locale.parse(lang).plural_form.tags) | {"other"}


def plural_category(lang: str, n: int) -> str:
    return Locale.parse(lang).plural_form(n)


def strings_of(value) -> list[str]:
    """All the strings of a catalog value (a string, or the forms of a plural object)."""
    if isinstance(value, dict):
        return list(value.values())
    return [value]


def placeholders(value) -> set[str]:
    out: set[str] = set()
    for text in strings_of(value):
        out |= set(PLACEHOLDER.findall(text))
    return out


def format_number(value, lang: str) -> str:
    """Numbers as the app shows them (Intl.NumberFormat(lang) gives the same for these)."""
    if isinstance(value, int):
        return format_decimal(value, locale=lang)
    return str(value)


def render(catalog: dict, key: str, lang: str, **params) -> str:
    """The text the app shows for `key` with `params` (plural picked by `count`)."""
    value = catalog[key]
    if isinstance(value, dict):
        value = value.get(plural_category(lang, params["count"]), value["other"])
    return PLACEHOLDER.sub(lambda m: format_number(params[m.group(1)], lang), value)


class PageParser(HTMLParser):
    """Collects what the help-page tests look at."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.html_attrs: dict[str, str | None] = {}
        self.links: list[tuple[str, str, dict]] = []  # (tag, url, attrs)
        self.examples: list[dict] = []
        self._reminder_depth = 0
        self._stack: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.html_attrs = a
        for name in ("href", "src", "action", "poster", "data"):
            if name in a and a[name] is not None:
                self.links.append((tag, a[name], a))
        if tag == "section" and "example" in (a.get("class") or "").split():
            self.examples.append({"attrs": a, "reminders": []})
        if a.get("data-role") == "example-reminder":
            self._reminder_depth = 1
            self.examples[-1]["reminders"].append("")
        elif self._reminder_depth and tag not in VOID:
            self._reminder_depth += 1
        if tag not in VOID:
            self._stack.append(tag)

    def handle_endtag(self, tag):
        if self._stack and tag in self._stack:
            while self._stack and self._stack.pop() != tag:
                pass
        if self._reminder_depth and tag not in VOID:
            self._reminder_depth -= 1

    def handle_data(self, data):
        self.text.append(data)
        if self._reminder_depth:
            self.examples[-1]["reminders"][-1] += data


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}


def parse_page(path: Path) -> PageParser:
    parser = PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser

"""Message catalogs: look-up, placeholders and plurals.

Pure Python (no browser import). The adapter hands in the language's plural rule and
number format, taken from the browser's ``Intl.PluralRules`` and ``Intl.NumberFormat``
(CLDR data, issue 4), so this module holds no plural table of its own.

Catalog format (``locales/<lang>.json``, see ``locales/README.md``): a flat JSON object
whose values are strings, or objects keyed by CLDR plural category (``zero one two few
many other``) for messages that depend on ``{count}``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterable

LANGUAGES = ("en", "ro", "ar", "id")
RTL = frozenset({"ar"})
DEFAULT = "en"
#: Old or other codes browsers still send for a supported language: ``in`` is the
#: withdrawn ISO 639 code for Indonesian, still sent by some Androids.
ALIASES = {"in": "id"}
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
FSI, PDI = "\u2068", "\u2069"  # Unicode first-strong isolate and its closing mark
RLI = "\u2067"  # right-to-left isolate
_ISOLATES = "\u2066\u2067\u2068"  # LRI, RLI, FSI: each closed by a PDI


def _has_strong_outside_isolates(text: str) -> bool:
    """Whether ``text`` has a letter of a fixed direction (Unicode bidi class L, R or AL)
    that no isolate inside it encloses: what a first-strong isolate looks for (UAX #9,
    rules P2 and P3)."""
    depth = 0
    for ch in text:
        if ch in _ISOLATES:
            depth += 1
        elif ch == PDI:
            depth = max(0, depth - 1)
        elif depth == 0 and unicodedata.bidirectional(ch) in ("L", "R", "AL"):
            return True
    return False


def isolate_rtl(value: str) -> str:
    """``value`` isolated for a right-to-left sentence: a first-strong isolate, which
    takes the direction of its first letter (a Latin deal code stays left to right);
    but a value made only of isolated parts (a card's name, "{rank} {suit}") has no
    letter of its own, and a first-strong isolate would then be left to right, reversing
    its parts ("ديناري آس" for the ace of diamonds, a tester saw): it gets a
    right-to-left isolate instead."""
    if any(ch in _ISOLATES for ch in value) and not _has_strong_outside_isolates(value):
        return f"{RLI}{value}{PDI}"
    return f"{FSI}{value}{PDI}"


def choose_language(setting: str | None, preferred: Iterable[str]) -> str:
    """The UI language: the setting if it names a supported language, else the first of
    the browser's preferred languages (``navigator.languages``, BCP 47 tags such as
    ``ro-RO``) that we support, else English (issue 4 point 2)."""
    if setting is not None and setting in LANGUAGES:
        return setting
    for tag in preferred:
        base = str(tag).split("-")[0].split("_")[0].lower()
        base = ALIASES.get(base, base)
        if base in LANGUAGES:
            return base
    return DEFAULT


def _default_plural(n: int) -> str:
    """English plural categories: "one" for 1, else "other"."""
    return "one" if n == 1 else "other"


class Catalog:
    """One language's messages.

    - ``lang``: language code; ``messages``: the parsed catalog;
    - ``plural``: count -> CLDR category (``Intl.PluralRules(lang).select``);
    - ``number``: int -> text formatted for the language (``Intl.NumberFormat``).
    Missing keys fall back to ``fallback`` (English), then to the key itself.
    """

    def __init__(
        self,
        lang: str,
        messages: dict,
        plural: Callable[[int], str] = _default_plural,
        number: Callable[[int], str] = str,
        fallback: Catalog | None = None,
    ):
        self.lang = lang
        self.messages = messages
        self.plural_rule = plural
        self.number = number
        self.fallback = fallback

    @property
    def rtl(self) -> bool:
        return self.lang in RTL

    @classmethod
    def from_json(
        cls,
        lang: str,
        text: str,
        plural: Callable[[int], str] = _default_plural,
        number: Callable[[int], str] = str,
        fallback: Catalog | None = None,
    ) -> Catalog:
        """Parse a catalog; raises ``ValueError`` when it is not a JSON object. The
        other arguments are as for the constructor."""
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError(f"catalog {lang} is not a JSON object")
        return cls(lang, data, plural=plural, number=number, fallback=fallback)

    def _raw(self, key: str) -> object:
        if key in self.messages:
            return self.messages[key]
        if self.fallback is not None:
            return self.fallback._raw(key)
        return None

    def has(self, key: str) -> bool:
        return self._raw(key) is not None

    def t(self, key: str, **params: object) -> str:
        """The message ``key`` with ``{name}`` placeholders filled in. Integer values
        are formatted for the language; a ``count`` picks the plural form."""
        raw = self._raw(key)
        if raw is None:
            return key
        if isinstance(raw, dict):
            count = params.get("count", 0)
            cat = self.plural_rule(int(count)) if isinstance(count, int) else "other"
            raw = raw.get(cat, raw.get("other", key))
        shown = {
            k: (self.number(v) if isinstance(v, int) and not isinstance(v, bool) else str(v))
            for k, v in params.items()
        }
        if self.rtl:
            # Bidi isolation of every inserted value (as ICU MessageFormat and Fluent
            # do): a Latin game name, a deal code or a number then keeps its place in
            # the right-to-left sentence instead of dragging its neighbours along.
            shown = {k: isolate_rtl(v) for k, v in shown.items()}
        return _PLACEHOLDER.sub(lambda m: shown.get(m.group(1), m.group(0)), str(raw))

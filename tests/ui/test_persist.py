"""Settings parsing and fault-tolerant storage (game/ui/persist.py), pure Python."""

import json

import pytest

from game.ui.persist import SafeStore, Settings, checked_settings, parse_settings


class Memory:
    def __init__(self, fail_get=False, fail_set=False):
        self.data = {}
        self.fail_get = fail_get
        self.fail_set = fail_set

    def get(self, key):
        if self.fail_get:
            raise RuntimeError("SecurityError")
        return self.data.get(key)

    def set(self, key, value):
        if self.fail_set:
            raise RuntimeError("QuotaExceededError")
        self.data[key] = value

    def remove(self, key):
        self.data.pop(key, None)


def test_settings_round_trip():
    s = Settings(interactive=False, double_click=True, animations=False, language="ar",
                 game="eight-off", cells=2)
    back, ok = parse_settings(s.dump())
    assert ok and back == s


@pytest.mark.parametrize(
    "raw",
    ["", "undefined", "null", "{", "[]", "42", '"text"',
     json.dumps({"version": 99, "interactive": False}),
     json.dumps({"version": 1, "language": "xx"}),
     json.dumps({"version": 1, "cells": 3}),
     json.dumps({"version": 1, "interactive": "yes"})],
)
def test_bad_settings_give_defaults_and_say_so(raw):
    s, ok = parse_settings(raw)
    assert not ok
    assert s.cells in (8, 4, 2) and s.language in (None, "en", "ro", "ar", "id")


def test_missing_settings_are_fine():
    assert parse_settings(None) == (Settings(), True)


def test_partly_bad_settings_keep_the_good_fields():
    s, ok = parse_settings(json.dumps({"version": 1, "interactive": False, "cells": 5}))
    assert not ok and s.interactive is False and s.cells == 8


def test_safe_store_reports_failures_without_raising():
    off = SafeStore(Memory(fail_get=True))
    assert off.get("k") is None and off.failure == "storage-off"
    full = SafeStore(Memory(fail_set=True))
    assert full.set("k", "v") is False and full.failure == "storage-full"
    ok = SafeStore(Memory())
    assert ok.set("k", "v") and ok.get("k") == "v" and ok.working


def test_table_settings_round_trip_and_bad_values_fall_back():
    """Issue 11: card back, table colour, four-colour deck, left-handed layout."""
    s = Settings(card_back="red", felt="grey", four_colour=True, left_handed=True)
    back, ok = parse_settings(s.dump())
    assert ok and back == s
    data = json.loads(Settings().dump())
    assert (data["card_back"], data["felt"], data["four_colour"], data["left_handed"]) == (
        "blue", "green", False, False)
    data.update(card_back="tartan", felt=7, four_colour="yes")
    bad, ok = parse_settings(json.dumps(data))
    assert not ok
    assert (bad.card_back, bad.felt, bad.four_colour) == ("blue", "green", False)


# Issue 27 point 3 and case 9: settings are data with limits, known keys only.
def test_unknown_keys_are_dropped_and_never_stored_again():
    junk = json.dumps({"version": 1, "language": "ar", "x" * 20: "y" * 5_000})
    s, ok = parse_settings(junk)
    assert s == Settings() and not ok  # beyond the size limit: not read at all
    small = json.dumps({"version": 1, "language": "ar", "junk": [1, 2, 3]})
    s, ok = parse_settings(small)
    assert ok and s.language == "ar"
    text = checked_settings(small)
    assert text is not None and "junk" not in json.loads(text) and json.loads(text)["language"] == "ar"


@pytest.mark.parametrize("raw", [
    '{"version": 1, "cells": NaN}', '{"version": 1, "cells": Infinity}',
    '{"version": 1, "cells": -Infinity}', '{"version": 1, "cells": 1e999}',
    '{"version": 1, "language": ' + "[" * 6_000 + "]" * 6_000 + "}",
    '{"version": 1, "language": "' + "a" * 5_000 + '"}',
])
def test_nan_deep_and_huge_settings_are_refused(raw):
    s, ok = parse_settings(raw)
    assert not ok and s == Settings() and checked_settings(raw) is None

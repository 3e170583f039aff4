"""Hypothesis fuzz of every reader of stored or imported data (issue 27 point 3, SPEC §7
"parsing it has limits on depth and size"): the backup file (``parse_backup``), the
stored records, meta, settings and game. Whatever the input (deep, wide, huge numbers,
``NaN``, odd strings, mutations of real data), each reader returns its documented answer
or error; nothing else escapes, ``RecursionError`` included, and nothing it accepts
holds a non-JSON number or more nesting than the limit.
"""

from __future__ import annotations

import json
import math
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from game import safejson
from game.backup import MAX_DEPTH, BadBackup, export_backup, parse_backup
from game.records import Event, parse_records, record
from game.session import after_change, dump_meta, new_meta, parse_meta
from game.ui.persist import checked_settings, parse_settings

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "300")),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
T0 = 1_764_560_000_000
DATE = "2026-12-01T03:00:00.000Z"
NOW = 1_764_558_000_000 + 365 * 86_400_000
CODE = "EO1-C8-AAAAAFA"


def real_parts() -> dict[str, str]:
    g = game.new_game(CODE)
    for k in range(8):
        g.play(g.legal_moves()[k % len(g.legal_moves())])
    m, events = after_change(new_meta(CODE, "eight-off-8", T0, 7), 0.0, is_won=False,
                             moves=g.move_count, score=g.score, date=DATE)
    rec = record(None, events[0]).raw
    rec = record(rec, Event("won", "mimlgpvk-00000000000a", "easy-harp", "EH1-N-AAAAAAF",
                            1300, 400, 900, DATE)).raw
    return {"settings": game_settings(), "records": rec, "game": g.to_save(),
            "meta": dump_meta(m, 5_000.0)}


def game_settings() -> str:
    return json.dumps({"version": 1, "language": "ar", "cells": 4, "game": "eight-off"})


BASE = json.loads(export_backup(real_parts(), DATE))

# Odd leaves: numbers JSON has not got, huge ones, odd strings.
ODD_TEXT = ["NaN", "-Infinity", "Infinity", "1e999", "-1e999", "1" * 5000, "1e-999", "-0",
            '"\\ud800"', '"\\u0000"', '"<meta http-equiv=refresh>"', "true", "null", "[]", "{}"]
leaves = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                   st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30))
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=8), inner, max_size=6)),
    max_leaves=40)


def paths(d: object, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside ``d`` (dict keys and list indexes)."""
    out = [prefix]
    if isinstance(d, dict):
        for k, v in d.items():
            out += paths(v, prefix + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            out += paths(v, prefix + (i,))
    return out


BASE_PATHS = paths(BASE)[1:]


def put(d: object, path: tuple, value: object) -> object:
    if not path:
        return value
    d = json.loads(json.dumps(d))
    cur = d
    for k in path[:-1]:
        cur = cur[k]
    cur[path[-1]] = value
    return d


@st.composite
def hostile_text(draw) -> str:
    """A real backup with one value replaced by something odd, deep or wide, or a
    structure made from scratch, or raw odd text spliced in."""
    kind = draw(st.integers(0, 5))
    path = draw(st.sampled_from(BASE_PATHS))
    if kind == 0:
        return json.dumps(put(BASE, path, draw(values)))
    if kind == 1:  # deep: the shape of issue 27 case 4
        n = draw(st.sampled_from([MAX_DEPTH - 3, MAX_DEPTH, MAX_DEPTH + 1, 200, 1_000, 6_000,
                                  60_000]))
        opener = draw(st.sampled_from(["[", '{"a":', "[{\"a\":"]))
        closer = {"[": "]", '{"a":': "}", "[{\"a\":": "}]"}[opener]
        marker = "\u2063DEEP\u2063"
        text = json.dumps(put(BASE, path, marker))
        return text.replace(json.dumps(marker), opener * n + "0" + closer * n, 1)
    if kind == 2:  # wide
        n = draw(st.sampled_from([10, 1_000, 60_000]))
        item = draw(st.sampled_from(["0", "{}", "[]", '"x"', "null"]))
        marker = "\u2063WIDE\u2063"
        text = json.dumps(put(BASE, path, marker))
        return text.replace(json.dumps(marker), "[" + ",".join([item] * n) + "]", 1)
    if kind == 3:  # an odd leaf written as text
        marker = "\u2063ODD\u2063"
        text = json.dumps(put(BASE, path, marker))
        return text.replace(json.dumps(marker), draw(st.sampled_from(ODD_TEXT)), 1)
    if kind == 4:  # a random structure, no backup at all
        return json.dumps(draw(values))
    text = json.dumps(BASE)  # raw damage: cut, or a byte run spliced in
    at = draw(st.integers(0, len(text)))
    return text[:at] + draw(st.text(alphabet='[]{}",:\\ 0aN', max_size=40)) + text[at:]


def no_nan_nor_depth(text: str) -> None:
    """What an accepted part holds is plain JSON (JavaScript's ``JSON.parse`` reads it)
    within the depth limit."""
    def walk(v: object, depth: int) -> None:
        assert depth <= MAX_DEPTH
        if isinstance(v, float):
            assert math.isfinite(v)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x, depth + 1)
        elif isinstance(v, list):
            for x in v:
                walk(x, depth + 1)
    walk(json.loads(text, parse_constant=lambda c: pytest.fail(f"{c} stored")), 0)


def check_game(text: str) -> bool:
    try:
        game.load_save(text)
    except game.GameError:
        return False
    return True


@FUZZ
@given(hostile_text())
def test_import_refuses_or_accepts_never_crashes(text):
    try:
        b = parse_backup(text, checked_settings, check_game, NOW)
    except BadBackup as e:
        assert e.code in game.backup.CODES
        return
    for _, part in b.writes():
        if part is not None:
            no_nan_nor_depth(part)
    if b.part("settings") is not None:
        assert parse_settings(b.part("settings")) == parse_settings(checked_settings(b.part("settings")))


@FUZZ
@given(hostile_text(), st.sampled_from(["records", "game", "meta", "settings"]))
def test_stored_parts_read_never_crash(text, part):
    """The same hostile values written straight into storage (another app under the
    same origin): each reader answers, none raises anything undocumented."""
    try:
        inner = json.dumps(json.loads(text, parse_constant=lambda c: float("nan")).get(part))
    except (ValueError, RecursionError, AttributeError):
        inner = text
    for raw in (inner, text):
        parse_records(raw, NOW)
        parse_meta(raw, 0.0, True, CODE)
        parse_settings(raw)
        checked_settings(raw)
        try:
            game.load_save(raw)
        except game.GameError:
            pass


@pytest.mark.parametrize("n", [6_000, 100_000])
def test_a_6000_deep_list_is_refused_cleanly_by_every_reader(n):
    deep = "[" * n + "]" * n
    text = json.dumps(BASE).replace('"floor": -1', '"floor": ' + deep)
    with pytest.raises(BadBackup) as info:
        parse_backup(text, checked_settings, check_game, NOW)
    assert info.value.code == "import-limits"
    for raw in (deep, '{"version":1,"stats":' + deep + "}"):
        assert parse_records(raw, NOW)[1] is False
        assert parse_meta(raw, 0.0, True, CODE) == (None, False)
        assert parse_settings(raw)[1] is False
        with pytest.raises(game.BadSave):
            game.load_save(raw)
    with pytest.raises(safejson.JsonLimit):
        safejson.loads(deep)

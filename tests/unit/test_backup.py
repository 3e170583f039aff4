"""Export and import of all local data (issue 12 point 6; SPEC §12 "one versioned JSON
file"): round trip, what an import replaces, and every refusal, which changes nothing."""

import json

import pytest

from game import GameError, load_save, new_game
from game.backup import (
    BACKUP_VERSION,
    CODES,
    MAX_CHARS,
    MAX_DEPTH,
    MAX_ITEMS,
    Backup,
    BadBackup,
    Summary,
    export_backup,
    parse_backup,
    summarise,
)
from game.gameid import new_game_id
from game.records import Event, dump_records, parse_records, record
from game.session import after_change, dump_meta, new_meta

T0 = 1_764_560_000_000
DATE = "2026-12-01T03:00:00.000Z"
CODE = "EO1-C8-AAAAAFA"
# as persist.Settings.dump() writes it (sorted keys, default separators)
SETTINGS = json.dumps({"version": 1, "interactive": False, "double_click": True, "animations": True,
                       "language": "ro", "game": "eight-off", "cells": 8}, sort_keys=True)


def check_settings(text: str) -> bool:
    d = json.loads(text)
    return isinstance(d, dict) and d.get("version") == 1


def check_game(text: str) -> bool:
    try:
        load_save(text)
    except GameError:
        return False
    return True


def parts():
    g = new_game(CODE)
    for _ in range(5):
        g.play(g.legal_moves()[0])
    m, events = after_change(new_meta(CODE, "eight-off-8", T0, 7), 0.0, is_won=False,
                             moves=g.move_count, score=g.score, date=DATE)
    rec = record(None, events[0]).raw
    rec = record(rec, Event("won", "mimlgpvk-00000000000a", "easy-harp", "EH1-N-AAAAAAF",
                            1300, 400, 900, DATE)).raw
    return {"settings": SETTINGS, "records": rec, "game": g.to_save(), "meta": dump_meta(m, 5_000.0)}


NOW = 1_764_558_000_000 + 365 * 86_400_000  # 2026-12-01T03:00Z, when DATE was written


def read(text, now=NOW):
    return parse_backup(text, check_settings, check_game, now)


def test_round_trip():
    p = parts()
    text = export_backup(p, DATE)
    b = read(text)
    assert b.exported == DATE
    # the texts written back are the same JSON values; the page's own compact texts
    # (records, game, meta) come back byte for byte
    assert {k: json.loads(v) for k, v in b.parts} == {k: json.loads(v) for k, v in p.items()}
    assert [b.part(k) for k in ("records", "game", "meta")] == [p["records"], p["game"], p["meta"]]
    assert [k for k, _ in b.writes()] == ["settings", "records", "game", "meta"]
    assert read(text.encode("utf-8")) == b and read(b"\xef\xbb\xbf" + text.encode()) == b


def test_a_file_says_what_it_is():
    d = json.loads(export_backup(parts(), DATE))
    assert list(d) == ["format", "version", "exported", "settings", "records", "game", "meta"]
    assert d["format"] == "solitaire-backup" and d["version"] == BACKUP_VERSION
    assert d["settings"]["language"] == "ro" and d["records"]["version"] == 1


def test_missing_parts():
    b = read(export_backup({"records": parts()["records"]}, DATE))
    assert b.part("settings") is None and b.part("game") is None
    assert b.writes() == (("records", parts()["records"]),)  # the rest is left alone
    p = parts()
    del p["meta"]
    b = read(export_backup(p, DATE))
    assert ("meta", None) in b.writes()  # a game without meta: the old meta goes too


def test_export_refuses_what_the_page_never_stores():
    with pytest.raises(ValueError):
        export_backup({"passwords": "{}"}, DATE)
    with pytest.raises(ValueError):
        export_backup({"settings": "{oops"}, DATE)
    with pytest.raises(ValueError):
        export_backup({"game": "[1]"}, DATE)


def test_summary_for_the_question():
    p = parts()
    s = summarise(p)
    assert s.settings and s.recent == 2 and s.game == CODE and s.moves == 5
    assert s.played == {"easy-harp": 1, "eight-off-8": 1, "eight-off-4": 0, "eight-off-2": 0}
    assert s.won is not None and s.won["easy-harp"] == 1
    assert summarise(dict(read(export_backup(p, DATE)).parts)) == s
    assert summarise({**p, "records": "{oops"}) == Summary(True, None, None, 0, CODE, 5)
    assert summarise({}) == Summary(False, None, None, 0, None, None)
    assert summarise({"game": "{oops"}).game is None


def text_with(**change):
    d = json.loads(export_backup(parts(), DATE))
    for k, v in change.items():
        if v is KeyError:
            del d[k]
        else:
            d[k] = v
    return json.dumps(d)


@pytest.mark.parametrize("text,code", [
    ("", "import-json"), ("{", "import-json"), (b"\xff\xfe", "import-json"),
    ("[" * 100_000, "import-limits"), ("x" * (MAX_CHARS + 1), "import-too-large"),
    ("[]", "import-foreign"), ("{}", "import-foreign"), ('"solitaire-backup"', "import-foreign"),
    ('{"version":1,"stats":{}}', "import-foreign"),  # a records text, not a backup
    (text_with(format="other-app"), "import-foreign"),
    (text_with(version=2), "import-version"), (text_with(version=True), "import-version"),
    (text_with(version="1"), "import-version"), (text_with(version=KeyError), "import-version"),
    (text_with(exported=5), "import-format"), (text_with(extra=1), "import-format"),
    (text_with(game=KeyError), "import-format"), (text_with(records="{}"), "import-format"),
    (text_with(settings={"version": 9}), "import-settings"),
    (text_with(records={"version": 1}), "import-records"),
    (text_with(game={"version": 1, "game": "eight-off"}), "import-game"),
    (text_with(meta={"version": 1}), "import-meta"),
    (text_with(game=None), "import-meta"),   # a meta with no game to go with
])
def test_bad_files_are_refused_with_a_stable_code(text, code):
    with pytest.raises(BadBackup) as info:
        read(text)
    assert info.value.code == code and code in CODES


def test_a_future_version_names_itself():
    with pytest.raises(BadBackup) as info:
        read(text_with(version=7))
    assert info.value.details == {"version": 7}


def test_meta_of_another_game_is_refused():
    p = parts()
    p["meta"] = dump_meta(new_meta("EO1-C8-AAAAAFB", "eight-off-8", T0, 1), 0.0)
    with pytest.raises(BadBackup) as info:
        read(export_backup(p, DATE))
    assert info.value.code == "import-meta"


def test_a_checker_that_raises_means_invalid():
    def boom(text: str) -> bool:
        raise RuntimeError("checker bug")

    with pytest.raises(BadBackup) as info:
        parse_backup(export_backup(parts(), DATE), boom, check_game)
    assert info.value.code == "import-settings"


def test_records_with_damage_are_refused_not_repaired():
    d = json.loads(parts()["records"])
    d["stats"]["easy-harp"]["won"] = 99
    with pytest.raises(BadBackup) as info:
        read(text_with(records=d))
    assert info.value.code == "import-records"
    assert parse_records(dump_records(parse_records(json.dumps(d))[0]))[1]


def test_backup_value():
    b = Backup(DATE, (("settings", None), ("records", None), ("game", None), ("meta", None)))
    assert b.writes() == ()


# ----- issue 27 point 3: every input is data with limits --------------------------------

def deep(n: int) -> str:
    return "[" * n + "]" * n


def test_the_12_kb_file_nested_6000_deep_is_refused_before_parsing():
    d = json.loads(export_backup(parts(), DATE))
    text = json.dumps(d).replace('"passes"', '"x"')
    text = text.replace('"floor":', '"deep":' + deep(6_000) + ',"floor":', 1)
    assert 12_000 < len(text) < 20_000
    with pytest.raises(BadBackup) as info:
        read(text)
    assert info.value.code == "import-limits" and "import-limits" in CODES


@pytest.mark.parametrize("text", [
    deep(MAX_DEPTH + 1), '{"a":' * 17 + "1" + "}" * 17, "[" + "0," * MAX_ITEMS + "0]",
    "[" + "{}," * MAX_ITEMS + "{}]",
])
def test_deep_or_wide_files_are_refused_with_their_own_code(text):
    with pytest.raises(BadBackup) as info:
        read(text)
    assert info.value.code == "import-limits"


def test_brackets_inside_strings_are_not_nesting():
    d = json.loads(text_with())
    d["exported"] = DATE
    d["records"]["games"][0]["code"] = "[[[[[[[[[[[[[[[[[[[[[[[[{\\\""[:40]
    b = read(json.dumps(d))  # 25 brackets and an escaped quote in a string: no nesting
    assert json.loads(b.part("records"))["games"][0]["code"] == d["records"]["games"][0]["code"]


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999", "1" * 40])
def test_numbers_that_are_not_json_are_refused(value):
    text = text_with().replace('"exported": ', '"x": ' + value + ', "exported": ', 1)
    with pytest.raises(BadBackup) as info:
        read(text)
    assert info.value.code == "import-json"
    settings = text_with(settings={"version": 1, "cells": 8}).replace('"cells": 8', '"cells": ' + value)
    with pytest.raises(BadBackup) as info:
        read(settings)
    assert info.value.code == "import-json"


def future_records() -> dict:
    """Issue 27 case 6: 50 recent games dated 2100."""
    rec = None
    y2100 = 4_102_444_800_000
    for n in range(50):
        rec = record(rec, Event("lost", new_game_id(y2100 + n, n), "easy-harp", "EH1-N-AAAAAAF",
                                0, 5, 9, "2100-01-01T00:00:00.000Z")).raw
    return json.loads(rec)


def test_game_ids_and_dates_from_the_future_are_refused():
    with pytest.raises(BadBackup) as info:
        read(text_with(records=future_records()))
    assert info.value.code == "import-dates" and "import-dates" in CODES
    assert read(text_with(records=future_records()), now=4_102_444_900_000)  # in 2100: fine
    d = json.loads(parts()["records"])
    d["games"][0]["date"] = "2020-01-01T00:00:00.000Z"  # an event before its game began
    with pytest.raises(BadBackup) as info:
        read(text_with(records=d))
    assert info.value.code == "import-dates"
    late = dump_meta(new_meta(CODE, "eight-off-8", 4_102_444_800_000, 1), 0.0)
    with pytest.raises(BadBackup) as info:
        read(text_with(meta=json.loads(late)))
    assert info.value.code == "import-dates"
    with pytest.raises(BadBackup) as info:
        read(text_with(exported="2100-01-01T00:00:00.000Z"))
    assert info.value.code == "import-dates"


def test_a_checker_may_rewrite_the_settings_it_accepts():
    def known_only(text: str) -> str:
        d = json.loads(text)
        return json.dumps({k: v for k, v in d.items() if k in ("version", "language")})

    junk = {"version": 1, "language": "ro", "junk": "x" * 10_000}
    b = parse_backup(text_with(settings=junk), known_only, check_game, NOW)
    assert json.loads(b.part("settings")) == {"version": 1, "language": "ro"}

"""Saved data that is bad, storage that fails, and two tabs on one game under CPython
(issue 6 points 1-3, SPEC §7; moved from tests/browser/test_robust_storage.py by issue
23 point 6): the real ``Page`` over the fake browser, whose storage can be disabled,
full, or shared by two tabs with their ``storage`` events.
"""

from __future__ import annotations

import json

import pytest
from fakebrowser import FakeStore
from pagedriver import PHONE, Driver, catalog

import game
from game.ui.persist import KEY_SETTINGS, parse_settings

KEY_GAME = "solitaire.game"
BACKUP = "solitaire.backup."


def played(code: str, actions: int) -> game.Game:
    """A real game after ``actions`` legal actions (draws count), with one undone."""
    g = game.new_game(code)
    for k in range(actions):
        moves = g.legal_moves()
        g.play(moves[k % len(moves)] if moves else "s")
    g.undo()
    return g


REAL = played("EH1-N-AAAAAAF", 6)
VALID_GAME = REAL.to_save()


def tamper(**changes) -> str:
    d = json.loads(VALID_GAME)
    d.update(changes)
    return json.dumps(d, separators=(",", ":"))


def _dup_card() -> str:
    d = json.loads(VALID_GAME)
    top = REAL.pile("t9")[-1].card.id
    other = REAL.pile("t8")[-1].card.id
    d["position"] = d["position"].replace(f" {other}\n", f" {top}\n")  # two of one card
    return json.dumps(d)


def _settings(**fields) -> str:
    return json.dumps({"version": 1, **fields})


#: Bad values of ``solitaire.game``, built from a real save of the rules package.
BAD_GAMES = {
    "empty": "",
    "undefined": "undefined",
    "null": "null",
    "brace": "{",
    "list": "[]",
    "number": "42",
    "future": tamper(version=2, extra={"new": True}),
    "duplicate-card": _dup_card(),
    "history-mismatch": tamper(history=json.loads(VALID_GAME)["history"][:-1]),
    "score-mismatch": tamper(score=REAL.score + 10),
    "other-variant": tamper(cells=8),
    "settings-in-game-key": _settings(language="en"),
}
#: Bad values of ``solitaire.settings``.
BAD_SETTINGS = {
    "empty": "",
    "undefined": "undefined",
    "null": "null",
    "brace": "{",
    "list": "[]",
    "number": "42",
    "true": "true",
    "future": json.dumps({"version": 2, "language": "ro"}),
    "unknown-language": _settings(language="xx", double_click=False),
    "cells-5": _settings(cells=5, game="eight-off"),
    "mistyped": _settings(interactive="yes", animations=0),
    "unknown-game": _settings(game="klondike", language="ro"),
}
RO = _settings(language="ro", interactive=False)


@pytest.mark.parametrize("name, blob", sorted(BAD_GAMES.items()))
def test_bad_game_values_really_are_bad(name, blob):
    with pytest.raises(game.BadSave):
        game.load_save(blob)


@pytest.mark.parametrize("name, blob", sorted(BAD_SETTINGS.items()))
def test_bad_settings_values_really_are_bad(name, blob):
    assert parse_settings(blob)[1] is False


# Each row: (saved game, saved settings); None = key missing. Every bad value of each
# key appears once. A few rows pair a bad key with a good one (the good one must
# survive); one pairs a bad game with Romanian settings (the notice in Romanian).
_PAIRED_GAMES = ("empty", "undefined", "null", "brace", "list", "number", "future",
                 "history-mismatch", "score-mismatch", "other-variant", "settings-in-game-key")
_PAIRED_SETTINGS = ("undefined", "null", "brace", "list", "number", "true", "future",
                    "mistyped", "unknown-game", "cells-5", "null")
ROWS = [
    (VALID_GAME, None),
    (None, BAD_SETTINGS["empty"]),
    (VALID_GAME, BAD_SETTINGS["unknown-language"]),
    (BAD_GAMES["duplicate-card"], RO),
] + [(BAD_GAMES[g], BAD_SETTINGS[k]) for g, k in zip(_PAIRED_GAMES, _PAIRED_SETTINGS)]


def first_column_move(g: game.Game) -> game.Move | None:
    for m in g.legal_moves():
        if m.src[0] in "tw" and m.dst and m.dst[0] == "t":
            return m
    return None


def saved(d: Driver) -> game.Game:
    return game.load_save(d.br.store.data[KEY_GAME])


def is_bad_settings(v: str | None) -> bool:
    return v is not None and not parse_settings(v)[1]


def test_bad_saved_data_loads_defaults_keeps_a_backup_and_tells_once():
    """Issue 6 point 1: every bad value of each key, each in a fresh load."""
    assert {k for k in BAD_GAMES if any(r[0] == BAD_GAMES[k] for r in ROWS)} == set(BAD_GAMES)
    assert {k for k in BAD_SETTINGS if any(r[1] == BAD_SETTINGS[k] for r in ROWS)} \
        == set(BAD_SETTINGS)
    d = None
    for row, (game_blob, settings_blob) in enumerate(ROWS):
        items = {k: v for k, v in ((KEY_GAME, game_blob), (KEY_SETTINGS, settings_blob))
                 if v is not None}
        d = Driver("", store=FakeStore(items))
        where = f"row {row}: game={str(game_blob)[:30]!r} settings={str(settings_blob)[:60]!r}"
        st = d.br.store.data
        bad_game = game_blob is not None and game_blob != VALID_GAME
        bad_settings = is_bad_settings(settings_blob)
        # The unreadable blob is kept under the backup key, and only then.
        assert st.get(BACKUP + "game") == (game_blob if bad_game else None), where
        assert st.get(BACKUP + "settings") == (settings_blob if bad_settings else None), where
        # Settings: each readable field kept, the rest defaults; repaired in storage.
        expected = parse_settings(settings_blob)[0]
        if settings_blob is not None:
            assert parse_settings(st[KEY_SETTINGS]) == (expected, True), where
        lang = expected.language or "en"
        assert d.q("html").attrs["lang"] == lang, where
        # The game: the good save resumes exactly; a bad one gives a fresh Easy Harp deal.
        g = saved(d)
        if game_blob == VALID_GAME:
            assert g.to_save() == VALID_GAME, where
        else:
            assert (g.game, g.move_count, g.score, g.can_undo) == ("easy-harp", 0, 0, False), where
        assert d.g.position() == g.position()
        d.check_table()
        # Told once, in the page's language, only when something was unreadable.
        if bad_game or bad_settings:
            assert d.notice() == "recovered", where
            assert d.q('[data-role="notice"] .notice-text').textContent \
                == catalog(lang)["notice.recovered"], where
        else:
            assert d.notice() is None, where
        # The game works: a draw from the stock is played and saved.
        d.tap("s", 0)
        g.play("s")
        assert d.g.position() == g.position()
        assert saved(d).to_save() == g.to_save(), where
        d.check_all()
    # Told once: the next visit finds repaired data, says nothing, keeps the backups.
    assert d is not None
    before = dict(d.br.store.data)
    d = Driver("", store=d.br.store)
    assert d.notice() is None
    after = d.br.store.data
    assert after[BACKUP + "game"] == before[BACKUP + "game"] == ROWS[-1][0]
    assert after[BACKUP + "settings"] == before[BACKUP + "settings"] == ROWS[-1][1]
    assert after[KEY_GAME] == before[KEY_GAME]


def test_failing_storage_lets_play_go_on_with_one_notice():
    """Issue 6 point 2: disabled storage, then full storage."""
    code = "EH1-N-AAAAAAF"
    store = FakeStore({KEY_GAME: VALID_GAME})
    Driver("", store=store, viewport=PHONE)
    clean = dict(store.data)
    for mode, kind in (("off", "storage-off"), ("quota", "storage-full")):
        store.off, store.full = mode == "off", mode == "quota"
        d = Driver(code if mode == "off" else "", store=store, viewport=PHONE)
        twin = game.new_game(code) if mode == "off" else game.load_save(VALID_GAME)
        assert d.g.position() == twin.position()
        d.check_table()
        if mode == "quota":
            # Reading works and the saved game needs no write at start: the player is
            # told when a save first fails, at the first action.
            assert d.notice() is None
        # Play goes on: a draw and a column move.
        d.tap("s", 0)
        twin.play("s")
        assert d.notice() == kind, mode
        assert d.q('[data-role="notice"] .notice-text').textContent \
            == catalog("en")[f"notice.{kind}"]
        m = first_column_move(twin)
        if m is not None:
            d.drag(m.src, len(twin.pile(m.src)) - (m.count or 1), m.dst)
            twin.play(m)
        assert d.g.position() == twin.position()
        d.check_table()
        # Dismissed, the notice does not come back with more failed saves.
        d.br.click(d.q('[data-role="notice"] [data-action="dismiss"]'))
        d.button("undo")
        twin.undo()
        assert d.g.position() == twin.position()
        assert d.notice() is None
        # Settings still apply for the session: the page switches to Romanian.
        d.set_setting("interactive", False)
        d.set_setting("language", "ro")
        assert d.q("html").attrs["lang"] == "ro"
        assert d.q("[data-status=moves]").attrs["data-value"] == str(twin.move_count)
        assert d.notice() is None
        d.button("new")
        d.button("deal-same")
        d.button("confirm")  # issue 12
        twin = game.new_game(twin.deal)
        assert d.g.position() == twin.position()
        d.check_words()
        # Nothing reached the storage (disabled) or it kept its old value (full).
        store.off = store.full = False
        assert {k: v for k, v in store.data.items() if k != "solitaire.welcome"} \
            == {k: v for k, v in clean.items() if k != "solitaire.welcome"}, mode
    # Storage works again: the app saves, and says nothing.
    d = Driver("", store=store)
    assert d.notice() is None
    assert saved(d).to_save() == VALID_GAME


def test_two_tabs_follow_each_other_and_never_overwrite_a_newer_save():
    code = "EH1-N-AAAAAAF"
    twin = game.new_game(code)
    a = Driver(code)
    b = Driver("", store=a.br.store.tab())
    assert b.g.position() == twin.position()  # B resumes the game A saved

    # A move in A reaches B through the storage event; and back.
    a.tap("s", 0)
    twin.play("s")
    b.br.advance(10)
    assert b.q("[data-status=moves]").attrs["data-value"] == "1"
    assert b.g.position() == twin.position()
    b.check_table()
    assert b.notice() == "other-tab"
    m = first_column_move(twin)
    assert m is not None
    b.drag(m.src, len(twin.pile(m.src)) - (m.count or 1), m.dst)
    twin.play(m)
    a.br.advance(10)
    assert a.q("[data-status=moves]").attrs["data-value"] == str(twin.move_count)
    assert a.g.position() == b.g.position() == twin.position()

    # B acts after A's save but before A's event reached it: B's save must not
    # overwrite A's newer game; B takes A's game over first, then plays its own draw
    # on it (issue 27 point 2: nothing the player did is thrown away).
    assert b.notice() is None  # B's own move put its "other tab" notice away
    b.br.hold_storage()
    a.tap("s", 0)
    twin.play("s")
    newer = a.br.store.data[KEY_GAME]
    assert game.load_save(newer).to_save() == twin.to_save()
    b.tap("s", 0)  # B's own draw, tapped on its older game
    twin.play("s")
    assert b.g.to_save() == twin.to_save() == a.br.store.data[KEY_GAME]
    b.br.release_storage()  # the late event changes nothing
    b.br.advance(10)
    a.br.advance(10)
    assert a.g.position() == b.g.position() == twin.position()
    assert a.notice() == "other-tab"
    # Both go on from the same game.
    b.button("undo")
    twin.undo()
    a.br.advance(10)
    assert not a.q("[data-action=redo]").disabled
    assert a.g.position() == twin.position()
    assert saved(a).to_save() == twin.to_save()
    a.check_all()
    b.check_all()

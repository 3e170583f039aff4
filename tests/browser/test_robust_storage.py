"""Saved data that is bad, storage that fails, and two tabs on one game (issue 6
points 1-3; SPEC §7).

Page boots are the cost here, so each test uses one page and changes the storage (or
the injected fault) between reloads of that page.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import game
from game.ui.persist import parse_settings
from tests.browser.helpers import (
    BACKUP,
    KEY_GAME,
    KEY_SETTINGS,
    assert_exact,
    card_point,
    first_column_move,
    head_id,
    mouse_drag,
    notice,
    pile_point,
    saved_game,
    status,
)

pytestmark = pytest.mark.context(reduced_motion="reduce")

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "notices"


def goto(page, path: str) -> None:
    page.goto(path, wait_until="commit")
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=90_000)


def catalog(lang: str) -> dict:
    return json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


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


def _is_bad_game(v):
    return v is not None and v != VALID_GAME


def _is_bad_settings(v):
    return v is not None and not parse_settings(v)[1]


def set_storage(page, items: dict) -> None:
    page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v); }", items)


def test_bad_saved_data_loads_defaults_keeps_a_backup_and_tells_once(
        open_app, page, reload_app, storage):
    """Issue 6 point 1: every bad value of each key, each in a fresh load."""
    assert {k for k in BAD_GAMES if any(r[0] == BAD_GAMES[k] for r in ROWS)} == set(BAD_GAMES)
    assert {k for k in BAD_SETTINGS if any(r[1] == BAD_SETTINGS[k] for r in ROWS)} == set(BAD_SETTINGS)
    open_app("/index.html")
    for row, (game_blob, settings_blob) in enumerate(ROWS):
        items = {k: v for k, v in ((KEY_GAME, game_blob), (KEY_SETTINGS, settings_blob)) if v is not None}
        set_storage(page, items)
        reload_app()
        where = f"row {row}: game={str(game_blob)[:30]!r} settings={str(settings_blob)[:60]!r}"
        st = storage()
        bad_game, bad_settings = _is_bad_game(game_blob), _is_bad_settings(settings_blob)
        # The unreadable blob is kept under the backup key, and only then.
        assert st.get(BACKUP + "game") == (game_blob if bad_game else None), where
        assert st.get(BACKUP + "settings") == (settings_blob if bad_settings else None), where
        # Settings: each readable field kept, the rest defaults; repaired in storage.
        expected = parse_settings(settings_blob)[0]
        if settings_blob is not None:
            assert parse_settings(st[KEY_SETTINGS]) == (expected, True), where
        lang = expected.language or "en"
        assert page.evaluate("document.documentElement.lang") == lang, where
        # The game: the good save resumes exactly; a bad one gives a fresh Easy Harp deal.
        g = saved_game(page)
        if game_blob == VALID_GAME:
            assert g.to_save() == VALID_GAME, where
        else:
            assert (g.game, g.move_count, g.score, g.can_undo) == ("easy-harp", 0, 0, False), where
        assert_exact(page, g)
        # Told once, in the page's language, only when something was unreadable.
        n = notice(page)
        if bad_game or bad_settings:
            assert n["shown"] and n["kind"] == "recovered", where
            assert n["text"] == catalog(lang)["notice.recovered"], where
        else:
            assert not n["shown"], where
        # The game works: a draw from the stock is played and saved.
        page.mouse.click(*pile_point(page, g, "s"))
        g.play("s")
        assert_exact(page, g)
        assert saved_game(page).to_save() == g.to_save(), where
        if row == len(ROWS) - 1:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.set_viewport_size({"width": 360, "height": 640})
            page.screenshot(path=str(SHOTS / "recovered.png"))
    # Told once: the next visit finds repaired data, says nothing, keeps the backups.
    before = storage()
    reload_app()
    assert not notice(page)["shown"]
    after = storage()
    assert after[BACKUP + "game"] == before[BACKUP + "game"] == ROWS[-1][0]
    assert after[BACKUP + "settings"] == before[BACKUP + "settings"] == ROWS[-1][1]
    assert after[KEY_GAME] == before[KEY_GAME]


# --- storage that fails (point 2) ----------------------------------------------------

#: Injected before any page script. The fault comes from sessionStorage (which keeps
#: working), so one page can switch it between reloads:
#: "off" - reading localStorage throws (storage disabled), "quota" - every write
#: throws QuotaExceededError, "" - no fault.
FAULTS_JS = """(() => {
  const mode = sessionStorage.getItem('test.fault') || '';
  const proto = Storage.prototype;
  if (mode === 'off') {
    const denied = () => { throw new DOMException('The operation is insecure.', 'SecurityError'); };
    for (const name of ['getItem', 'setItem', 'removeItem', 'key', 'clear']) {
      const real = proto[name];
      proto[name] = function (...args) {
        return this === window.sessionStorage ? real.apply(this, args) : denied();
      };
    }
  } else if (mode === 'quota') {
    const real = proto.setItem;
    proto.setItem = function (...args) {
      if (this === window.sessionStorage) return real.apply(this, args);
      throw new DOMException("Failed to execute 'setItem' on 'Storage': exceeded the quota.",
                             'QuotaExceededError');
    };
  }
})();"""


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_failing_storage_lets_play_go_on_with_one_notice(open_app, page, reload_app, storage):
    """Issue 6 point 2: disabled storage, then full storage, in one page."""
    page.add_init_script(FAULTS_JS)
    code = "EH1-N-AAAAAAF"
    open_app("/index.html", storage={KEY_GAME: VALID_GAME})
    # solitaire.paint is static/prepaint.js's picture of the table (a cache, written
    # when the page is left): not game data, so not compared.
    def game_data() -> dict[str, str]:
        return {k: v for k, v in storage().items() if k != "solitaire.paint"}

    clean = game_data()
    for mode, kind in (("off", "storage-off"), ("quota", "storage-full")):
        page.evaluate("m => sessionStorage.setItem('test.fault', m)", mode)
        goto(page, f"/index.html?deal={code}" if mode == "off" else "/index.html")
        twin = game.new_game(code) if mode == "off" else game.load_save(VALID_GAME)
        assert_exact(page, twin)
        if mode == "quota":
            # Reading works and the saved game needs no write at start: the player is
            # told when a save first fails, at the first action.
            assert not notice(page)["shown"]
        # Play goes on: a draw and a column move.
        page.mouse.click(*pile_point(page, twin, "s"))
        twin.play("s")
        n = notice(page)
        assert n["shown"] and n["kind"] == kind, (mode, n)
        assert n["text"] == catalog("en")[f"notice.{kind}"]
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{kind}.png"))
        m = first_column_move(twin)
        if m is not None:
            mouse_drag(page, card_point(page, head_id(twin, m)), pile_point(page, twin, m.dst))
            twin.play(m)
        assert_exact(page, twin)
        # Dismissed, the notice does not come back with more failed saves.
        page.locator('[data-role="notice"] [data-action="dismiss"]').click()
        page.locator('[data-action="undo"]').click()
        twin.undo()
        assert_exact(page, twin)
        assert not notice(page)["shown"]
        # Settings still apply for the session: the page switches to Romanian.
        page.locator('[data-action="settings"]').click()
        page.locator('#dlg-settings [name="interactive"]').uncheck()
        page.locator('#dlg-settings select[name="language"]').select_option("ro")
        page.wait_for_function("document.documentElement.lang === 'ro'")
        page.locator('#dlg-settings [data-action="close-dialog"]').click()
        assert status(page)["moves"] == str(twin.move_count)
        assert not notice(page)["shown"]
        page.locator('[data-action="new"]').click()
        page.locator('[data-action="deal-same"]').click()
        page.locator('[data-role="confirm"] [data-action="confirm"]').click()  # issue 12
        twin = game.new_game(twin.deal)
        assert_exact(page, twin)
        # Nothing reached the real storage (disabled) or it kept its old value (full).
        page.evaluate("sessionStorage.setItem('test.fault', '')")
        assert game_data() == clean, mode
    # Storage works again: the app saves, and says nothing.
    reload_app()
    assert not notice(page)["shown"]
    assert saved_game(page).to_save() == VALID_GAME


# --- two tabs (point 3) ------------------------------------------------------------

#: In tab B: while ``__holdStorage`` is on, ``storage`` events are kept back from the
#: app (as when B's own input is handled before the event of A's save arrives);
#: ``__releaseStorage()`` delivers them.
HOLD_JS = """(() => {
  const held = [];
  window.__holdStorage = false;
  window.addEventListener('storage', (e) => {
    if (window.__holdStorage && !e.__released) { e.stopImmediatePropagation(); held.push(e); }
  }, true);
  window.__releaseStorage = () => {
    window.__holdStorage = false;
    for (const e of held.splice(0)) {
      const copy = new StorageEvent('storage', {key: e.key, oldValue: e.oldValue,
        newValue: e.newValue, url: e.url, storageArea: e.storageArea});
      copy.__released = true;
      window.dispatchEvent(copy);
    }
  };
})();"""


def _guarded(page, page_log):
    page.on("console", lambda msg: msg.type == "error" and page_log.console_errors.append(msg.text))
    page.on("pageerror", lambda err: page_log.page_errors.append(str(err)))
    return page


def test_two_tabs_follow_each_other_and_never_overwrite_a_newer_save(
        open_app, page, context, page_log, storage):
    code = "EH1-N-AAAAAAF"
    twin = game.new_game(code)
    a = open_app(f"/index.html?deal={code}")
    b = _guarded(context.new_page(), page_log)
    b.add_init_script(HOLD_JS)
    goto(b, "/index.html")
    assert_exact(b, twin)  # B resumes the game A saved

    # A move in A reaches B through the storage event; and back.
    a.mouse.click(*pile_point(a, twin, "s"))
    twin.play("s")
    b.wait_for_function("document.querySelector('[data-status=moves]').dataset.value === '1'")
    assert_exact(b, twin)
    assert notice(b)["kind"] == "other-tab"
    m = first_column_move(twin)
    mouse_drag(b, card_point(b, head_id(twin, m)), pile_point(b, twin, m.dst))
    twin.play(m)
    a.wait_for_function(f"document.querySelector('[data-status=moves]').dataset.value === '{twin.move_count}'")
    assert_exact(a, twin)
    assert_exact(b, twin)

    # B acts after A's save but before A's event reached it: B's save must not
    # overwrite A's newer game; B takes A's game instead and says so.
    b.evaluate("window.__holdStorage = true")
    b.locator('[data-role="notice"] [data-action="dismiss"]').click()
    a.mouse.click(*pile_point(a, twin, "s"))
    twin.play("s")
    newer = a.evaluate("k => localStorage.getItem(k)", KEY_GAME)
    assert game.load_save(newer).to_save() == twin.to_save()
    b.mouse.click(*pile_point(b, twin, "s"))  # B's own draw, on its older game
    b.wait_for_function("!document.querySelector('[data-role=notice]').hidden")
    assert notice(b)["kind"] == "other-tab"
    assert storage()[KEY_GAME] == newer
    assert_exact(b, twin)
    b.evaluate("window.__releaseStorage()")  # the late event changes nothing
    assert_exact(b, twin)
    assert_exact(a, twin)
    assert storage()[KEY_GAME] == newer
    # Both go on from the same game.
    b.locator('[data-action="undo"]').click()
    twin.undo()
    a.wait_for_function("!document.querySelector('[data-action=redo]').disabled")
    assert_exact(a, twin)
    assert saved_game(a).to_save() == twin.to_save()
    b.close()


# Issue 27 case 8: with about 75 KB of storage left, the old picture of the table (74.5
# KB, written when the page was hidden) left 180 characters, and 55 of the next 100
# moves were not saved. A picture now is a few K and must leave 64 K characters free
# (static/prepaint.js MARGIN), or is not written.
FILL = """free => {
  localStorage.removeItem('zz.filler');
  const fits = (n) => { try { localStorage.setItem('zz.filler', 'x'.repeat(n)); return true; }
                        catch (_) { return false; } };
  let lo = 0, hi = 1 << 25;
  while (hi - lo > 64) { const mid = (lo + hi) >> 1; if (fits(mid)) lo = mid; else hi = mid; }
  localStorage.setItem('zz.filler', 'x'.repeat(lo - free));
}"""
FREE = """() => {
  const fits = (n) => { try { localStorage.setItem('zz.probe', 'x'.repeat(n)); return true; }
                        catch (_) { return false; } finally { localStorage.removeItem('zz.probe'); } };
  let lo = 0, hi = 1 << 25;
  while (hi - lo > 64) { const mid = (lo + hi) >> 1; if (fits(mid)) lo = mid; else hi = mid; }
  return lo;
}"""
HIDE = """() => { Object.defineProperty(document, 'visibilityState',
  {configurable: true, get: () => 'hidden'});
  document.dispatchEvent(new Event('visibilitychange')); delete document.visibilityState;
  document.dispatchEvent(new Event('visibilitychange')); }"""


def test_the_picture_never_crowds_out_the_game(open_app, page, storage):
    open_app("/index.html?deal=EH1-N-AAAAAAF")
    stock = page.locator('#table [data-pile="s"]').last
    stock.click()
    page.wait_for_function("() => document.querySelector('[data-status=moves]').dataset.value === '1'")
    # Little room (30 K characters): no picture at all.
    page.evaluate("localStorage.removeItem('solitaire.paint')")
    page.evaluate(FILL, 30_000)
    assert page.evaluate("window.__prepaint.save()") is False
    assert "solitaire.paint" not in storage()
    # About 75 K characters left, then the page is hidden: a picture of a few K, and
    # at least 64 K characters still free for the game.
    page.evaluate(FILL, 75_000)
    page.evaluate(HIDE)
    assert 0 < len(storage().get("solitaire.paint", "")) < 12_000
    assert page.evaluate(FREE) >= 64 * 1024
    for n in range(2, 102):
        stock.click()
        page.wait_for_function(
            "n => document.querySelector('[data-status=moves]').dataset.value === String(n)", arg=n)
        assert saved_game(page).move_count == n, f"move {n} not saved"
        if n % 25 == 0:
            page.evaluate(HIDE)
    assert notice(page)["kind"] != "storage-full"
    page.evaluate("localStorage.removeItem('zz.filler')")


def test_a_12_kb_file_nested_6000_deep_is_refused_and_python_lives_on(open_app, page, storage, tmp_path):
    """Issue 27 case 4: such a file stopped Python in the page ("Maximum call stack
    size exceeded", every later action dead). It is now refused on its text, before
    Python builds anything, with its own message, and the game goes on."""
    open_app("/index.html?deal=EH1-N-AAAAAAF")
    stock = page.locator('#table [data-pile="s"]').last
    stock.click()
    page.wait_for_function("() => document.querySelector('[data-status=moves]').dataset.value === '1'")
    deep = "[" * 6_000 + "]" * 6_000
    text = ('{"format":"solitaire-backup","version":1,"exported":"2026-12-01T03:00:00.000Z",'
            '"settings":null,"records":{"version":1,"passes":' + deep + '},"game":null,"meta":null}')
    assert 12_000 <= len(text) < 13_000
    path = tmp_path / "deep.json"
    path.write_text(text, encoding="utf-8")

    def data() -> dict[str, str]:
        return {k: v for k, v in storage().items() if k != "solitaire.paint"}

    before = data()
    page.locator('.bar [data-action="stats"]').click()
    page.locator('[data-role="import-file"]').set_input_files(str(path))
    notice = page.locator('[data-role="notice"][data-notice="import-refused"]')
    notice.wait_for(state="visible")
    assert notice.locator(".notice-text").inner_text() == catalog("en")["error.import-limits"]
    assert data() == before
    notice.locator('[data-action="dismiss"]').click()
    stock.click()  # Python still answers
    page.wait_for_function("() => document.querySelector('[data-status=moves]').dataset.value === '2'")
    assert saved_game(page).move_count == 2

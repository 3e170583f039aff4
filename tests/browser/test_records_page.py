"""Records in the live page (issue 12, SPEC §6, §8, §12): asking first before any game
replaces one in progress, the statistics and recent games, the clock, the win, export
and import, and bad or unwritable records. Each flow runs in English and in Arabic
(right to left, its own digits). The counting rules themselves are tested under
CPython in tests/unit (docs/RECORDS.md, "SPEC §12 rules and their tests").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import game
from tests.browser.helpers import assert_same

LOCALES = [pytest.param("en", marks=pytest.mark.context(locale="en-US", reduced_motion="reduce")),
           pytest.param("ar", marks=pytest.mark.context(locale="ar", reduced_motion="reduce"))]
CATALOGS = {lang: json.loads((Path(__file__).resolve().parents[2] / "locales" / f"{lang}.json")
                             .read_text(encoding="utf-8")) for lang in ("en", "ar")}
GOLDEN = json.loads((Path(__file__).resolve().parents[1] / "data" / "easy-harp-golden.json")
                    .read_text(encoding="utf-8"))
CONFIRM = '[data-role="confirm"]'


def near_win() -> tuple[game.Game, game.Move]:
    """The golden Easy Harp game one move before its win, and that move."""
    g = game.new_game(GOLDEN["code"])
    for m in GOLDEN["moves"][:-1]:
        g.play(m)
    last = g.normalise(GOLDEN["moves"][-1])
    return g, last


def stat(page, variant: str, key: str) -> str:
    return page.get_attribute(f'[data-stat="{variant}:{key}"]', "data-value")


def records(storage) -> dict:
    return json.loads(storage()["solitaire.records"])


def click_card(page, g: game.Game, pid: str) -> None:
    page.locator(f'#table .card[data-id="{g.pile(pid)[-1].card.id}"]').click()


def tap_stock(page) -> None:
    page.locator("#table .card[data-pile='s']").last.click()


@pytest.mark.parametrize("lang", LOCALES)
def test_every_way_of_replacing_a_game_asks_first(open_app, page, storage, lang):
    t = CATALOGS[lang]
    twin = game.new_game("EH1-N-AAAAAAF")
    open_app(f"/index.html?deal={twin.code}")
    tap_stock(page)
    twin.play("s")
    assert_same(page, twin)
    saved = storage()["solitaire.game"]

    # New game -> a new deal, the deal of the day, the same deal, a typed code: each
    # asks, in the player's language, and "cancel" leaves everything as it was.
    for action in ("deal-random", "deal-daily", "deal-same", "deal-code"):
        page.locator('.bar [data-action="new"]').click()
        if action == "deal-code":
            page.fill("#deal-code", "EO1-C8-AAAAAFX")
        page.locator(f'#dlg-new [data-action="{action}"]').click()
        confirm = page.locator(CONFIRM)
        assert confirm.is_visible()
        assert confirm.locator(".confirm-text").inner_text() == t["confirm.replace-lost"]
        assert confirm.locator('[data-action="cancel"]').inner_text() == t["confirm.cancel"]
        confirm.locator('[data-action="cancel"]').click()
        assert not confirm.is_visible()
        assert_same(page, twin)
        assert not page.locator('[data-action="undo"]').is_disabled()
        assert storage()["solitaire.game"] == saved
    assert "solitaire.records" not in storage() or records(storage)["stats"]["easy-harp"]["played"] == 1

    # A ?deal= link over the game in progress asks too; the address shows no other deal.
    page.goto("/index.html?deal=EO1-C8-AAAAAFX", wait_until="commit")
    page.wait_for_selector("html[data-ready='1']")
    assert page.locator(CONFIRM).is_visible()
    assert "deal=" not in page.url
    page.locator(f'{CONFIRM} [data-action="cancel"]').click()
    assert_same(page, twin)

    # A help example's "Open deal" (help inside the page, in an iframe) asks, and
    # "confirm" opens it, in the same page; the game given up counts as lost.
    page.evaluate("window.__sameDocument = true")
    page.locator('[data-action="help"]').click()
    frame = page.frame_locator("#help-overlay iframe")
    frame.locator('nav.pages a[href="examples.html"]').click()
    frame.locator('a[href$="index.html?deal=EO1-C8-AAAAAFX"]').click()
    page.locator(CONFIRM).wait_for(state="visible")
    assert page.locator("#help-overlay[open]").count() == 0
    page.locator(f'{CONFIRM} [data-action="confirm"]').click()
    assert page.evaluate("window.__sameDocument") is True  # no reload
    assert_same(page, game.new_game("EO1-C8-AAAAAFX"))
    rec = records(storage)
    assert rec["stats"]["easy-harp"]["played"] == 1 and rec["stats"]["easy-harp"]["won"] == 0
    assert [(g["code"], g["result"]) for g in rec["games"]] == [("EH1-N-AAAAAAF", "lost")]

    # Nothing played on the new game: another one replaces it at once.
    page.locator('.bar [data-action="new"]').click()
    page.locator('#dlg-new [data-action="deal-same"]').click()
    assert not page.locator(CONFIRM).is_visible()


@pytest.mark.parametrize("lang", LOCALES)
def test_statistics_recent_games_and_reset(open_app, page, storage, lang):
    t = CATALOGS[lang]
    # Two finished games recorded by the rules package, as an earlier visit would have.
    rec = game.Records()
    keeper_events = [
        game.Event("start", "mimlgpvk-3f2a9c0d1e4b", "easy-harp", "EH1-N-AAAAAAF", 0, 1, 0,
                   "2026-11-30T10:00:00.000Z"),
        game.Event("won", "mimlgpvk-3f2a9c0d1e4b", "easy-harp", "EH1-N-AAAAAAF", 1240, 301, 612,
                   "2026-11-30T10:10:00.000Z"),
        game.Event("lost", "mimlh000-000000000001", "eight-off-4", "EO1-C4-AAAAAAH", 80, 12, 95,
                   "2026-11-30T11:00:00.000Z"),
    ]
    from game.records import apply  # the rules package's own merge, to seed storage

    for e in keeper_events:
        rec, _ = apply(rec, e)
    open_app("/index.html?deal=EO1-C8-AAAAAFA", storage={"solitaire.records": game.dump_records(rec)})
    page.locator('.bar [data-action="stats"]').click()
    dlg = page.locator("#dlg-stats")
    assert dlg.is_visible()
    for v in game.STAT_VARIANTS:  # every figure of every variant is in the DOM
        for k in game.STAT_KEYS:
            assert page.locator(f'[data-stat="{v}:{k}"]').count() == 1
    assert stat(page, "easy-harp", "won") == "1"
    assert stat(page, "easy-harp", "best-score") == "1240"
    assert stat(page, "easy-harp", "fastest") == "612"
    assert stat(page, "eight-off-4", "played") == "1"
    assert stat(page, "eight-off-8", "best-score") == ""
    fastest = page.locator('[data-stat="easy-harp:fastest"]').inner_text()
    digits = page.evaluate("lang => [10, 12].map(n => new Intl.NumberFormat(lang).format(n))", lang)
    assert fastest == ":".join(digits)  # the language's digits (Intl), 10 min 12 s
    assert page.get_attribute("html", "dir") == ("rtl" if lang == "ar" else "ltr")
    assert page.locator('[data-stat="eight-off-8:best-score"]').inner_text() == t["stats.none"]
    rows = page.locator('.recent li[data-result]')
    assert rows.count() == 2
    assert rows.nth(0).get_attribute("data-result") == "lost"  # newest first
    assert t["recent.result.won"] in rows.nth(1).inner_text()

    # Reset one variant, behind a question; "cancel" first changes nothing.
    page.locator('#dlg-stats input[value="easy-harp"]').check()
    page.locator('[data-action="stats-reset"][data-variant="easy-harp"]').click()
    assert page.locator(CONFIRM).is_visible()
    page.locator(f'{CONFIRM} [data-action="cancel"]').click()
    assert stat(page, "easy-harp", "won") == "1"
    page.locator('[data-action="stats-reset"][data-variant="easy-harp"]').click()
    page.locator(f'{CONFIRM} [data-action="confirm"]').click()
    assert stat(page, "easy-harp", "won") == "0" and stat(page, "easy-harp", "best-score") == ""
    assert stat(page, "eight-off-4", "played") == "1"
    assert records(storage)["stats"]["easy-harp"]["won"] == 0

    # A recent game is a tap away from a replay (nothing in progress: no question).
    page.locator('.recent [data-action="replay"][data-code="EH1-N-AAAAAAF"]').click()
    assert not page.locator(CONFIRM).is_visible()
    assert_same(page, game.new_game("EH1-N-AAAAAAF"))


@pytest.mark.parametrize("lang", LOCALES)
def test_the_win_counts_once_and_a_reloaded_win_says_so(open_app, page, reload_app, storage, lang):
    t = CATALOGS[lang]
    g, last = near_win()
    open_app("/index.html", storage={"solitaire.game": g.to_save()})
    assert page.locator('[data-status="time"]').is_visible()  # the clock is on by default
    click_card(page, g, last.src)
    g.play(last)
    assert g.is_won
    win = page.locator("#dlg-win")
    win.wait_for(state="visible")
    assert win.get_attribute("data-score") == str(g.score)
    assert t["win.new-deal"] == win.locator('[data-action="win-new"]').inner_text()
    assert t["win.same-deal"] == win.locator('[data-action="win-same"]').inner_text()
    stats = records(storage)["stats"]["easy-harp"]
    assert (stats["played"], stats["won"], stats["best-score"]) == (1, 1, g.score)
    assert json.loads(storage()["solitaire.meta"])["result"] == "won"

    # Undo out of the win and winning again counts one win.
    page.keyboard.press("Escape")
    page.locator('[data-action="undo"]').click()
    page.locator('[data-action="redo"]').click()
    win.wait_for(state="visible")
    assert records(storage)["stats"]["easy-harp"]["won"] == 1

    # The statistics are reachable from the win dialog.
    win.locator('[data-action="stats"]').click()
    assert stat(page, "easy-harp", "won") == "1"
    assert stat(page, "easy-harp", "fewest-moves") == str(g.move_count)
    page.keyboard.press("Escape")

    # A won game reloaded shows that it was won, and counts nothing again.
    reload_app()
    assert page.locator("#dlg-win").is_visible()
    assert page.locator("#table.won").count() == 1
    assert records(storage)["stats"]["easy-harp"]["won"] == 1

    # "This deal again" starts the same deal, with no question (the game is won).
    page.locator('#dlg-win [data-action="win-same"]').click()
    assert not page.locator(CONFIRM).is_visible()
    assert_same(page, game.new_game(GOLDEN["code"]))


@pytest.mark.context(locale="en-US")
def test_the_win_is_celebrated_before_its_dialog(open_app, page):
    g, last = near_win()
    open_app("/index.html", storage={"solitaire.game": g.to_save()})
    click_card(page, g, last.src)
    assert page.locator("#table.celebrate").count() == 1  # the cascade runs first
    page.locator("#dlg-win").wait_for(state="visible")


@pytest.mark.parametrize("lang", LOCALES)
def test_clock_setting_and_its_save(open_app, page, reload_app, storage, lang):
    open_app("/index.html?deal=EH1-N-AAAAAAF")
    clock = page.locator('[data-status="time"]')
    assert clock.is_visible() and clock.get_attribute("data-value") == "0"
    tap_stock(page)
    meta = json.loads(storage()["solitaire.meta"])
    assert meta["code"] == "EH1-N-AAAAAAF" and meta["clock"]["started"] is True
    page.locator('.bar [data-action="settings"]').click()
    box = page.locator('#dlg-settings input[name="show_clock"]')
    assert box.is_checked()
    box.uncheck()
    clock.wait_for(state="hidden")  # the settings' change handler is a task
    assert json.loads(storage()["solitaire.settings"])["show_clock"] is False
    reload_app()
    assert not page.locator('[data-status="time"]').is_visible()
    reloaded = json.loads(storage()["solitaire.meta"])
    assert reloaded["id"] == meta["id"] and reloaded["clock"]["ms"] >= meta["clock"]["ms"]


@pytest.mark.parametrize("lang", LOCALES)
def test_export_then_import_and_bad_files(open_app, page, storage, clear_storage, tmp_path, lang):
    t = CATALOGS[lang]
    open_app("/index.html?deal=EH1-N-AAAAAAF")
    tap_stock(page)
    page.locator('.bar [data-action="new"]').click()  # give a game up: one loss recorded
    page.locator('#dlg-new [data-action="deal-random"]').click()
    page.locator(f'{CONFIRM} [data-action="confirm"]').click()
    page.locator('.bar [data-action="stats"]').click()
    with page.expect_download() as info:
        page.locator('[data-action="export"]').click()
    path = tmp_path / "backup.json"
    info.value.save_as(path)
    backup = json.loads(path.read_text(encoding="utf-8"))
    assert (backup["format"], backup["version"]) == ("solitaire-backup", 1)
    code = backup["game"]["code"]
    assert code != "EH1-N-AAAAAAF" and backup["meta"]["code"] == code
    assert backup["records"]["stats"]["easy-harp"]["played"] == 1
    assert set(backup) == {"format", "version", "exported", "settings", "records", "game", "meta"}

    # A bad or foreign file is refused with a message and changes nothing. The
    # prepaint picture (solitaire.paint) is a cache of the screen that static/prepaint.js
    # rewrites on its own schedule, not player data: it is left out of the comparison.
    def data() -> dict[str, str]:
        return {k: v for k, v in storage().items() if k != "solitaire.paint"}

    before = data()
    for name, content in (("bad.json", "{not json"), ("foreign.json", '{"a": 1}'),
                          ("future.json", json.dumps({**backup, "version": 9}))):
        bad = tmp_path / name
        bad.write_text(content, encoding="utf-8")
        reason = {"bad.json": "import-json", "foreign.json": "import-foreign",
                  "future.json": "import-version"}[name]
        page.locator('[data-role="import-file"]').set_input_files(str(bad))
        notice = page.locator('[data-role="notice"][data-notice="import-refused"]')
        notice.wait_for(state="visible")  # reading the file is a task: wait for its message
        page.wait_for_function("t => document.querySelector('[data-role=notice] .notice-text')"
                               ".textContent.startsWith(t)", arg=t[f"error.{reason}"].split("{")[0].strip())
        notice.locator('[data-action="dismiss"]').click()
        assert data() == before

    assert not page.locator("#dlg-stats").is_visible()  # closed, so the message shows

    # On another device (empty storage), the import asks, then brings everything back.
    clear_storage()
    open_app("/index.html?deal=EO1-C8-AAAAAFA")
    page.locator('.bar [data-action="stats"]').click()
    page.locator('[data-role="import-file"]').set_input_files(str(path))
    confirm = page.locator(CONFIRM)
    confirm.wait_for(state="visible")
    assert "EO1-C8-AAAAAFA" in confirm.inner_text() and code in confirm.inner_text()
    with page.expect_navigation():
        confirm.locator('[data-action="confirm"]').click()
    page.wait_for_selector("html[data-ready='1']")
    assert_same(page, game.new_game(code))
    page.locator('.bar [data-action="stats"]').click()
    assert stat(page, "easy-harp", "played") == "1"
    assert [r["result"] for r in records(storage)["games"]] == ["lost"]


@pytest.mark.context(locale="en-US", reduced_motion="reduce")
def test_bad_records_are_kept_aside_and_told_once(open_app, page, storage):
    open_app("/index.html", storage={"solitaire.records": '{"version": 99}',
                                     "solitaire.meta": "{oops"})
    notice = page.locator('[data-role="notice"][data-notice="recovered"]')
    assert notice.is_visible()
    kept = storage()
    assert kept["solitaire.backup.records"] == '{"version": 99}'
    assert kept["solitaire.backup.meta"] == "{oops"
    assert json.loads(kept["solitaire.records"])["version"] == 1  # repaired
    page.locator('.bar [data-action="stats"]').click()
    assert stat(page, "easy-harp", "played") == "0"


@pytest.mark.context(locale="en-US", reduced_motion="reduce")
def test_full_storage_still_counts_the_win_in_the_page(open_app, page):
    g, last = near_win()
    page.add_init_script("""(() => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (k === 'solitaire.records') throw new DOMException('full', 'QuotaExceededError');
        return set.call(this, k, v); };
    })()""")
    open_app("/index.html", storage={"solitaire.game": g.to_save()})
    click_card(page, g, last.src)
    page.locator("#dlg-win").wait_for(state="visible")
    assert page.locator('[data-role="notice"][data-notice="storage-full"]').is_visible()
    page.locator('#dlg-win [data-action="stats"]').click()
    assert stat(page, "easy-harp", "won") == "1"


@pytest.mark.context(locale="en-US", reduced_motion="reduce")
def test_a_win_in_one_tab_is_counted_once(open_app, page, context):
    g, last = near_win()
    open_app("/index.html", storage={"solitaire.game": g.to_save()})
    other = context.new_page()
    other.goto("/index.html")
    other.wait_for_selector("html[data-ready='1']")
    click_card(page, g, last.src)
    page.locator("#dlg-win").wait_for(state="visible")
    # The other tab takes the won game over; whatever it does, the win is one win.
    other.wait_for_function("() => localStorage.getItem('solitaire.records') !== null")
    other.locator('.bar [data-action="stats"]').click()
    other.wait_for_selector('[data-stat="easy-harp:won"][data-value="1"]')
    other.keyboard.press("Escape")
    other.locator('[data-action="undo"]').click()
    other.locator('[data-action="redo"]').click()
    rec = json.loads(other.evaluate("localStorage.getItem('solitaire.records')"))
    assert (rec["stats"]["easy-harp"]["played"], rec["stats"]["easy-harp"]["won"]) == (1, 1)
    other.close()


def test_recent_games_show_the_game_in_progress_as_it_is_now(open_app, page):
    """The game on the table is in the recent games from its first action; the list
    shows its score and moves of now, not those of that first action (found by trying
    it: "score 15, 1 move" after three moves)."""
    code = "EH1-N-AAAAAAF"
    twin = game.new_game(code)
    open_app(f"/index.html?deal={code}")
    for _ in range(3):
        page.locator('#table [data-pile="s"]').last.click()
        twin.play("s")
    page.wait_for_function("() => document.querySelector('[data-status=moves]').dataset.value === '3'")
    page.locator('.bar [data-action="stats"]').click()
    row = page.locator('.recent li[data-result="playing"]')
    assert row.count() == 1
    figures = row.locator(".recent-figures").inner_text()
    assert figures.startswith(f"score {twin.score}, 3 moves"), figures

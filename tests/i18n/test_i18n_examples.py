"""help/<lang>/examples.html: every worked example replays in the rules engine.

Each `<section class="example">` carries the deal (`data-code`), the moves that lead to
the situation (`data-moves`, SPEC §2 notation), the refused move (`data-refused`), its
refusal code (`data-reason`) and the cards of the run it tries to move (`data-run`); the
element `data-role="example-reminder"` holds the text the app shows, which must be the
page language's `refusal.<reason>` with the refusal's details filled in.
"""

from __future__ import annotations

import pytest
from i18n_support import HELP, LANGS, load_catalog, parse_page, render

game = pytest.importorskip("game")
if not hasattr(game, "new_game"):  # pragma: no cover - only while game/ is being written
    pytest.skip("the rules engine is not in game/ yet", allow_module_level=True)

# The two refusals SPEC §6 asks the Examples page to show, in this order.
REQUIRED = [("EH1-", "one-card-at-a-time"), ("EO1-", "group-too-large")]


def examples(lang: str) -> list[dict]:
    return parse_page(HELP / lang / "examples.html").examples


def replay(attrs: dict):
    g = game.new_game(attrs["data-code"])
    for mv in attrs["data-moves"].split():
        g.play(mv)  # raises IllegalMove if the documented move list is wrong
    return g


@pytest.mark.parametrize("lang", LANGS)
def test_page_has_both_required_examples(lang):
    found = [(ex["attrs"]["data-code"][:4], ex["attrs"]["data-reason"]) for ex in examples(lang)]
    assert found == REQUIRED


def test_all_languages_show_the_same_examples():
    keys = ("data-code", "data-moves", "data-refused", "data-reason", "data-run")
    ref = [tuple(ex["attrs"].get(k) for k in keys) for ex in examples("en")]
    for lang in LANGS:
        assert [tuple(ex["attrs"].get(k) for k in keys) for ex in examples(lang)] == ref, lang


@pytest.mark.parametrize("lang", LANGS)
def test_examples_replay_and_the_move_is_refused(lang):
    cat = load_catalog(lang)
    for ex in examples(lang):
        a = ex["attrs"]
        g = replay(a)
        before = (g.position(), g.score, g.move_count)
        with pytest.raises(game.IllegalMove) as info:
            g.play(a["data-refused"])
        err = info.value
        assert err.reason.value == a["data-reason"]
        assert (g.position(), g.score, g.move_count) == before, "a refusal changes nothing"
        # the run really is the top of the source column, as the text says
        src, _, rest = a["data-refused"].partition("-")
        count = int(rest.partition(":")[2])
        run = [p.card.face for p in g.pile(src)[-count:]]
        assert run == a["data-run"].split()
        assert all(p.up for p in g.pile(src)[-count:])
        # the page quotes exactly what the app shows in this language
        assert ex["reminders"], "no data-role=example-reminder element"
        shown = " ".join(ex["reminders"][0].split())
        assert shown == render(cat, f"refusal.{err.reason.value}", lang, **err.details)


@pytest.mark.parametrize("lang", LANGS)
def test_examples_link_to_their_deal(lang):
    page = parse_page(HELP / lang / "examples.html")
    hrefs = {url for tag, url, _ in page.links if tag == "a"}
    for ex in page.examples:
        assert f"../../index.html?deal={ex['attrs']['data-code']}" in hrefs


def test_easy_harp_example_head_would_fit():
    """The refused run's first card fits on the destination: only the rule stops it."""
    a = examples("en")[0]["attrs"]
    g = replay(a)
    src, _, rest = a["data-refused"].partition("-")
    dst, _, count = rest.partition(":")
    head = g.pile(src)[-int(count)].card
    top = g.pile(dst)[-1].card
    assert top.rank == head.rank + 1 and top.is_red != head.is_red


def test_eight_off_example_matches_the_limit_formula():
    """(free cells + 1) * 2 ** empty columns, the destination column not counted."""
    a = examples("en")[1]["attrs"]
    g = replay(a)
    cells = [p for p in g.pile_ids() if p.startswith("c")]
    free = sum(1 for c in cells if not g.pile(c))
    empty = sum(1 for p in g.pile_ids() if p.startswith("t") and not g.pile(p))
    dst = a["data-refused"].partition("-")[2].partition(":")[0]
    assert not g.pile(dst)
    limit = (free + 1) * 2 ** (empty - 1)
    err = g.check(a["data-refused"])
    assert err.details["limit"] == limit == g.group_limit(dst)
    assert err.details["count"] > limit

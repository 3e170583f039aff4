"""Every refusal as a before/after picture pair on the rules pages (issue 13 point 4):
scripts/help_refusals.py, written into help/<lang>/index.html by scripts/help_pictures.py."""

from __future__ import annotations

import re
from xml.dom import minidom

import pytest
from i18n_support import HELP, LANGS, ROOT, RTL, load_catalog, render

import game
from scripts import help_refusals

CASES = [(kind, r.value) for kind in help_refusals.MODULES
         for r in help_refusals.possible_refusals(kind)]
BIDI = re.compile("[\u2066-\u2069]")


def test_the_reasons_come_from_the_rules_code():
    """The derived lists are not empty guesses: every Refusal member is some game's, each
    game has its own building refusal and not the other's, and only Easy Harp has a
    stock (so ``stock-empty`` and ``face-down``) and only Eight Off has cells."""
    eh = {r.value for r in help_refusals.possible_refusals(game.EASY_HARP)}
    eo = {r.value for r in help_refusals.possible_refusals(game.EIGHT_OFF)}
    assert eh | eo == {r.value for r in game.Refusal}
    assert "wrong-color" in eh and "wrong-color" not in eo
    assert "wrong-suit" in eo and "wrong-suit" not in eh
    assert {"stock-empty", "face-down", "one-card-at-a-time"} <= eh - eo
    assert {"cell-full", "cell-one-card", "group-too-large"} <= eo - eh
    # Each listed reason is named in the rules code that the game runs.
    source = "".join((ROOT / "game" / f).read_text(encoding="utf-8")
                     for f in ("engine.py", "easy_harp.py", "eight_off.py", "rules.py"))
    for code in eh | eo:
        assert f"Refusal.{game.Refusal(code).name}" in source


@pytest.mark.parametrize("kind", sorted(help_refusals.MODULES))
def test_every_reason_of_the_game_has_a_situation(kind):
    wanted = [r.value for r in help_refusals.possible_refusals(kind)]
    assert sorted(help_refusals.SITUATIONS[kind]) == sorted(wanted)


@pytest.mark.parametrize(("kind", "reason"), CASES)
def test_the_move_drawn_is_refused_with_that_reason_and_nothing_moves(kind, reason):
    s = help_refusals.SITUATIONS[kind][reason]
    g = help_refusals.situation_game(s)
    assert g.game == kind
    before = (g.position(), g.score, g.move_count, g.can_undo, g.can_redo)
    with pytest.raises(game.IllegalMove) as refused:
        g.play(s.refused)
    assert refused.value.code == reason
    assert (g.position(), g.score, g.move_count, g.can_undo, g.can_redo) == before
    # The piles drawn include the move's own (a pile the game lacks is a ghost place).
    move = game.Move.parse(s.refused)
    assert move.src in s.piles and (move.dst is None or move.dst in s.piles)


@pytest.mark.parametrize("kind", sorted(help_refusals.MODULES))
def test_constructed_positions_are_accepted_as_written(kind):
    """A constructed start is a position the rules package reads back unchanged."""
    for s in help_refusals.SITUATIONS[kind].values():
        if s.start in ("eh-not-a-run", "eh-stock-empty"):
            g = help_refusals.situation_game(s)
            again = game.load_position(g.position(), game=g.game)
            assert again.position() == g.position()


def pairs_of(html: str) -> dict[tuple[str, str], str]:
    return {(m.group(1), m.group(2)): m.group(0) for m in re.finditer(
        r'<div class="refusal-pair" id="refusal-[a-z-]+" data-game="([a-z-]+)" '
        r'data-reason="([a-z-]+)".*?</div>', html, re.S)}


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_is_up_to_date(lang):
    html = (HELP / lang / "index.html").read_text(encoding="utf-8")
    assert help_refusals.fill_page(html, lang) == html, "run scripts/help_pictures.py"


@pytest.mark.parametrize("lang", LANGS)
def test_each_reason_has_its_pair_with_the_game_reminder_and_text_alternatives(lang):
    html = (HELP / lang / "index.html").read_text(encoding="utf-8")
    cat = load_catalog(lang)
    pairs = pairs_of(html)
    assert set(pairs) == set(CASES)
    for (kind, reason), pair in pairs.items():
        # Inside its own game's block.
        block = re.search(rf'<details class="refusal-pictures" id="refusals-{kind}">.*?</details>',
                          html, re.S)
        assert block and pair in block.group(0)
        s = help_refusals.SITUATIONS[kind][reason]
        err = help_refusals.situation_game(s).check(s.refused)
        sentence = render(cat, f"refusal.{reason}", lang, **err.details)
        caption = re.search(r'<figcaption class="reminder">(.*?)</figcaption>', pair).group(1)
        assert BIDI.sub("", caption) == sentence
        labels = re.findall(r'<svg [^>]*role="img" aria-label="([^"]+)"', pair)
        assert len(labels) == 2
        before_word = cat["help.pictures.before"].split("{")[0]
        after_word = cat["help.pictures.after"].split("{")[0]
        assert labels[0].startswith(before_word) and labels[1].startswith(after_word)
        assert sentence in BIDI.sub("", labels[1])
        assert f'data-refused="{s.refused}"' in pair


@pytest.mark.parametrize(("kind", "reason"), CASES)
def test_right_to_left_pictures_are_the_mirror(kind, reason):
    s = help_refusals.SITUATIONS[kind][reason]
    g = help_refusals.situation_game(s)
    ltr, rtl = (help_refusals.draw_small(g, s, d, False) for d in (False, True))
    width = float(re.search(r'viewBox="0 0 ([\d.]+)', ltr).group(1))
    slot = re.compile(rf'<rect x="([\d.]+)" y="([\d.]+)" width="{help_refusals.CW:.0f}"')
    left = sorted((float(y), float(x)) for x, y in slot.findall(ltr))
    right = sorted((float(y), round(width - float(x) - help_refusals.CW, 1))
                   for x, y in slot.findall(rtl))
    assert left == right


@pytest.mark.parametrize(("kind", "reason"), CASES)
def test_before_outlines_the_lifted_cards_and_after_keeps_them_in_place(kind, reason):
    s = help_refusals.SITUATIONS[kind][reason]
    g = help_refusals.situation_game(s)
    move = game.Move.parse(s.refused)
    before = help_refusals.draw_small(g, s, False, False)
    after = help_refusals.draw_small(g, s, False, True)
    outlined = f'stroke="{help_refusals.MARK}" stroke-width="4"/>'
    crossed = f'stroke="{help_refusals.RED}" stroke-width="4"/>'
    lifted = (move.count or 1) if move.dst and g.pile(move.src) else 0
    assert before.count(outlined) == lifted
    assert after.count(crossed) == lifted
    # Same cards at the same places: only outlines and marks differ.
    cards = re.compile(r'<text x="[\d.]+" y="[\d.]+" font-family[^>]*>[^<]+</text>')
    assert cards.findall(before) == cards.findall(after)


def test_svg_is_well_formed():
    for kind, reason in CASES:
        pair = help_refusals.pair_html(kind, reason, "en")
        for svg in re.findall(r"<svg .*?</svg>", pair, re.S):
            minidom.parseString(svg)


@pytest.mark.parametrize("lang", LANGS)
def test_direction_of_the_page_pictures(lang):
    """The Arabic page carries the mirrored drawing, the others the left-to-right one."""
    html = (HELP / lang / "index.html").read_text(encoding="utf-8")
    kind, reason = game.EIGHT_OFF, "no-such-pile"
    s = help_refusals.SITUATIONS[kind][reason]
    g = help_refusals.situation_game(s)
    svg = help_refusals.draw_small(g, s, lang in RTL, False).split(" ARIA>", 1)[1]
    assert svg in pairs_of(html)[(kind, reason)]

"""The table's view model and its diff, and the table HTML (game/ui/viewmodel.py,
game/ui/render.py), pure Python."""

from __future__ import annotations

import re

import game
from game.ui import layout, render, viewmodel
from game.ui.viewmodel import CardView


def lay_for(g: game.Game, width: float = 1280, height: float = 720) -> layout.Layout:
    return layout.compute(g.game, g.cells, width, height, False, viewmodel.column_faces(g))


def test_view_has_every_card_once_in_pile_order():
    g = game.new_game("EH1-N-AAAAAAF")
    view = viewmodel.table_view(g, lay_for(g))
    assert len(view) == 104
    order = [(v.pile, v.at) for v in view.values()]
    expected = [(pid, i) for pid in g.pile_ids() for i in range(len(g.pile(pid)))]
    assert order == expected
    for pid in g.pile_ids():
        for i, placed in enumerate(g.pile(pid)):
            v = view[placed.card.id]
            assert (v.face, v.up) == (placed.card.face, placed.up)
            assert v.z == i + 1


def test_view_places_match_the_layout_to_a_tenth_of_a_pixel():
    g = game.new_game("EO1-C4-AAAAAFA")
    lay = lay_for(g, 360, 590)
    for cid, v in viewmodel.table_view(g, lay).items():
        x, y = layout.card_xy(lay, v.pile, v.at)
        assert (v.x, v.y) == (round(x, 1), round(y, 1)), cid


def test_diff_of_a_draw_touches_only_the_drawn_card():
    g = game.new_game("EH1-N-AAAAAAF")
    lay = lay_for(g)
    before = viewmodel.table_view(g, lay)
    top = g.pile("s")[-1].card.id
    g.play("s")
    after = viewmodel.table_view(g, lay_for(g))
    changes = viewmodel.diff(before, after, animate=True)
    assert [c.cid for c in changes] == [top]
    (ch,) = changes
    assert ch.placed and ch.flipped and ch.flies
    assert (ch.new.pile, ch.new.up) == ("w", True)
    assert viewmodel.diff(after, after, animate=True) == []


def test_diff_without_animation_never_flies_and_rewrites_forgotten_cards():
    g = game.new_game("EH1-N-AAAAAAF")
    view = viewmodel.table_view(g, lay_for(g))
    g.play("s")
    after = viewmodel.table_view(g, lay_for(g))
    assert not any(c.flies for c in viewmodel.diff(view, after, animate=False))
    some = next(iter(after))
    old = dict(after)
    del old[some]
    (ch,) = viewmodel.diff(old, after, animate=True)
    assert ch.cid == some and ch.placed and ch.flipped and not ch.flies


def test_diff_of_a_moved_place_only():
    a = CardView("t1", 2, True, "TH", 10.0, 20.0)
    b = CardView("t1", 2, True, "TH", 10.0, 25.5)
    (ch,) = viewmodel.diff({"TH.1": a}, {"TH.1": b}, animate=True)
    assert not ch.placed and not ch.flipped and not ch.flies and ch.new == b


def test_pickup_asks_the_rules():
    g = game.new_game("EH1-N-AAAAAAF")
    t9 = g.pile("t9")
    assert viewmodel.pickup(g, "t9", len(t9) - 1, True) == (True, "")
    # A face-down card, the stock: not draggable, and no refusal to show (a tap).
    assert viewmodel.pickup(g, "t9", 0, False) == (False, "")
    assert viewmodel.pickup(g, "s", len(g.pile("s")) - 1, False) == (False, "")
    assert viewmodel.pickup(g, "t9", 0, True) == (False, "face-down")
    assert viewmodel.reminder_details(g) == {"limit": 1, "pile": ""}
    assert viewmodel.reminder_details(g, "w") == {"limit": 1, "pile": "w"}


def test_pile_places_and_stock_count():
    g = game.new_game("EH1-N-AAAAAAF")
    lay = lay_for(g)
    places = viewmodel.pile_places(g, lay)
    assert list(places) == list(g.pile_ids())
    assert places["s"] == (round(lay.slots["s"].x, 1), round(lay.slots["s"].y, 1))
    x, y = viewmodel.stock_count_place(lay)
    assert x == places["s"][0] and places["s"][1] < y < places["s"][1] + lay.card_h


def test_table_html_has_the_page_contract():
    g = game.new_game("EO1-C2-AAAAAFA")
    lay = lay_for(g)
    piles = viewmodel.pile_places(g, lay)
    view = viewmodel.table_view(g, lay)
    html = render.table_html(piles, view, lambda pid: f"pile <{pid}>",
                             lambda face, up: f'card "{face}"', g.foundation_suit)
    cards = re.findall(r'<div class="card" data-card="(\w\w)" data-id="([\w.]+)" '
                       r'data-face="(up|down)" data-pile="(\w+)" data-index="(\d+)"', html)
    assert [(c[1], c[3], int(c[4])) for c in cards] == [
        (cid, v.pile, v.at) for cid, v in view.items()]
    pile_ids = re.findall(r'<div class="pile pile-\w+" data-pile="(\w+)"', html)
    assert pile_ids == list(g.pile_ids())
    assert "pile &lt;t1&gt;" in html and "card &quot;" in html  # labels escaped
    assert 'class="stock-count"' not in html  # Eight Off has no stock
    v = next(iter(view.values()))
    assert f"transform:translate({v.x:.1f}px,{v.y:.1f}px);z-index:{v.z}" in html


def test_escape_and_translate():
    assert render.escape('a<b>&"c"') == "a&lt;b&gt;&amp;&quot;c&quot;"
    assert render.translate(3, 4.25) == "translate(3.0px,4.2px)"

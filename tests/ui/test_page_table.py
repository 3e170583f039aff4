"""The table's taps and drags under CPython (issue 11, SPEC §6, §8; moved from
tests/browser/test_table.py by issue 23 point 6): tap to select and tap to place, the
drop-target marks, refusals at pick-up, and the stock's story. Card sizes, geometry,
the reminder's place and the table settings' look stay in Chromium.
"""

from __future__ import annotations

from collections.abc import Callable

from pagedriver import PHONE, Driver

import game


def first_column_move(g: game.Game) -> game.Move | None:
    for m in g.legal_moves():
        if m.src[0] in "tw" and m.dst and m.dst[0] == "t":
            return m
    return None


def find_deal(kind: str, cells: int, want: Callable[[game.Game], bool]) -> game.Game:
    for n in range(1, 3000):
        g = game.new_game(game.DealCode(kind, cells, n))
        if want(g):
            return g
    raise AssertionError("no deal found")


def marks(d: Driver) -> dict[str, list[str]]:
    return {"selected": [e.attrs["data-id"] for e in d.doc.querySelectorAll(
                '#table [data-selected="1"]')],
            "targets": sorted(e.attrs["data-pile"] for e in d.doc.querySelectorAll(
                '#table [data-target="1"]'))}


def reminder_reason(d: Driver) -> str | None:
    el = d.q('[data-role="reminder"]')
    return None if el.closest("[hidden]") is not None else el.attrs.get("data-reason")


def shakes(d: Driver, cid: str) -> bool:
    return d.q(f'#table .card[data-id="{cid}"]').classList.contains("shake")


def test_tap_to_select_and_tap_to_place():
    twin = find_deal("eight-off", 8, lambda g: any(
        m.src[0] == "t" and m.dst[0] == "t" and g.tap_move(m.src, -1) is None
        for m in g.legal_moves() if m.dst))
    d = Driver(twin.code, viewport=PHONE)
    m = next(m for m in twin.legal_moves() if m.dst and m.src[0] == "t" and m.dst[0] == "t"
             and twin.tap_move(m.src, -1) is None)
    src = twin.pile(m.src)
    index = len(src) - (m.count or 1)
    d.tap(m.src, index, touch=True)
    got = marks(d)
    assert got["selected"] == [p.card.id for p in src[index:]]
    assert got["targets"] == sorted(twin.targets(m.src, index))
    # A tap on the selection clears it.
    d.tap(m.src, len(src) - 1, gap=350, touch=True)  # not a double tap
    assert marks(d) == {"selected": [], "targets": []}
    assert d.g.position() == twin.position()
    # Select again and place it.
    d.tap(m.src, index, gap=350, touch=True)
    d.tap(m.dst, len(twin.pile(m.dst)), gap=100, touch=True)
    twin.play(m)
    assert d.g.position() == twin.position()
    assert marks(d) == {"selected": [], "targets": []}
    d.check_all()


def test_drag_marks_the_piles_that_accept_and_refuses_at_pickup():
    twin = game.new_game("EH1-N-AAAAAAF")
    d = Driver(twin.code)
    m = next(m for m in twin.legal_moves() if m.dst and m.src[0] == "t" and m.dst[0] == "t")
    index = len(twin.pile(m.src)) - (m.count or 1)
    x, y = d.point(m.src, index)
    d.br.advance(400)
    d.br.pointer("pointerdown", x, y)
    for k in range(1, 4):
        d.br.advance(16)
        d.br.pointer("pointermove", x + 20 * k / 3, y + 20 * k / 3)
    assert marks(d)["targets"] == sorted(twin.targets(m.src, index))
    px, py, pw, ph = d.box(d.q(f'#table .pile[data-pile="{m.dst}"]'))
    d.br.pointer("pointermove", px + pw / 2, py + ph / 2)
    d.br.pointer("pointerup", px + pw / 2, py + ph / 2)
    twin.play(m)
    assert d.g.position() == twin.position()
    assert marks(d)["targets"] == []
    d.check_all()
    # A group the rules refuse is refused at pick-up: shake and reminder, no drag.
    pid = next(p for p in twin.pile_ids() if p[0] == "t" and len(twin.pile(p)) > 1
               and twin.pile(p)[-2].up)
    under = len(twin.pile(pid)) - 2
    cid = twin.pile(pid)[under].card.id
    bx, by = d.point(pid, under)
    d.br.advance(400)
    d.br.pointer("pointerdown", bx, by)
    for k in range(1, 4):
        d.br.advance(16)
        d.br.pointer("pointermove", bx + 10 * k, by + 10 * k)
    refusal = twin.pickup_refusal(pid, under)
    assert refusal is not None and reminder_reason(d) == refusal.value
    assert shakes(d, cid)
    assert marks(d)["targets"] == []
    d.br.pointer("pointerup", bx + 30, by + 30)
    assert d.g.position() == twin.position()
    d.check_all()


def test_the_stock_tells_its_story():
    twin = game.new_game("EH1-N-AAAAAAF")
    d = Driver(twin.code, viewport=PHONE)
    count, passes = d.q(".stock-count"), d.q(".stock-pass")
    assert count.textContent == str(len(twin.pile("s")))
    assert passes.textContent == "Pass 1"
    for _ in range(4):
        d.tap("s", len(twin.pile("s")) - 1, gap=350, touch=True)
        twin.play("s")
    assert d.g.position() == twin.position()
    assert count.textContent == str(len(twin.pile("s")))
    xs = [d.box(d.q(f'#table .card[data-id="{p.card.id}"]'))[0] for p in twin.pile("w")[-3:]]
    assert xs[0] < xs[1] < xs[2]  # the top three fanned, the top one on top
    while twin.pile("s"):
        d.tap("s", len(twin.pile("s")) - 1, gap=350)
        twin.play("s")
    d.tap("s", 0, gap=350)  # the recycle
    twin.play("s")
    assert passes.textContent == "Pass 2"
    assert d.g.position() == twin.position()
    d.check_all()


def test_a_tap_inside_a_run_that_may_not_move_together_is_refused():
    # SPEC §6: a tap selects a card "with the cards above it when they may move
    # together"; when they may not, the tap is refused as a drag is (shake, reminder
    # with Game.pickup_refusal's reason) and nothing is selected.
    # Eight Off, 2 free cells: 4♥ under 3♥ of column 2 is over the group limit.
    twin = game.new_game("EO1-C2-AAAAADK")
    d = Driver(twin.code, viewport=PHONE)
    index = len(twin.pile("t2")) - 2
    cid = twin.pile("t2")[index].card.id
    code = twin.pickup_refusal("t2", index)
    assert code is not None and code.value == "group-too-large"
    d.tap("t2", index, touch=True)
    assert reminder_reason(d) == code.value
    assert shakes(d, cid)
    assert marks(d) == {"selected": [], "targets": []}
    assert d.g.position() == twin.position()
    d.check_all()

    # Easy Harp: only the top card moves; a tap on the card under it in a run is refused.
    def two_up(g: game.Game) -> bool:
        m = first_column_move(g)
        if m is None:
            return False
        g.play(m)
        return g.pickup_refusal(m.dst, len(g.pile(m.dst)) - 2) is not None

    found = find_deal("easy-harp", 0, two_up)
    twin = game.new_game(found.code)
    d = Driver(twin.code, viewport=PHONE)
    m = first_column_move(twin)
    assert m is not None
    d.tap(m.src, len(twin.pile(m.src)) - (m.count or 1), touch=True)
    d.tap(m.dst, len(twin.pile(m.dst)), gap=100, touch=True)
    twin.play(m)
    assert d.g.position() == twin.position()
    index = len(twin.pile(m.dst)) - 2
    cid = twin.pile(m.dst)[index].card.id
    code = twin.pickup_refusal(m.dst, index)
    assert code is not None
    d.tap(m.dst, index, gap=400, touch=True)  # not a double tap with the placing tap
    assert reminder_reason(d) == code.value
    assert shakes(d, cid)
    assert marks(d) == {"selected": [], "targets": []}
    assert d.g.position() == twin.position()
    d.check_all()

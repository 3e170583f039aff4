"""The page's side of the solver's worker (issue 24 point 1) under CPython.

The fake browser has no worker unless a test gives one: here a fake worker runs the
worker's own Python (``game.ui.searcher.Searcher``) over the same text messages
(``game.ui.protocol``) that ``static/solver-worker.js`` carries, but only when the test
says (``FakeWorker.run``), so that late and stale answers can be made to arrive at any
moment. Checked: what waits for the worker's start, that every answer the page applies
is about the position on the table, that the next action cancels, that Hint, the
indicator and Finish for me show what they show without a worker, and that a worker
that fails or never starts leaves the page to its own slices.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest
from fakebrowser import FakeStore
from pagedriver import BUDGETS, Driver, catalog
from test_page_solver import (
    EO4_DEAL,
    EO8,
    FULL,
    KILLER,
    STUCK_POSITION,
    ask_to_finish,
    hinted_move,
    marks,
    notice_text,
    run_until,
    verdict,
)

import game
from game.ui import assist as assist_mod
from game.ui.protocol import (
    CANCEL_TEXT,
    Answer,
    Ask,
    Pause,
    ProtocolError,
    Ready,
    Request,
    read_message,
)
from game.ui.searcher import Searcher
from game.ui.slicer import STUCK_NODES, VERDICTS, Slicer

SHOW = {"show_winnable": True}


class FakeWorker:
    """The worker as the page sees it (``beside.Port``), running the real Searcher."""

    def __init__(self, br: Any, on_message: Callable[[str], None], on_error: Callable[[str], None]):
        self.br = br
        self.on_message, self.on_error = on_message, on_error
        self.time = 0.0  # the worker's own clock (s): a pause passes in run()
        self.searcher = Searcher(self.outbox_add, clock=lambda: self.time)
        self.inbox: list[str] = []  # posted by the page, not yet read by the worker
        self.posted: list[str] = []  # everything the page posted
        self.outbox: list[str] = []  # sent by the worker, not yet delivered
        self.closed = False

    def post(self, text: str) -> None:
        assert not self.closed, "posted to a closed worker"
        self.inbox.append(text)
        self.posted.append(text)

    def close(self) -> None:
        self.closed = True

    def outbox_add(self, text: str) -> None:
        self.outbox.append(text)

    def start(self) -> None:
        """The worker says it is ready."""
        self.deliver(json.dumps({"type": "ready", "ms": 812.5, "mode": "restored"}))

    def deliver(self, text: str) -> None:
        self.on_message(text)
        self.br.document.flush()

    def run(self, slices: int = 10_000) -> None:
        """Read what the page posted, search, deliver every answer; the page's clock
        does not move (the worker has its own thread and clock)."""
        for _ in range(slices):
            while self.inbox:
                self.searcher.receive(self.inbox.pop(0))
            if self.searcher.busy:
                self.time += self.searcher.wait_ms() / 1000  # a pause, waited out
                self.searcher.step()
            while self.outbox:
                self.deliver(self.outbox.pop(0))
            if not self.inbox and not self.searcher.busy:
                return
        raise AssertionError("the worker never settles")

    def run_until_asked(self, kind: str) -> None:
        """Read, search and deliver, one slice at a time, until the page's last request
        is of ``kind`` (that request not yet read)."""
        for _ in range(10_000):
            while self.inbox:
                self.searcher.receive(self.inbox.pop(0))
            self.searcher.step()
            while self.outbox:
                self.deliver(self.outbox.pop(0))
            if self.requests()[-1].ask.kind == kind:
                return
        raise AssertionError(f"no {kind} asked")

    def requests(self) -> list[Request]:
        return [m for m in map(read_message, self.posted) if isinstance(m, Request)]


def with_worker(code: str, **kw: Any) -> tuple[Driver, FakeWorker]:
    """A page over a fake browser that starts a ``FakeWorker`` (once it is ready)."""
    made: list[FakeWorker] = []

    def start(br: Any, url: str, on_message: Callable[[str], None],
              on_error: Callable[[str], None]) -> FakeWorker:
        assert url == assist_mod.WORKER_URL
        made.append(FakeWorker(br, on_message, on_error))
        return made[-1]

    d = Driver(code, worker=start, **kw)
    d.page.assist.want_worker()  # a second ask starts no second worker
    assert len(made) == 1, "the page starts one worker, once"
    return d, made[0]


@pytest.fixture(autouse=True)
def worker_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker starts with the solver, before any search (``WORKER_AT_START``), so
    that every search goes to it: what these tests are about. The ``lazy_`` tests
    set it back to the page's own rule (a worker only once a search runs long or a hint
    asks)."""
    monkeypatch.setattr(assist_mod, "WORKER_AT_START", True)



# ----- the protocol ---------------------------------------------------------------------


def test_messages_round_trip_and_bad_ones_are_refused():
    req = Request(7, Ask("stuck", 120, "complete", "progress"), "easy-harp", 0, "Foundations: x\n")
    assert read_message(req.text()) == req
    hint = Request(8, Ask("hint", 50), "easy-harp", 0, "pos", "base", ("t1-t2:1", "s"), ("s", "w-f1"))
    assert read_message(hint.text()) == hint
    for bad in ({"trail": [1]}, {"trail": "s"}, {"line": [None]}, {"base": 3}):
        d = {**json.loads(hint.text()), **bad}
        with pytest.raises(ProtocolError):
            read_message(json.dumps(d))
    ans = Answer(7, "solve", "pos", "winnable", ("t1-t2", "s"), 33)
    assert read_message(ans.text()) == ans
    assert read_message(json.dumps({"type": "ready", "ms": 3, "mode": "normal"})) == Ready(3.0, "normal")
    assert read_message(Pause(300).text()) == Pause(300.0)
    bad = [
        None, 42, "", "[1]", "{", json.dumps({"type": "oops"}),
        json.dumps({**json.loads(req.text()), "kind": "explode"}),
        json.dumps({**json.loads(req.text()), "nodes": 0}),
        json.dumps({**json.loads(req.text()), "id": True}),
        json.dumps({**json.loads(ans.text()), "status": "maybe"}),
        json.dumps({**json.loads(ans.text()), "moves": [1]}),
        json.dumps({**json.loads(ans.text()), "kind": "hint", "status": "", "moves": ["a", "b"]}),
        "x" * 30_000,
        json.dumps({"type": "pause", "ms": -1}),
        json.dumps({"type": "pause", "ms": "300"}),
    ]
    for text in bad:
        with pytest.raises(ProtocolError):
            read_message(text)


def test_the_worker_answers_bad_requests_with_an_error_and_keeps_its_search():
    sent: list[str] = []
    s = Searcher(sent.append, clock=lambda: 0.0)
    g = game.new_game(EO8)
    s.receive(Request(1, Ask("verdict", 10_000), g.game, g.cells, g.position()).text())
    assert s.busy
    s.receive("{not json")
    s.receive(Request(2, Ask("verdict", 100), "eight-off", 8, "Foundations: nonsense").text())
    s.receive(CANCEL_TEXT.replace("cancel", "ready"))
    errors = [json.loads(t) for t in sent]
    assert [(e["type"], e["id"]) for e in errors] == [("error", -1), ("error", 2), ("error", -1)]
    assert s.busy and s.request is not None and s.request.id == 1  # still searching request 1
    while s.busy:
        s.step()
    final = read_message(sent[-1])
    assert isinstance(final, Answer) and final.id == 1 and final.status == "winnable"
    replay = game.new_game(EO8)
    for m in final.moves:
        replay.play(m)
    assert replay.is_won


# ----- the page with a worker ----------------------------------------------------------------


def test_searches_wait_for_the_start_then_the_verdict_comes_from_the_worker():
    d, w = with_worker(EO8, settings=SHOW)
    assert w.posted == [] and verdict(d) == "thinking"  # nothing sent before it is ready
    d.br.advance(5_000)
    assert verdict(d) == "thinking" and not d.page.assist.slicer.busy  # no slices meanwhile
    w.start()
    [req] = w.requests()
    assert (req.ask.kind, req.game, req.cells, req.position) == ("verdict", "eight-off", 8, d.g.position())
    assert req.ask.nodes == BUDGETS["verdict"]
    w.run()
    assert verdict(d) == VERDICTS[game.solve(d.g, BUDGETS["verdict"]).status]
    d.check_all()


def test_a_late_answer_is_never_applied_to_another_position():
    g = game.new_game(EO4_DEAL)
    d, w = with_worker(str(EO4_DEAL), settings=SHOW, budgets=FULL)
    w.start()
    first = w.requests()[-1]
    # The player loses the game before the worker answers the first position.
    src, dst = KILLER.split("-")
    d.drag(src, len(g.pile(src)) - 1, dst)
    g.play(KILLER)
    assert CANCEL_TEXT in w.posted  # the page told the worker to stop
    second = w.requests()[-1]
    assert second.position == g.position() != first.position
    # A forged answer for the new request's id about the old position is refused too.
    w.deliver(Answer(second.id, "verdict", first.position, "winnable", (), 1).text())
    assert verdict(d) == "thinking"
    # The old answer arrives late: not shown, but remembered for its own position.
    w.deliver(Answer(first.id, "verdict", first.position, "winnable", (), 5).text())
    assert verdict(d) == "thinking"
    assert d.page.assist.known(first.position).status == "winnable"
    w.inbox.clear()
    w.searcher.receive(second.text())
    w.run()
    assert verdict(d) == "no"
    assert d.notice() != "lost-win"  # the first verdict was never shown: nothing was lost
    d.button("undo")  # the first position: its verdict is known at once
    assert verdict(d) == "yes"
    d.check_all()


def test_hint_from_the_worker_marks_a_legal_move_and_a_stale_one_is_dropped():
    code = str(game.DealCode("easy-harp", 0, 4))
    d, w = with_worker(code)
    w.start()
    w.run()
    g = game.new_game(code)
    d.button("hint")
    assert marks(d) == []  # asked of the worker
    assert d.notice() == "hint" and notice_text(d) == "Looking for a hint…"  # a helper waited 2-3 s, told nothing
    [req] = [r for r in w.requests() if r.ask.kind == "hint"]
    assert req.position == g.position() and req.ask.nodes == assist_mod.worker_hint_nodes(g) == 3_000
    w.run()
    move = hinted_move(d, g)
    assert notice_text(d).startswith("Hint: ")
    assert g.check(move) is None
    assert str(move) == str(g.normalise(game.load_position(g.position(), "easy-harp").hint(req.ask.nodes)))
    assert not d.page.assist.slicer.busy
    # Asked again, then the player draws before the answer: it is not shown.
    d.button("hint")
    d.tap("s", len(d.g.pile("s")) - 1)
    w.run()
    assert marks(d) == []
    d.check_all()


def test_finish_for_me_plays_the_workers_line_to_a_win():
    d, w = with_worker(EO8, budgets=FULL)
    w.start()
    w.run()
    d.button("solve")
    assert d.dialog_open() is None  # searching beside the page
    assert [r.ask.kind for r in w.requests()][-1] == "solve"
    w.run()
    d.br.advance(50)
    assert d.dialog_open() == "dlg-confirm"
    d.button("confirm")
    run_until(d, lambda: d.dialog_open() == "dlg-win", step=500)
    assert d.g.is_won and d.page.assist.assisted(d.g)
    d.check_all()


@pytest.mark.parametrize("how", ["error-event", "failed-message", "answers-error", "never-ready"])
def test_a_failing_worker_leaves_the_page_to_its_slices(how):
    d, w = with_worker(EO8, settings=SHOW)
    if how == "never-ready":
        d.br.advance(assist_mod.WORKER_START_MS + 1)
    else:
        w.start()
        [req] = w.requests()
        if how == "error-event":
            w.on_error("boom")
        elif how == "failed-message":
            w.deliver(json.dumps({"type": "failed", "error": "no memory"}))
        else:
            w.deliver(json.dumps({"type": "error", "id": req.id, "error": "RuntimeError: bug"}))
    assert w.closed and d.page.assist.beside is None
    run_until(d, lambda: verdict(d) != "thinking")
    assert verdict(d) == "yes"
    # Later searches and hints run here; the closed worker is never posted to again.
    d.button("hint")
    assert marks(d)
    ask_to_finish(d)


def test_unreadable_messages_from_the_worker_change_nothing():
    d, w = with_worker(EO8, settings=SHOW)
    w.start()
    for text in ["", "{", json.dumps({"type": "answer"}), json.dumps([1, 2])]:
        w.deliver(text)
    assert verdict(d) == "thinking" and not w.closed and d.page.assist.beside is not None
    w.run()
    assert verdict(d) == "yes"


def test_the_stuck_test_runs_in_the_worker_and_the_notice_comes():
    g = game.load_position(STUCK_POSITION, game="easy-harp")
    d, w = with_worker("", settings=SHOW, store=FakeStore({"solitaire.game": g.to_save()}),
                       budgets={**BUDGETS, "stuck": STUCK_NODES})
    w.start()
    for _ in range(3):  # the verdict, then the stuck test it asks for
        w.run()
    assert d.notice() == "stuck" and verdict(d) == "no"
    stuck = [r for r in w.requests() if r.ask.kind == "stuck"]
    assert [(r.ask.mode, r.ask.goal, r.ask.nodes, r.position) for r in stuck] \
        == [("complete", "progress", STUCK_NODES, g.position())]
    assert not d.page.assist.slicer.busy  # nothing searched on the page's thread


def test_a_hint_before_the_worker_is_ready_is_answered_at_once():
    d, w = with_worker(EO8)
    d.button("hint")
    assert marks(d) and w.posted == []
    g = game.new_game(EO8)
    assert g.check(hinted_move(d, g)) is None


def test_the_worker_pauses_while_the_player_acts():
    d, w = with_worker(EO8, settings=SHOW)
    w.start()
    d.tap("t1", len(d.g.pile("t1")) - 1)
    pauses = [m for m in map(read_message, w.posted) if isinstance(m, Pause)]
    assert pauses == [Pause(assist_mod.INPUT_PAUSE_MS)]
    # The worker's Searcher then waits that long before its next slice.
    clock = [0.0]
    sent: list[str] = []
    s = Searcher(sent.append, clock=lambda: clock[0])
    s.receive(w.requests()[-1].text())
    s.receive(pauses[0].text())
    assert s.wait_ms() == assist_mod.INPUT_PAUSE_MS
    s.step()
    assert s.slicer.busy and sent == []  # nothing searched during the pause
    clock[0] += assist_mod.INPUT_PAUSE_MS / 1000
    assert s.wait_ms() == 0
    while s.busy:
        s.step()
    assert isinstance(read_message(sent[-1]), Answer)


# ----- when the worker starts (lazy_: the page's own rule) ------------------------------


def lazy_page(code: str, monkeypatch: pytest.MonkeyPatch, ready_soon: bool = False,
              **kw: Any) -> tuple[Driver, list[FakeWorker]]:
    """A page with the page's own rule for starting the worker; the workers it made
    (each says it is ready in the next task, with ``ready_soon``)."""
    monkeypatch.setattr(assist_mod, "WORKER_AT_START", False)
    made: list[FakeWorker] = []

    def start(br: Any, url: str, on_message: Callable[[str], None],
              on_error: Callable[[str], None]) -> FakeWorker:
        made.append(FakeWorker(br, on_message, on_error))
        if ready_soon:
            br.set_timeout(made[-1].start, 0)
        return made[-1]

    return Driver(code, worker=start, **kw), made


def test_lazy_searches_that_end_quickly_start_no_worker(monkeypatch):
    """The indicator of a deal decided in a few slices, and play: no second interpreter."""
    d, made = lazy_page(EO8, monkeypatch, settings=SHOW)
    run_until(d, lambda: verdict(d) == "yes")
    assert made == []


def test_lazy_a_long_search_starts_the_worker_which_takes_it_over(monkeypatch):
    """A verdict still searched after ``WORKER_AFTER_SLICES`` slices starts the worker;
    once it is ready, the search goes on there (the slices stop) and its answer is
    shown."""
    monkeypatch.setattr(assist_mod, "WORKER_AFTER_SLICES", 3)
    real = assist_mod.make_search

    class Long:
        """The real search, answering only from its 10th step on: a long one."""

        def __init__(self, ask: Ask, source: Any) -> None:
            self.search, self.steps = real(ask, source), 0

        def step(self, nodes: int = 1000) -> game.Solution | None:
            self.steps += 1
            return self.search.step(nodes) if self.steps >= 10 else None

    monkeypatch.setattr(assist_mod, "make_search", Long)
    # Each step takes 5 ms of the slicer's clock: a slice holds two or three steps.
    ticks = itertools.count()
    monkeypatch.setattr(assist_mod, "Slicer",
                        lambda clock: Slicer(clock=lambda: next(ticks) * 0.005))
    g = game.new_game(EO4_DEAL)
    g.play(KILLER)  # a lost position
    store = FakeStore({"solitaire.game": g.to_save()})
    d, made = lazy_page("", monkeypatch, ready_soon=True, store=store, settings=SHOW,
                        budgets=FULL)
    run_until(d, lambda: bool(made) or verdict(d) != "thinking", step=1)
    assert len(made) == 1, "a long search started the worker"
    slicer = d.page.assist.slicer
    assert verdict(d) == "thinking" and not slicer.busy, "the worker took the search over"
    (w,) = made
    (req,) = w.requests()
    assert req.ask.kind == "verdict" and req.position == g.position()
    w.run()
    assert verdict(d) == "no"


def test_lazy_a_hint_starts_the_worker_and_is_found_at_once(monkeypatch):
    d, made = lazy_page(EO8, monkeypatch)
    assert made == []
    d.button("hint")
    assert marks(d), "the first hint is found on the page, at once"
    assert len(made) == 1
    d.button("hint")
    assert len(made) == 1, "one worker a page"


def test_the_worker_hints_a_table_move_when_the_known_line_starts_by_drawing(monkeypatch):
    # issue 24.4: the known line of deal 46 starts with 30 stock taps; the worker's
    # hint is a table move that still wins (here the line's own t5-t1 played first),
    # and a known line led by a table move gives that move unchanged
    from game.solver import eh_line
    from game.ui.slicer import LINE_HINT_NODES

    g = game.new_game("EH1-N-AAAAABU")
    with monkeypatch.context() as mp:
        mp.setattr(eh_line, "lead", lambda st, line, avoid=frozenset(): line)
        drawn = game.solve(g, max_nodes=20_000, mode="fast")
    assert drawn.moves[0] == "s"
    sent: list[str] = []
    s = Searcher(sent.append)
    pos = g.position()
    s.slicer.remember(pos, drawn)
    s.receive(Request(7, Ask("hint", LINE_HINT_NODES), "easy-harp", 0, pos).text())
    ans = read_message(sent[-1])
    assert isinstance(ans, Answer) and ans.id == 7 and ans.kind == "hint"
    [move] = ans.moves
    assert move != "s" and g.check(move) is None
    g.play(move)
    assert game.solve(g, max_nodes=20_000, mode="fast").status == "winnable"
    led = game.solve(game.new_game("EH1-N-AAAAABU"), max_nodes=20_000, mode="fast")
    s.slicer.remember(pos, led)
    s.receive(Request(8, Ask("hint", LINE_HINT_NODES), "easy-harp", 0, pos).text())
    assert read_message(sent[-1]).moves == (str(game.new_game("EH1-N-AAAAABU").normalise(led.moves[0])),)


def test_a_known_line_that_starts_by_drawing_asks_the_worker_for_a_table_move(monkeypatch):
    # issue 24.4 through the page: with a known line led by a tap, Hint is asked of the
    # worker with LINE_HINT_NODES, and the move it marks is a legal table move; with a
    # known line led by a table move, the page answers at once from the line
    from game.solver import eh_line
    from game.ui.slicer import LINE_HINT_NODES

    code = "EH1-N-AAAAABU"
    d, w = with_worker(code)
    w.start()
    w.run()
    g = game.new_game(code)
    with monkeypatch.context() as mp:
        mp.setattr(eh_line, "lead", lambda st, line, avoid=frozenset(): line)
        drawn = game.solve(g, max_nodes=20_000, mode="fast")
    assert drawn.moves[0] == "s"
    d.page.assist.slicer.remember(g.position(), drawn)
    d.button("hint")
    assert marks(d) == []  # asked of the worker
    [req] = [r for r in w.requests() if r.ask.kind == "hint"]
    assert req.ask.nodes == LINE_HINT_NODES and req.position == g.position()
    w.run()
    move = hinted_move(d, g)
    assert move.src != "s" and g.check(move) is None
    led = game.solve(g, max_nodes=20_000, mode="fast")
    assert led.moves[0] != "s"
    d.page.assist.slicer.remember(g.position(), led)
    asked = len(w.requests())
    d.button("hint")
    assert len(w.requests()) == asked and str(hinted_move(d, g)) == str(g.normalise(led.moves[0]))


def test_a_line_found_by_the_hint_or_left_by_a_stopped_finish_is_not_searched_again():
    # issue 24 points 2 and 5: the hint's search found a winning line (Eight Off deal 1
    # within the hint's budget): the worker sends it with the hint, and Finish for me asks
    # at once, with no search asked; the hinted move played, the line follows; a finish
    # stopped midway, pressed again, asks at once for the rest of its line
    d, w = with_worker(EO8, budgets=FULL)
    w.start()
    w.run()
    g = game.new_game(EO8)
    d.button("hint")
    w.run()
    move = hinted_move(d, g)
    known = d.page.assist.known(g.position())
    assert known is not None and known.status == "winnable" and str(g.normalise(known.moves[0])) == str(move)

    def searches() -> int:
        return sum(r.ask.kind != "hint" for r in w.requests())

    asked = searches()
    ask_to_finish(d)  # at once: the worker's answer not run
    assert searches() == asked
    d.button("cancel")
    d.drag(move.src, len(g.pile(move.src)) - (move.count or 1), move.dst)
    g.play(move)
    assert d.g.position() == g.position()
    assert d.page.assist.known(g.position()).moves == known.moves[1:]
    ask_to_finish(d)
    assert searches() == asked
    d.button("confirm")
    run_until(d, lambda: d.page.finished >= 8)
    d.button("solve")  # stop
    assert not d.page.finishing and d.notice() == "solve-stopped"
    ask_to_finish(d)
    assert searches() == asked, "the rest of the stopped line is known"
    d.button("confirm")
    run_until(d, lambda: d.dialog_open() == "dlg-win", step=500)
    assert d.g.is_won
    d.check_all()


def notice_button(d: Driver) -> str | None:
    b = d.q('[data-role="notice"] [data-action="notice-action"]')
    return None if b.hidden else b.textContent


@pytest.mark.parametrize("how", ["notice", "button", "escape", "table", "hint"])
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_finish_for_me_can_be_stopped_while_it_searches(how, lang):
    # Trial 50: "Looking for a way to finish…" for 75.6 s, the button not turned into
    # Stop and no Stop on the notice. While the worker searches, the button is pressed
    # and says Stop, the notice has a Stop, and each way of stopping abandons the search
    # (the worker is told), says so, and no question comes when its answer would.
    texts = catalog(lang)
    d, w = with_worker(EO8, budgets=FULL, settings={**SHOW, "language": lang})
    w.start()  # the indicator's search is asked, not yet run: replaced by Finish for me's
    d.button("solve")
    assert d.page.seeking == d.g.position() and d.notice() == "solving"
    assert notice_text(d) == texts["solve.thinking"]
    assert notice_button(d) == texts["action.solve-stop"]
    b = d.q("[data-action='solve']")
    assert b.attrs["aria-pressed"] == "true" and b.attrs["aria-label"] == texts["action.solve-stop"]
    d.check_all()
    solve = w.requests()[-1]
    assert solve.ask.kind == "solve"
    posted = len(w.posted)
    if how == "notice":
        d.button("notice-action")
    elif how == "button":
        d.button("solve")
    elif how == "escape":
        d.key("Escape", on_table=False)
    elif how == "table":  # a press on the felt (no card there)
        x, y, _w, h = d.box(d.q("#table"))
        d.br.pointer("pointerdown", x + 4, y + h - 4)
        d.br.advance(40)
        d.br.pointer("pointerup", x + 4, y + h - 4)
    else:
        d.button("hint")
    assert d.page.seeking == "" and d.q("[data-action='solve']").attrs["aria-pressed"] == "false"
    assert CANCEL_TEXT in w.posted[posted:], "the worker is told to stop"
    if how == "hint":
        assert d.notice() == "hint"
    else:
        assert d.notice() == "solve-stopped" and notice_text(d) == texts["solve.stopped"]
        assert texts["solve.stopped"] in d.q("[data-role=announcer]").textContent
    # the indicator asks again (the search of Finish for me had replaced its own)
    assert [r.ask.kind for r in w.requests()[-2:]].count("verdict") == 1
    w.run()
    d.br.advance(2000)
    assert d.dialog_open() is None and d.page.finishing == [] and d.g.move_count == 0
    assert verdict(d) == "yes"
    d.check_all()
    # pressed again, it searches again and asks (the verdict's line is known: at once)
    ask_to_finish(d, lang)
    d.button("cancel")
    d.check_all()


def test_a_search_of_finish_for_me_ends_with_its_answer_and_the_button_back():
    # No line found in time: said, and the button is Finish for me again.
    d, w = with_worker(EO8, budgets={**FULL, "solve": 30})
    w.start()
    d.button("solve")
    assert d.page.seeking
    w.run()
    assert d.page.seeking == "" and d.notice() == "solve-none"
    assert d.q("[data-action='solve']").attrs["aria-pressed"] == "false"
    d.check_all()


def play_on(d: Driver, mv: game.Move) -> None:
    """Play ``mv`` as a player would: a tap on the stock, else a drag of its cards."""
    if mv.src == "s":
        d.tap("s", max(0, len(d.g.pile("s")) - 1))
    else:
        d.drag(mv.src, len(d.g.pile(mv.src)) - (mv.count or 1), mv.dst)


def test_hints_never_send_the_player_back_where_they_came_from():
    # a tester saw 9♠ hinted t4-t7, then t7-t4, then back, for ever (EH1-N-AAAAABC,
    # "Can be won" all the while). Here the player moved 9♠ t7-t4 and the line the page
    # knows for the position begins with t4-t7, the move back: Hint is asked of the
    # worker with the game's way there and that line, and marks another move; then
    # eight hints followed one after another never lead back to a position of the game
    from game.solver import past_keys
    from game.solver.adapter import read_state

    code = "EH1-N-AAAAABC"
    d, w = with_worker(code)
    w.start()
    w.run()
    for text in "t9-t1:1 t8-t7:1 t8-t4:1 s w-t4:1".split():
        play_on(d, d.g.normalise(text))
        w.run()
    back = game.solve(d.g, max_nodes=20_000, mode="fast").moves
    play_on(d, d.g.normalise("t7-t4"))
    w.run()
    line = ("t4-t7", *back)
    d.page.assist.slicer.remember(d.g.position(), game.Solution("winnable", line, 1))
    d.button("hint")
    [req] = [r for r in w.requests() if r.ask.kind == "hint"]
    assert req.line == line and len(req.trail) == 6 and req.position == d.g.position()
    w.run()
    move = hinted_move(d, d.g)
    assert str(move) != "t4-t7:1" and d.g.check(move) is None
    known = d.page.assist.known(d.g.position())
    assert known is not None and d.g.normalise(known.moves[0]) == move  # the line it came with
    for _ in range(8):
        before = past_keys(d.g) | {read_state(d.g).key()}
        play_on(d, move)
        w.run()
        assert move.src == "s" or read_state(d.g).key() not in before, move
        d.button("hint")
        w.run()
        move = hinted_move(d, d.g)


def test_an_unknown_verdict_is_searched_again_beside_the_page():
    # a helper's trial (6 December): "Win unsure" after 25 s of "Checking" on deal
    # EH1-N-AAAAAAU, then Finish for me found a win. The worker now searches such a
    # position again with Finish for me's budget ("still checking"), then answers; Finish
    # for me then starts at once, and the position is not searched a third time
    from pagedriver import catalog

    d, w = with_worker("EH1-N-AAAAAAB", settings=SHOW, budgets={**FULL, "verdict": 50})
    w.start()
    w.run_until_asked("recheck")  # the verdict (unknown at 50 positions), the stuck test
    kinds = [r.ask.kind for r in w.requests()]
    assert kinds == ["verdict", "stuck", "recheck"] and w.requests()[-1].ask.nodes == FULL["solve"], kinds
    words = d.q("[data-status='winnable']")
    assert verdict(d) == "unknown" and words.textContent == catalog("en")["winnable.rechecking"]
    assert words.attrs.get("data-more") == "1"
    d.check_all()
    w.searcher.receive(w.inbox.pop(0))
    job = w.searcher.slicer.job
    assert job is not None and job.kind == "recheck" and job.search.again  # other dives (game.Search)
    w.run()
    assert verdict(d) == "yes" and words.textContent == catalog("en")["winnable.yes"] and "data-more" not in words.attrs
    d.button("solve")
    assert d.dialog_open() == "dlg-confirm"  # the recheck's line: nothing searched again
    assert [r.ask.kind for r in w.requests()].count("solve") == 0
    d.button("cancel")
    d.button("hint")
    w.run()
    play_on(d, hinted_move(d, d.g))
    w.run()
    d.button("undo")
    w.run()
    assert verdict(d) == "yes" and [r.ask.kind for r in w.requests()].count("recheck") == 1
    d.check_all()


def test_an_unsure_verdict_searched_to_the_end_is_kept_across_a_reload():
    # Trial 50: "Win unsure" after the search again, then a reload searched 72 s more to
    # say "unsure" again. The search is deterministic: an "unknown" at the largest
    # budget is kept, shown at once after a reload, not searched again, and Finish for
    # me says at once that no way to finish was found. An "unknown" at the indicator's
    # own budget is not kept (it is searched again with the larger one).
    from game.ui.helping import KEY_VERDICT

    budgets = {**FULL, "verdict": 50, "solve": 300}
    d, w = with_worker("EH1-N-AAAAAAB", settings=SHOW, budgets=budgets)
    w.start()
    w.run_until_asked("recheck")  # the verdict's own unknown, not kept
    assert verdict(d) == "unknown" and "unknown" not in d.br.store.data.get(KEY_VERDICT, "")
    w.run()
    words = d.q("[data-status='winnable']")
    assert verdict(d) == "unknown" and "data-more" not in words.attrs
    assert json.loads(d.br.store.data[KEY_VERDICT])["kept"][-1][1] == "unknown"
    store = FakeStore()
    store.data.update(d.br.store.data)
    again, w2 = with_worker("", store=store, settings=SHOW, budgets=budgets)
    assert again.g.position() == d.g.position()
    words = again.q("[data-status='winnable']")
    assert verdict(again) == "unknown" and words.textContent == catalog("en")["winnable.unknown"]
    w2.start()
    w2.run()
    kinds = [r.ask.kind for r in w2.requests()]
    assert not {"verdict", "recheck"} & set(kinds), kinds
    assert verdict(again) == "unknown" and "data-more" not in words.attrs
    again.button("solve")
    assert again.notice() == "solve-none" and notice_text(again) == catalog("en")["solve.unknown"]
    assert "solve" not in [r.ask.kind for r in w2.requests()] and not again.page.seeking
    # a move: the next position is searched as before
    again.drag("t6", 5, "t5")
    assert w2.requests()[-1].ask.kind == "verdict"
    again.check_all()


def test_a_recheck_cut_short_runs_again_when_its_position_comes_back():
    # Trial 48: a move reached "Win unsure, still checking…", Undo, Redo: a plain "Win
    # unsure" at once, never checked again (the search again had been cancelled by the
    # Undo, yet counted as done). Here the start is that position: its recheck is cut
    # short by a move, and asked again when an Undo brings the start back.
    from pagedriver import catalog

    d, w = with_worker("EH1-N-AAAAAAB", settings=SHOW, budgets={**FULL, "verdict": 50})
    start = d.g.position()
    w.start()

    def until_recheck_of(key: str) -> None:
        for _ in range(10_000):
            while w.inbox:
                w.searcher.receive(w.inbox.pop(0))
            if w.requests() and w.requests()[-1].ask.kind == "recheck" and w.requests()[-1].position == key:
                return
            w.searcher.step()
            while w.outbox:
                w.deliver(w.outbox.pop(0))
        raise AssertionError("no recheck asked")

    until_recheck_of(start)
    words = d.q("[data-status='winnable']")
    assert words.textContent == catalog("en")["winnable.rechecking"]
    d.drag("t6", 5, "t5")  # cuts the recheck short
    assert d.g.position() != start
    def rechecks() -> int:
        return sum(r.ask.kind == "recheck" and r.position == start for r in w.requests())

    asked = rechecks()
    d.button("undo")
    assert d.g.position() == start
    until_recheck_of(start)
    assert rechecks() == asked + 1  # asked again, not taken as done
    assert verdict(d) == "unknown" and words.textContent == catalog("en")["winnable.rechecking"]
    w.run()
    assert verdict(d) == "yes" and "data-more" not in words.attrs
    d.check_all()


def test_no_recheck_without_the_worker_nor_after_a_decided_verdict():
    d = Driver("EH1-N-AAAAAAB", settings=SHOW, budgets={**FULL, "verdict": 50})  # no worker: slices
    d.drag("t6", 5, "t5")
    run_until(d, lambda: verdict(d) != "thinking")
    d.br.advance(5_000)
    assert verdict(d) == "unknown" and not d.page.assist.slicer.busy  # the page's thread is not spent
    d2, w = with_worker(EO8, settings=SHOW)
    w.start()
    w.run()
    assert verdict(d2) == "yes" and "recheck" not in [r.ask.kind for r in w.requests()]

"""The interaction conformance suite (issue 23 point 2): a Hypothesis state machine
drives the real page under CPython (``pagedriver.Driver`` over the fake browser) with
random sequences of taps at any spacing, double taps, drags, keys, undo and redo,
dialogs, language switches and Finish for me started and stopped, in both games and
every variant, and checks after every step (``Driver.check_all``):

- the table shown equals the game's position (every card's pile, index, face, place);
- the marks are the selection's, and a tap on any pile marked as a target places the
  selection there (empty cells and columns included);
- a tap on a top card with a foundation move moves it, however soon after a tap on
  another card; a double tap is two taps on the same card, nothing else;
- every text on screen is in the current language;
- no notice outlives its cause;
- Finish for me, once stopped, stays stopped; starting it again asks first;
- nothing the player did is lost: the saved game replays to the position shown.
"""

from __future__ import annotations

import hypothesis.strategies as st
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from pagedriver import DESKTOP, LANDSCAPE, PHONE, Driver

import game

VARIANTS = [("easy-harp", 0), ("eight-off", 8), ("eight-off", 4), ("eight-off", 2)]
GAPS = st.sampled_from([0, 40, 100, 150, 250, 400, 1200])
LANGS = ["en", "ro", "ar", "id"]
KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "Escape", "i", "t"]


class PagePlay(RuleBasedStateMachine):
    """One page, played at random."""

    d: Driver

    @initialize(variant=st.sampled_from(VARIANTS), number=st.integers(1, 2000),
                viewport=st.sampled_from([PHONE, DESKTOP, LANDSCAPE]),
                lang=st.sampled_from(LANGS), verdict=st.booleans(),
                interactive=st.booleans(), seed=st.integers(0, 2**16))
    def start(self, variant, number, viewport, lang, verdict, interactive, seed):
        code = str(game.DealCode(variant[0], variant[1], number))
        self.d = Driver(code, viewport=viewport, seed=seed, settings={
            "language": lang, "show_winnable": verdict, "interactive": interactive})
        self.stopped_at: str | None = None  # position when Finish for me was stopped

    # ----- helpers -----------------------------------------------------------------

    def spots(self, faced_up: bool = True) -> list[tuple[str, int]]:
        """Cards a player can see and press: every face-up card of a column, the top of
        any other pile; and every empty pile itself."""
        g = self.d.g
        out = []
        for pid in g.pile_ids():
            cards = g.pile(pid)
            if not cards:
                out.append((pid, 0))
            elif pid[0] == "t":
                out += [(pid, i) for i, c in enumerate(cards) if c.up or not faced_up]
            else:
                out.append((pid, len(cards) - 1))
        return out

    def position(self) -> str:
        return self.d.g.position()

    def finishing(self) -> bool:
        return bool(self.d.page.finishing)

    def no_dialog(self) -> bool:
        return self.d.dialog_open() is None

    # ----- the table ---------------------------------------------------------------

    @precondition(lambda self: self.no_dialog())
    @rule(data=st.data(), gap=GAPS, touch=st.booleans())
    def tap(self, data, gap, touch):
        pile, index = data.draw(st.sampled_from(self.spots()))
        self.d.tap(pile, index, gap=gap, touch=touch)

    @precondition(lambda self: self.no_dialog() and not self.finishing() and bool(self.d.targets())
                  and self.d.page.selection.get(self.d.g) is not None)
    @rule(data=st.data(), gap=GAPS)
    def tap_a_target(self, data, gap):
        """A pile marked as a target takes the selection when tapped."""
        g = self.d.g
        picked = g and self.d.page.selection.get(g)
        assert picked is not None
        dst = data.draw(st.sampled_from(self.d.targets()))
        twin = game.load_save(g.to_save())
        twin.play(twin.drop_move(picked.pile, picked.index, dst))
        self.d.tap(dst, len(g.pile(dst)) if dst[0] != "t" or not g.pile(dst) else len(g.pile(dst)) - 1,
                   gap=gap)
        assert self.d.g.position() == twin.position()

    @precondition(lambda self: self.no_dialog() and not self.finishing()
                  and self.d.page.selection.get(self.d.g) is None)
    @rule(data=st.data(), gap=st.sampled_from([0, 50, 100, 150]))
    def quick_tap_up(self, data, gap):
        """A top card with a foundation move goes up, however soon after another tap."""
        g = self.d.g
        ups = [p for p in g.pile_ids() if p[0] in "tcw" and g.pile(p)
               and (m := g.tap_move(p, -1)) is not None and m.dst is not None
               and m.dst.startswith("f")]
        if not ups:
            return
        pile = data.draw(st.sampled_from(ups))
        card = g.pile(pile)[-1].card.id
        self.d.tap(pile, len(g.pile(pile)) - 1, gap=gap)
        g = self.d.g
        assert any(c.card.id == card for f in g.pile_ids() if f[0] == "f" for c in g.pile(f))

    @precondition(lambda self: self.no_dialog() and not self.finishing())
    @rule(data=st.data())
    def double_tap(self, data):
        """A double tap on a card a single tap does not move: its SPEC §6 move, once
        (with "Double click" off: two taps, a selection made and cleared)."""
        g = self.d.g
        spots = [(p, i) for p, i in self.spots() if i < len(g.pile(p))
                 and g.tap_move(p, i) is None and p != "s"]
        if not spots:
            return
        pile, index = data.draw(st.sampled_from(spots))
        self.d.page.selection.clear()
        self.d.page.table.clear_marks()
        twin = game.load_save(g.to_save())
        move = twin.double_tap_move(pile, index) if self.d.page.settings.double_click else None
        if move is not None:
            twin.play(move)
        self.d.double_tap(pile, index)
        assert self.d.g.position() == twin.position()

    @precondition(lambda self: self.no_dialog() and not self.finishing())
    @rule(data=st.data())
    def drag(self, data):
        g = self.d.g
        spots = [(p, i) for p, i in self.spots() if i < len(g.pile(p)) and p != "s"
                 and g.pickup_refusal(p, i) is None]
        if not spots:
            return
        pile, index = data.draw(st.sampled_from(spots))
        dst = data.draw(st.sampled_from([p for p in g.pile_ids() if p != pile]))
        twin = game.load_save(g.to_save())
        try:
            twin.play(twin.drop_move(pile, index, dst))
        except game.IllegalMove:
            pass
        self.d.drag(pile, index, dst)
        assert self.d.g.position() == twin.position()

    @precondition(lambda self: self.no_dialog())
    @rule(key=st.sampled_from(KEYS), shift=st.booleans())
    def table_key(self, key, shift):
        self.d.key(key, shift=shift and key == "Enter")

    @precondition(lambda self: self.no_dialog())
    @rule(how=st.sampled_from(["ctrl-z", "ctrl-y", "undo", "redo"]))
    def undo_redo(self, how):
        if how.startswith("ctrl"):
            self.d.key(how[-1], ctrl=True, on_table=False)
        elif not self.d.q(f'[data-action="{how}"]').disabled:
            self.d.button(how)

    @rule(ms=st.sampled_from([50, 300, 1000, 5000, 9000]))
    def wait(self, ms):
        self.d.br.advance(ms)

    # ----- dialogs, settings, language ---------------------------------------------------

    @precondition(lambda self: self.no_dialog())
    @rule(key=st.sampled_from(["n", "N"]))
    def new_game_key(self, key):
        self.d.key(key, shift=key == "N", on_table=False)
        assert (self.d.dialog_open() == "dlg-new") == (key == "n")

    @precondition(lambda self: self.d.dialog_open() == "dlg-new")
    @rule(choice=st.sampled_from(["deal-random", "deal-same", "deal-daily", "close-dialog"]))
    def new_game_choice(self, choice):
        if choice == "deal-same" and self.d.q('[data-action="deal-same"]').disabled:
            choice = "close-dialog"
        self.d.button(choice)

    @precondition(lambda self: self.d.dialog_open() == "dlg-confirm")
    @rule(answer=st.sampled_from(["confirm", "cancel", "escape"]))
    def answer(self, answer):
        before = self.position()
        if answer == "escape":
            self.d.key("Escape")
        else:
            self.d.button(answer)
        if answer != "confirm":
            assert self.position() == before  # "cancel" keeps everything as it was

    @precondition(lambda self: self.no_dialog())
    @rule(lang=st.sampled_from(LANGS))
    def language(self, lang):
        self.d.set_setting("language", lang)
        assert self.d.page.texts.lang == lang

    @precondition(lambda self: self.no_dialog())
    @rule(name=st.sampled_from(["show_winnable", "interactive", "double_click", "show_clock"]),
          on=st.booleans())
    def switch(self, name, on):
        self.d.set_setting(name, on)

    @precondition(lambda self: self.no_dialog())
    @rule()
    def hint(self):
        self.d.button("hint")
        assert self.d.notice() == "hint"

    # ----- Finish for me --------------------------------------------------------------

    @precondition(lambda self: self.no_dialog() and not self.finishing())
    @rule()
    def finish(self):
        """Pressed: it searches, then asks first (every time), playing nothing before."""
        before = self.position()
        self.d.button("solve")
        self.d.br.advance(20)
        assert self.position() == before
        assert self.d.dialog_open() == "dlg-confirm" or self.d.notice() in (
            "solve-none", "solving") or self.d.g.is_won

    @precondition(lambda self: self.finishing())
    @rule(how=st.sampled_from(["button", "escape", "tap", "undo"]))
    def stop(self, how):
        """Stopped by the button, a key, a tap or an undo: it stays stopped."""
        if how == "button":
            self.d.button("solve")
        elif how == "escape":
            self.d.key("Escape", on_table=False)
        elif how == "tap":
            self.d.br.pointer("pointerdown", 2, 2, target=self.d.doc.body)
            self.d.br.pointer("pointerup", 2, 2, target=self.d.doc.body)
        else:
            self.d.key("z", ctrl=True, on_table=False)
        assert not self.finishing()
        self.stopped_at = self.position()
        self.d.br.advance(4000)
        assert self.position() == self.stopped_at

    # ----- after every step ------------------------------------------------------------

    @invariant()
    def shows_the_game(self):
        if hasattr(self, "d"):
            self.d.check_all()


class PagePlayToo(PagePlay):
    """The same machine run as a second test, with the other half of the examples: the
    two halves are two units of work that the two test processes of ``make test``
    (pytest-xdist, ``--dist loadgroup``) run side by side; one test of all 30 examples
    (~3 minutes on a loaded 2-core machine) kept one process busy alone at the end
    (issue 23 point 6). Together: 30 examples of 30 steps, as before."""


#: 15 + 15 examples (``PagePlay`` and ``PagePlayToo``) of up to 30 steps each.
HALF = settings(max_examples=15, stateful_step_count=30, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PagePlay.TestCase.settings = HALF
PagePlayToo.TestCase.settings = HALF
test_page_play = PagePlay.TestCase
test_page_play_too = PagePlayToo.TestCase

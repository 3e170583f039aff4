"""Drive the page under CPython as a player would (issue 23 point 2): the real
``game.ui.page.Page`` over the fake browser (``fakebrowser.py``), with taps, double taps,
drags and keys dispatched as DOM events at points of the table, and checks of what the
page shows against the rules package.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from fakebrowser import CATALOGS, FakeBrowser, FakeStore
from fakedom import TRANSLATE, Element

import game
from game.ui import viewmodel
from game.ui.notices import LIFETIMES, PASSING
from game.ui.page import Page

WELCOMED = json.dumps(["easy-harp", "eight-off"])
PHONE, DESKTOP, LANDSCAPE = (360, 640), (1366, 768), (740, 360)
#: Small solver budgets: the searches run whole in one timer task under the fake clock.
BUDGETS = {"verdict": 250, "solve": 1200, "stuck": 120}


class Driver:
    """One page under test."""

    def __init__(self, code: str = "EO1-C8-AAAAAFA", *, viewport: tuple[int, int] = DESKTOP,
                 settings: dict[str, Any] | None = None, store: FakeStore | None = None,
                 welcomed: bool = True, languages: list[str] | None = None,
                 seed: int = 1, link: str | None = None,
                 budgets: dict[str, int] | None = None, epoch: int | None = None,
                 worker: Any = None, extra: dict[str, str] | None = None) -> None:
        """``code``: the ``?deal=`` of the address ("" for none); ``link``: that value
        exactly as the address holds it, even empty (for links that are refused);
        ``extra``: the address's other parameters (``{"welcome": "1"}``);
        ``epoch``: ``Date.now()`` at the fake clock's 0 (the fake browser's by default);
        ``worker``: what starts the solver's worker (``FakeBrowser.worker``; None: the
        page searches in slices)."""
        store = store or FakeStore()
        if welcomed:
            store.data.setdefault("solitaire.welcome", WELCOMED)
        if settings:
            base = json.loads(game_settings_default())
            base.update(settings)
            store.data["solitaire.settings"] = json.dumps(base)
        params = {"deal": code} if code else {}
        if link is not None:
            params = {"deal": link}
        address = {**params, **(extra or {})}
        self.br = FakeBrowser(viewport, store=store, languages=languages, seed=seed,
                              params=address, **({} if epoch is None else {"epoch": epoch}))
        self.br.worker = worker
        self.page = Page(self.br)  # type: ignore[arg-type]
        self.page.budgets = dict(budgets or BUDGETS)
        self.log: list[tuple[str, str, float]] = []  # (what, kind, time): notices and actions
        self._instrument()
        self.br.run_async(self.page.start())
        self.br.advance(0)  # the solver's import, then the first searches
        self.last_tap = -10_000.0

    def _instrument(self) -> None:
        notices, page, log, br = self.page.notices, self.page, self.log, self.br
        notify, after = notices.notify, page.after_action

        def logged_notify(kind: str, *a: Any, **k: Any) -> str:
            log.append(("notify", kind, br.clock))
            return notify(kind, *a, **k)

        def logged_after(*a: Any, **k: Any) -> None:
            log.append(("action", "", br.clock))
            after(*a, **k)

        notices.notify = logged_notify  # type: ignore[method-assign]
        page.after_action = logged_after  # type: ignore[method-assign]

    # ----- what is on screen ------------------------------------------------------------

    @property
    def g(self) -> game.Game:
        return self.page.g

    @property
    def doc(self) -> Any:
        return self.br.document

    def q(self, selector: str) -> Element:
        el = self.doc.querySelector(selector)
        assert el is not None, selector
        return el

    def card_el(self, pile: str, index: int) -> Element:
        return self.q(f'#table .card[data-pile="{pile}"][data-index="{index}"]')

    def box(self, el: Element) -> tuple[float, float, float, float]:
        r = el.getBoundingClientRect()
        return r.left, r.top, r.width, r.height

    def point(self, pile: str, index: int) -> tuple[float, float]:
        """A visible point of the card at ``index`` of ``pile`` (the part not covered by
        the cards above it), or of the pile's outline for ``index == len(pile)``."""
        cards = self.g.pile(pile)
        if index >= len(cards):
            x, y, w, h = self.box(self.q(f'#table .pile[data-pile="{pile}"]'))
            return x + w / 2, y + h / 2
        x, y, w, h = self.box(self.card_el(pile, index))
        if index + 1 < len(cards):
            nx, ny, _, _ = self.box(self.card_el(pile, index + 1))
            if ny > y + 1:
                return x + w / 2, y + min(ny - y, h) / 2
            if nx > x + 1:
                return x + min(nx - x, w) / 2, y + h / 2
            if nx < x - 1:
                return nx + w + (x + w - nx - w) / 2, y + h / 2
        return x + w / 2, y + h / 2

    def selected(self) -> list[tuple[str, int]]:
        return sorted((e.attrs["data-pile"], int(e.attrs["data-index"]))
                      for e in self.doc.querySelectorAll("#table [data-selected]"))

    def targets(self) -> list[str]:
        return sorted(e.attrs["data-pile"] for e in self.doc.querySelectorAll(
            '#table .pile[data-target="1"]'))

    def notice(self) -> str | None:
        bar = self.q('[data-role="notice"]')
        return None if bar.hidden else bar.attrs.get("data-notice")

    def dialog_open(self) -> str | None:
        el = self.doc.querySelector("dialog[open]")
        return None if el is None else el.attrs.get("id")

    # ----- what a player does -----------------------------------------------------------

    def tap(self, pile: str, index: int, gap: float = 400, touch: bool = False) -> None:
        """A tap ``gap`` ms after the last one, on a visible point of a card or pile."""
        self.br.advance(max(0.0, self.last_tap + gap - self.br.clock))
        x, y = self.point(pile, index)
        self.br.pointer("pointerdown", x, y, touch=touch)
        self.br.advance(40)
        self.br.pointer("pointerup", x, y, touch=touch)
        self.last_tap = self.br.clock

    def double_tap(self, pile: str, index: int) -> None:
        x, y = self.point(pile, index)
        self.br.advance(400)
        for _ in range(2):
            self.br.pointer("pointerdown", x, y)
            self.br.advance(30)
            self.br.pointer("pointerup", x, y)
            self.br.advance(60)
        self.last_tap = self.br.clock

    def drag(self, pile: str, index: int, dst: str) -> None:
        """Press on a card, move over pile ``dst`` (its outline's centre), let go."""
        self.br.advance(400)
        x, y = self.point(pile, index)
        tx, ty, tw, th = self.box(self.q(f'#table .pile[data-pile="{dst}"]'))
        self.br.pointer("pointerdown", x, y)
        for k in range(1, 4):
            self.br.advance(16)
            self.br.pointer("pointermove", x + (tx + tw / 2 - x) * k / 3,
                            y + (ty + th / 2 - y) * k / 3)
        self.br.pointer("pointerup", tx + tw / 2, ty + th / 2)
        self.br.advance(300)

    def button(self, action: str) -> None:
        """Click the visible ``data-action`` element (the open dialog's first)."""
        scope = self.doc.querySelector("dialog[open]") or self.doc
        el = scope.querySelector(f'[data-action="{action}"]') or self.q(f'[data-action="{action}"]')
        self.br.click(el)

    def key(self, key: str, *, on_table: bool = True, **mods: bool) -> None:
        """A key press; Escape with a dialog open closes it, as the browser does."""
        dlg = self.doc.querySelector("dialog[open]")
        if key == "Escape" and dlg is not None:
            dlg.close()
            return
        target = self.q("#table") if on_table else self.doc.body
        if on_table:
            target.focus()
        self.br.key(key, target=target, **mods)

    def set_setting(self, name: str, value: Any) -> None:
        """Change a control of the Settings dialog (opened and closed around it)."""
        self.button("settings")
        el = self.q(f'#dlg-settings [name="{name}"]')
        if el.tag == "select":
            el.value = value
        else:
            el.checked = bool(value)
        self.br.change(el)
        self.q("#dlg-settings").close()

    # ----- checks --------------------------------------------------------------------------

    def check_table(self) -> None:
        """The table shown equals the game's position: every card's pile, index, face
        and code, and its place is the layout's."""
        g, table = self.g, self.page.table
        shown = {e.attrs["data-id"]: (e.attrs["data-pile"], int(e.attrs["data-index"]),
                                      e.attrs["data-face"], e.attrs["data-card"])
                 for e in self.doc.querySelectorAll("#table .card")}
        wanted = {p.card.id: (pid, i, "up" if p.up else "down", p.card.face)
                  for pid in g.pile_ids() for i, p in enumerate(g.pile(pid))}
        assert shown == wanted
        assert table.lay is not None
        view = viewmodel.table_view(g, table.lay)
        for e in self.doc.querySelectorAll("#table .card"):
            m = TRANSLATE.search(e.style.transform)
            assert m is not None
            v = view[e.attrs["data-id"]]
            assert (float(m.group(1)), float(m.group(2))) == (v.x, v.y), e
        for e in self.doc.querySelectorAll('#table .pile'):
            assert e.attrs["data-pile"] in g.pile_ids()
        assert sorted(e.attrs["data-pile"] for e in self.doc.querySelectorAll("#table .pile")) \
            == sorted(g.pile_ids())

    def check_words(self) -> None:
        """Every text the page wrote on screen is in the current language."""
        lang = self.page.texts.lang
        cat = catalog(lang)
        verdict = self.q('[data-role="winnable"]')
        if not verdict.hidden:
            value = verdict.attrs["data-value"]
            words = [cat[f"winnable.{value}"]] + ([cat["winnable.rechecking"]] if value == "unknown" else []) \
                + ([cat["winnable.won"], cat["winnable.finished"]] if value == "yes" else [])
            assert verdict.textContent in words
        for sel in ('[data-role="notice"] .notice-text', '[data-role="reminder"]',
                    '[data-status="moves"]', '[data-status="game"]', "#dlg-confirm .confirm-text"):
            el = self.q(sel)
            box = el.closest("[hidden]")
            if box is not None or not el.textContent or (
                    sel.startswith("#dlg") and not self.q("#dlg-confirm").open):
                continue
            assert in_language(el.textContent, lang), (sel, el.textContent, lang)

    def check_notices(self) -> None:
        """No notice outlives its cause: one that closes at the next action was given
        after the last action; one with a time is not older than it."""
        kind = self.notice()
        if kind is None:
            return
        life = LIFETIMES.get(kind, PASSING)
        given = max((t for what, k, t in self.log if what == "notify" and k == kind), default=None)
        assert given is not None, kind
        if life.ms is not None:
            assert self.br.clock - given <= life.ms, (kind, self.br.clock - given)
        if life.action:
            last = max((i for i, (what, _k, _t) in enumerate(self.log) if what == "action"),
                       default=-1)
            last_notify = max(i for i, (what, k, _t) in enumerate(self.log)
                              if what == "notify" and k == kind)
            assert last_notify > last, f"notice {kind} outlived an action"

    def check_saved(self) -> None:
        """Nothing the player did is lost: the saved game replays to the position shown."""
        raw = self.br.store.data.get("solitaire.game")
        assert raw is not None
        saved = game.load_save(raw)
        assert saved.position() == self.g.position()
        assert saved.move_count == self.g.move_count

    def check_marks(self) -> None:
        """The marks are the selection's: its cards, and exactly the piles that accept
        them (SPEC §8)."""
        picked = self.page.selection.get(self.g)
        if picked is None:
            assert self.selected() == []
            return
        assert self.selected() == [(picked.pile, i) for i in
                                   range(picked.index, len(self.g.pile(picked.pile)))]
        assert self.targets() == sorted(self.g.targets(picked.pile, picked.index))

    def check_finish_button(self) -> None:
        """The Finish for me button is pressed (labelled Stop) exactly while Finish for
        me searches for its line or plays it."""
        running = bool(self.page.finishing or self.page.seeking)
        assert self.q('[data-action="solve"]').attrs.get("aria-pressed") == str(running).lower()
        if self.notice() == "solving":
            assert self.page.seeking == self.g.position()

    def check_all(self) -> None:
        self.check_table()
        self.check_words()
        self.check_notices()
        self.check_saved()
        self.check_marks()
        self.check_finish_button()


def game_settings_default() -> str:
    from game.ui.persist import Settings
    return Settings().dump()


@cache
def catalog(lang: str) -> dict[str, Any]:
    return json.loads(CATALOGS[lang])


@cache
def templates(lang: str) -> list[re.Pattern[str]]:
    """Every message of the catalog of ``lang`` as a pattern (placeholders: anything)."""
    out = []
    for value in catalog(lang).values():
        for text in (value.values() if isinstance(value, dict) else [value]):
            if len(re.sub(r"\{[a-z_]+\}|[\W\d_]", "", text)) < 3:
                continue  # too little of its own words to tell a language
            parts = re.split(r"(\{[a-z_]+\})", text)
            out.append(re.compile("".join(".+?" if p.startswith("{") else re.escape(p)
                                          for p in parts if p), re.S))
    return out


def in_language(text: str, lang: str) -> bool:
    """Whether ``text`` reads as one of the messages of ``lang`` (composed ones too)."""
    text = text.replace("\u00a0", " ")
    return any(p.fullmatch(text) for p in templates(lang))

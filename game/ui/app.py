"""The browser adapter: the card table, its controls, input and storage.

This is the only module that talks to the browser (``js``, ``pyodide``, ``pyscript``).
It holds no rule: it asks the rules package what a tap, a double tap or a drop means,
plays it, and moves the card elements whose place changed (STYLE.md, "thin view").

Life cycle: ``await start()`` (called by the entry script in index.html) reads the saved
game, loads the language catalog, builds the table once, binds one listener per event
type on static elements, then sets ``data-ready="1"`` on ``<html>`` (SPEC §8).
Every long-lived proxy it creates is kept in ``App.proxies`` and released by
``App.close()``.
"""

from __future__ import annotations

from datetime import date

import js
from pyodide.ffi import create_proxy

import game

from . import cardart, gestures, layout
from .i18n import LANGUAGES, Catalog, choose_language
from .persist import (
    KEY_GAME,
    KEY_SETTINGS,
    SafeStore,
    Settings,
    parse_settings,
)

document = js.document
window = js.window

SETTLE_MS = 260  # a little longer than the CSS transition of a card
REMINDER_MS = 3600
SUITS = {"S": "suit.S", "H": "suit.H", "D": "suit.D", "C": "suit.C"}


class LocalStore:
    """``localStorage`` as a ``persist.Store``; every call may raise (disabled, full)."""

    def get(self, key: str) -> str | None:
        value = window.localStorage.getItem(key)
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        window.localStorage.setItem(key, value)

    def remove(self, key: str) -> None:
        window.localStorage.removeItem(key)


def escape(text: str) -> str:
    """Text made safe for an HTML attribute value (``html.escape`` costs 30 ms of
    imports at start-up in Pyodide, for four replacements)."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _el(selector: str):
    return document.querySelector(selector)


class App:
    """One page's game. Created by ``start()``."""

    def __init__(self) -> None:
        self.store = SafeStore(LocalStore())
        self.settings = Settings()
        self.catalog: Catalog | None = None
        self.catalogs: dict[str, Catalog] = {}
        self.g: game.Game | None = None
        self.gest = gestures.Gestures()
        self.proxies: list[tuple[object, str, object]] = []
        self.cards: dict[str, object] = {}  # physical card id -> element
        self.piles: dict[str, object] = {}  # pile id -> drop-area element
        self.rendered: dict[str, tuple] = {}  # card id -> (pile, index, up, x, y)
        self.placed: dict[str, tuple] = {}  # pile id -> (x, y) of its element
        self.stock_text: str | None = None  # what the stock count element shows
        self.labels: dict[str, dict[str, str]] = {}  # language -> face -> card name
        self.lay: layout.Layout | None = None
        self.table = _el("#table")
        self.origin = (0.0, 0.0)
        self.drag: list[tuple[object, float, float]] = []
        self.flying: set[str] = set()
        self.last_saved: str | None = None
        self.notice: tuple | None = None  # (kind, text function, action key) on screen
        self.told: set[str] = set()
        self.reminder_timer = 0
        self.settle_timer = 0
        self._settle = self._proxy(self.settle)
        self._hide_reminder = self._proxy(self.hide_reminder)

    # ----- proxies and listeners ---------------------------------------------------

    def _proxy(self, fn):
        proxy = create_proxy(fn)
        self.proxies.append((None, "", proxy))
        return proxy

    def listen(self, target, event: str, fn, passive: bool | None = None) -> None:
        proxy = create_proxy(fn)
        if passive is None:
            target.addEventListener(event, proxy)
        else:
            target.addEventListener(event, proxy, js.Object.fromEntries([["passive", passive]]))
        self.proxies.append((target, event, proxy))

    def close(self) -> None:
        """Remove every listener and release every proxy this app created."""
        if getattr(self, "resizer", None) is not None:
            self.resizer.disconnect()
        for target, event, proxy in self.proxies:
            if target is not None:
                target.removeEventListener(event, proxy)
            proxy.destroy()
        self.proxies.clear()

    # ----- language ----------------------------------------------------------------

    async def load_catalog(self, lang: str) -> Catalog:
        if lang in self.catalogs:
            return self.catalogs[lang]
        text = None
        boot = getattr(window, "__boot", None)
        if boot is not None and getattr(boot, "catalogLang", None) == lang:
            text = await boot.catalogText  # fetched by static/boot.js while Pyodide loaded
        if not isinstance(text, str):
            resp = await window.fetch(f"./locales/{lang}.json")
            if not resp.ok:
                raise OSError(f"catalog {lang}: HTTP {resp.status}")
            text = await resp.text()
        rules = js.Intl.PluralRules.new(lang)
        fmt = js.Intl.NumberFormat.new(lang)
        cat = Catalog.from_json(
            lang, text, plural=lambda n: str(rules.select(n)), number=lambda n: str(fmt.format(n))
        )
        self.catalogs[lang] = cat
        return cat

    def t(self, key: str, **params) -> str:
        assert self.catalog is not None
        return self.catalog.t(key, **params)

    async def set_language(self, setting: str | None) -> None:
        prefs = list(window.navigator.languages or [window.navigator.language or "en"])
        lang = choose_language(setting, [str(p) for p in prefs])
        try:
            self.catalog = await self.load_catalog(lang)
        except Exception:  # noqa: BLE001 - a missing catalog must not stop the game
            self.catalog = await self.load_catalog("en")
        root = document.documentElement
        root.lang = self.catalog.lang
        root.dir = "rtl" if self.catalog.rtl else "ltr"
        self.translate_page()

    def translate_page(self) -> None:
        """Fill every ``data-i18n*`` element of the page from the catalog."""
        for el in document.querySelectorAll("[data-i18n]"):
            count = el.getAttribute("data-count")
            if count is not None and isinstance(count, str):
                el.textContent = self.t(el.dataset.i18n, count=int(count))
            else:
                el.textContent = self.t(el.dataset.i18n)
        for el in document.querySelectorAll("[data-i18n-label]"):
            text = self.t(el.dataset.i18nLabel)
            el.setAttribute("aria-label", text)
            el.setAttribute("title", text)
        for el in document.querySelectorAll("[data-i18n-placeholder]"):
            el.setAttribute("placeholder", self.t(
                el.dataset.i18nPlaceholder, code="EH1-N-AAAAAAF", number="12345"))
        for el in document.querySelectorAll("[data-i18n-hint]"):
            el.textContent = self.t(el.dataset.i18nHint, min=1, max=999999)
        help_link = _el('[data-action="help"]')
        if help_link:
            help_link.setAttribute("href", f"./help/{self.catalog.lang}/index.html")
        document.title = self.t("app.title")
        if self.g is not None:
            self.label_piles()
            for cid in self.cards:
                self.rendered.pop(cid, None)
            self.relayout()
            self.update_status()
        self.render_notice()

    # ----- the table ---------------------------------------------------------------

    def card_label(self, face: str, up: bool) -> str:
        """A card's accessible name in the current language (cached per language)."""
        key = face if up else ""
        labels = self.labels.get(self.catalog.lang)
        if labels is None:
            labels = self.labels[self.catalog.lang] = {}
        label = labels.get(key)
        if label is None:
            if not up:
                label = self.t("card.facedown")
            else:
                rank = self.t(f"rank.{'A23456789TJQK'.index(face[0]) + 1}")
                label = self.t("card.name", rank=rank, suit=self.t(SUITS[face[1]]))
            labels[key] = label
        return label

    def pile_label(self, pid: str) -> str:
        if pid == "s":
            return self.t("pile.stock")
        if pid == "w":
            return self.t("pile.waste")
        n = int(pid[1:])
        if pid[0] == "f":
            suit = self.t(SUITS[self.g.foundation_suit(pid)])
            return self.t("pile.foundation.suit", n=n, suit=suit)
        return self.t("pile.cell" if pid[0] == "c" else "pile.column", n=n)

    def label_piles(self) -> None:
        for pid, el in self.piles.items():
            el.setAttribute("aria-label", self.pile_label(pid))

    def measure(self) -> tuple[float, float]:
        rect = self.table.getBoundingClientRect()
        self.origin = (rect.left, rect.top)
        return rect.width, rect.height

    def compute_layout(self) -> layout.Layout:
        g = self.g
        width, height = self.measure()
        cols = {
            pid: [p.up for p in g.pile(pid)] for pid in g.pile_ids() if pid[0] == "t"
        }
        rtl = self.catalog is not None and self.catalog.rtl
        lay = layout.compute(g.game, g.cells, width, height, rtl, cols)
        style = document.documentElement.style
        style.setProperty("--cw", f"{lay.card_w:.1f}px")
        style.setProperty("--ch", f"{lay.card_h:.1f}px")
        return lay

    def build(self) -> None:
        """Create the pile and card elements of the current game (once per deal), as one
        piece of HTML: every attribute is written here, so nothing is set twice."""
        g = self.g
        self.lay = lay = self.compute_layout()
        parts = [cardart.sprite()]
        placed_at: dict[str, tuple] = {}
        for pid in g.pile_ids():
            slot = lay.slots[pid]
            kind = {"t": "column", "c": "cell", "f": "foundation", "s": "stock", "w": "waste"}[
                pid[0]
            ]
            inner = cardart.suit_mark(g.foundation_suit(pid)) if pid[0] == "f" else ""
            if pid == "s":
                inner = (
                    '<svg viewBox="0 0 24 24" class="recycle" aria-hidden="true">'
                    '<path d="M12 5V2L7 6l5 4V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z"/></svg>'
                )
            where = placed_at[pid] = (round(slot.x, 1), round(slot.y, 1))
            parts.append(
                f'<div class="pile pile-{kind}" data-pile="{pid}" '
                f'aria-label="{escape(self.pile_label(pid))}" '
                f'style="transform:translate({where[0]}px,{where[1]}px)">{inner}</div>'
            )
        rendered: dict[str, tuple] = {}
        for pid in g.pile_ids():
            for i, placed in enumerate(g.pile(pid)):
                card = placed.card
                x, y = layout.card_xy(lay, pid, i)
                x, y = round(x, 1), round(y, 1)
                rendered[card.id] = (pid, i, placed.up, x, y)
                parts.append(
                    f'<div class="card" data-card="{card.face}" data-id="{card.id}" '
                    f'data-face="{"up" if placed.up else "down"}" data-pile="{pid}" '
                    f'data-index="{i}" role="img" '
                    f'aria-label="{escape(self.card_label(card.face, placed.up))}" '
                    f'style="transform:translate({x}px,{y}px);z-index:{i + 1}">'
                    f'<svg viewBox="0 0 100 140" class="face" aria-hidden="true">'
                    f'<use href="#face-{card.face}"/></svg></div>'
                )
        if "s" in g.pile_ids():
            parts.append('<div class="stock-count" aria-hidden="true"></div>')
        self.table.innerHTML = "".join(parts)
        self.table.dataset.game = g.game
        # Elements come back in document order, which is the order written above.
        self.cards = dict(zip(rendered, self.table.querySelectorAll(".card")))
        self.piles = dict(zip(placed_at, self.table.querySelectorAll(".pile")))
        self.rendered = rendered
        self.placed = placed_at
        self.stock_text = None
        self.drag = []
        self.flying.clear()
        self.place_piles(lay)  # the stock count

    def relayout(self, *_args) -> None:
        """Lay the table out again for a new size (a resize, a wrapped status bar, a
        language switch). Cards jump to their new places: a glide would only show the
        outlines and the cards apart for a moment."""
        if self.g is not None and self.cards:
            classes = self.table.classList
            classes.add("instant")
            self.sync(animate=False)
            self.table.offsetWidth  # noqa: B018 - apply the new places with no transition
            classes.remove("instant")

    def place_piles(self, lay: layout.Layout) -> None:
        """Move the pile elements (drop areas, empty outlines) whose place changed."""
        for pid, el in self.piles.items():
            slot = lay.slots[pid]
            where = (round(slot.x, 1), round(slot.y, 1))
            if self.placed.get(pid) != where:
                el.style.transform = f"translate({where[0]}px,{where[1]}px)"
                self.placed[pid] = where
        stock = self.g.pile("s") if "s" in self.piles else ()
        count = self.table.querySelector(".stock-count")
        if count:
            slot = lay.slots["s"]
            count.style.transform = (
                f"translate({slot.x:.1f}px,{slot.y + lay.card_h * 0.62:.1f}px)")
            text = self.catalog.number(len(stock)) if stock else ""
            if self.stock_text != text:
                count.textContent = text
                self.stock_text = text

    def sync(self, animate: bool = True) -> None:
        """Move, flip and re-index exactly the card elements whose state changed."""
        g = self.g
        lay = self.lay = self.compute_layout()
        self.place_piles(lay)
        moved = []
        for pid in g.pile_ids():
            pile = g.pile(pid)
            for i, placed in enumerate(pile):
                cid = placed.card.id
                x, y = layout.card_xy(lay, pid, i)
                state = (pid, i, placed.up, round(x, 1), round(y, 1))
                old = self.rendered.get(cid)
                if old == state:
                    continue
                el = self.cards[cid]
                if old is None or old[0] != pid or old[1] != i:
                    el.dataset.pile = pid
                    el.dataset.index = str(i)
                if old is None or old[2] != placed.up:
                    el.dataset.face = "up" if placed.up else "down"
                    el.setAttribute("aria-label", self.card_label(placed.card.face, placed.up))
                el.style.transform = f"translate({x:.1f}px,{y:.1f}px)"
                if animate and old is not None and old[0] != pid:
                    el.style.zIndex = str(900 + i)
                    self.flying.add(cid)
                    moved.append(cid)
                elif cid not in self.flying:
                    el.style.zIndex = str(i + 1)
                self.rendered[cid] = state
            if pid == "s":
                self.piles["s"].classList.toggle("empty", len(pile) == 0)
        if moved:
            window.clearTimeout(self.settle_timer)
            self.settle_timer = window.setTimeout(self._settle, SETTLE_MS)

    def settle(self, *_args) -> None:
        """After a flight, put the moved cards back at their normal depth."""
        for cid in self.flying:
            state = self.rendered.get(cid)
            if state is not None:
                self.cards[cid].style.zIndex = str(state[1] + 1)
        self.flying.clear()

    # ----- status, notices, reminders ----------------------------------------------

    def update_status(self) -> None:
        g = self.g
        game_el = _el('[data-status="game"]')
        game_el.dataset.value = g.game
        if g.game == "eight-off":
            game_el.textContent = self.t(
                "game.eight-off.cells", count=g.cells, game=self.t("game.eight-off"))
        else:
            game_el.textContent = self.t("game.easy-harp")
        code_el = _el('[data-status="code"]')
        code_el.dataset.value = g.code
        code_el.textContent = g.code
        score_el = _el('[data-status="score"]')
        score_el.dataset.value = str(g.score)
        score_el.textContent = self.catalog.number(g.score)
        moves_el = _el('[data-status="moves"]')
        moves_el.dataset.value = str(g.move_count)
        moves_el.textContent = self.t("moves.count", count=g.move_count)
        _el('[data-action="undo"]').disabled = not g.can_undo
        _el('[data-action="redo"]').disabled = not g.can_redo

    def show_reminder(self, err: game.IllegalMove) -> None:
        if not self.settings.interactive:
            return
        el = _el('[data-role="reminder"]')
        params = dict(err.details)
        el.textContent = self.t(f"refusal.{err.code}", **params)
        el.dataset.reason = err.code
        el.hidden = False
        window.clearTimeout(self.reminder_timer)
        self.reminder_timer = window.setTimeout(self._hide_reminder, REMINDER_MS)

    def hide_reminder(self, *_args) -> None:
        el = _el('[data-role="reminder"]')
        el.hidden = True
        el.removeAttribute("data-reason")

    def notify(self, kind: str, text, action: str | None = None) -> None:
        """Show the non-blocking notice bar. ``text`` is a function that returns the
        message in the current language (so a language switch re-translates a notice on
        screen); ``action`` is a catalog key for its button."""
        self.notice = (kind, text, action)
        self.render_notice()

    @property
    def notice_kind(self) -> str | None:
        """The kind of the notice on screen (``data-notice``), or None."""
        return self.notice[0] if self.notice else None

    def render_notice(self) -> None:
        if self.notice is None:
            return
        kind, text, action = self.notice
        bar = _el('[data-role="notice"]')
        bar.dataset.notice = kind
        bar.querySelector(".notice-text").textContent = text()
        button = bar.querySelector('[data-action="notice-action"]')
        button.hidden = action is None
        if action:
            button.textContent = self.t(action)
        bar.hidden = False

    def notify_once(self, kind: str, text) -> None:
        if kind not in self.told:
            self.told.add(kind)
            self.notify(kind, text)

    def check_storage(self) -> None:
        failure = self.store.failure
        if failure:
            self.notify_once(failure, lambda: self.t(f"notice.{failure}"))

    # ----- saving ------------------------------------------------------------------

    def save_game(self) -> None:
        blob = self.g.to_save()
        current = self.store.get(KEY_GAME)
        if current is not None and self.last_saved is not None and current != self.last_saved:
            # Another tab wrote a newer game since we last read or wrote: never overwrite
            # it silently. Keep ours only if theirs is unreadable.
            try:
                other = game.load_save(current)
            except game.GameError:
                other = None
            if other is not None:
                self.adopt(other, current)
                return
        if self.store.set(KEY_GAME, blob):
            self.last_saved = blob
        self.check_storage()

    def save_settings(self) -> None:
        self.store.set(KEY_SETTINGS, self.settings.dump())
        self.check_storage()

    def adopt(self, other: game.Game, blob: str) -> None:
        """Take over the game another tab saved, and say so."""
        self.reset_input()
        self.g = other
        self.last_saved = blob
        self.build()
        self.update_status()
        self.notify("other-tab", lambda: self.t("notice.other-tab"))

    # ----- playing -----------------------------------------------------------------

    def play(self, move) -> bool:
        """Play a move; True when it was played. Refusals show their reminder."""
        try:
            self.g.play(move)
        except game.IllegalMove as err:
            self.show_reminder(err)
            return False
        self.after_action()
        return True

    def after_action(self, animate: bool = True) -> None:
        self.hide_reminder()
        self.sync(animate=animate)
        self.update_status()
        self.save_game()
        if self.g.is_won:
            self.show_win()
        self.check_stuck()

    def check_stuck(self) -> None:
        """Say so when no move at all is left (the game never declares a loss, SPEC §4-5,
        but a player should not hunt for a move that does not exist)."""
        stuck = not self.g.is_won and not self.g.legal_moves()
        if stuck:
            self.notify("no-moves", lambda: self.t("notice.no-moves"))
        elif self.notice_kind == "no-moves":
            self.dismiss_notice()

    def undo(self) -> None:
        if self.g.undo():
            self.reset_input()
            self.after_action()

    def redo(self) -> None:
        if self.g.redo():
            self.reset_input()
            self.after_action()

    def start_game(self, g: game.Game) -> None:
        self.reset_input()
        self.g = g
        self.hide_reminder()
        self.build()
        self.update_status()
        self.save_game()
        self.check_stuck()

    # ----- pointer input -----------------------------------------------------------

    def target_of(self, el, x: float, y: float) -> gestures.Target | None:
        """What a press at client point (x, y) on element ``el`` picks up."""
        el = el.closest("[data-pile]") if el else None
        if not el:
            return None
        pid = str(el.dataset.pile)
        cid = el.getAttribute("data-id")  # None for a pile's drop area
        cid = cid if isinstance(cid, str) else ""
        if cid in self.flying and not self.at_rest(cid, x, y):
            # A card still gliding to its new place: the press belongs to what is
            # really there (e.g. fast taps on the stock while the drawn card flies).
            under = self.lay.pile_at(x - self.origin[0], y - self.origin[1])
            return gestures.Target("s", -1) if under == "s" else None
        if el.classList.contains("card"):
            index = int(el.dataset.index)
            pile = self.g.pile(pid)
            up = el.dataset.face == "up"
            top = index == len(pile) - 1
            draggable = up and pid != "s" and (pid[0] == "t" or top)
            return gestures.Target(pid, index, str(el.dataset.id), draggable)
        return gestures.Target(pid, -1)

    def at_rest(self, cid: str, x: float, y: float) -> bool:
        """Whether client point (x, y) is on card ``cid``'s final place."""
        state = self.rendered.get(cid)
        if state is None or self.lay is None:
            return False
        cx, cy = state[3] + self.origin[0], state[4] + self.origin[1]
        return cx <= x < cx + self.lay.card_w and cy <= y < cy + self.lay.card_h

    def on_down(self, evt) -> None:
        if evt.button != 0 or self.g is None:
            return
        self.hide_reminder()
        target = self.target_of(evt.target, evt.clientX, evt.clientY)
        if target is None:
            return
        evt.preventDefault()
        if not self.gest.active:
            try:
                self.table.setPointerCapture(evt.pointerId)
            except Exception:  # noqa: BLE001 - a pointer that is already gone
                return
        self.handle(self.gest.down(evt.pointerId, target, evt.clientX, evt.clientY,
                                   touch=evt.pointerType == "touch"))

    def on_move(self, evt) -> None:
        if self.gest.active:
            self.handle(self.gest.move(evt.pointerId, evt.clientX, evt.clientY))

    def on_up(self, evt) -> None:
        if self.gest.active:
            self.handle(self.gest.up(evt.pointerId, evt.clientX, evt.clientY, evt.timeStamp))

    def on_cancel(self, evt) -> None:
        if self.gest.active:
            self.handle(self.gest.cancel(evt.pointerId))

    def handle(self, intents) -> None:
        for intent in intents:
            if isinstance(intent, gestures.DragMove):
                for el, x, y in self.drag:
                    el.style.transform = f"translate({x + intent.dx:.1f}px,{y + intent.dy:.1f}px)"
            elif isinstance(intent, gestures.Tap):
                self.tap(intent.target)
            elif isinstance(intent, gestures.DoubleTap):
                move = self.g.double_tap_move(intent.target.pile, intent.target.index)
                if move is not None:
                    self.play(move)
            elif isinstance(intent, gestures.DragStart):
                self.start_drag(intent.target)
            elif isinstance(intent, gestures.Drop):
                self.drop(intent)
            elif isinstance(intent, gestures.Cancel):
                self.end_drag()
                self.sync(animate=True)

    def tap(self, target: gestures.Target) -> None:
        if target.pile == "s":
            if self.play("s"):
                self.gest.tap_moved()
            return
        if target.index < 0:
            return
        move = self.g.tap_move(target.pile, target.index)
        if move is not None and self.play(move):
            self.gest.tap_moved()

    def start_drag(self, target: gestures.Target) -> None:
        self.hide_reminder()
        self.drag = []
        pile = self.g.pile(target.pile)
        for k in range(target.index, len(pile)):
            cid = pile[k].card.id
            el = self.cards[cid]
            state = self.rendered[cid]
            el.classList.add("dragging")
            el.style.zIndex = str(1000 + k)
            self.drag.append((el, state[3], state[4]))

    def reset_input(self) -> None:
        """Forget any press in progress (a dialog opened, the game changed under it); a
        card being dragged goes back to its place."""
        if self.drag:
            self.end_drag()
            if self.g is not None and self.cards:
                self.sync(animate=True)
        self.gest.reset()

    def end_drag(self) -> None:
        for el, _x, _y in self.drag:
            el.classList.remove("dragging")
            self.rendered.pop(str(el.dataset.id), None)  # force its position to be reset
        self.drag = []

    def drop(self, intent: gestures.Drop) -> None:
        src = intent.target
        self.end_drag()
        self.measure()
        dst = self.lay.pile_at(intent.x - self.origin[0], intent.y - self.origin[1])
        if dst is None or dst == src.pile:
            self.sync(animate=True)
            return
        move = self.g.drop_move(src.pile, src.index, dst)
        if not self.play(move):
            self.sync(animate=True)

    # ----- keyboard and buttons ----------------------------------------------------

    def on_key(self, evt) -> None:
        if self.g is None or document.querySelector("dialog[open]"):
            return
        tag = str(evt.target.tagName or "").lower()
        if tag in ("input", "select", "textarea"):
            return
        key = str(evt.key).lower()
        mod = evt.ctrlKey or evt.metaKey
        if mod and key == "z" and not evt.shiftKey:
            evt.preventDefault()
            self.undo()
        elif mod and (key == "y" or (key == "z" and evt.shiftKey)):
            evt.preventDefault()
            self.redo()
        elif not mod and not evt.altKey and key == "n":
            evt.preventDefault()
            self.open_new()

    def on_click(self, evt) -> None:
        el = evt.target.closest("[data-action]") if evt.target else None
        if not el or self.g is None:
            return
        action = str(el.dataset.action)
        handler = {
            "undo": self.undo,
            "redo": self.redo,
            "new": self.open_new,
            "again": self.open_new,
            "settings": self.open_settings,
            "deal-random": self.deal_random,
            "deal-daily": self.deal_daily,
            "deal-same": self.deal_same,
            "deal-code": self.deal_code,
            "close-dialog": lambda: el.closest("dialog").close(),
            "notice-action": self.notice_action,
            "dismiss": self.dismiss_notice,
        }.get(action)
        if handler is not None:
            evt.preventDefault()
            handler()

    def on_submit(self, evt) -> None:
        evt.preventDefault()
        self.deal_code()

    def dismiss_notice(self) -> None:
        _el('[data-role="notice"]').hidden = True
        self.notice = None

    def notice_action(self) -> None:
        kind = self.notice_kind
        self.dismiss_notice()
        if kind == "update":
            # The game is saved after every action, so taking the update loses nothing.
            # static/pwa.js provides __applyUpdate (skipWaiting, reload on takeover).
            apply = getattr(window, "__applyUpdate", None)
            if apply:
                apply()
            else:
                window.location.reload()
        elif kind == "other-tab":
            window.location.reload()

    def on_update(self, _evt=None) -> None:
        """A new version of the app is installed and waiting (event from pwa.js)."""
        self.notify("update", lambda: self.t("notice.update"), action="notice.update.reload")

    # ----- dialogs -----------------------------------------------------------------

    def open_new(self) -> None:
        dlg = _el("#dlg-new")
        if dlg.open:
            return
        self.close_dialogs()
        self.reset_input()
        g = self.g
        kind = g.game
        cells = g.cells if g.game == "eight-off" else self.settings.cells
        for el in dlg.querySelectorAll('input[name="game"]'):
            el.checked = el.value == kind
        for el in dlg.querySelectorAll('input[name="cells"]'):
            el.checked = el.value == str(cells)
        self.code_error(None)
        dlg.querySelector("#deal-code").value = ""
        self.update_same()
        dlg.showModal()

    def update_same(self, *_args) -> None:
        """"Same deal" replays the current deal, so it is offered only while the dialog
        shows the current game (and cell count): it never silently ignores a choice."""
        dlg = _el("#dlg-new")
        kind = dlg.querySelector('input[name="game"]:checked')
        cells = dlg.querySelector('input[name="cells"]:checked')
        g = self.g
        same = kind is not None and str(kind.value) == g.game and (
            g.game != "eight-off" or (cells is not None and int(cells.value) == g.cells))
        dlg.querySelector('[data-action="deal-same"]').disabled = not same or g.deal is None

    def chosen(self) -> tuple[str, int]:
        dlg = _el("#dlg-new")
        kind = dlg.querySelector('input[name="game"]:checked')
        cells = dlg.querySelector('input[name="cells"]:checked')
        kind = str(kind.value) if kind else "easy-harp"
        ncells = int(cells.value) if cells else 8
        self.settings.game, self.settings.cells = kind, ncells
        self.save_settings()
        return kind, (ncells if kind == "eight-off" else 0)

    def new_from(self, deal: game.DealCode) -> None:
        _el("#dlg-new").close()
        _el("#dlg-win").close()
        self.start_game(game.new_game(deal))

    def deal_random(self) -> None:
        kind, cells = self.chosen()
        number = 1 + int(js.Math.random() * 999999)
        self.new_from(game.DealCode(kind, cells, number))

    def deal_daily(self) -> None:
        kind, cells = self.chosen()
        now = js.Date.new()
        today = date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))
        self.new_from(game.deal_of_the_day(today, kind, cells))

    def deal_same(self) -> None:
        g = self.g
        if g.deal is not None:
            self.new_from(g.deal)
        else:
            _el("#dlg-new").close()

    def deal_code(self) -> None:
        kind, cells = self.chosen()
        text = str(_el("#deal-code").value)
        try:
            deal = game.code_from_input(text, kind, cells)
        except game.BadCode as err:
            self.code_error(err)
            return
        self.new_from(deal)

    def code_error(self, err: game.BadCode | None) -> None:
        el = _el('[data-role="code-error"]')
        if err is None:
            el.hidden = True
            el.textContent = ""
            el.removeAttribute("data-reason")
            return
        el.textContent = self.t(f"error.{err.code}", **{"text": "", **err.details})
        el.dataset.reason = err.code
        el.hidden = False

    def open_settings(self) -> None:
        dlg = _el("#dlg-settings")
        if dlg.open:
            return
        self.close_dialogs()
        self.reset_input()
        s = self.settings
        dlg.querySelector('[name="interactive"]').checked = s.interactive
        dlg.querySelector('[name="double_click"]').checked = s.double_click
        dlg.querySelector('[name="animations"]').checked = s.animations
        dlg.querySelector('[name="language"]').value = s.language or "auto"
        dlg.showModal()

    async def on_setting(self, evt) -> None:
        el = evt.target
        name = str(el.name)
        s = self.settings
        if name in ("interactive", "double_click", "animations"):
            setattr(s, name, bool(el.checked))
        elif name == "language":
            value = str(el.value)
            s.language = value if value in LANGUAGES else None
        else:
            return
        self.save_settings()
        self.apply_settings()
        if name == "language":
            await self.set_language(s.language)

    def apply_settings(self) -> None:
        self.gest.double_enabled = self.settings.double_click
        document.documentElement.classList.toggle("no-anim", not self.settings.animations)
        if not self.settings.interactive:
            self.hide_reminder()

    def close_dialogs(self) -> None:
        for dlg in document.querySelectorAll("dialog[open]"):
            dlg.close()

    def show_win(self) -> None:
        g = self.g
        dlg = _el("#dlg-win")
        moves = self.t("moves.count", count=g.move_count)
        dlg.querySelector(".win-text").textContent = self.t(
            "win.text", score=g.score, moves=moves
        )
        dlg.dataset.score = str(g.score)
        if not dlg.open:
            self.close_dialogs()
            dlg.showModal()

    # ----- storage events from other tabs ------------------------------------------

    async def on_storage(self, evt) -> None:
        key = evt.key
        if key == KEY_GAME:
            blob = evt.newValue
            if not isinstance(blob, str) or blob == self.last_saved:
                return
            try:
                other = game.load_save(blob)
            except game.GameError:
                return
            self.adopt(other, blob)
        elif key == KEY_SETTINGS:
            blob = evt.newValue
            settings, ok = parse_settings(blob if isinstance(blob, str) else None)
            if ok:
                lang_changed = settings.language != self.settings.language
                self.settings = settings
                self.apply_settings()
                if lang_changed:
                    await self.set_language(settings.language)

    # ----- start-up ----------------------------------------------------------------

    def load_saved_game(self) -> game.Game:
        raw = self.store.get(KEY_GAME)
        if raw is not None:
            try:
                g = game.load_save(raw)
                self.last_saved = raw
                return g
            except game.GameError:
                self.store.backup("game", raw)
                self.notify_once("recovered", lambda: self.t("notice.recovered"))
        number = 1 + int(js.Math.random() * 999999)
        return game.new_game(game.DealCode("easy-harp", 0, number))

    def open_link(self) -> None:
        """Open ``?deal=CODE`` if the address has one, then drop it from the address."""
        params = js.URLSearchParams.new(window.location.search)
        text = params.get("deal")
        if not isinstance(text, str):
            return
        params.delete("deal")
        rest = str(params.toString())
        url = str(window.location.pathname) + (f"?{rest}" if rest else "") + str(
            window.location.hash
        )
        window.history.replaceState(None, "", url)
        try:
            deal = game.parse_code(text)
        except game.BadCode as err:
            self.notify("link-refused", lambda e=err: self.t(
                "notice.link-refused", reason=self.t(f"error.{e.code}", **e.details)))
            return
        if self.g is not None and self.g.deal == deal and self.g.move_count == 0:
            return
        self.g = game.new_game(deal)
        self.last_saved = None

    async def start(self) -> None:
        raw = self.store.get(KEY_SETTINGS)
        self.settings, ok = parse_settings(raw)
        await self.set_language(self.settings.language)
        js.performance.mark("solitaire:catalog")
        if not ok and raw is not None:
            self.store.backup("settings", raw)
            self.notify_once("recovered", lambda: self.t("notice.recovered"))
            self.save_settings()  # repaired: the next visit finds good settings
        self.apply_settings()
        self.g = self.load_saved_game()
        self.open_link()
        js.performance.mark("solitaire:loaded")
        self.update_status()
        self.build()
        js.performance.mark("solitaire:built")
        if self.last_saved is None:
            self.save_game()
        self.check_storage()
        self.check_stuck()
        self.bind()
        document.documentElement.dataset.ready = "1"

    def bind(self) -> None:
        table = self.table
        self.listen(table, "pointerdown", self.on_down)
        self.listen(table, "pointermove", self.on_move)
        self.listen(table, "pointerup", self.on_up)
        self.listen(table, "pointercancel", self.on_cancel)
        self.listen(table, "lostpointercapture", self.on_cancel)
        self.listen(table, "contextmenu", lambda e: e.preventDefault())
        self.listen(document, "click", self.on_click)
        self.listen(document, "keydown", self.on_key)
        self.listen(_el("#new-form"), "submit", self.on_submit)
        self.listen(_el("#dlg-settings"), "change", self.on_setting)
        self.listen(_el("#dlg-new"), "change", self.update_same)
        self.resize_proxy = self._proxy(self.relayout)
        self.resizer = js.ResizeObserver.new(self.resize_proxy)
        self.resizer.observe(table)
        self.listen(window, "storage", self.on_storage)
        self.listen(window, "sw-update", self.on_update)
        if getattr(window, "__updateWaiting", False):
            self.on_update()


APP: App | None = None


async def start() -> App:
    """Start the app once; returns it (tests reach it as ``game.ui.app.APP``)."""
    global APP
    if APP is None:
        APP = App()
        await APP.start()
    return APP

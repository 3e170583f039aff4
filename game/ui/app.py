"""Start-up and the page's controller: one game, its saving, and the modules that show it.

``await start()`` (called by the entry script in index.html) creates the ``Browser`` adapter
(``browser.py``, the only module that imports ``js``/``pyodide``), reads the saved settings and
game, loads the language catalog, builds the table once, binds one listener per event type on
static elements, then sets ``data-ready="1"`` on ``<html>`` (SPEC §8). The view holds no rule:
it asks the rules package (``import game``, its facade only) what a tap, a double tap or a
drop means, plays it, and lets the DOM modules show the result (solver: ``assist.py``):

- ``table.py`` the card table (view model ``viewmodel.py``, HTML ``render.py``), ``input.py``
  pointer and keys (recogniser ``gestures.py``), ``dialogs.py`` New game, Settings, win (meaning
  of the choices: ``choices.py``), ``notices.py`` notice bar and reminder (texts: ``texts.py``);
- saving follows ``conflict.py`` between tabs and ``persist.py`` for storage.
"""

from __future__ import annotations

from collections.abc import Callable

import game

from . import assist, choices, conflict
from .browser import Browser
from .dialogs import Dialogs
from .domtypes import JS
from .focus import Focus
from .i18n import Catalog, choose_language
from .input import Input
from .ledger import Ledger
from .notices import Notices
from .persist import KEY_GAME, KEY_SETTINGS, SafeStore, Settings, parse_settings
from .statsview import StatsView
from .table import Table
from .texts import Texts
from .welcome import Welcome

SAMPLE_CODE = "EH1-N-AAAAAAF"  # the example in the code field's placeholder (SPEC §3)
SAMPLE_NUMBER = "12345"


class App:
    """One page's game. Created by ``start()``."""

    def __init__(self, br: Browser | None = None) -> None:
        self.br = br or Browser()
        self.store = SafeStore(self.br.local_store())
        self.settings = Settings()
        self.catalogs: dict[str, Catalog] = {}
        self._texts: Texts | None = None
        self.current: game.Game | None = None  # None until start() has read the game
        self.last_saved: str | None = None  # the game blob this tab last read or wrote
        self.table = Table(self)
        self.notices = Notices(self)
        self.input = Input(self)
        self.dialogs = Dialogs(self)
        self.ledger, self.stats = Ledger(self), StatsView(self)  # records (issue 12)
        self.focus = Focus(self)
        self.welcome = Welcome(self)
        self.assist = assist.Assist(self)  # hint, winnable indicator, Finish for me (issue 10)

    @property
    def g(self) -> game.Game:
        """The game on the table (set before anything is shown)."""
        if self.current is None:
            raise RuntimeError("no game yet")
        return self.current

    @property
    def texts(self) -> Texts:
        """The texts in the current language (set by ``set_language``)."""
        if self._texts is None:
            raise RuntimeError("no language yet")
        return self._texts

    def close(self) -> None:
        """Remove every listener and release every proxy this app created."""
        self.br.close()

    # ----- language ----------------------------------------------------------------

    async def load_catalog(self, lang: str) -> Catalog:
        """The catalog of ``lang`` (fetched once). Raises OSError or ValueError."""
        if lang not in self.catalogs:
            text = await self.br.catalog_text(lang)
            self.catalogs[lang] = Catalog.from_json(
                lang, text, plural=self.br.plural(lang), number=self.br.number(lang))
        return self.catalogs[lang]

    async def set_language(self, setting: str | None) -> None:
        """Switch the page to the language ``setting`` (None: the browser's)."""
        lang = choose_language(setting, self.br.preferred_languages())
        try:
            catalog = await self.load_catalog(lang)
        except Exception:  # noqa: BLE001 - a missing catalog must not stop the game
            catalog = await self.load_catalog("en")
        self._texts = Texts(catalog)
        root = self.br.document.documentElement
        root.lang = catalog.lang
        root.dir = "rtl" if catalog.rtl else "ltr"
        self.translate_page()

    def translate_page(self) -> None:
        """Fill every ``data-i18n*`` element of the page from the catalog."""
        doc, t = self.br.document, self.texts.t
        for el in doc.querySelectorAll("[data-i18n]"):
            count = el.getAttribute("data-count")
            if isinstance(count, str):
                el.textContent = t(el.dataset.i18n, count=int(count))
            else:
                el.textContent = t(el.dataset.i18n)
        for el in doc.querySelectorAll("[data-i18n-label]"):
            text = t(el.dataset.i18nLabel)
            el.setAttribute("aria-label", text)
            el.setAttribute("title", text)
        for el in doc.querySelectorAll("[data-i18n-placeholder]"):
            el.setAttribute("placeholder", t(
                el.dataset.i18nPlaceholder, code=SAMPLE_CODE, number=SAMPLE_NUMBER))
        for el in doc.querySelectorAll("[data-i18n-hint]"):
            el.textContent = t(el.dataset.i18nHint, min=game.MIN_DEAL, max=game.MAX_DEAL)
        help_link = doc.querySelector('[data-action="help"]')
        if help_link:
            help_link.setAttribute("href", f"./help/{self.texts.lang}/index.html")
        doc.title = t("app.title")
        if self.current is not None:
            self.table.label_piles()
            self.table.forget()
            self.table.relayout()
            self.update_status()
            self.ledger.relabel()
            self.stats.refresh()
            self.focus.prepare()
        self.notices.render()
        self.welcome.render()

    # ----- status, saving ----------------------------------------------------------

    def update_status(self) -> None:
        """Write the status bar and the undo/redo buttons (SPEC §6, §8)."""
        g, doc = self.g, self.br.document
        for status in self.texts.status(g):
            el = doc.querySelector(f'[data-status="{status.key}"]')
            el.dataset.value = status.value
            el.textContent = status.text
        doc.querySelector('[data-action="undo"]').disabled = not g.can_undo
        doc.querySelector('[data-action="redo"]').disabled = not g.can_redo

    def save_game(self) -> None:
        """Save the game after an action, unless another tab saved a newer one: then
        take that one over (``conflict.before_save``)."""
        decision = conflict.before_save(self.store.get(KEY_GAME), self.last_saved)
        if isinstance(decision, conflict.Adopt):
            self.adopt(decision)
            return
        blob = self.g.to_save()
        self.ledger.save_meta()  # before the game: a tab adopting it finds its id
        if self.store.set(KEY_GAME, blob):
            self.last_saved = blob
        self.notices.check_storage()

    def save_settings(self) -> None:
        """Save the settings."""
        self.store.set(KEY_SETTINGS, self.settings.dump())
        self.notices.check_storage()

    def adopt(self, decision: conflict.Adopt) -> None:
        """Take over the game another tab saved, and say so."""
        self.input.reset()
        self.current = decision.other
        self.last_saved = decision.blob
        self.ledger.read_meta()
        self.stats.unwin()
        self.table.build()
        self.focus.prepare()
        self.update_status()
        self.notices.notify("other-tab", lambda: self.texts.notice("other-tab"))

    def apply_settings(self) -> None:
        """Apply the settings to the page."""
        self.input.gest.double_enabled = self.settings.double_click
        self.table.apply_settings(self.settings)  # animations and the table's looks
        if not self.settings.interactive:
            self.notices.hide_reminder()
        self.ledger.show_time()

    # ----- playing -----------------------------------------------------------------

    def play(self, move: str | game.Move) -> bool:
        """Play a move; True when it was played. Refusals show their reminder."""
        try:
            self.g.play(move)
        except game.IllegalMove as err:
            self.input.refused(err.code, err.details, err.move)
            return False
        self.after_action()
        return True

    def after_action(self, how: str = "") -> None:
        """Show, save and check the game after an action, ``how`` "undo" or "redo"."""
        self.welcome.hide()  # the first action puts the welcome away (SPEC §8)
        self.notices.hide_reminder()
        self.table.sync(animate=True)
        self.focus.after_change(how)
        self.update_status()
        outcome = self.ledger.changed()
        self.save_game()
        self.assist.after_action()
        if self.g.is_won:
            self.stats.win(outcome, celebrate=outcome is not None)
        else:
            self.stats.unwin()
        self.check_stuck()

    def check_stuck(self) -> None:
        """Say so when no move at all is left (``Game.has_moves``; the game never declares a loss)."""
        g = self.g
        if not g.is_won and not g.has_moves():
            self.notices.notify("no-moves", lambda: self.texts.notice("no-moves"))
        elif self.notices.kind == "no-moves":
            self.notices.dismiss()

    def undo(self) -> None:
        """Take back the last action."""
        if self.g.undo():
            self.input.reset()
            self.after_action("undo")

    def redo(self) -> None:
        """Play again the last action taken back."""
        if self.g.redo():
            self.input.reset()
            self.after_action("redo")

    def start_game(self, g: game.Game) -> None:
        """Put a new game on the table and save it."""
        self.input.reset()
        self.current = g
        self.ledger.new_game(g)
        self.stats.unwin()
        self.notices.hide_reminder()
        self.table.build()
        self.focus.prepare()
        self.welcome.maybe_show()
        self.update_status()
        self.save_game()
        self.assist.new_game()
        self.check_stuck()

    # ----- page events -------------------------------------------------------------

    def on_click(self, evt: JS) -> None:
        """A click on any ``data-action`` element of the page (SPEC §8)."""
        el = evt.target.closest("[data-action]") if evt.target else None
        if not el or self.current is None:
            return
        d, action = self.dialogs, str(el.dataset.action)
        handlers: dict[str, Callable[[], None]] = {
            "undo": self.undo, "redo": self.redo,
            "new": d.open_new,
            **self.stats.handlers(el),
            "settings": d.open_settings,
            "deal-random": d.deal_random,
            "deal-daily": d.deal_daily,
            "deal-same": d.deal_same,
            "deal-code": d.deal_code,
            "close-dialog": lambda: el.closest("dialog").close(),
            "notice-action": self.notice_action,
            "dismiss": self.notices.dismiss,
            "welcome-next": self.welcome.next,
            "welcome-close": self.welcome.hide, "hint": self.assist.hint, "solve": self.assist.solve,
        }
        handler = handlers.get(action)
        if handler is not None:
            evt.preventDefault()
            handler()

    def on_submit(self, evt: JS) -> None:
        """The New game form's submit (Enter in the code field)."""
        evt.preventDefault()
        self.dialogs.deal_code()

    def notice_action(self) -> None:
        """The notice's button: take the update, or load the other tab's game."""
        kind = self.notices.kind
        self.notices.dismiss()
        if kind == "update":
            # The game is saved after every action, so taking the update loses nothing.
            self.br.apply_update()
        elif kind == "other-tab":
            self.br.reload()

    def on_update(self, _evt: JS = None) -> None:
        """A new version of the app is installed and waiting (event from pwa.js)."""
        self.notices.notify("update", lambda: self.texts.notice("update"),
                            action="notice.update.reload")

    async def on_storage(self, evt: JS) -> None:
        """Another tab changed the saved game or the settings."""
        key, blob = evt.key, evt.newValue
        blob = blob if isinstance(blob, str) else None
        if self.ledger.on_storage(key, blob):
            return
        if key == KEY_GAME:
            decision = conflict.on_storage_event(blob, self.last_saved)
            if decision is not None:
                self.adopt(decision)
        elif key == KEY_SETTINGS:
            settings, ok = parse_settings(blob)
            if ok:
                lang_changed = settings.language != self.settings.language
                self.settings = settings
                self.apply_settings()
                if lang_changed:
                    await self.set_language(settings.language)

    # ----- start-up ----------------------------------------------------------------

    def load_saved_game(self) -> game.Game:
        """The saved game, else (none, or unreadable: kept as a backup) a random deal."""
        raw = self.store.get(KEY_GAME)
        if raw is not None:
            try:
                g = game.load_save(raw)
                self.last_saved = raw
                return g
            except game.GameError:
                self.store.backup("game", raw)
                self.notices.notify_once("recovered", lambda: self.texts.notice("recovered"))
        return game.new_game(choices.random_deal(game.EASY_HARP, 0, self.br.random()))

    async def start(self) -> None:
        """Read the saved state, show the table, listen, then say ready."""
        br = self.br
        raw = self.store.get(KEY_SETTINGS)
        self.settings, ok = parse_settings(raw)
        await self.set_language(self.settings.language)
        br.mark("solitaire:catalog")
        if not ok and raw is not None:
            self.store.backup("settings", raw)
            self.notices.notify_once("recovered", lambda: self.texts.notice("recovered"))
            self.save_settings()  # repaired: the next visit finds good settings
        self.apply_settings()
        self.current = self.load_saved_game()
        self.ledger.load()
        link = self.ledger.take_link()
        br.mark("solitaire:loaded")
        self.update_status()
        self.table.build()
        self.focus.prepare()
        self.welcome.maybe_show(force=br.take_param("welcome") is not None)
        br.mark("solitaire:built")
        if self.last_saved is None:
            self.save_game()
        self.notices.check_storage()
        self.check_stuck()
        self.bind()
        self.ledger.after_start(link)
        br.document.documentElement.dataset.ready = "1"

    def bind(self) -> None:
        """One listener per event type, on static elements."""
        br, doc, inp = self.br, self.br.document, self.input
        table = self.table.el
        br.listen(table, "pointerdown", inp.on_down)
        br.listen(table, "pointermove", inp.on_move)
        br.listen(table, "pointerup", inp.on_up)
        br.listen(table, "pointercancel", inp.on_cancel)
        br.listen(table, "lostpointercapture", inp.on_cancel)
        br.listen(table, "contextmenu", lambda e: e.preventDefault())
        br.listen(table, "pointerdown", self.focus.on_pointer)
        br.listen(table, "focus", self.focus.on_focus)
        br.listen(table, "blur", self.focus.on_blur)
        br.listen(doc, "click", self.on_click)
        br.listen(doc, "keydown", inp.on_key)
        br.listen(doc.querySelector("#new-form"), "submit", self.on_submit)
        br.listen(self.dialogs.settings, "change", self.dialogs.on_change)
        br.listen(self.dialogs.new, "change", self.dialogs.update_same)
        br.listen(self.stats.dialog, "change", self.stats.on_change)
        br.listen(self.stats.file, "change", self.stats.on_file)
        self.ledger.bind()
        br.observe_resize(table, self.table.relayout)
        br.listen(br.window, "storage", self.on_storage)
        br.listen(br.window, "sw-update", self.on_update)
        self.assist.bind()  # its input listeners (any input stops "Finish for me")
        if br.update_waiting():
            self.on_update()


APP: App | None = None


async def start() -> App:
    """Start the app once; returns it (tests reach it as ``game.ui.app.APP``)."""
    global APP
    if APP is None:
        APP = App()
        await APP.start()
    return APP


__all__ = ["APP", "App", "start"]

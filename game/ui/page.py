"""The page: one owner driven by intents (issue 23 point 1).

``Page`` owns what the page holds (``core.Core``: the game, the settings, the texts, the
selection, a running Finish for me) and is the one dispatcher: the parts report intents
(``intents.py``: tap, double tap, pick-up, drop, key, button, setting changed, a search's
answer, a due move of Finish for me) to ``dispatch``, which changes the state and shows
it through the parts that read it. Its flows are mixins: ``tableplay.TablePlay`` (taps,
drags, keys), ``helping.Helping`` (the solver), ``recording.Recording`` (the records),
``dealing.Dealing`` (New game, links, the game of a visit).

A changed setting reaches only the parts that read it (``READERS``). ``start()`` reads
the saved settings and game, loads the language, builds the table, binds one listener
per event type on static elements, then sets ``data-ready="1"`` (SPEC §8).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import game

from . import choices, viewmodel
from . import intents as it
from .dealing import Dealing
from .domtypes import JS
from .helping import Helping
from .i18n import Catalog, choose_language
from .persist import KEY_GAME, KEY_OWNER, KEY_SETTINGS, parse_settings
from .recording import Recording
from .tableplay import TablePlay
from .tabs import Tabs
from .texts import Texts

if TYPE_CHECKING:
    from .browser import Browser


#: Setting -> the names of the page's reactions that read it (and nothing else runs).
READERS: dict[str, tuple[str, ...]] = {
    "interactive": ("show_interactive",),
    "double_click": ("show_double_click",),
    "animations": ("show_table_looks",),
    "card_back": ("show_table_looks",),
    "felt": ("show_table_looks",),
    "four_colour": ("show_table_looks",),
    "left_handed": ("show_left_handed",),
    "show_clock": ("show_time",),
    "show_winnable": ("refresh_verdict",),
    "language": ("show_language",),
    "winnable_only": ("show_new_form",),
    "new_form": ("show_new_form",),
}


class Page(TablePlay, Helping, Recording, Dealing, Tabs):
    """One page's game: the owner and the dispatcher. Created by ``app.start()``."""

    def __init__(self, br: Browser) -> None:
        super().__init__(br)
        self.switches = 0  # language switches asked for (the last one wins)

    # ----- the dispatcher ------------------------------------------------------------

    def dispatch(self, intent: it.Intent) -> None:  # noqa: C901 - one branch per intent
        """Act on ``intent``."""
        if self.current is None:
            return
        if isinstance(intent, it.AutoMove):
            self.auto_move(intent.move)
            return
        if isinstance(intent, it.Found | it.Hinted):
            self.found(intent)
            return
        if isinstance(intent, it.SolverReady):
            self.refresh_verdict()
            return
        if isinstance(intent, it.SettingChanged):
            self.setting_changed(intent.name, intent.value)
            return
        # Everything else is the player's: this tab owns the game (another tab's Finish
        # for me stops), and it stops Finish for me first (but its own button, and the
        # finishing notice's "skip to the end").
        self.claim()
        if not (isinstance(intent, it.Button) and intent.action in ("solve", "notice-action")):
            self.stop_finish()
        if isinstance(intent, it.Tap):
            self.tap(intent.pile, intent.index, intent.uncovered)
        elif isinstance(intent, it.DoubleTap):
            self.double_tap(intent.pile, intent.index)
        elif isinstance(intent, it.PickUp):
            self.pick_up(intent.pile, intent.index)
        elif isinstance(intent, it.DragBy):
            self.table.drag_by(intent.dx, intent.dy)
        elif isinstance(intent, it.Drop):
            self.drop(intent.pile)
        elif isinstance(intent, it.Refused):
            self.refused(intent.code, viewmodel.reminder_details(self.g, intent.pile),
                         where=(intent.pile, intent.index))
        elif isinstance(intent, it.Felt):
            self.unselect()
        elif isinstance(intent, it.Key):
            self.key(intent)
        elif isinstance(intent, it.Button):
            self.button(intent)

    def button(self, b: it.Button) -> None:
        """A ``data-action`` element was clicked (SPEC §8)."""
        handlers: dict[str, Callable[[], object]] = {
            "undo": self.undo, "redo": self.redo, "hint": self.hint, "solve": self.solve,
            "new": self.open_new, "settings": lambda: self.open_settings(),
            "deal-random": self.deal_random, "deal-daily": self.deal_daily,
            "deal-same": self.deal_same, "deal-code": self.deal_code,
            "stats": self.open_stats, "export": self.export,
            "import": lambda: self.stats.file.click(),
            "stats-reset": lambda: self.ask_reset(b.data.get("variant", "")),
            "replay": lambda: self.replay(b.data.get("code", "")),
            "win-new": self.win_new, "win-same": self.win_same,
            "confirm": self.confirm.confirm, "cancel": self.confirm.cancel,
            "notice-action": self.notice_action, "dismiss": self.dismiss_notice,
            "welcome-next": lambda: self.welcome.next(self.texts),
            "welcome-close": lambda: self.welcome.hide(self.table),
        }
        handler = handlers.get(b.action)
        if handler is not None:
            handler()

    # ----- settings: each reaches only the parts that read it --------------------------

    def setting_changed(self, name: str, value: object) -> None:
        """Store a changed setting and show it where it is read (``READERS``)."""
        if name == "winnable_only" and isinstance(value, tuple):
            variant, on = value
            self.settings.winnable_only[str(variant)] = bool(on)
        elif name == "new_form" and isinstance(value, tuple):
            pass  # the form shows another variant: nothing stored until a deal starts
        elif name in READERS and hasattr(self.settings, name):
            setattr(self.settings, name, value)
        else:
            return
        if name != "new_form":
            self.save_settings()
        for reaction in READERS[name]:
            getattr(self, reaction)()

    def show_interactive(self) -> None:
        if not self.settings.interactive:
            self.notices.hide_reminder()

    def show_double_click(self) -> None:
        self.pointer.set_double(self.settings.double_click)

    def show_table_looks(self) -> None:
        self.table.apply_settings(self.settings)

    def show_left_handed(self) -> None:
        self.table.sync(self.scene(), animate=False)
        self.focus.refresh(self.scene(), self.table)

    def show_language(self) -> None:
        self.br.run_soon(self.set_language(self.settings.language))

    def show_new_form(self) -> None:
        self.dialogs.update_same(self.g, self.settings, self.texts)

    def apply_settings(self) -> None:
        """Show every setting (at start-up, or settings written by another tab)."""
        self.show_table_looks()
        self.show_double_click()
        self.show_interactive()

    # ----- language ----------------------------------------------------------------

    async def load_catalog(self, lang: str) -> Catalog:
        """The catalog of ``lang`` (fetched once). Raises OSError or ValueError."""
        if lang not in self.catalogs:
            text = await self.br.catalog_text(lang)
            self.catalogs[lang] = Catalog.from_json(
                lang, text, plural=self.br.plural(lang), number=self.br.number(lang))
        return self.catalogs[lang]

    async def set_language(self, setting: str | None) -> None:
        """Switch the page to the language ``setting`` (None: the browser's): every word
        on the page is written again at once (issue 23: no stale words)."""
        lang = choose_language(setting, self.br.preferred_languages())
        self.switches += 1
        mine = self.switches
        try:
            catalog = await self.load_catalog(lang)
        except Exception:  # noqa: BLE001 - a missing catalog must not stop the game
            catalog = await self.load_catalog("en")
        if mine != self.switches:
            return  # another switch came while this catalog loaded
        self._texts = Texts(catalog)
        root = self.br.document.documentElement
        root.lang = catalog.lang
        root.dir = "rtl" if catalog.rtl else "ltr"
        self.translate_page()

    def translate_page(self) -> None:
        """Fill every ``data-i18n*`` element of the page from the catalog, then every
        word a part wrote."""
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
        kind, cells = self.dialogs.form()
        for el in doc.querySelectorAll("[data-i18n-placeholder]"):
            el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder, number=choices.SAMPLE_NUMBER,
                                             code=choices.sample_code(kind, cells)))
        for el in doc.querySelectorAll("[data-i18n-hint]"):
            el.textContent = t(el.dataset.i18nHint, min=game.MIN_DEAL, max=game.MAX_DEAL)
        help_link = doc.querySelector('[data-action="help"]')
        if help_link:
            help_link.setAttribute("href", f"./help/{self.texts.lang}/index.html")
        doc.title = t("app.title")
        texts = self.texts
        if self.current is not None:
            scene = self.scene()
            self.table.relabel(scene)
            self.status.relabel(self.g, texts)
            self.focus.relabel(scene, self.table)
            self.dialogs.relabel(self.g, self.settings, texts)
            self.stats.relabel(texts, self.ledger.keeper.records, self.recent())
        self.confirm.render(texts)
        self.notices.render(texts)
        self.welcome.render(texts)

    # ----- notices, links, other tabs, updates ---------------------------------------------

    def notice_action(self) -> None:
        """The notice's button: skip Finish for me to the end, stop its search, or
        take the update."""
        kind = self.notices.kind
        ends = {"finishing": self.skip_to_end, "solving": self.stop_finish}
        if kind in ends:
            ends[kind]()
            return
        self.notices.dismiss()
        if kind == "update":
            self.br.apply_update()  # the game is saved after every action: nothing is lost

    def on_resize(self, *_args: object) -> None:
        """The table's size changed: lay it out again, and keep the welcome off it."""
        self.table.relayout()
        self.welcome.refit(self.table)

    def on_update(self, _evt: JS = None) -> None:
        """A new version of the app is installed and waiting (event from pwa.js)."""
        self.notify("update", lambda tx: tx.notice("update"), action="notice.update.reload")

    async def on_storage(self, evt: JS) -> None:
        """Another tab changed the saved game, the records or the settings."""
        key, blob, old = evt.key, evt.newValue, evt.oldValue
        blob = blob if isinstance(blob, str) else None
        old = old if isinstance(old, str) else None
        if self.current is None:
            return
        if key == game.KEY_RECORDS:
            self.ledger.keeper.adopt(blob, old)
            self.refresh_stats()
        elif key in (KEY_GAME, KEY_OWNER):
            self.from_tab(key, blob, old)
        elif key == KEY_SETTINGS:
            settings, ok = parse_settings(blob)
            if ok:
                lang_changed = settings.language != self.settings.language
                self.settings = settings
                self.apply_settings()
                self.show_time()
                self.refresh_verdict()
                if lang_changed:
                    await self.set_language(settings.language)

    def on_visibility(self, _evt: JS = None) -> None:
        self.ledger.on_visibility()

    # ----- start-up ----------------------------------------------------------------

    async def start(self) -> None:
        """Read the saved state, show the table, listen, then say ready."""
        br = self.br
        raw = self.store.get(KEY_SETTINGS)
        self.settings, ok = parse_settings(raw)
        await self.set_language(self.settings.language)
        br.mark("solitaire:catalog")
        if not ok and raw is not None:
            self.store.backup("settings", raw)
            self.notify_once("recovered", lambda tx: tx.notice("recovered"))
            self.save_settings()  # repaired: the next visit finds good settings
        self.apply_settings()
        self.load_saved_game()
        if self.ledger.load(self.g):
            self.notify_once("recovered", lambda tx: tx.notice("recovered"))
        link = self.take_link()
        if br.take_param("imported") is not None:  # the page an import reloaded
            self.notify("imported", lambda tx: tx.t("import.done"))
        br.mark("solitaire:loaded")
        self.show_new()
        self.welcome.maybe_show(self.g, self.texts, self.table,
                                force=br.take_param("welcome") is not None)
        br.mark("solitaire:built")
        if self.last_saved is None:
            self.save_game()
        self.check_storage()
        self.check_moves()
        self.bind()
        self.show_running(False)
        self.refresh_verdict()
        if self.g.is_won:
            self.stats.win(self.g, None, self.ledger.seconds(),
                           self.ledger.result == "assisted", self.texts, False)
        if link is not None:
            self.open_deal(link)
        br.document.documentElement.dataset.ready = "1"

    def on_click(self, evt: JS) -> None:
        """A click on any ``data-action`` element of the page (SPEC §8)."""
        el = evt.target.closest("[data-action]") if evt.target else None
        if not el or self.current is None:
            return
        action = str(el.dataset.action)
        if action == "close-dialog":
            el.closest("dialog").close()
            return
        if action == "help":
            self.stop_finish()
            return  # the link opens the help (static/help-overlay.js)
        data = {k: str(el.getAttribute(f"data-{k}") or "") for k in ("variant", "code")}
        evt.preventDefault()
        self.dispatch(it.Button(action, data))

    def on_key(self, evt: JS) -> None:
        """``keydown`` on the page: a key intent (outside dialogs and form fields)."""
        if self.key_stops_finish(evt):  # Escape stopped Finish for me, and that is all
            return
        target = evt.target
        if self.current is None or self.dialogs.any_open():
            return
        tag = str(target.tagName or "").lower()
        if tag in ("input", "select", "textarea"):
            return
        k = it.Key(str(evt.key), bool(evt.ctrlKey or evt.metaKey), bool(evt.shiftKey),
                   bool(evt.altKey), target == self.table.el)
        if self.key(k):
            evt.preventDefault()

    def on_submit(self, evt: JS) -> None:
        """The New game form's submit (Enter in the code field)."""
        evt.preventDefault()
        self.dispatch(it.Button("deal-code"))

    def on_pointer(self, evt: JS) -> None:
        """Any press on the page: the reminder goes; a press outside the Finish for me
        button stops it (a press on it is left to its click)."""
        if not self.on_finish_control(evt.target):
            self.stop_finish()

    def bind(self) -> None:
        """One listener per event type, on static elements."""
        br, doc = self.br, self.br.document
        table = self.table.el
        self.pointer.bind()
        listeners: list[tuple[Any, str, Callable[..., Any]]] = [
            (table, "pointerdown", lambda _e: self.on_press()),
            (table, "focus", lambda _e: self.focus.on_focus(
                self.scene() if self.current is not None else None, self.table)),
            (table, "blur", lambda _e: self.focus.on_blur()),
            (doc, "pointerdown", self.on_pointer),
            (doc, "click", self.on_click),
            (doc, "keydown", self.on_key),
            (doc.querySelector("#new-form"), "submit", self.on_submit),
            (self.stats.file, "change", self.on_file),
            (self.confirm.dialog, "close", self.confirm.on_close),
            (doc, "visibilitychange", self.on_visibility),
            (br.window, "pagehide", lambda _e: self.ledger.save_started()),
            (br.window, "message", self.on_message),
            (br.window, "storage", self.on_storage),
            (br.window, "sw-update", self.on_update),
        ]
        for target, name, fn in listeners:
            br.listen(target, name, fn)
        self.dialogs.bind()
        self.stats.bind()
        br.observe_resize(table, self.on_resize)
        br.set_interval(br.proxy(self.show_time), 1000)
        self.assist.bind()
        if br.update_waiting():
            self.on_update()


__all__ = ["Page", "READERS"]

"""The question asked first (SPEC §6, §8): the ``#dlg-confirm`` dialog
(``data-role="confirm"``, buttons ``data-action="confirm"``/``"cancel"``). "cancel",
Escape or any other way of closing changes nothing at all.

The question is kept as a function of the texts, so a change of language while it is
open rewrites it (issue 23: no stale words).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from .domtypes import JS
from .texts import Texts


class Confirm:
    """The question dialog of one page and what "confirm" does."""

    def __init__(self, br: JS) -> None:
        self.dialog: JS = br.document.querySelector("#dlg-confirm")
        self.pending: Callable[[], None] | None = None
        self.words: tuple[Callable[[Texts], str], str, str] | None = None
        self.about: Hashable | None = None

    def ask(self, text: Callable[[Texts], str], ok_key: str, on_ok: Callable[[], None],
            texts: Texts, cancel_key: str = "confirm.cancel", about: Hashable | None = None) -> None:
        """Open the question ``text(texts)``; ``on_ok`` runs only on "confirm".
        ``about``: what the question depends on, if anything may change under it and
        leave it standing (:meth:`cancel_unless`)."""
        self.pending = on_ok
        self.about = about
        self.words = (text, ok_key, cancel_key)
        self.render(texts)
        dlg = self.dialog
        if not dlg.open:
            dlg.showModal()
        dlg.querySelector('[data-action="cancel"]').focus()

    def render(self, texts: Texts) -> None:
        """Write the question's words (again, in a new language)."""
        if self.words is None:
            return
        text, ok_key, cancel_key = self.words
        dlg = self.dialog
        dlg.querySelector(".confirm-text").textContent = text(texts)
        dlg.querySelector('[data-action="confirm"]').textContent = texts.t(ok_key)
        dlg.querySelector('[data-action="cancel"]').textContent = texts.t(cancel_key)

    @property
    def asking(self) -> bool:
        """Whether a question waits for its answer."""
        return self.pending is not None and bool(self.dialog.open)

    def confirm(self) -> None:
        """The player said yes."""
        action, self.pending = self.pending, None
        self.dialog.close()
        if action is not None:
            action()

    def cancel(self) -> None:
        """The player said no (or another game replaced this one): nothing changes."""
        self.pending = None
        self.about = None
        if self.dialog.open:
            self.dialog.close()

    def on_close(self, _evt: JS = None) -> None:
        """Escape or the dialog closed otherwise: as "cancel" (unless a new question
        opened it again meanwhile)."""
        if not self.dialog.open:
            self.pending = None

    def cancel_unless(self, about: Hashable | None) -> None:
        """Something changed under the question (another tab's game was taken over):
        it stays open only if it was asked ``about`` that same thing (not None), else
        it is cancelled."""
        if self.about is None or self.about != about:
            self.cancel()

"""Start-up: ``await start()`` (called by the entry script in index.html) makes the page
(``page.Page``: the one owner of what the page holds and the one dispatcher of intents)
with the ``Browser`` adapter (``browser.py``, the only module that imports
``js``/``pyodide``) and starts it. Nothing in ``game/ui`` imports this module.
"""

from __future__ import annotations

from .browser import Browser
from .page import Page

APP: Page | None = None


async def start() -> Page:
    """Start the page once; returns it (tests reach it as ``game.ui.app.APP``)."""
    global APP
    if APP is None:
        APP = Page(Browser())
        await APP.start()
    return APP


__all__ = ["APP", "start"]

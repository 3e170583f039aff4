"""The type of the JS objects the view handles (elements, events, proxies).

Pure Python: the objects themselves come from ``game.ui.browser``, the one module that
imports ``js`` and ``pyodide``. Pyodide gives them no static type, so they are ``Any``
at this boundary; everything computed from them is typed.
"""

from __future__ import annotations

from typing import Any, TypeAlias

JS: TypeAlias = Any  # a JsProxy: an element, an event, a proxy, a DOM collection

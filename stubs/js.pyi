# Type stub of Pyodide's ``js`` module (the browser's global scope), for mypy only.
# Every JS object is untyped at this boundary: game/ui/browser.py, the only importer,
# hands them on as ``game.ui.domtypes.JS`` (Any).
from typing import Any

document: Any
window: Any
performance: Any
Math: Any
Date: Any
Intl: Any
URLSearchParams: Any
ResizeObserver: Any

def __getattr__(name: str) -> Any: ...

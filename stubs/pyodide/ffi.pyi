# Type stub of ``pyodide.ffi``, for mypy only: the one function game/ui/browser.py uses.
from collections.abc import Callable
from typing import Any

def create_proxy(obj: Callable[..., Any]) -> Any: ...

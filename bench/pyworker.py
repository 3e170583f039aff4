"""The PyScript worker of bench/pyworker.html: import the worker's Python (as
static/solver-worker.js does), then say when that was done.

The page can only listen once PyScript's ``PyWorker`` promise resolves, which may be
after this code ran: so the message carries its own time (ms since the epoch,
``performance.timeOrigin + performance.now()``) and is posted every 100 ms.
"""

import json

import js
from pyodide.ffi import create_proxy

from game.ui.searcher import Searcher

SEARCHER = Searcher(js.postMessage)
STAMP = js.performance.timeOrigin + js.performance.now()
TEXT = json.dumps({"type": "ready", "ms": 0, "mode": "pyscript", "at": STAMP})
js.setInterval(create_proxy(lambda: js.postMessage(TEXT)), 100)

# Entry point run by PyScript (index.html). Starts the app; see game/ui/app.py.
# The performance marks let bench/ scripts split start-up into runtime, imports and
# the first render (Performance.getEntriesByType("mark")).
import js

js.performance.mark("solitaire:boot")
from game.ui.app import start  # noqa: E402

js.performance.mark("solitaire:imported")
await start()  # noqa: F704 - PyScript runs this file with top-level await
js.performance.mark("solitaire:ready")

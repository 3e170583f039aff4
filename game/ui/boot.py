# Entry point run by PyScript (index.html). Starts the app; see game/ui/app.py.
from game.ui.app import start

await start()  # noqa: F704 - PyScript runs this file with top-level await

"""Whether the game modules held by the interpreter copy are this archive's (issue 25.2).

The copy of Pyodide's started interpreter (``static/vendor/interpreter.snapshot``, made
by ``scripts/make_interpreter_copy.mjs``) holds the game package already imported: a
start restored from it skips importing about 60 modules (in Chromium about 100 ms of a
warm start on a reload, 240 ms on opening the game in a new tab). The set-up step
makes the copy and the game archive (``static/vendor/game.zip``) from the same sources,
but a page can still get them from two versions: a service-worker update between two
reads, or ``scripts/serve.py`` rebuilding the archive after an edit while the copy stays.
Modules of another version would run against this version's files, so before its first
import of the game the page (``index.html``) and the solver's worker
(``static/solver-worker.js``) call :func:`forget_stale_copy`.

The archive carries ``game/BUILD`` (``scripts/compile_game.mjs``: the SHA-256 of its
other members, 64 hex digits); the copy's maker records the ``BUILD`` it imported as the
attribute ``COPY_ATTRIBUTE`` of the ``game`` package. This module is never in the copy
(the maker leaves it out), so the check is always this archive's own code.
"""

from __future__ import annotations

import importlib
import os.path
import sys
from collections.abc import MutableMapping
from types import ModuleType

#: The attribute of the ``game`` package in which the copy's maker records its ``BUILD``.
COPY_ATTRIBUTE = "_copy_build"
#: The archive's build stamp, beside this file (a path as text: pathlib is not imported
#: by the game, and importing it would cost this check 20 ms in Pyodide).
BUILD_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "BUILD")


def forget_stale_copy(modules: MutableMapping[str, ModuleType] | None = None,
                      build_file: str = BUILD_FILE) -> str:
    """Drop the game modules the interpreter copy holds unless they are this archive's.

    ``modules``: the module table (``sys.modules`` when None; tests pass their own);
    ``build_file``: the path of the archive's ``BUILD`` (text, read as ASCII, whitespace
    ignored).

    Returns ``"fresh"`` (the copy's modules are this archive's: kept), ``"stale"`` (they
    are another version's, or the archive has no readable ``BUILD``: ``game`` and every
    ``game.*`` entry are removed and the import system's caches cleared, so the next
    import reads this archive) or ``"none"`` (the copy held no game module: the ``game``
    package in the table, if any, was imported from the files). Raises nothing.
    """
    table = sys.modules if modules is None else modules
    package = table.get("game")
    copied = getattr(package, COPY_ATTRIBUTE, None) if package is not None else None
    if copied is None:
        return "none"
    try:
        with open(build_file, encoding="ascii") as fh:
            build = fh.read().strip()
    except (OSError, UnicodeDecodeError):
        build = None
    if build == copied:
        return "fresh"
    for name in [n for n in table if n == "game" or n.startswith("game.")]:
        del table[name]
    importlib.invalidate_caches()
    return "stale"

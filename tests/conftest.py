"""Shared test set-up for every test folder (unit, i18n, browser).

- ``ROOT``: the repository root; ``pyproject.toml`` puts it on ``sys.path`` so tests
  import ``game`` and ``scripts`` directly.
- ``--dist loadscope`` (pytest-xdist, ``make test``): a browser module is one unit of
  work, run whole in one process (its ``warm_page`` started once); every other test is a
  unit of its own (``pytest_xdist_make_scheduler`` below).
- Hypothesis: no per-example deadline. Speed is measured by the scripts in ``bench/``,
  never asserted in tests, and a 2-core CI machine must not turn slow examples into
  failures. ``HYPOTHESIS_PROFILE=thorough`` runs more examples locally.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent

settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default")
)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root as a ``Path``."""
    return ROOT


#: The folder whose modules are each run whole by one test process.
BROWSER = "tests/browser/"


def pytest_xdist_make_scheduler(config: pytest.Config, log):  # noqa: ANN201 - xdist's type
    """With ``--dist loadscope``: xdist's scheduler with other units of work. A module of
    ``tests/browser`` is one unit (its page started once per module serves all its tests);
    any other test is a unit of its own. xdist hands the units out largest first, then in
    collection order: the browser modules, then the CPython tests one by one, so a long
    module never runs alone at the end while the other process idles (issue 23 point 6:
    with a module per unit, the interaction suite's module, minutes long, was handed out
    last). Returns None (xdist's own) for any other ``--dist``. (``--dist loadgroup`` would
    say the same with markers, but xdist 3.8 renames the items by their ``_nodeid``, which
    pytest 9 no longer reads: its groups are silently ignored.)"""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class BrowserModules(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return path if path.startswith(BROWSER) else nodeid

    return BrowserModules(config, log)

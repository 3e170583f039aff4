"""Shared test set-up for every test folder (unit, i18n, browser).

- ``ROOT``: the repository root; ``pyproject.toml`` puts it on ``sys.path`` so tests
  import ``game`` and ``scripts`` directly.
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

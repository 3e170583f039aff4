"""The three-engine smoke tests (issue 25): the game in Chromium, Firefox ESR and
WebKitGTK, driven through ``scripts/engines.py``.

Every test here is marked ``browser`` (``pytest -m "not browser"`` leaves them out).
``ENGINES=firefox pytest tests/engines`` (or ``-k firefox``) runs one engine alone. An
engine whose programs are not installed fails with the package to install (``make
test`` installs them), unless ``ENGINES`` leaves it out.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.engines import ENGINES, ROOT, Page, Site, missing, open_page

HERE = Path(__file__).resolve().parent


def chosen_engines() -> list[str]:
    """``ENGINES`` (comma-separated) or all three."""
    names = [e.strip() for e in os.environ.get("ENGINES", ",".join(ENGINES)).split(",") if e.strip()]
    unknown = set(names) - set(ENGINES)
    if unknown:
        raise pytest.UsageError(f"ENGINES: unknown {sorted(unknown)}; known: {', '.join(ENGINES)}")
    return names


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "engine" in metafunc.fixturenames:
        metafunc.parametrize("engine", chosen_engines())


@pytest.fixture
def site() -> Iterator[Site]:
    """The repo served on a free port (a new one per test: a fresh origin)."""
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        pytest.exit("static/vendor is missing: run `make test` (it vendors the runtime)", 2)
    s = Site(ROOT)
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def browser_page(engine: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Page]:
    """A fresh tab of ``engine``, 1280x800; fails at teardown on console or page
    errors (Chromium and Firefox report them; Selenium's WebKit driver has no console).
    After a failure, a screenshot of the page is kept in the test's ``tmp_path``."""
    why = missing(engine)
    if why:
        pytest.fail(f"{why}: `make test` installs it")
    p = open_page(engine, 1280, 800)
    try:
        yield p
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed:
            shot = tmp_path / f"{engine}-failed.png"
            p.screenshot(shot)
            print(f"{engine}: screenshot of the failure: {shot}; console: {p.problems()}")
        problems = p.problems()
        assert not problems, f"{engine}: {problems}"
    finally:
        p.close()

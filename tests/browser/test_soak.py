"""A long session leaks nothing (issue 6 point 7), in its light form: after 300
actions the live event listeners and Pyodide proxies are exactly as many as after 20.
Counts only (exact); the heap and the 2000-action figures are in bench/bench_soak.py.
"""

from __future__ import annotations

import random

import pytest

from tests.browser.helpers import py
from tests.browser.soak import COUNT_LISTENERS_JS, drive, measure, start_tracing

pytestmark = pytest.mark.context(reduced_motion="reduce")

EXACT = ("listeners", "listeners_added", "pyproxies", "jsrefs")


def test_300_actions_leave_no_listener_or_proxy_behind(open_app, page):
    page.add_init_script(COUNT_LISTENERS_JS)
    open_app("/index.html?deal=EH1-N-AAAAAAF")
    cdp = page.context.new_cdp_session(page)
    start_tracing(page)
    rng = random.Random(7)
    drive(page, 20, rng, new_every=0)
    early = measure(page, cdp)
    changed = drive(page, 280, rng, new_every=100)
    late = measure(page, cdp)
    print(f"after 20: {early}\nafter 300: {late} ({changed} actions changed the game)")
    assert changed > 150  # the session really played
    assert early["listeners"] > 5 and early["jsrefs"] > 100  # the counters see the app
    assert {k: late[k] for k in EXACT} == {k: early[k] for k in EXACT}
    # The counters are not blind: one listener leaked on purpose shows in each.
    py(page, "import js\nfrom pyodide.ffi import create_proxy\n"
             "js.document.addEventListener('keyup', create_proxy(lambda e: None))")
    leaked = measure(page, cdp)
    assert {k: leaked[k] - late[k] for k in EXACT} == {
        "listeners": 1, "listeners_added": 1, "pyproxies": 1, "jsrefs": 0}

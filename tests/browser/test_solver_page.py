"""The solver in the page, what only a browser can tell (issue 10 point 8): start-up
does not import the solver. Hint, "winnable deals only", the indicator, the stuck notice
and Finish for me are driven under CPython in tests/ui/test_page_solver.py (issue 23
point 6).
"""

from __future__ import annotations

import pytest

from game.ui.persist import KEY_SETTINGS, Settings

EO8 = "EO1-C8-AAAAAAB"  # Eight Off deal 1, 8 cells: winnable (README, "Solver")
WINNABLE = "[data-status='winnable']"

READY_PROBE = """
window.__solverAtReady = null;
// The page's own PyScript module (already run at DOMContentLoaded: the same instance).
document.addEventListener('DOMContentLoaded', () => {
  window.__py = import('/static/vendor/pyscript/core.js').then(core => core.whenDefined('py'));
});
new MutationObserver((_list, obs) => {
  if (document.documentElement.dataset.ready !== '1') return;
  obs.disconnect();
  window.__readyAt = performance.now();
  // Microtasks after data-ready is set: before any timer task of the page.
  window.__py.then(w => {
    window.__solverAtReady = w.interpreter.runPython("import sys\\n'game.solver' in sys.modules");
    window.__probeAt = performance.now();
  });
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
"""


@pytest.mark.parametrize("deal", ["EH1-N-AAAAAAF", EO8])
def test_the_solver_loads_after_the_page_is_ready(open_app, page, deal):
    """Issue 10 point 8: start-up does not import the solver; a task after data-ready
    does, then the indicator searches."""
    page.add_init_script(READY_PROBE)
    settings = Settings(show_winnable=True).dump()
    open_app(f"/index.html?deal={deal}", storage={KEY_SETTINGS: settings})
    page.wait_for_function("() => window.__solverAtReady !== null")
    assert page.evaluate("() => window.__solverAtReady") is False
    page.wait_for_function("() => performance.getEntriesByName('solitaire:solver').length === 1")
    probe_at = page.evaluate("() => window.__probeAt")  # the probe ran before the solver loaded
    assert page.evaluate("() => performance.getEntriesByName('solitaire:solver')[0].startTime") > probe_at
    page.wait_for_selector(f"{WINNABLE}:not([data-value='thinking'])", timeout=120_000)

"""The Content-Security-Policy (issue 14): every page carries one, the game starts and
plays under it (every browser test runs with it, and conftest.py turns any violation
report into a failure), and that guard does catch a violation.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "index.html", *sorted((ROOT / "help").glob("*/*.html"))]
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


def policy(path: Path) -> dict[str, list[str]]:
    found = META.findall(path.read_text(encoding="utf-8"))
    assert len(found) == 1, f"{path.relative_to(ROOT)}: one CSP meta tag expected"
    out: dict[str, list[str]] = {}
    for part in found[0].split(";"):
        name, *values = part.split()
        out[name] = values
    return out


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_page_has_a_strict_policy(path: Path) -> None:
    csp = policy(path)
    assert csp["default-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"]
    assert csp["base-uri"] == ["'self'"]
    assert "'unsafe-inline'" not in csp["script-src"]
    assert "'unsafe-inline'" not in csp["style-src"]
    assert not any(v.startswith(("http", "*", "data:", "blob:"))
                   for values in csp.values() for v in values)


def test_readme_documents_the_pages_policies() -> None:
    """Hosts that send the policy as a header must send the same one (README)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for path in (ROOT / "index.html", ROOT / "help" / "en" / "index.html"):
        text = META.findall(path.read_text(encoding="utf-8"))[0]
        assert text in readme, f"README does not give the policy of {path.name}"


def test_a_violation_fails_the_test(open_app, page, page_log) -> None:
    """The guard of conftest.py: an inline script is refused, and its report reaches the
    test as a console error (allowed here, so this test passes)."""
    open_app("/index.html")
    page_log.allow_errors(r"CSP violation: script-src-elem|Content Security Policy")
    page.evaluate("""() => {
      window.__reports = [];
      addEventListener("securitypolicyviolation", (e) => __reports.push(e.effectiveDirective));
      const s = document.createElement("script");
      s.textContent = "window.__inlineRan = true";
      document.body.append(s);
    }""")
    page.wait_for_function("() => window.__reports.length > 0")
    assert page.evaluate("window.__inlineRan") is None
    assert any(m.startswith("CSP violation: script-src-elem") for m in page_log.console_errors)

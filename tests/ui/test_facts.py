"""One source for what JavaScript must know (issue 26 point 3): ``static/facts.js`` is
what ``scripts/facts.py`` makes from the Python sources now, and no fact of its list is
written by hand in the page's own scripts or the service worker."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import game
from game.ui import i18n, persist
from scripts import facts

ROOT = Path(__file__).resolve().parents[2]
#: The page's own scripts (the generated ones and the vendored runtime excepted).
GENERATED = {"facts.js", "empty-table.js"}
SCRIPTS = sorted([p for p in (ROOT / "static").glob("*.js") if p.name not in GENERATED]
                 + [ROOT / "sw.js"])


def read_facts() -> dict:
    text = (ROOT / "static" / "facts.js").read_text(encoding="utf-8")
    body = text.split("self.__facts = Object.freeze(", 1)[1].split(");\n", 1)[0]
    return json.loads(body)


def test_facts_js_is_current():
    have = (ROOT / "static" / "facts.js").read_text(encoding="utf-8")
    assert have == facts.text(), "static/facts.js is stale: run python3 scripts/facts.py"
    assert facts.main(["--check"]) == 0


def test_the_facts_are_pythons():
    f = read_facts()
    assert f["languages"] == list(i18n.LANGUAGES) and f["rtl"] == sorted(i18n.RTL)
    assert f["aliases"] == {"in": "id"} and f["default"] == i18n.DEFAULT
    assert set(f["keys"].values()) >= {persist.KEY_SETTINGS, persist.KEY_GAME,
                                       game.KEY_RECORDS, game.KEY_META, persist.KEY_PAINT}
    assert set(f["variants"]) == set(game.STAT_VARIANTS)
    for lang in i18n.LANGUAGES:
        catalog = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
        assert f["texts"]["boot.missing"][lang] == catalog["boot.missing"]
    pattern = re.compile(f["code"], re.IGNORECASE)  # the JS source is also Python re syntax
    for variant, v in f["variants"].items():
        code = str(game.DealCode(v["game"], v["cells"], 123_456))
        m = pattern.match(f"  {code.lower()} ")
        assert m and m.group(1).upper() == v["prefix"]
        assert game.variant_of(v["game"], v["cells"]) == variant
    for bad in ("EH1-C8-AAAAAAB", "EO1-C3-AAAAAAB", "EH1-N-AAAAAB", "EH2-N-AAAAAAB"):
        assert not pattern.match(bad)


def _literals(f: dict) -> list[str]:
    """Text that would mean a fact written by hand again."""
    out = [json.dumps(k) for k in f["keys"].values()] + [f"'{k}'" for k in f["keys"].values()]
    out += [json.dumps(v) for v in f["variants"]] + [f"'{v}'" for v in f["variants"]]
    out += [v["prefix"] for v in f["variants"].values()]
    out += ['"in"', "'in'", '["en"', "[\"en\", \"ro\"", 'Set(["ar"])', "=== \"ar\"", "== 'ar'"]
    return out


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_no_fact_is_written_by_hand_in_javascript(path):
    code = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines()
                     if not line.lstrip().startswith("//"))
    found = [lit for lit in _literals(read_facts()) if lit in code]
    assert found == [], f"{path.name} restates {found}: read them from window.__facts"


def test_the_page_loads_facts_before_the_scripts_that_read_them():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    order = [m.group(1) for m in re.finditer(r'<script src="\./static/([\w-]+\.js)"', html)]
    assert order.index("facts.js") < order.index("prepaint.js")
    assert order.index("facts.js") < order.index("boot.js")
    assert "script-src 'self'" in html  # same-origin scripts only: facts.js is one


CASES = [(None, ["ro-RO", "en"]), ("ar", ["en"]), ("xx", ["in-ID"]), (None, ["IN"]), (None, []),
         (5, ["de", "id_ID", "ro"]), ("", ["zz-Latn", "AR-eg"]), (None, ["en-GB"]),
         (["ar"], ["fr"]), (None, ["ro_RO"])]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
def test_the_javascript_choice_of_language_is_pythons():
    """``window.__chooseLanguage`` (static/facts.js) and ``i18n.choose_language`` give
    the same language on the same inputs (run under Node)."""
    script = ("globalThis.self = globalThis;\n" + (ROOT / "static" / "facts.js").read_text("utf-8")
              + f"\nconsole.log(JSON.stringify({json.dumps(CASES)}.map(([s, t]) => "
              "self.__chooseLanguage(s, t))));\n")
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    want = [i18n.choose_language(s if isinstance(s, str) or s is None else None, t)
            for s, t in CASES]
    assert json.loads(out.stdout) == want

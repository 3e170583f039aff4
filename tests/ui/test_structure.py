"""The shape of game/ui (issue 9), read from the source with ``ast``, no browser.

- Exactly one module under game/ui imports ``js``, ``pyodide`` or ``pyscript``: the
  browser adapter ``game/ui/browser.py``.
- game/ui imports from the rules package only its facade: ``import game`` or
  ``from game import NAME`` with NAME exported by ``game/__init__.py`` (``__all__``),
  never ``game.history``, ``game.engine`` etc.
- No file of game/ is over 400 lines.
"""

from __future__ import annotations

import ast
from pathlib import Path

import game
from tests.unit.helpers import find_cycle

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "game" / "ui"
BROWSER_ROOTS = {"js", "pyodide", "pyscript"}


def imports(path: Path) -> list[tuple[str, list[str], int]]:
    """(module, imported names, relative level) of every import statement in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, [], 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", [a.name for a in node.names], node.level))
    return found


def ui_modules() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def test_exactly_one_module_imports_the_browser():
    importers = [
        p.relative_to(ROOT).as_posix()
        for p in ui_modules()
        if any(level == 0 and mod.split(".")[0] in BROWSER_ROOTS for mod, _, level in imports(p))
    ]
    assert importers == ["game/ui/browser.py"]


def test_no_rules_module_imports_the_browser():
    for p in sorted((ROOT / "game").glob("*.py")):
        for mod, _, level in imports(p):
            assert not (level == 0 and mod.split(".")[0] in BROWSER_ROOTS), (p, mod)


def test_ui_imports_only_the_rules_facade():
    exported = set(game.__all__)
    for p in ui_modules():
        for mod, names, level in imports(p):
            where = f"{p.relative_to(ROOT)}: {mod} {names} (level {level})"
            if level == 0:
                assert mod == "game" or not mod.startswith("game."), where
                if mod == "game":
                    assert set(names) <= exported, where
            elif level >= 2:  # from .. import x, from ..history import y
                raise AssertionError(where)


def test_imports_checker_sees_what_it_must():
    # The checks above would pass on a package without imports: make sure they read.
    found = {mod for mod, _, _ in imports(UI / "browser.py")}
    assert {"js", "pyodide.ffi"} <= found


def test_no_file_in_game_is_over_400_lines():
    for p in sorted((ROOT / "game").rglob("*.py")):
        lines = p.read_text(encoding="utf-8").count("\n")
        assert lines <= 400, f"{p.relative_to(ROOT)} has {lines} lines"


def test_the_phone_header_short_name_is_the_catalogs_game_name():
    """On phones the header shows the game's proper name alone (issue 11.7): the page
    writes it as ``data-short`` from the catalog's ``game.<name>`` and static/style.css
    shows that attribute; no game is named in the style sheet (issue 26)."""
    import re

    from pagedriver import Driver

    css = (ROOT / "static" / "style.css").read_text(encoding="utf-8")
    assert "content: attr(data-short)" in css
    assert not re.search(r'data-value="(easy-harp|eight-off)"', css)
    for code, lang, want in (("EO1-C4-AAAAAFA", "ro", "Eight Off"), ("EH1-N-AAAAAAF", "ar", "Easy Harp")):
        d = Driver(code, settings={"language": lang})
        el = d.doc.querySelector('[data-status="game"]')
        assert el.attrs["data-short"] == want, (code, lang)
        assert want in el.textContent  # the full name, cells and all, stays its text


def test_hover_styles_apply_only_where_the_pointer_hovers():
    """A phone keeps :hover on the last element tapped: a tester's Hint button stayed lit
    after the tap. Every :hover rule of the page's style sheets is inside
    ``@media (hover: hover)``."""
    import re

    for sheet in ("style.css", "help.css"):
        css = re.sub(r"/\*.*?\*/", "", (ROOT / "static" / sheet).read_text(encoding="utf-8"), flags=re.S)
        depth, inside, outside = 0, [], []
        for token in re.finditer(r"[^{}]*\{|\}", css):
            text = token.group(0).strip()
            if text == "}":
                depth -= 1
                if inside and inside[-1][0] == depth:
                    inside.pop()
                continue
            if text.startswith("@media"):
                if "(hover: hover)" in text:
                    inside.append((depth, text))
                depth += 1
                continue
            depth += 1
            if ":hover" in text and not inside:
                outside.append(text)
        assert outside == [], (sheet, outside)


def ui_graph() -> dict[str, set[str]]:
    """Module of game/ui -> the modules of game/ui it imports (any import: inside
    functions and ``if TYPE_CHECKING:`` blocks too)."""
    graph: dict[str, set[str]] = {}
    for p in ui_modules():
        deps = graph.setdefault(p.stem, set())
        for mod, names, level in imports(p):
            if level == 1:
                deps.update([mod] if mod else names)
            elif level == 0 and mod.startswith("game.ui."):
                deps.add(mod.split(".")[2])
            elif level == 0 and mod == "game.ui":
                deps.update(names)
        deps.discard(p.stem)
        deps &= {q.stem for q in ui_modules()}
    return graph


def test_no_import_cycle_in_the_view():
    """Issue 23.1: the parts never import the page back; the view is a tree of imports."""
    cycle = find_cycle(ui_graph())
    assert cycle is None, "import cycle in game/ui: " + " -> ".join(cycle or [])


def test_the_cycle_check_sees_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_nothing_in_the_view_imports_the_start_up_module():
    """Only index.html's entry script imports ``game.ui.app``; the parts report intents
    to the page instead of reaching it (issue 23.1)."""
    graph = ui_graph()
    assert [m for m, deps in graph.items() if "app" in deps] == []


def test_only_the_page_and_its_flows_know_the_parts_together():
    """A part (a DOM module) imports no other part that acts on the page: table, pointer,
    notices, statusbar, focus, welcome, assist, ledger, confirm, dialogs, statsview may
    import pure modules and the table (which focus and welcome are given), never the
    owner (core) or its flows."""
    graph = ui_graph()
    owner = {"core", "page", "tableplay", "helping", "recording", "dealing", "tabs", "app"}
    parts = {"table", "pointer", "notices", "statusbar", "focus", "welcome", "assist",
             "ledger", "confirm", "dialogs", "statsview"}
    for part in parts:
        assert not graph[part] & owner, (part, graph[part] & owner)

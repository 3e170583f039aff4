"""Dependencies in game/ run one way (issue 9 point 2; docs/ARCHITECTURE.md).

Every import inside ``game/`` is read from the source (AST, so imports inside
functions and ``if TYPE_CHECKING:`` blocks count too) and must point to a lower layer;
``game.ui`` imports only the facade ``game``. Cycles are looked for separately.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.unit.helpers import find_cycle

GAME = Path(__file__).resolve().parents[2] / "game"

#: Layers, lowest first: a module may import only modules of lower layers.
LAYERS: list[list[str]] = [
    ["cards", "refusals", "errors", "safejson", "freshness"],  # leaves
    ["moves", "deals"],                       # notation, deal codes
    ["position"],                             # piles and positions
    ["fcs", "rules"],                         # position text; shared rules, check, legal_moves
    ["contract"],                             # the Rules protocol, the refusal order
    ["easy_harp", "eight_off"],               # the games, one module each
    ["engine"],                               # registry, variants, resolve, apply
    ["intents"],                              # tap, double tap, drop, targets, lifting
    ["solver"],                               # the solver package (game/solver/)
    ["history"],                              # Game: undo, redo, score
    ["save"],                                 # saved games
    ["gameid", "clock"],                      # records: game ids, the game clock
    ["records"],                              # statistics and recent games (SPEC §12)
    ["keeper", "session"],                    # storage merge; a game's id, clock, result
    ["backup"],                               # export/import of all local data
    ["__init__"],                             # the facade
]
RANK = {m: i for i, layer in enumerate(LAYERS) for m in layer}


def _is_module(name: str) -> bool:
    """Whether ``name`` (``game.x`` or ``game.pkg.x``) is a module of ``game``, not a name
    taken from one."""
    parts = name.split(".")[1:]
    if len(parts) == 1:
        return parts[0] in RANK
    return (GAME.joinpath(*parts[:-1]) / f"{parts[-1]}.py").is_file()


def _imports(path: Path, package: str) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in ``path`` (a module of
    ``package``) that names a module of the ``game`` package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names if a.name.split(".")[0] == "game"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if mod.split(".")[0] != "game":
                continue
            if node.module is None or mod in ("game", "game.ui"):
                # "from . import engine" names modules; "from game import X" the facade
                subs = [f"{mod}.{a.name}" for a in node.names]
                out += [(node.lineno, s if _is_module(s) or mod == "game.ui" else mod) for s in subs]
            else:
                out.append((node.lineno, mod))
    return out


#: Sub-packages of game/ that count as one unit of a layer (imports inside them are free).
PACKAGES = ("solver",)


def _core_modules() -> list[tuple[str, Path, str]]:
    """(unit, file, package) of every module of game/ outside game/ui: a plain module is
    its own unit, every file of a sub-package in PACKAGES belongs to that package's unit."""
    out = [(p.stem, p, "game") for p in sorted(GAME.glob("*.py"))]
    for pkg in PACKAGES:
        out += [(pkg, p, f"game.{pkg}") for p in sorted((GAME / pkg).glob("*.py"))]
    return out


def test_every_core_module_has_a_layer():
    names = {unit for unit, _, _ in _core_modules()}
    assert names == set(RANK), "add new modules of game/ to LAYERS (and ARCHITECTURE.md)"


@pytest.mark.parametrize("unit,path,package", _core_modules(),
                         ids=lambda v: v.name if isinstance(v, Path) else "")
def test_core_imports_point_down(unit, path, package):
    me = unit
    bad = []
    for line, mod in _imports(path, package):
        parts = mod.split(".")
        if len(parts) == 1:  # the facade itself
            bad.append(f"line {line}: {mod}")
            continue
        target = parts[1]
        if target == me:  # inside its own package
            continue
        if target == "ui" or RANK.get(target, 99) >= RANK[me]:
            bad.append(f"line {line}: {mod}")
    assert not bad, f"{path.relative_to(GAME)} imports against the order: {bad}"


def test_the_view_imports_only_the_facade():
    bad = []
    for path in sorted((GAME / "ui").glob("*.py")):
        for line, mod in _imports(path, "game.ui"):
            if mod != "game" and not mod.startswith("game.ui"):
                bad.append(f"game/ui/{path.name} line {line}: {mod}")
    assert not bad


def _node(mod: str) -> str:
    """The node of the import graph for module ``mod``: ``x`` for ``game.x``, and for a
    sub-package ``pkg``, ``pkg.y`` per file (``pkg.__init__`` for the package itself)."""
    parts = mod.split(".")
    if parts[1] in PACKAGES:
        return f"{parts[1]}.{parts[2] if len(parts) > 2 else '__init__'}"
    return parts[1]


def _import_graph() -> dict[str, set[str]]:
    """Module -> modules it imports, inside game/ outside game/ui, each file of a
    sub-package a node of its own (so a cycle inside game/solver counts too)."""
    graph: dict[str, set[str]] = {}
    for _, path, package in _core_modules():
        me = _node(f"{package}.{path.stem}") if package != "game" else path.stem
        graph.setdefault(me, set()).update(
            _node(m) for _, m in _imports(path, package) if "." in m and _node(m) != me)
    return graph


def test_no_importfind_cycle():
    cycle = find_cycle(_import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_graph_sees_modules_inside_sub_packages(tmp_path):
    # The checker itself: a cycle between two files of game/solver is a cycle.
    graph = _import_graph()
    assert "solver.search" in graph and "solver.adapter" in graph["solver.__init__"]
    assert find_cycle({**graph, "solver.eo_state": graph["solver.eo_state"] | {"solver.adapter"}}) is not None


def test_the_walk_sees_imports_inside_functions(tmp_path):
    # The checker itself: an import hidden in a function is still an import.
    f = tmp_path / "m.py"
    f.write_text("def f():\n    from .history import Game\n    return Game\n")
    assert _imports(f, "game") == [(2, "game.history")]


#: Longest function (lines, signature to last line) anywhere in game/ (issue 26 point 4).
MAX_FUNCTION_LINES = 80
#: Known longer functions, each owned by another part of the team this round; the list
#: may only shrink (a test fails when an entry is no longer too long or gone).
#: ``game/ui/layout.py`` is wt-layout's (issue 23), ``game/solver/`` wt-solver's (issue 26.5).
TOO_LONG_KNOWN = {
    ("ui/layout.py", "compute"),
}


def _functions() -> list[tuple[str, str, int]]:
    """(file relative to game/, function name, lines) of every function in game/."""
    out = []
    for path in sorted(GAME.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert node.end_lineno is not None
                out.append((path.relative_to(GAME).as_posix(), node.name,
                            node.end_lineno - node.lineno + 1))
    return out


def test_no_function_over_80_lines():
    long = {(f, name): n for f, name, n in _functions() if n > MAX_FUNCTION_LINES}
    new = sorted(f"{f} {name}() has {n} lines" for (f, name), n in long.items()
                 if (f, name) not in TOO_LONG_KNOWN)
    assert not new, f"split these (at most {MAX_FUNCTION_LINES} lines): {new}"
    fixed = sorted(TOO_LONG_KNOWN - set(long))
    assert not fixed, f"no longer too long or gone: remove from TOO_LONG_KNOWN: {fixed}"


def _private_reads(path: Path) -> list[str]:
    """``obj._name`` in ``path`` where ``obj`` is not ``self`` or ``cls`` (dunders and
    the NamedTuple methods ``_replace``/``_asdict``/``_fields``/``_make`` excepted)."""
    public = {"_replace", "_asdict", "_fields", "_make"}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                and not node.attr.startswith("__") and node.attr not in public
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
            out.append(f"line {node.lineno}: {ast.unparse(node)}")
    return out


def test_no_module_reads_another_ones_private_fields():
    bad = {}
    for path in sorted(GAME.rglob("*.py")):
        if "ui" in path.relative_to(GAME).parts:
            continue
        found = _private_reads(path)
        if found:
            bad[path.relative_to(GAME).as_posix()] = found
    assert not bad, f"use a public name instead: {bad}"


def test_the_private_read_check_sees_one(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def f(g):\n    return g._state, g._replace(a=1)\n")
    assert _private_reads(f) == ["line 2: g._state"]

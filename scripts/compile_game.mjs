// Packs the game package for the browser: the bytecode of every game/**/*.py,
// compiled by the same Pyodide the page runs (so the .pyc magic number matches), and
// the compiled methods of its dataclasses (dataclass_code.marshal, see below), into
// one deterministic zip, whose last member game/BUILD stamps it (below). Run by
// scripts/bundle_game.py; see its docstring.
//
// Sourceless and without the docstrings of modules and functions (issue 25.1, a first
// visit's bytes): each module is stored as game/<name>.pyc in place of its source
// (Python imports a lone .pyc; its code still names game/<name>.py and its lines, so
// a stack trace in the page points into the repository, without the line's text).
// Class docstrings stay: a dataclass without one gets one made from
// inspect.signature at every import. Assert statements stay (optimize 0). The archive
// as Zstandard: 473 KB with the sources and the bytecode, 6 December 2026; see the
// README's table for after.
//
// PyScript's own Python package, compiled too (issue 25.2): at every start PyScript
// writes the package's sources (carried as texts in its JavaScript) into pyscript/ of
// the working folder and imports it, compiling 11 modules on the way to ready (its
// set-up code took 41-47 ms in Chromium, 18-26 with them compiled here). The
// archive, unpacked into the same folder before that,
// holds their bytecode as pyscript/__pycache__/<name>.<cache tag>.pyc, checked
// hash-based (PEP 552): Python imports it when the source's hash is the one it was
// compiled from, and compiles the source as before when not (another PyScript).
// The texts are read from the pinned @pyscript/core's bundle, where its Python
// package is one object literal `{pyscript:{"__init__.py":"…",…}}`; a bundle where it
// is not found leaves the archive without them, and says so.
//
//   node scripts/compile_game.mjs <repo root> <output zip>
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [root, out] = process.argv.slice(2);

// PyScript's Python package as {relative path: source text}, or null (not found).
function pyscriptPackage() {
  const MARK = '{pyscript:{"__init__.py":';
  const dist = join(root, "node_modules", "@pyscript", "core", "dist");
  for (const name of readdirSync(dist).filter((n) => n.endsWith(".js")).sort()) {
    const text = readFileSync(join(dist, name), "utf8");
    const at = text.indexOf(MARK);
    if (at < 0) continue;
    // the literal's end: its closing brace, outside any string
    let depth = 0;
    let end = -1;
    for (let i = at; i < text.length && end < 0; i++) {
      const c = text[i];
      if (c === '"' || c === "'" || c === "`") {
        for (i++; i < text.length && text[i] !== c; i++) if (text[i] === "\\") i++;
      } else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) end = i + 1;
    }
    if (end < 0) return null;
    const tree = vm.runInNewContext(`(${text.slice(at, end)})`, Object.create(null), { timeout: 1000 });
    const files = {};
    const walk = (node, path) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === "string") files[`${path}/${key}`] = value;
        else walk(value, `${path}/${key}`);
      }
    };
    walk(tree, "");
    return Object.fromEntries(Object.entries(files).map(([k, v]) => [k.slice(1), v]));
  }
  return null;
}
const pyscript = pyscriptPackage();
if (!pyscript) console.warn("PyScript's Python package not found in @pyscript/core's bundle: not compiled");

const py = await loadPyodide();
py.registerJsModule("js", {}); // the browser adapter imports it; nothing here calls it
py.mountNodeFS("/repo", root);
py.globals.set("out_path", "/repo/" + out);
py.globals.set("pyscript_sources", py.toPy(pyscript || {}));
try {
py.runPython(`
import ast, importlib.util, io, marshal, os, zipfile

STAMP = (1980, 1, 1, 0, 0, 0)  # fixed times: same sources, same bytes, same hash
# Members stored, not deflated: a first visit fetches the archive's Zstandard copy
# (scripts/packed.py), which compresses across members: 0.44 MB against 0.72 MB for
# the archive deflated member by member.
sources = []
for folder, dirs, files in os.walk("/repo/game"):
    dirs[:] = sorted(d for d in dirs if d != "__pycache__")
    sources += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".py")]
tmp = out_path + ".tmp"
def entry(name):
    info = zipfile.ZipInfo(name, STAMP)
    info.compress_type = zipfile.ZIP_STORED
    return info

# game/BUILD, the archive's last member: the SHA-256 of every other member's name and
# bytes, in order. The interpreter copy records the BUILD whose modules it holds
# imported, and game/freshness.py drops them when the archive's differs.
import hashlib
build = hashlib.sha256()
def member(zf, name, data):
    zf.writestr(entry(name), data)
    build.update(name.encode() + b"\\0" + hashlib.sha256(data).digest())

def without_docstrings(tree):
    """The module's tree without the docstrings of the module and its functions (a
    body left empty gets a pass); class docstrings kept (above)."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            doc = body.pop(0)
            if not body:
                body.append(ast.copy_location(ast.Pass(), doc))
    return tree

def sourceless_pyc(source, rel):
    """A .pyc that Python imports without its source (hash-based, unchecked: flags
    0b01, PEP 552), of the code compiled from source as the file rel."""
    code = compile(without_docstrings(ast.parse(source, rel)), rel, "exec", dont_inherit=True)
    return (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")
            + importlib.util.source_hash(source) + marshal.dumps(code))

def checked_pyc(source, path):
    """A .pyc that Python uses while its source's hash is that of source (hash-based,
    checked: flags 0b11, PEP 552), of the code compiled from it as the file path (the
    loader names the source it found instead)."""
    code = compile(source, path, "exec", dont_inherit=True)
    return (importlib.util.MAGIC_NUMBER + (3).to_bytes(4, "little")
            + importlib.util.source_hash(source) + marshal.dumps(code))

import sys
with zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as zf:
    for src in sources:
        rel = os.path.relpath(src, "/repo")
        with open(src, "rb") as fh:
            member(zf, rel + "c", sourceless_pyc(fh.read(), rel))
    # PyScript's package (above), as PyScript writes it (pathlib's write_text, UTF-8):
    # the modules its start imports, those that pyscript/__init__.py imports and theirs
    # (not web, fs, media: 39 KB more for a first visit, for modules the game never uses)
    def top_level(body):
        """The statements run at import: not those in functions and classes."""
        for node in body:
            yield node
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                for field in ("body", "orelse", "finalbody"):
                    yield from top_level(getattr(node, field, []))
                for handler in getattr(node, "handlers", []):
                    yield from top_level(handler.body)
    def module_of(rel):
        return rel[:-3].replace("/", ".").removesuffix(".__init__")
    by_module = {module_of(rel): rel for rel in pyscript_sources if rel.endswith(".py")}
    wanted, todo = set(), ["pyscript"] if by_module else []
    while todo:
        name = todo.pop()
        if name in wanted or name not in by_module:
            continue
        wanted.add(name)
        for node in top_level(ast.parse(pyscript_sources[by_module[name]]).body):
            if isinstance(node, ast.Import):
                todo += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                todo += [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
    for name in sorted(wanted):
        rel = by_module[name]
        folder, base = os.path.split(rel)
        cached = f"{folder}/__pycache__/{base[:-3]}.{sys.implementation.cache_tag}.pyc"
        member(zf, cached, checked_pyc(pyscript_sources[rel].encode("utf-8"), rel))
    # The dataclasses' generated methods, compiled (issue 14 point 2): the dataclasses
    # module builds each class's __init__, __eq__, __repr__... as source text and execs
    # it, which compiles it at every start-up (more than half of the package's import
    # time in Pyodide). Here every module of the package is imported with that exec
    # recording text -> code object; the page's entry script (index.html) hands the
    # same code objects to exec instead of the text (a text not found is compiled as
    # before). Same Pyodide, so the same marshal format and the same code.
    import dataclasses, importlib, marshal, sys
    sys.dont_write_bytecode = True
    sys.path.insert(0, "/repo")
    codes = {}
    def recording_exec(text, globals, locals):
        code = codes.setdefault(text, compile(text, "<string>", "exec"))
        exec(code, globals, locals)
    dataclasses.exec = recording_exec
    for src in sources:
        rel = os.path.relpath(src, "/repo")[:-3].replace(os.sep, ".")
        importlib.import_module(rel[:-9] if rel.endswith(".__init__") else rel)
    del dataclasses.exec
    member(zf, "dataclass_code.marshal", marshal.dumps(codes))
    zf.writestr(entry("game/BUILD"), build.hexdigest() + "\\n")
os.replace(tmp, out_path)
`);
} catch (err) {
  console.error(String(err.message || err));
  process.exit(1);
}

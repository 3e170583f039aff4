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
//   node scripts/compile_game.mjs <repo root> <output zip>
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [root, out] = process.argv.slice(2);
const py = await loadPyodide();
py.registerJsModule("js", {}); // the browser adapter imports it; nothing here calls it
py.mountNodeFS("/repo", root);
py.globals.set("out_path", "/repo/" + out);
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

with zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as zf:
    for src in sources:
        rel = os.path.relpath(src, "/repo")
        with open(src, "rb") as fh:
            member(zf, rel + "c", sourceless_pyc(fh.read(), rel))
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

// Packs the game package for the browser: every game/**/*.py plus its bytecode,
// compiled by the same Pyodide the page runs (so the .pyc magic number matches),
// and the compiled methods of its dataclasses (dataclass_code.marshal, see below),
// into one deterministic zip, whose last member game/BUILD stamps it (below). Run by scripts/bundle_game.py; see its docstring.
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
import importlib.util, io, os, py_compile, zipfile

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

with zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as zf:
    for src in sources:
        rel = os.path.relpath(src, "/repo")
        with open(src, "rb") as fh:
            member(zf, rel, fh.read())
        cfile = "/tmp/c.pyc"
        py_compile.compile(src, cfile=cfile, dfile=rel, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        cached = os.path.relpath(importlib.util.cache_from_source(src), "/repo")
        with open(cfile, "rb") as fh:
            member(zf, cached, fh.read())
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

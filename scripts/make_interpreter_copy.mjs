// Makes the shipped copy of Pyodide's started interpreter (issue 14, "ready fast";
// issue 25.2): the vendored Pyodide is started under Node with `_makeSnapshot`, the game
// package imported, and its memory saved with makeMemorySnapshot.
// static/pyodide-start.js restores it in the browser (`_loadSnapshot`), so that no start,
// a first visit included, spends the seconds Python takes to initialise itself, nor the
// 0.1-0.25 s of importing the game. Run by scripts/interpreter_copy.py.
//
//   node scripts/make_interpreter_copy.mjs <vendored pyodide folder> <game archive> <output file>
//
// Before the copy is taken, what a start under Node leaves different from one in a
// browser is set as a browser's start leaves it, so that Python sees the same thing
// wherever the copy was made: the program name (sys.executable, $_) and $LANG.
//
// The game: the archive (static/vendor/game.zip, scripts/bundle_game.py) is unpacked
// where the page's PyScript and the solver's worker unpack it (/home/pyodide, the
// working folder), and the modules the page's start imports are imported: game/ui/page.py
// and all it imports (game/ui/app.py imports that and the browser adapter
// game/ui/browser.py, which needs `js` and is imported after the restore with app.py;
// so does game/freshness.py, the check that runs at every start). The solver (imported
// once the page is ready, issue 10 point 8, or by the solver's worker) stays out, as
// does anything that would import `js`, `pyodide` or `pyscript`. The package records the archive's game/BUILD as
// `game._copy_build`: game/freshness.py drops the imported modules when a page's
// archive is another version. The unpacked files are removed and the import system's
// caches cleared: only the modules stay (the file system is not in the copy; the page
// unpacks the archive again). No JavaScript object is held (makeMemorySnapshot refuses
// a copy that holds one), and no module draws on the clock or randomness when
// imported (the page reseeds `random` after a restore).
//
// Output: one file of about 31 MB (Pyodide 314.0.7), not byte-for-byte reproducible
// (Python seeds its hashing and `random` from the system's randomness at start).
import { readFileSync, writeFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [indexURL, archive, out] = process.argv.slice(2);
if (!indexURL || !archive || !out) {
  console.error("usage: node scripts/make_interpreter_copy.mjs <pyodide folder> <game archive> <output>");
  process.exit(2);
}
const REST = "/lib/python_stdlib_rest.zip";
const pyodide = await loadPyodide({
  indexURL: indexURL.endsWith("/") ? indexURL : indexURL + "/",
  _makeSnapshot: true,
  env: { LANG: "en_US.UTF-8" },
});
pyodide.runPython(`
import os, sys
sys.executable = "/home/pyodide/this.program"
os.environ["_"] = "./this.program"
os.environ["LANG"] = "en_US.UTF-8"
del os, sys
`);
pyodide.FS.writeFile("/tmp/game.zip", readFileSync(archive));
// The standard library's second zip, where the page puts it (pyscript.toml [files]):
// the game imports modules of it. It is taken off sys.path again before the copy is
// taken (the page puts it back once it has written the file).
pyodide.FS.writeFile(REST, readFileSync(join(indexURL, "python_stdlib_rest.zip")));
const [imported, left] = pyodide.runPython(`
def _import_game():
    import importlib, os, shutil, sys, zipfile, zipimport
    home = os.getcwd()
    sys.path.append(REST)
    paths = {name: list(module.__path__) for name, module in sys.modules.items()
             if isinstance(getattr(module, "__path__", None), list)}
    import _stdlib_rest  # noqa: F401
    with zipfile.ZipFile("/tmp/game.zip") as zf:
        names = zf.namelist()
        zf.extractall(home)
        build = zf.read("game/BUILD").decode("ascii").strip()
    os.remove("/tmp/game.zip")
    modules = ["game", "game.ui.page"]  # the page's start, but the browser adapter
    browser = ("js", "pyodide", "pyscript")
    hidden = {name: module for name, module in sys.modules.items() if name.split(".")[0] in browser}
    for name in {*browser, *hidden}:
        sys.modules[name] = None  # an import of it raises ModuleNotFoundError
    left = []
    try:
        for name in modules:
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as exc:
                if (exc.name or "").split(".")[0] not in browser:
                    raise
                left.append(name)
    finally:
        for name in browser:
            del sys.modules[name]
        sys.modules.update(hidden)
    sys.modules["game"]._copy_build = build
    for name in names:
        top = name.split("/")[0]
        path = os.path.join(home, top)
        if os.path.isdir(path):
            shutil.rmtree(path)
        elif os.path.exists(path):
            os.remove(path)
    # the second zip as before it was on sys.path: the page's start puts it back
    sys.path.remove(REST)
    del sys.modules["_stdlib_rest"]
    for name, path in paths.items():
        if name in sys.modules:
            sys.modules[name].__path__[:] = path
    zipimport._zip_directory_cache.pop(REST, None)
    sys.path_importer_cache.clear()
    importlib.invalidate_caches()
    return sum(1 for n in sys.modules if n == "game" or n.startswith("game.")), left
REST = "/lib/python_stdlib_rest.zip"
_result = _import_game()
del _import_game
_result
`).toJs();
pyodide.runPython("del _result, REST");
pyodide.FS.unlink(REST);
const bytes = pyodide.makeMemorySnapshot();
writeFileSync(out + ".tmp", bytes);
renameSync(out + ".tmp", out);
console.log(`${out}: ${bytes.byteLength} bytes; ${imported} game modules imported${left.length ? `; left out, needing the browser: ${left.join(", ")}` : ""}`);

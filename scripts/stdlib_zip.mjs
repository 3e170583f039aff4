// The page's Python standard library (issue 25, a first visit that is quick): Pyodide's
// python_stdlib.zip without what a card game in a browser never imports, and with the
// modules every start imports compiled ahead. Run by scripts/stdlib_zip.py (through
// scripts/vendor.py); the vendored Pyodide under Node does the work, so the bytecode is
// that of the interpreter the page runs.
//
//   node scripts/stdlib_zip.mjs <source zip> <output zip> <rest zip> <stamp>   build
//   node scripts/stdlib_zip.mjs --check <zip> <rest zip>                        check built zips
//
// Three changes to Pyodide's zip (9.7 MB of sources stored, 1.63 MB as Zstandard):
//
// - Dropped: the files of DROP and the encodings not in KEEP_ENCODINGS, unless a module
//   that must load imports them (below): about half the bytes (a REPL, debuggers, test
//   and documentation tools, mail, network protocols, XML, databases, processes, legacy
//   and CJK codecs). An import of a dropped module raises ModuleNotFoundError.
// - Compiled: the modules that must load are stored as sourceless .pyc (bytecode of the
//   vendored Pyodide's Python; zipimport loads `name.pyc` when `name.py` is absent),
//   the rest stay sources. Python compiling the standard library's sources is most of
//   a normal start: under Node, loadPyodide took 1.83-2.06 s with sources and 0.61-0.63 s
//   with them compiled (3 runs each, 6 December 2026). Stack traces through those
//   modules show no source lines. They are compiled as `python -OO` would (optimize=2:
//   no docstrings, no assert statements; the standard library is written to run so,
//   and nothing the game runs reads a standard-library docstring): 162 KB less to
//   download as Zstandard (1.41 MB instead of 1.57; 0.11 s at 12 Mbit/s).
// - Split: the first zip holds the files of the modules Pyodide's own start imports
//   (but the modules frozen into Python, os, codecs, site, ...: the import system never
//   reads them from a zip) and of BEFORE_REST's, imported before the page puts the
//   second zip on sys.path (PyScript's package, importlib.metadata), with what they
//   import. Every other file goes to the second zip, the rest zip, which the page asks
//   for after the files Python's start needs, beside the game's archive, and which
//   is on sys.path before the game's first line (pyscript.toml [files], index.html,
//   static/solver-worker.js): off a first visit's critical path, importable all the
//   same. A package split across the two (its __init__ in the first) finds its other
//   modules through _stdlib_rest (SPLIT_SOURCE below), which the maker writes into the
//   rest zip and the page imports after putting the zip on sys.path: it adds the rest
//   zip's folder of each such package to the package's __path__. The first zip went
//   from 1.12 MB to 874 KB as Zstandard (7 December 2026; WebKitGTK's first visit at
//   12 Mbit/s ready 0.2 s sooner, bench/bench_wire.py).
// "Must load": every module a Pyodide start imports (its sys.modules under Node), then
// the game's and PyScript's Python (every import, functions included), then, through
// the standard library, every import its modules make when they are imported (module
// and class level, `if __name__ == "__main__"` blocks left out; imports inside functions
// are not followed, so a function of a kept module may import a dropped one: DROP lists
// only what no such path of the game reaches, and the browser tests play the game on
// this zip; the imports inside kept modules' functions that name a dropped file were
// read once, 6 December 2026: base64 -> getopt, _sitebuiltins -> pydoc, site -> _pyrepl
// and rlcompleter, zipfile -> py_compile, email -> email.parser, none on the game's way).
// Found with the standard library's modulefinder over the sources.
//
// Output: the two zips, members stored in the source's order with its dates, the stamp in
// each zip's comment (scripts/stdlib_zip.py: the output is stale when it differs); on
// stdout a JSON summary {kept, dropped, compiled, droppedNeeded}. --check exits 1 and
// names the missing modules when a module that must load is not in the zip.
import { readFileSync, writeFileSync, renameSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

// Files and folders of the zip that the game does not use; a folder ends with "/".
const DROP = [
  // a REPL, debuggers, test, documentation and profiling tools
  "_pyrepl/", "unittest/", "doctest.py", "pdb.py", "bdb.py", "pydoc.py", "code.py",
  "rlcompleter.py", "cmd.py", "cProfile.py", "profile.py", "pstats.py", "timeit.py", "trace.py",
  "tabnanny.py", "pyclbr.py", "symtable.py", "modulefinder.py", "compileall.py", "py_compile.py",
  "zipapp.py", "pickletools.py", "this.py", "antigravity.py", "__hello__.py", "__phello__/",
  // mail, network protocols and servers, XML, databases, formats the game has no use for
  "email/", "mailbox.py", "imaplib.py", "smtplib.py", "poplib.py", "ftplib.py", "http/", "xmlrpc/",
  "wsgiref/", "socketserver.py", "netrc.py", "xml/", "plistlib.py", "sqlite3/", "shelve.py",
  "webbrowser.py", "mimetypes.py", "uuid.py", "wave.py", "colorsys.py", "configparser.py",
  "tomllib/", "zoneinfo/", "getpass.py", "pty.py", "tty.py", "sched.py", "filecmp.py",
  "fileinput.py", "optparse.py", "getopt.py", "_pyio.py", "sre_compile.py", "sre_constants.py",
  "sre_parse.py",
  // processes and subinterpreters
  "multiprocessing/", "concurrent/interpreters/",
  // ctypes' notes and shell scripts (not modules; they would keep ctypes in the first zip)
  "ctypes/macholib/README.ctypes", "ctypes/macholib/fetch_macholib", "ctypes/macholib/fetch_macholib.bat",
];
// The encodings kept: Unicode, ASCII, Latin-1 and the codecs the standard library names
// (cp437: zipfile decodes names without the UTF-8 flag with it).
const KEEP_ENCODINGS = new Set([
  "__init__", "_win_cp_codecs", "aliases", "ascii", "cp437", "latin_1", "charmap", "utf_8", "utf_8_sig",
  "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "utf_7", "idna",
  "punycode", "raw_unicode_escape", "unicode_escape", "undefined", "base64_codec", "hex_codec",
  "zlib_codec", "bz2_codec", "quopri_codec", "uu_codec", "rot_13",
]);

const args = process.argv.slice(2);
const check = args[0] === "--check";
if (check ? args.length !== 3 : args.length !== 4) {
  console.error("usage: node scripts/stdlib_zip.mjs <source zip> <output zip> <rest zip> <stamp> | --check <zip> <rest zip>");
  process.exit(2);
}

const pyodide = await loadPyodide({ indexURL: resolve(ROOT, "node_modules/pyodide") + "/" });
const { FS } = pyodide;
FS.mkdirTree("/repo");
FS.mount(FS.filesystems.NODEFS, { root: ROOT }, "/repo");
FS.mkdirTree("/pyscript-src");
FS.mount(FS.filesystems.NODEFS, { root: resolve(ROOT, "node_modules/@pyscript/core/src/stdlib") },
         "/pyscript-src");
FS.writeFile("/tmp/in.zip", readFileSync(check ? args[1] : resolve(ROOT, "node_modules/pyodide/python_stdlib.zip")));
if (check) FS.writeFile("/tmp/in-rest.zip", readFileSync(args[2]));
pyodide.globals.set("DROP", pyodide.toPy(DROP));
pyodide.globals.set("KEEP_ENCODINGS", pyodide.toPy([...KEEP_ENCODINGS]));
pyodide.globals.set("CHECK", check);
pyodide.globals.set("STAMP", check ? "" : args[3]);

const summary = pyodide.runPython(`
import sys
STARTUP = sorted(n for n in sys.modules if n != "__main__")  # what a start imports
# ... and the files those modules come from (a package's __init__ among them), but the
# modules frozen into Python itself (os, codecs, site, ...: their __file__ names the
# zip, but the import system takes them from the interpreter, before any zip)
STARTUP_FILES = {m.__file__[len("/lib/python314.zip/"):] for m in list(sys.modules.values())
                 if (getattr(m, "__file__", None) or "").startswith("/lib/python314.zip/")
                 and not (m.__spec__ and m.__spec__.origin == "frozen")}

import ast, importlib.util, inspect, json, marshal, modulefinder, os, zipfile
zipfile.ZipFile("/lib/python314.zip").extractall("/stdlib")

def _compile(source, path, mode):
    tree = ast.parse(source, path)
    if path.startswith("/stdlib/"):  # a module's self-test or command line is not its import
        tree.body = [s for s in tree.body
                     if not (isinstance(s, ast.If) and "__main__" in ast.unparse(s.test))]
    return compile(tree, path, mode)

modulefinder.compile = _compile

class ImportTime(modulefinder.ModuleFinder):
    """Follows a standard-library module's imports at module and class level only."""
    def scan_code(self, co, m):
        if (m.__file__ or "").startswith("/stdlib/") and co.co_flags & inspect.CO_NEWLOCALS:
            return  # a function's body: run when called, not when imported
        super().scan_code(co, m)

# Imported when a function runs, by the import system itself: PathFinder.invalidate_caches
# (PyScript calls importlib.invalidate_caches after writing the game's files).
LAZY = ["importlib.metadata"]
finder = ImportTime(path=["/repo", "/pyscript-src", "/stdlib"])
roots = []
for base, package in (("/repo", "game"), ("/pyscript-src", "pyscript")):
    for folder, _, files in os.walk(os.path.join(base, package)):
        for name in files:
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, name), base)[:-3].replace("/", ".")
                roots.append(rel.removesuffix(".__init__"))
for name in sorted(roots) + STARTUP + LAZY:
    try:
        finder.import_hook(name)
    except ImportError:
        pass  # js, pyodide_js, optional modules: not files of the zip
NEEDED = {m.__file__[len("/stdlib/"):] for m in finder.modules.values()
          if (m.__file__ or "").startswith("/stdlib/")}
# Imported before the rest zip is on sys.path: PyScript's package (its set-up imports
# it before the page's first line) and LAZY's modules (Pyodide's loadPackage and
# PyScript invalidate the import caches). They and what they import stay in the first
# zip, with what a start imports (not followed again into the start's modules, but
# into the packages of BEFORE_REST's).
BEFORE_REST = ["pyscript", *LAZY]
lazy = ImportTime(path=["/pyscript-src", "/stdlib"],
                  excludes=[n for n in STARTUP if not any(b.startswith(n + ".") for b in BEFORE_REST)])
for name in BEFORE_REST:
    lazy.import_hook(name)
FIRST_FILES = STARTUP_FILES | {m.__file__[len("/stdlib/"):] for m in lazy.modules.values()
                               if (m.__file__ or "").startswith("/stdlib/")}

# The module of the rest zip that gives each package split across the two zips (a
# package of the first whose other modules are in the rest) the rest zip's folder of
# it on its __path__ (a package's __path__ names the zip of its __init__ only).
SPLIT_MODULE = "_stdlib_rest"
SPLIT_SOURCE = '''"""The packages of the page's standard library split across its two zips (written
by scripts/stdlib_zip.mjs): a package whose __init__ is in the first zip (the modules
a start imports) finds its other modules in this zip, python_stdlib_rest.zip, once
this module is imported, after this zip is on sys.path (index.html,
static/solver-worker.js). Imported again, it changes nothing."""
import importlib
import os

SPLIT = []
_HERE = os.path.dirname(__file__)
for _name in SPLIT:
    _package = importlib.import_module(_name.replace("/", "."))
    if os.path.join(_HERE, _name) not in _package.__path__:
        _package.__path__.append(os.path.join(_HERE, _name))
'''

def dropped(name):
    if name.startswith("encodings/") and name.endswith(".py"):
        return name[len("encodings/"):-3] not in KEEP_ENCODINGS
    return any(name == d or (d.endswith("/") and name.startswith(d)) for d in DROP)

def summary():
    with zipfile.ZipFile("/tmp/in.zip") as zin:
        names = set(zin.namelist())
    if CHECK:
        with zipfile.ZipFile("/tmp/in-rest.zip") as zin:
            names |= set(zin.namelist())
        missing = sorted(n for n in NEEDED if n not in names and n + "c" not in names)
        return json.dumps({"missing": missing, "needed": len(NEEDED)})
    kept = dropped_count = compiled = rest = 0
    with zipfile.ZipFile("/tmp/in.zip") as zin:
        infos = [i for i in zin.infolist() if not (dropped(i.filename) and i.filename not in NEEDED)]
    # the first zip: the files of the modules a start imports and of LAZY's, the folders holding them
    # and the files that are not Python (package data, beside its __init__)
    folders = {n[:i + 1] for n in FIRST_FILES for i in range(len(n)) if n[i] == "/"}
    def first(info):
        name = info.filename
        if info.is_dir():
            return name in folders
        return name in FIRST_FILES or not name.endswith(".py")
    # the packages of the first zip that have modules in the rest zip
    split = sorted({i.filename.rsplit("/", 1)[0] for i in infos
                    if not first(i) and not i.is_dir() and i.filename.rsplit("/", 1)[0] + "/" in folders})
    with zipfile.ZipFile("/tmp/in.zip") as zin, \\
         zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as zout, \\
         zipfile.ZipFile("/tmp/rest.zip", "w", zipfile.ZIP_STORED) as zrest:
        dropped_count = len(zin.infolist()) - len(infos)
        for info in infos:
            data = zin.read(info)
            into, where = (zout, "/lib/python314.zip/") if first(info) else (zrest, "/lib/python_stdlib_rest.zip/")
            if info.filename in NEEDED:
                code = compile(data, where + info.filename, "exec", dont_inherit=True, optimize=2)
                data = importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)
                pyc = zipfile.ZipInfo(info.filename + "c", info.date_time)
                pyc.external_attr = info.external_attr
                info = pyc
                compiled += 1
            info.compress_type = zipfile.ZIP_STORED
            into.writestr(info, data)
            if into is zout:
                kept += 1
            else:
                rest += 1
        zrest.writestr(zipfile.ZipInfo(SPLIT_MODULE + ".py", (2026, 12, 7, 0, 0, 0)),
                       SPLIT_SOURCE.replace("SPLIT = []", f"SPLIT = {split!r}"))
        zout.comment = zrest.comment = STAMP.encode("ascii")
    return json.dumps({"kept": kept, "dropped": dropped_count, "compiled": compiled, "rest": rest,
                       "droppedNeeded": sorted(n for n in NEEDED if dropped(n))})

summary()
`);
const result = JSON.parse(summary);
console.log(JSON.stringify(result));
if (check) {
  if (result.missing.length) {
    console.error(`modules that must load are missing from ${args[1]} and ${args[2]}: ${result.missing.join(", ")}`);
    process.exit(1);
  }
} else {
  for (const [made, out] of [["/tmp/out.zip", args[1]], ["/tmp/rest.zip", args[2]]]) {
    writeFileSync(out + ".tmp", FS.readFile(made));
    renameSync(out + ".tmp", out);
  }
}

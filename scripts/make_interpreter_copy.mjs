// Makes the shipped copy of Pyodide's freshly started interpreter (issue 14, "ready
// fast"): the vendored Pyodide is started under Node with `_makeSnapshot` and its memory
// saved with makeMemorySnapshot, right after the start. static/pyodide-start.js restores
// it in the browser (`_loadSnapshot`), so that no start, a first visit included, spends
// the seconds Python takes to initialise itself. Run by scripts/interpreter_copy.py.
//
//   node scripts/make_interpreter_copy.mjs <vendored pyodide folder> <output file>
//
// Before the copy is taken, what a start under Node leaves different from one in a
// browser is set as a browser's start leaves it, so that Python sees the same thing
// wherever the copy was made: the program name (sys.executable, $_) and $LANG.
// Nothing else runs: the copy is the bare interpreter; PyScript, the game's files and
// the game run after it at every start. Output: one file of about 31 MB (Pyodide
// 314.0.7), not byte-for-byte reproducible (Python seeds its hashing and `random` from
// the system's randomness at start; the page reseeds `random` after a restore).
import { writeFileSync, renameSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [indexURL, out] = process.argv.slice(2);
if (!indexURL || !out) {
  console.error("usage: node scripts/make_interpreter_copy.mjs <pyodide folder> <output>");
  process.exit(2);
}
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
const bytes = pyodide.makeMemorySnapshot();
writeFileSync(out + ".tmp", bytes);
renameSync(out + ".tmp", out);
console.log(`${out}: ${bytes.byteLength} bytes`);

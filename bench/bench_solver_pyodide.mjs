// Solver speed under Pyodide in Node (issue 10 point 3): the same deals solved by the
// vendored Pyodide and, for comparison, reported per variant like bench_solver.py.
// Node's V8 is not a browser tab: the in-page figure is measured separately.
//
//   node bench/bench_solver_pyodide.mjs [FIRST] [LAST] [VARIANTS] [BUDGET]
//   e.g. node bench/bench_solver_pyodide.mjs 1 50 EO8,EO4,EO2 200000
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [first = "1", last = "50", variants = "EO8,EO4,EO2", budget = "200000"] = process.argv.slice(2);
const py = await loadPyodide();
py.mountNodeFS("/repo", root);
py.globals.set("args", [Number(first), Number(last), variants, Number(budget)]);
py.runPython(`
import sys
sys.path.insert(0, "/repo")
sys.path.insert(0, "/repo/bench")
first, last, variants, budget = args.to_py() if hasattr(args, "to_py") else args
import bench_solver
rows = []
for v in variants.split(","):
    for n in range(first, last + 1):
        status, nodes, dt, length = bench_solver.run_deal(v, n, budget)
        rows.append((v, n, status, nodes, dt, length))
print(f"Pyodide (Python {sys.version.split()[0]}, wasm) in Node, budget {budget}, deals {first}-{last}")
print(bench_solver.summary(rows))
`);

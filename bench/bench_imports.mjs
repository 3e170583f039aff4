// Where the app's import time goes (issue 14 point 2). Not a test.
//
// Loads the vendored Pyodide under Node, unpacks static/vendor/game.zip as the page
// does, stubs the browser-only `js` module, then imports game.ui.app (what the page's
// entry script imports) and prints: the total, the time spent creating dataclasses
// (dataclasses._process_class, whose generated methods are compiled from text at run
// time), the stdlib modules it loads that Pyodide had not loaded already, and the 15
// modules with the largest own time (time in the module body less its game imports).
//
//   node bench/bench_imports.mjs
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";
import os from "node:os";

const root = new URL("..", import.meta.url).pathname;
const py = await loadPyodide();
py.registerJsModule("js", {});
py.unpackArchive(new Uint8Array(fs.readFileSync(`${root}static/vendor/game.zip`)), "zip",
  { extractDir: "/home/pyodide" });
py.runPython(`
import dataclasses, importlib.abc, sys, time
sys.path.insert(0, "/home/pyodide")
own, stack, spent = {}, [], [0.0, 0]
process = dataclasses._process_class
def timed_process(*args, **kwargs):
    t = time.perf_counter()
    try:
        return process(*args, **kwargs)
    finally:
        spent[0] += time.perf_counter() - t
        spent[1] += 1
dataclasses._process_class = timed_process

class Timed(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if not name.startswith("game"):
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                run = spec.loader.exec_module
                def exec_module(module, run=run, name=name):
                    t = time.perf_counter()
                    stack.append(0.0)
                    try:
                        run(module)
                    finally:
                        inner, dt = stack.pop(), time.perf_counter() - t
                        own[name] = dt - inner
                        if stack:
                            stack[-1] += dt
                spec.loader.exec_module = exec_module
                return spec
        return None

sys.meta_path.insert(0, Timed())
before = set(sys.modules)
t = time.perf_counter()
import game.ui.app
total = time.perf_counter() - t
std = sorted(m for m in set(sys.modules) - before if not m.startswith("game") and m != "js")
print(f"import game.ui.app: {total * 1000:.1f} ms; creating {spent[1]} dataclasses "
      f"{spent[0] * 1000:.1f} ms; stdlib modules loaded: {' '.join(std) or 'none'}")
for name, dt in sorted(own.items(), key=lambda kv: -kv[1])[:15]:
    print(f"  {dt * 1000:7.1f} ms own  {name}")
`);
console.log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")} on ${os.cpus().length} CPUs`);

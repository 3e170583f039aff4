# Type stub of Pyodide's ``pyodide`` package, for mypy only (see stubs/js.pyi).

"""Browser adapter: the only part of ``game`` that imports ``js``/``pyodide``/``pyscript``."""

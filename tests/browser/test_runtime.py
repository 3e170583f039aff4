"""The runtime set-up: vendored Pyodide + PyScript, served right, configured right, and
a page that says so in words when the runtime cannot start.

These tests must not depend on game content: they only use the page contract
(``html[data-ready='1']``) and static/boot.js (``#boot-status``, ``#boot-error``,
``html[data-boot]``).
"""

from __future__ import annotations

import json
import tomllib
import urllib.request
import zipfile
from pathlib import Path, PurePosixPath

import pytest

from tests.browser.helpers import py

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "pyscript.toml"
INTERPRETER = "./static/pyodide-start.js"  # imports the vendored pyodide.mjs
VENDORED_PYODIDE = "./vendor/pyodide/pyodide.mjs"
PINS = {"pyodide": "314.0.7", "@pyscript/core": "0.7.31", "fzstd": "0.1.1"}
# Must match FALLBACK in static/boot.js (used when a catalog or key is missing).
BOOT_FALLBACK = {
    "boot.loading": "Loading the game…",
    "boot.starting": "Starting the game…",
    "boot.failed": "The game could not start. Reload the page to try again.",
    "boot.slow": "Starting takes longer than usual.",
}


def boot_text(lang: str, key: str) -> str:
    """The text boot.js shows for ``key`` in ``lang`` (catalog, else its fallback)."""
    catalog = ROOT / "locales" / f"{lang}.json"
    if catalog.is_file():
        value = json.loads(catalog.read_text(encoding="utf-8")).get(key)
        if isinstance(value, str):
            return value
    return BOOT_FALLBACK[key]


def load_config() -> dict:
    with CONFIG.open("rb") as fh:
        return tomllib.load(fh)


# --- static checks (no browser, but kept here beside the runtime they guard) ---------


def test_package_lock_records_no_download_address() -> None:
    lock_text = (ROOT / "package-lock.json").read_text(encoding="utf-8")
    assert lock_text.count("resolved") == 0
    assert "://" not in lock_text


def test_runtime_packages_pinned_exactly() -> None:
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert package["dependencies"] == PINS
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    for name, version in PINS.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version


def test_pyscript_config_uses_vendored_interpreter_and_no_packages() -> None:
    config = load_config()
    assert "packages" not in config, "any `packages` (even []) makes PyScript load micropip"
    assert config["interpreter"] == INTERPRETER
    assert (ROOT / INTERPRETER).is_file()
    shim = (ROOT / INTERPRETER).read_text(encoding="utf-8")
    assert f'from "{VENDORED_PYODIDE}"' in shim
    assert (ROOT / "static" / VENDORED_PYODIDE).is_file()


def archive_members(source: Path) -> set[str]:
    with zipfile.ZipFile(source) as zf:
        return {name for name in zf.namelist() if name.endswith((".py", ".pyc"))}


def test_every_game_module_is_listed_in_pyscript_files() -> None:
    """Each ``game/**.py`` lands at ``<cwd>/game/.../<name>.py`` in Pyodide's FS (the cwd
    is on sys.path), so it imports under its dotted name; or an archive unpacked at the
    cwd (``"./x.zip" = "./*"``) holds it, or its bytecode alone (``<name>.pyc``,
    scripts/compile_game.mjs)."""
    files = load_config().get("files", {})
    placed: set[str] = set()
    for source, dest in files.items():
        src = (CONFIG.parent / source).resolve()
        assert src.is_file(), f"[files] source {source} does not exist"
        dest_path = dest.removeprefix("./")
        if dest_path in ("*", "/*") or dest_path.endswith("/*"):
            if src.suffix == ".zip":
                prefix = dest_path[:-1].lstrip("/")
                placed |= {prefix + member for member in archive_members(src)}
            continue
        if dest_path.endswith("/") or dest_path == "":
            dest_path += src.name
        placed.add(str(PurePosixPath(dest_path)))
    modules = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "game").rglob("*.py")
        if "__pycache__" not in p.parts
    )
    assert modules, "no modules under game/"
    missing = [m for m in modules if m not in placed and m + "c" not in placed]
    assert not missing, f"not in pyscript.toml [files] (or at the wrong place): {missing}"


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("/static/vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("/static/vendor/pyodide/pyodide.mjs", "text/javascript"),
        ("/static/vendor/pyscript/core.js", "text/javascript"),
        ("/static/vendor/pyodide/pyodide-lock.json", "application/json"),
        ("/pyscript.toml", "text/plain"),
        ("/index.html", "text/html"),
    ],
)
def test_dev_server_mime_types(server: str, path: str, mime: str) -> None:
    req = urllib.request.Request(server + path, method="HEAD")
    with urllib.request.urlopen(req, timeout=10) as resp:
        assert resp.headers.get_content_type() == mime
        assert resp.headers["Cache-Control"] == "no-cache"


def test_dev_server_hides_tooling_folders(server: str) -> None:
    for path in ("/.git/HEAD", "/node_modules/pyodide/package.json", "/.venv/pyvenv.cfg"):
        with pytest.raises(urllib.error.HTTPError) as exc:
            urllib.request.urlopen(server + path, timeout=10)
        assert exc.value.code == 404


# --- in the browser ------------------------------------------------------------------


@pytest.mark.parametrize("viewport", ["phone", "desktop"], indirect=True)
def test_page_boots_on_vendored_runtime_same_origin_only(open_app, page, page_log,
                                                          storage) -> None:
    """Also, on the same start: each test's storage starts empty (the probe another test
    wrote is not there) and the game archive's dataclass methods come compiled."""
    wasm_types: list[str] = []
    page.on(
        "response",
        lambda r: r.url.endswith(".wasm") and wasm_types.append(r.headers.get("content-type")),
    )
    open_app("/index.html")
    assert "infra.probe" not in storage()
    assert_dataclasses_compiled(page)
    assert_pyscript_package_compiled(page)
    assert page.evaluate("document.documentElement.dataset.ready") == "1"
    assert page.evaluate("document.documentElement.dataset.boot") == "ready"
    assert page.locator("#boot-status").count() == 0
    assert page.locator(".py-error").count() == 0
    paths = [r.removeprefix(page_log.origin) for r in page_log.requests]
    # A first visit asks for the wasm under one name only: its Zstandard copy, which the
    # page decodes (static/unpack.js: Chromium's DecompressionStream takes no Brotli, so
    # the pinned fzstd) and hands to WebAssembly as application/wasm; never the file
    # itself, whatever copies the server holds (tests/browser/test_first_visit_wire.py
    # counts at the server). So is Python's standard library.
    wasm = {p for p in paths if p.startswith("/static/vendor/pyodide/pyodide.asm.wasm")}
    assert wasm == {"/static/vendor/pyodide/pyodide.asm.wasm.zst"}, wasm
    stdlib = {p for p in paths if p.startswith("/static/vendor/pyodide/python_stdlib.zip")}
    assert stdlib == {"/static/vendor/pyodide/python_stdlib.zip.zst"}, stdlib
    # The standard library's modules that no start imports: from their own zip, on
    # sys.path before the game's first line (scripts/stdlib_zip.mjs).
    rest = {p for p in paths if p.startswith("/static/vendor/pyodide/python_stdlib_rest.zip")}
    assert rest == {"/static/vendor/pyodide/python_stdlib_rest.zip.zst"}, rest
    where = py(page, "import calendar, statistics, urllib.parse\n"
                     "[m.__file__ for m in (calendar, statistics, urllib.parse)]")
    assert all(w.startswith("/lib/python_stdlib_rest.zip/") for w in where), where
    assert "/static/vendor/pyscript/core.js" in paths
    assert wasm_types == []
    assert page_log.foreign_requests == []
    assert not any(p.endswith(".map") for p in paths)


@pytest.mark.parametrize(
    ("locale", "lang"), [("en-US", "en"), ("ro-RO", "ro")], ids=["en", "ro"]
)
def test_runtime_failure_is_said_in_words(browser, server, viewport, locale, lang) -> None:
    """The wasm is missing (404): the page shows boot.failed in the browser's language,
    quickly (Pyodide itself would hang with only a console warning)."""
    ctx = browser.new_context(base_url=server, locale=locale, **viewport)
    try:
        page = ctx.new_page()
        # the file and its compressed copies
        page.route("**/pyodide.asm.wasm*", lambda route: route.fulfill(status=404, body=""))
        page.goto("/index.html", wait_until="commit")
        page.wait_for_selector("html[data-boot='failed']", state="attached", timeout=20_000)
        error = page.locator("#boot-error")
        error.wait_for(state="visible")
        assert error.get_attribute("role") == "alert"
        assert error.text_content() == boot_text(lang, "boot.failed")
        assert page.evaluate("document.documentElement.dataset.ready") is None
        assert page.locator("#boot-status").count() == 0
    finally:
        ctx.close()


def test_hanging_runtime_shows_progress_then_slow_then_failed(page, page_log) -> None:
    """A runtime download that never answers: the loading line, then boot.slow, then
    boot.failed when the (here shortened) time limit passes."""
    page_log.allow_errors()
    page.add_init_script("window.BOOT_TIMEOUTS = {slowMs: 4000, timeoutMs: 8000};")
    page.route("**/pyodide.asm.wasm*", lambda route: None)  # never answered (nor its copies)
    page.goto("/index.html", wait_until="commit")
    status = page.locator("#boot-status")
    status.wait_for(state="visible", timeout=4000)
    assert page.evaluate("document.documentElement.dataset.boot") == "loading"
    assert status.text_content().startswith(boot_text("en", "boot.loading"))
    page.wait_for_selector("html[data-boot='slow']", state="attached", timeout=10_000)
    assert status.text_content() == boot_text("en", "boot.slow")
    page.wait_for_selector("html[data-boot='failed']", state="attached", timeout=10_000)
    assert page.locator("#boot-error").text_content() == boot_text("en", "boot.failed")
    assert status.count() == 0
    page.unroute_all(behavior="ignoreErrors")


def test_missing_pyscript_core_is_said_in_words(page, page_log) -> None:
    page_log.allow_errors()
    page.route("**/pyscript/core.js", lambda route: route.fulfill(status=404, body=""))
    page.goto("/index.html", wait_until="commit")
    page.wait_for_selector("html[data-boot='failed']", state="attached", timeout=10_000)
    assert page.locator("#boot-error").text_content() == boot_text("en", "boot.failed")


def test_storage_kept_across_reload_and_fresh_per_test(open_app, reload_app, storage) -> None:
    page = open_app("/index.html", storage={"infra.probe": "1"})
    assert storage().get("infra.probe") == "1"
    reload_app()
    assert storage().get("infra.probe") == "1"
    assert page.evaluate("document.documentElement.dataset.ready") == "1"


def test_start_up_hints_name_vendored_files() -> None:
    """index.html asks the browser to fetch the runtime's files early (preload and
    modulepreload hints with hashed chunk names); each must exist, or the hint costs a
    404 and the optimisation silently stops working after a PyScript upgrade."""
    import re

    html = (ROOT / "index.html").read_text(encoding="utf-8")
    hints = re.findall(r'<link rel="(?:module)?preload" href="\./([^"]+)"', html)
    assert len(hints) >= 10
    missing = [h for h in hints if not (ROOT / h).is_file()]
    assert not missing, f"preload hints for missing files (update index.html): {missing}"


#: [module, its .py as PyScript wrote it, its .pyc's source hash matches, the .pyc the
#: module was loaded with] for each module of PyScript's package that the page imported
PYSCRIPT_PYCS = """import importlib.util, sys
out = []
for name, module in sorted(sys.modules.items()):
    path = getattr(module, '__file__', None)
    if name.split('.')[0] != 'pyscript' or not path:
        continue
    cached = importlib.util.cache_from_source(path)
    try:
        with open(cached, 'rb') as fh:
            head = fh.read(16)
    except OSError:
        head = b''
    with open(path, 'rb') as fh:
        source = fh.read()
    out.append([name, path, head[8:16] == importlib.util.source_hash(source), module.__cached__ == cached])
out"""


def assert_pyscript_package_compiled(page) -> None:
    """Issue 25.2: the bytecode of PyScript's own Python package comes in the game
    archive (scripts/compile_game.mjs), compiled from the very sources PyScript writes
    at start-up (their hash is the one each checked .pyc names, so Python imports the
    .pyc instead of compiling), for every module of it the page imported."""
    found = py(page, PYSCRIPT_PYCS)
    assert len(found) >= 10, found
    assert [row for row in found if not (row[2] and row[3])] == [], found


def assert_dataclasses_compiled(page) -> None:
    """Issue 14 point 2: the game archive holds the compiled methods of every dataclass
    of the package (scripts/compile_game.mjs), and the page uses them: importing the
    game compiled none of them from text at start-up (``page`` has started)."""
    with zipfile.ZipFile(ROOT / "static" / "vendor" / "game.zip") as zf:
        assert zf.getinfo("dataclass_code.marshal").file_size > 0
    assert page.evaluate("window.__dataclassCompiled") == 0

# Whole set-up: `make play` (serve the game) and `make test` (lint + all tests).
# Every target installs only what is missing and is quick when nothing is.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
CHROMIUM := /usr/bin/chromium
# npm writes node_modules/.package-lock.json on every install: its age says whether
# node_modules is older than package-lock.json.
NPM_STAMP := node_modules/.package-lock.json
VENV_STAMP := $(VENV)/.installed

.PHONY: play test lint setup runtime vendor chromium venv bench clean

play: runtime
	$(PYTHON) scripts/serve.py --host $(HOST) --port $(PORT)

test: runtime venv chromium
	$(VENV)/bin/ruff check .
	$(VENV)/bin/pytest tests

lint: venv
	$(VENV)/bin/ruff check .

setup: runtime venv chromium

# Pyodide + PyScript copied from node_modules into static/vendor/ (git-ignored).
# scripts/vendor.py compares every file and copies only what changed (a no-op in ~0.1 s).
runtime: $(NPM_STAMP)
	@$(PYTHON) scripts/vendor.py
	@$(PYTHON) scripts/precache.py -q

vendor: runtime

$(NPM_STAMP): package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	@touch $@

venv: $(VENV_STAMP)

$(VENV_STAMP): requirements-dev.txt
	test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $@

# Debian's chromium, driven by Playwright through executable_path (browser downloads
# are not possible here, so never `playwright install`).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  echo "installing Debian chromium"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y chromium; \
	fi

# Start-up benchmark (not part of `make test`): app vs bare Pyodide page.
bench: runtime venv chromium
	$(VPY) bench/bench_startup.py

clean:
	rm -rf static/vendor .pytest_cache .ruff_cache

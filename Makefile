# Totenblatt — the two commands that do everything: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
SERVE_ARGS ?=
WEBSTAMP := $(VENV)/.installed-web
# The fast path's hot modules, compiled with Cython beside their source (build_compiled.py;
# the package runs them from source whenever their build is stale or missing).
COMPILED := src/totenblatt/compiled.json
COMPILED_SOURCES := $(wildcard src/totenblatt/wanted/fast/*.py src/totenblatt/wanted/encoding/fast_*.py \
	src/totenblatt/wanted/bots/fast_policy.py src/totenblatt/wanted/bots/fast_reading.py \
	src/totenblatt/wanted/bots/fast_moves.py src/totenblatt/wanted/bots/fast_moves.pxd src/totenblatt/env/*.py) src/totenblatt/compiled.py build_compiled.py

.PHONY: run test lint types pytest bench clean compiled compiled-background catalogs catalogs-extract catalogs-update catalogs-compile

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(STAMP)

# The table's install skips the compile hook (HATCH_BUILD_NO_HOOKS: no Cython in the build
# environment, no compile); `run` compiles in the background instead, and the package runs
# from source until that build is there and stamped (src/totenblatt/compiled.py).
$(WEBSTAMP): pyproject.toml | $(BIN)/python
	HATCH_BUILD_NO_HOOKS=1 $(BIN)/python -m pip install --quiet -e '.[web]'
	touch $@ $(STAMP)

## run: create .venv, install, and serve the browser table (embedded SQLite; prints the URL);
## the fast path compiles in the background meanwhile (log: build/compiled.log)
run: $(WEBSTAMP)
	@$(MAKE) --no-print-directory compiled-background
	$(BIN)/totenblatt serve $(SERVE_ARGS)

## compiled-background: compile the fast path in a process of its own unless its build is fresh
compiled-background: | $(BIN)/python
	@$(BIN)/python build_compiled.py --background

## test: dev dependencies, lint, types, the whole test suite
test: $(DEVSTAMP) lint types pytest

lint: $(DEVSTAMP)
	$(BIN)/ruff check src tests benchmarks build_compiled.py
	$(BIN)/ruff format --check src tests benchmarks build_compiled.py
	$(BIN)/lint-imports --no-cache

types: $(DEVSTAMP)
	$(BIN)/mypy src/totenblatt

pytest: $(DEVSTAMP) $(COMPILED)
	$(BIN)/pytest -n 2 -q

## bench: every benchmark, figures printed
bench: $(DEVSTAMP) $(COMPILED)
	$(BIN)/python -m benchmarks

## compiled: compile the fast path's hot modules again after a change (make test does it)
compiled: $(COMPILED)

$(COMPILED): $(COMPILED_SOURCES) | $(DEVSTAMP)
	@echo "compiling the fast path with Cython (log: build/compiled.log)"
	@mkdir -p build
	@$(BIN)/python build_compiled.py > build/compiled.log 2>&1 || (tail -5 build/compiled.log; exit 1)
	@grep "not compiled" build/compiled.log || true

## catalogs: extract the messages of the text layer, update de and en, compile them (.mo)
LOCALE := src/totenblatt/text/locale
BABEL_KEYWORDS := -k phrase -k phrase_n:1,2 -k Message -k Plural:1,2 -k N_
catalogs: catalogs-extract catalogs-update catalogs-compile

catalogs-extract: $(DEVSTAMP)
	$(BIN)/pybabel extract -F babel.cfg $(BABEL_KEYWORDS) --sort-output --add-location=file \
		--project=totenblatt --copyright-holder="Totenblatt developers" \
		-o $(LOCALE)/totenblatt.pot src/totenblatt

catalogs-update: $(DEVSTAMP)
	$(BIN)/pybabel update -i $(LOCALE)/totenblatt.pot -d $(LOCALE) -D totenblatt \
		--no-fuzzy-matching --ignore-obsolete

catalogs-compile: $(DEVSTAMP)
	$(BIN)/pybabel compile -d $(LOCALE) -D totenblatt --statistics

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build $(COMPILED)
	find src -name '*.so' -delete

# Totenblatt — the two commands that do everything: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
WEBSTAMP := $(VENV)/.installed-web

.PHONY: run test lint types pytest bench clean catalogs catalogs-extract catalogs-update catalogs-compile

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(STAMP)

$(WEBSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $@ $(STAMP)

## run: create .venv, install, and serve the browser table (embedded SQLite; prints the URL)
run: $(WEBSTAMP)
	$(BIN)/totenblatt serve

## test: dev dependencies, lint, types, the whole test suite
test: $(DEVSTAMP) lint types pytest

lint: $(DEVSTAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/lint-imports --no-cache

types: $(DEVSTAMP)
	$(BIN)/mypy src/totenblatt

pytest: $(DEVSTAMP)
	$(BIN)/pytest -n 2 -q

## bench: every benchmark, figures printed
bench: $(DEVSTAMP)
	$(BIN)/python -m benchmarks

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
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

# Totenblatt — the two commands that do everything: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: run test lint types pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(STAMP)

## run: create .venv, install, and run the main job
run: $(STAMP)
	$(BIN)/totenblatt play --seats human,bot

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

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

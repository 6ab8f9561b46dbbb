# Two commands on a fresh machine: `make run` and `make test`. Each sets up .venv itself.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
ARGS   ?=

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	@$(PYTHON) -m venv $(VENV) 2>/dev/null || { \
	  echo "python3 -m venv is unavailable here; using virtualenv instead"; \
	  $(PYTHON) -m pip install --user --quiet virtualenv 2>/dev/null || \
	  $(PYTHON) -m pip install --user --quiet --break-system-packages virtualenv; \
	  $(PYTHON) -m virtualenv --quiet $(VENV); }
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/kiosk run --mock $(ARGS)

test: $(STAMP)
	$(PY) -m mypy
	$(PY) -m pytest -n auto -q $(ARGS)

bench: $(STAMP)
	@for f in bench/*.py; do echo "== $$f"; $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache

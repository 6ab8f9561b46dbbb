# Two commands on a fresh machine: `make run` and `make test`. Each sets up .venv itself.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
ARGS   ?=

.PHONY: run test bench bench-compare docs clean lock pi-check

# The Pi's dependencies, pinned with the hashes of every file of each version (all platforms: the Pi
# is aarch64 or armv7l), for `pip install --require-hashes` in systemd/install.sh. Run it with the
# Python of the Pi's OS (Bookworm: 3.11) after changing the dependencies in pyproject.toml, and commit
# the result. It asks PyPI only: this machine's pip configuration (find-links, mirrors) is ignored.
# LOCK_INDEXES="--extra-index-url https://www.piwheels.org/simple" adds the hashes of piwheels' armv7l
# wheels (32-bit Raspberry Pi OS, where PyPI lacks wheels for Pillow, pygame and a few more).
LOCK_VENV ?= .venv-lock
LOCK_INDEXES ?=
LOCK      := systemd/requirements.lock

$(STAMP): pyproject.toml
	@$(PYTHON) -m venv $(VENV) 2>/dev/null || { \
	  echo "python3 -m venv is unavailable here; using virtualenv instead"; \
	  $(PYTHON) -m pip install --user --quiet virtualenv 2>/dev/null || \
	  $(PYTHON) -m pip install --user --quiet --break-system-packages virtualenv; \
	  $(PYTHON) -m virtualenv --quiet $(VENV); }
	$(PY) -m pip install --quiet --upgrade pip
	@# pygame-ce replaced pygame (issue 41): both install the `pygame` package, so an older .venv's goes first.
	$(PY) -m pip uninstall --quiet --yes pygame 2>/dev/null || true
	$(PY) -m pip install --quiet -e '.[test,bench]'
	@touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/kiosk run --mock $(ARGS)

test: $(STAMP)
	$(PY) -m mypy
	$(PY) -m pytest -n auto -q $(ARGS)

# Every benchmark with its defaults (not the tools that compare two commits), then the full table
# (issue 22): every seat played by a scripted person, on one 400 kHz bus, then on two, then on one
# with shared writes, then that at 1 MHz.
BENCH_TOOLS := bench/compare.py bench/figures.py
bench: $(STAMP)
	@for f in $(filter-out $(BENCH_TOOLS),$(wildcard bench/*.py)); do echo "== $$f"; $(PY) $$f || exit 1; done
	@echo "== bench/table.py: Mystery Express, 5 people"
	@$(PY) bench/table.py --game mystery-express --seats 5 --people 5 --games 3
	@echo "== bench/table.py: Watson & Holmes, 7 people"
	@$(PY) bench/table.py --game watson-holmes --seats 7 --people 7 --games 3
	@echo "== bench/table.py: the same on two buses (seats 2, 4, 6 on the second), a writer thread each"
	@$(PY) bench/table.py --game mystery-express --seats 5 --people 5 --games 3 --buses 2
	@$(PY) bench/table.py --game watson-holmes --seats 7 --people 7 --games 3 --buses 2
	@echo "== bench/table.py: one bus, shared writes (the mux switched from user space: mux = \"user\")"
	@$(PY) bench/table.py --game mystery-express --seats 5 --people 5 --games 3 --mux user
	@$(PY) bench/table.py --game watson-holmes --seats 7 --people 7 --games 3 --mux user
	@echo "== bench/table.py: one bus at 1 MHz with shared writes (panels that take it: [i2c] speed_hz, checked by the self-test)"
	@$(PY) bench/table.py --game mystery-express --seats 5 --people 5 --games 3 --mux user --bus-hz 1000000

# The benchmarks of BASE (a commit, tag or branch) and of the working tree side by side, in one run:
# the full table, the seat display, the touchscreen and the engine, each run on one side and then the
# other, every figure with its ratio new/base (bench/compare.py; QUICK=1: one round, fewer games;
# ROUNDS=N: N rounds, 2 by default).
bench-compare: $(STAMP)
	@test -n "$(BASE)" || { echo "make bench-compare needs BASE=<commit, tag or branch>, e.g. BASE=main"; exit 2; }
	@$(PY) bench/compare.py --base "$(BASE)" $(if $(QUICK),--quick) $(if $(ROUNDS),--rounds $(ROUNDS))

# The board pictures the README shows (docs/boards/): each game played by bots, its showcase moment
# drawn at 800x480 and 720x1280. Run it after changing a board, and commit the pictures.
DOC_GAMES := mystery-express pi watson-holmes mystery-city
docs: $(STAMP)
	@for g in $(DOC_GAMES); do $(VENV)/bin/kiosk demo --game $$g --seats 4 --seed 3 --lang en \
	  --out var/demo/$$g --readme docs/boards || exit 1; done

lock:
	@test -x $(LOCK_VENV)/bin/pip-compile || { $(PYTHON) -m venv $(LOCK_VENV) && \
	  env -u PIP_FIND_LINKS -u PIP_CONSTRAINT PIP_CONFIG_FILE=/dev/null \
	  $(LOCK_VENV)/bin/pip install --quiet --index-url https://pypi.org/simple 'pip-tools>=7.4,<8'; }
	$(PYTHON) systemd/pi_requirements.py | env -u PIP_FIND_LINKS -u PIP_CONSTRAINT PIP_CONFIG_FILE=/dev/null \
	  $(LOCK_VENV)/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras --no-emit-index-url \
	  --no-emit-find-links --index-url https://pypi.org/simple $(LOCK_INDEXES) --output-file $(LOCK) -

# The Raspberry Pi's install, checked on this x86 Debian machine (as root): a bookworm arm64 root under
# qemu, booted with systemd-nspawn; install.sh as a maker runs it, the installed unit plays a game,
# Blinka on each Pi board, pygame's kmsdrm (systemd/pi_check.sh says what else). The root is cached in
# /var/cache/mystery-table/pi-check (PI_CHECK_CACHE): a first run takes longer.
pi-check:
	systemd/pi_check.sh

clean:
	rm -rf $(VENV) $(LOCK_VENV) var .pytest_cache .mypy_cache

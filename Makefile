# One command to play, one to test: each creates .venv and installs what it needs on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
# What each kind of use installs into .venv, once (each stamp is remade when its list changes):
# playing only the locked runtime dependencies; testing, mutation testing and packaging their
# own extra on top (pyproject.toml).
PLAY_STAMP     := $(VENV)/.play-installed
STAMP          := $(VENV)/.test-installed
MUTATION_STAMP := $(VENV)/.mutation-installed
BUILD_STAMP    := $(VENV)/.build-installed
# Arguments for the game (`make play ARGS=--first-frame` stops at the title: docs/BENCHMARKS.md).
ARGS ?=

.PHONY: play test test-quick lint simulate clean package package-smoke mutation fast test-fast lock

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Python 3.11 or newer is needed (found: $$($(PYTHON) --version))."; exit 1; }
	@$(PYTHON) -m venv $(VENV) || \
		{ echo "Could not create $(VENV): on Debian/Ubuntu install python3-venv first."; exit 1; }

# The game runs from this folder (python -m scenes): it needs its dependencies, not itself
# installed, and the lock's hashes make every install of a commit the same.
$(PLAY_STAMP): requirements/runtime.txt | $(PY)
	@echo "Installing the game's dependencies into $(VENV) (first start only)..."
	$(PY) -m pip install --quiet --disable-pip-version-check --require-hashes \
		-r requirements/runtime.txt
	@touch $@

$(STAMP): $(PLAY_STAMP) pyproject.toml
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $@

$(MUTATION_STAMP): $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test,mutation]'
	@touch $@

# The fast engine compiles in the background on the first start (tools.build_fast says so and
# exits 3): that game runs on the plain engine, the next one on the compiled engine.
# The translation catalogs (.po sources -> .mo), standard library only: every target that runs
# or ships the game compiles them first (build.spec does for the packages).
CATALOGS := $(PY) -m tools.make.catalogs compile
# The project's modules compiled to bytecode before the tests (half a CPU-second): the suite
# starts the program and worker processes again and again, and where PYTHONDONTWRITEBYTECODE
# is set each of them compiled every module it imported (docs/BENCHMARKS.md, fourth pass).
BYTECODE := $(PY) -m compileall -q game scenes tools tests

play: $(PLAY_STAMP)
	@$(CATALOGS) >/dev/null
	@$(PY) -m tools.build_fast --background; \
	if [ $$? -eq 3 ]; then UNO_PURE_PYTHON=1 $(PY) -m scenes $(ARGS); else $(PY) -m scenes $(ARGS); fi

test: $(STAMP)
	$(CATALOGS)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	$(VENV)/bin/actionlint .github/workflows/*.yml
	@$(BYTECODE)
	UNO_PURE_PYTHON=1 $(HEADLESS) $(PY) -m pytest -q

# The tests that answer in seconds: no browser, no second process, nothing marked slow
# (pyproject.toml's markers; docs/BENCHMARKS.md, "The test suite's cost"). `make test` runs all.
test-quick: $(STAMP)
	$(CATALOGS)
	@$(BYTECODE)
	UNO_PURE_PYTHON=1 $(HEADLESS) $(PY) -m pytest -q -m "not slow"

# The locks (docs/RELEASE.md, "Lock file"): every platform's hashes, for Python 3.11 and newer.
# uv runs from a throwaway environment in build/, never from .venv.
LOCK_VENV := build/lock-venv
lock:
	@test -x $(LOCK_VENV)/bin/uv || { $(PYTHON) -m venv $(LOCK_VENV) && \
		$(LOCK_VENV)/bin/pip install --quiet --disable-pip-version-check uv; }
	$(LOCK_VENV)/bin/uv pip compile pyproject.toml --universal --python-version 3.11 \
		--generate-hashes --custom-compile-command 'make lock' -o requirements/runtime.txt
	$(LOCK_VENV)/bin/uv pip compile pyproject.toml --extra build --universal \
		--python-version 3.11 --generate-hashes --custom-compile-command 'make lock' \
		-o requirements/build.txt

# The compiled engine (mypyc, game/__init__.py says how it is loaded): faster simulations,
# arenas and Expert playouts. Needs a C compiler; without one the plain engine runs.
FAST_TESTS := tests/test_fast_engine.py tests/test_rules_core.py tests/test_rules_settled.py \
	tests/test_rules_variants.py tests/test_rules_variants_house.py \
	tests/test_rules_variants_switches.py tests/test_engine_input.py tests/test_simulation.py \
	tests/test_ai.py tests/test_ai_habits.py tests/test_ai_house_rules.py tests/test_record.py \
	tests/test_fairness.py tests/test_rules_mutants.py \
	tests/test_match.py
fast: $(PLAY_STAMP)
	$(PY) -m tools.build_fast

# The engine's and the AI's tests again on the compiled engine, and its states compared with
# the plain engine's (`make test` runs everything on the plain engine).
test-fast: fast $(STAMP)
	@$(BYTECODE)
	$(HEADLESS) $(PY) -m pytest -q $(FAST_TESTS)

$(BUILD_STAMP): requirements/build.txt | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check --require-hashes \
		-r requirements/build.txt
	@touch $@

# The standalone program: dist/OneMoreCard/ (ONEFILE=1 for a single file).
package: $(BUILD_STAMP)
	@$(PY) -m tools.build_fast || echo "(the package ships the plain-Python engine)"
	$(PY) -m PyInstaller --noconfirm --clean --log-level WARN build.spec

# The built program plays a whole AI-only match headless and must exit 0; then a round of two
# Experts at speed, whose searches run in the worker process the packaged program spawns.
package-smoke:
	$(HEADLESS) dist/OneMoreCard/OneMoreCard --autoplay --players 4 --seed 1 --speed 0
	$(HEADLESS) dist/OneMoreCard/OneMoreCard --autoplay --players 2 --level expert --seed 2 --rounds 1 --speed 8

simulate: $(PLAY_STAMP)
	$(PY) -m tools.simulate --preset classic --players 2 --games 2000 --seed 1

# Mutation testing of game/ with mutmut (docs/MUTATION.md): about an hour for the engine on two
# cores, so neither `make test` nor CI runs it. MUTANTS narrows the run (MUTANTS='game.engine*');
# mutants/ keeps the results, so a second run retests only what changed (remove it to start
# afresh). The last lines count the mutants of each module by outcome.
JOBS    ?= 2
MUTANTS ?=
mutation: $(MUTATION_STAMP)
	$(HEADLESS) $(VENV)/bin/mutmut run --max-children $(JOBS) $(MUTANTS)
	@$(VENV)/bin/mutmut results --all true \
		| sed -E 's/^ *(game\.[a-z_]+)\.[^:]*: (.*)$$/\1: \2/' | sort | uniq -c

clean:
	rm -rf $(VENV) build dist .mypy_cache .pytest_cache .ruff_cache mutants

# The portable Linux program (docs/RELEASE.md, "Linux"), as root: built inside a Debian 11 root
# (build/bullseye, made with debootstrap and kept) so it runs on glibc 2.31 and newer, into
# dist/OneMoreCard-<version>-linux-x86_64.tar.gz; its GLIBC floor is checked at the end.
# It installs from the hashed lock requirements/build.txt where there is one (LOCK=<file> names
# another), else from the pins in packaging/linux-build-requirements.txt.
# release-check plays it in a clean bullseye root with no Python and on this machine.
# Neither needs .venv: the host's python3 (3.11 or newer) runs the scripts.
LOCK ?= $(wildcard requirements/build.txt)
RELEASE_TARBALL = dist/OneMoreCard-$(shell sed -n 's/^__version__ = "\(.*\)"/\1/p' game/__init__.py)-linux-x86_64.tar.gz
.PHONY: release release-check
release:
	$(PYTHON) -m tools.release.release_linux $(if $(LOCK),--lock $(LOCK))
	$(PYTHON) -m tools.release.glibc_floor $(RELEASE_TARBALL) --max 2.31

release-check:
	$(PYTHON) -m tools.release.release_check $(RELEASE_TARBALL)

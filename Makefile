# One command to play, one to test: each creates .venv and installs the project on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test lint simulate clean package package-smoke mutation fast test-fast

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Python 3.11 or newer is needed (found: $$($(PYTHON) --version))."; exit 1; }
	@$(PYTHON) -m venv $(VENV) || \
		{ echo "Could not create $(VENV): on Debian/Ubuntu install python3-venv first."; exit 1; }
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

play: $(STAMP)
	@$(PY) -m tools.build_fast || echo "(the game runs on the plain-Python engine)"
	$(PY) -m scenes

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	UNO_PURE_PYTHON=1 $(HEADLESS) $(PY) -m pytest -q

# The compiled engine (mypyc, game/__init__.py says how it is loaded): faster simulations,
# arenas and Expert playouts. Needs a C compiler; without one the plain engine runs.
FAST_TESTS := tests/test_fast_engine.py tests/test_rules_core.py tests/test_rules_settled.py \
	tests/test_rules_variants.py tests/test_rules_variants_house.py \
	tests/test_rules_variants_switches.py tests/test_engine_input.py tests/test_simulation.py \
	tests/test_ai.py tests/test_ai_habits.py tests/test_ai_house_rules.py tests/test_record.py \
	tests/test_fairness.py \
	tests/test_match.py
fast: $(STAMP)
	$(PY) -m tools.build_fast

# The engine's and the AI's tests again on the compiled engine, and its states compared with
# the plain engine's (`make test` runs everything on the plain engine).
test-fast: fast
	$(HEADLESS) $(PY) -m pytest -q $(FAST_TESTS)

BUILD_STAMP := $(VENV)/.build-installed
$(BUILD_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,build]'
	@touch $(BUILD_STAMP)

# The standalone program: dist/OneMoreCard/ (ONEFILE=1 for a single file).
package: $(BUILD_STAMP)
	@$(PY) -m tools.build_fast || echo "(the package ships the plain-Python engine)"
	$(PY) -m PyInstaller --noconfirm --clean --log-level WARN build.spec

# The built program plays a whole AI-only match headless and must exit 0; then a round of two
# Experts at speed, whose searches run in the worker process the packaged program spawns.
package-smoke:
	$(HEADLESS) dist/OneMoreCard/OneMoreCard --autoplay --players 4 --seed 1 --speed 0
	$(HEADLESS) dist/OneMoreCard/OneMoreCard --autoplay --players 2 --level expert --seed 2 --rounds 1 --speed 8

simulate: $(STAMP)
	$(PY) -m tools.simulate --preset classic --players 2 --games 2000 --seed 1

# Mutation testing of game/ with mutmut (docs/MUTATION.md): about an hour for the engine on two
# cores, so neither `make test` nor CI runs it. MUTANTS narrows the run (MUTANTS='game.engine*');
# mutants/ keeps the results, so a second run retests only what changed (remove it to start
# afresh). The last lines count the mutants of each module by outcome.
JOBS    ?= 2
MUTANTS ?=
mutation: $(STAMP)
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
	$(PYTHON) -m tools.release_linux $(if $(LOCK),--lock $(LOCK))
	$(PYTHON) -m tools.glibc_floor $(RELEASE_TARBALL) --max 2.31

release-check:
	$(PYTHON) -m tools.release_check $(RELEASE_TARBALL)

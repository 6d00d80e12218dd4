# The README's two commands. Everything is installed into .venv by these targets.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test check install clean dist dist-folder bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test,build]"
	touch $(STAMP)

install: $(STAMP)

play: $(STAMP)
	$(BIN)/guardians

# One worker per core (pytest-xdist). Tests are handed out one at a time in collection order, slow
# ones first (tests/conftest.py), so no long run starts last; tests that must share a worker form an
# xdist_group (the packaged builds, made once; each game's reach cases and their summary). The
# slowest tests' times are printed at the end (CI has 90 minutes for the whole run).
test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 $(BIN)/python -m pytest -n auto --dist loadgroup --no-loadscope-reorder -rfE --durations=15

# The fast loop while working: everything but the tests marked slow (long conformance runs, builds).
check: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 $(BIN)/python -m pytest -m "not slow" -x

# Every speed figure, written to docs/PERFORMANCE.md (adds the packaged app's figures if dist/ has it).
bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 $(BIN)/guardians bench \
		--out docs/PERFORMANCE.md $(if $(wildcard dist/guardians),--frozen dist/guardians)

# The player's executable (build.spec, PyInstaller from the `build` extra): dist/guardians
# (dist/guardians.exe on Windows). Build on the system you ship for.
dist: $(STAMP)
	$(BIN)/python -m PyInstaller --noconfirm --clean build.spec

# The same as one folder (faster start-up, more files): dist/guardians-folder/guardians
dist-folder: $(STAMP)
	GUARDIANS_DIST=folder $(BIN)/python -m PyInstaller --noconfirm --clean build.spec

clean:
	rm -rf $(VENV) build dist .pytest_cache

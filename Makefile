# Amora: `make run` serves the app with embedded defaults; `make test` runs every suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
WEB_SOURCES := $(shell find web/src web/public web/index.html -type f 2>/dev/null) vite.config.ts tsconfig.json package.json

.PHONY: bench scale-test run test install install-test web lint typecheck test-python test-web services serve seed migrate clean alerts

run: install web migrate seed serve

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# The editable install is built by the venv's own setuptools (no download). Python 3.11's
# venv brings 65, which fails with "invalid command 'bdist_wheel'"; 77+ builds the wheel
# itself and reads the license as pyproject.toml writes it (build-system.requires).
$(VENV)/.installed: $(BIN)/python requirements.lock pyproject.toml
	$(BIN)/pip install -q -r requirements.lock
	$(BIN)/pip install -q "setuptools>=77"
	$(BIN)/pip install -q --no-deps --no-build-isolation -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed requirements-dev.lock
	$(BIN)/pip install -q -r requirements-dev.lock
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

web/dist/index.html: node_modules/.installed $(WEB_SOURCES)
	npm run build

install: $(VENV)/.installed node_modules/.installed
install-test: $(VENV)/.installed-test node_modules/.installed
web: web/dist/index.html

migrate: $(VENV)/.installed
	$(BIN)/amora db upgrade

seed: $(VENV)/.installed
	$(BIN)/amora demo seed

# The project's modules compiled first: where PYTHONDONTWRITEBYTECODE is set (this box),
# nothing else writes them, and each start compiled some 450 modules again (0.2-0.25 s of
# a start to healthy, tests/bench/bench_user.py). compileall skips the unchanged ones.
serve: $(VENV)/.installed
	$(BIN)/python -m compileall -q domain application adapters cli migrations > /dev/null
	$(BIN)/amora serve

lint: install-test
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy

# The web app's checks; its type check and build are `make web` (test-python needs the build).
test-web: install-test
	npm run check:api
	npm run lint
	npm test

# The Prometheus alert rules (deploy/prometheus/alerts.yml) are valid and pass their unit
# tests (tests/alerts). promtool: PROMTOOL, or the one on the PATH, or unpacked from
# Debian's prometheus package into the venv (tools/ensure-promtool.sh).
$(BIN)/promtool: | $(BIN)/python
	tools/ensure-promtool.sh $@

alerts: $(BIN)/promtool
	$(BIN)/promtool check rules deploy/prometheus/alerts.yml
	$(BIN)/promtool test rules tests/alerts/*.yml

# PostgreSQL, Redis, Chromium and nginx: installed and started on Debian/Ubuntu when missing.
services: $(VENV)/.installed
	tools/ensure-services.sh

# pytest on PYTEST_WORKERS processes (0: one), each with databases of its own; the browser
# tests stay together on one of them. `make test-python PYTEST_ARGS='-m "not e2e"'` leaves
# them out.
PYTEST_WORKERS ?= 2
test-python: install-test web services
	$(BIN)/pytest -q -n $(PYTEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

# Every suite, side by side where they can (the installs, then lint, the web checks, the
# alert rules and pytest), so a fresh clone on a 2-core box is through in about 12 minutes.
# Each part's output is shown as a whole when it ends (GNU make 4+; older makes interleave it).
SYNC := $(if $(filter 3.%,$(MAKE_VERSION)),,--output-sync=target)
test:
	@echo "== make test: services, then lint, test-web, web, alerts and test-python side by side"
	@$(MAKE) --no-print-directory -j3 $(SYNC) services lint test-web web alerts test-python

clean:
	rm -rf $(VENV) node_modules web/dist

bench: install-test
	$(BIN)/python tests/bench/bench_settings.py
	$(BIN)/python tests/bench/bench_search.py
	$(BIN)/python tests/bench/bench_chat.py
	$(BIN)/python tests/bench/bench_server.py
	$(BIN)/python tests/bench/bench_pixel_flood.py
	$(BIN)/python tests/bench/bench_password_stall.py
	$(BIN)/python tests/bench/bench_loop.py
	$(BIN)/python tests/bench/bench_export.py
	$(MAKE) web
	$(BIN)/python -m tests.bench.web.bench_web

# Not part of `make test`: nginx, 3 app processes, 2 workers and the scheduler on PostgreSQL,
# Redis and moto S3 under load for under 3 minutes, with a kill -9 mid-run (tests/scale).
scale-test: install-test web
	$(BIN)/python tests/scale/run.py

# binlog-kaitai: `make demo` and `make test` are all a newcomer needs; both set up first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SETUP_STAMP := $(VENV)/.setup-done
NODE_STAMP := node_modules/.install-done
SAMPLES := $(sort $(wildcard tests/fixtures/mariadb/*/binlog.[0-9]*))

.PHONY: setup generate check-generated lint test demo bench clean server-packages

setup: $(SETUP_STAMP) $(NODE_STAMP) server-packages

$(SETUP_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[dev]'
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# A real MariaDB server and its mariadb-binlog oracle, for the live tests and the benchmark.
server-packages:
	@command -v mariadbd >/dev/null && command -v mariadb-binlog >/dev/null || { \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends mariadb-server mariadb-client; }

# Compile every ksy/*.ksy into generated/ (committed; CI checks it is fresh).
generate: $(NODE_STAMP)
	node tools/generate.js ksy generated

check-generated: $(NODE_STAMP)
	@rm -rf build/generated-check
	@node tools/generate.js ksy build/generated-check >/dev/null
	@diff -r -x __pycache__ generated build/generated-check >/dev/null || { \
	  echo "generated/ is stale: run 'make generate' and commit the result"; \
	  diff -r -x __pycache__ generated build/generated-check | head -20; exit 1; }
	@echo "generated/ is fresh"

lint: $(SETUP_STAMP)
	$(VENV)/bin/ruff check binlog_kaitai tests tools

test: setup check-generated lint
	$(PY) -m pytest

demo: setup
	$(VENV)/bin/binlog-kaitai summary $(SAMPLES)
	@for f in $(SAMPLES); do \
	  $(VENV)/bin/binlog-kaitai events "$$f" | head -n 12; echo; done

bench: setup
	$(PY) -m tools.make_bench_data --out bench/data
	$(PY) -m bench.bench --data bench/data

clean:
	rm -rf build .pytest_cache .ruff_cache

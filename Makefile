# binlog-kaitai: `make demo` and `make test` are all a newcomer needs; both set up first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SETUP_STAMP := $(VENV)/.setup-done
NODE_STAMP := node_modules/.install-done
SAMPLES := $(sort $(wildcard tests/fixtures/mariadb/*/binlog.[0-9]*))

.PHONY: setup generate check-generated lint test demo bench clean server-packages crosscheck \
	spark-zip bench-spark fuzz

KERNELS := binlog_kaitai/row_kernel.py binlog_kaitai/text_kernel.py binlog_kaitai/run_loop.py \
	$(filter-out generated_fast/__init__.py,$(wildcard generated_fast/*.py))
KERNELS_STAMP := build/.kernels-built

setup: $(SETUP_STAMP) $(KERNELS_STAMP) $(NODE_STAMP) server-packages

$(SETUP_STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	# setuptools' import hook maps binlog_kaitai.generated and binlog_kaitai.spark to the
	# repository's generated/ and spark/ (pyproject.toml's package-dir), as a wheel installs them
	$(VENV)/bin/pip install --quiet -e '.[dev,spark]'
	touch $@

# The columnar decoder's kernels compiled by Cython, beside their source (again whenever
# it changes: Python imports the extension, not the source, once it is there).
$(KERNELS_STAMP): $(SETUP_STAMP) $(KERNELS) setup.py
	$(PY) setup.py --quiet build_ext --inplace
	@mkdir -p $(@D) && touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# A real MariaDB server and its mariadb-binlog oracle, for the live tests and the benchmark.
server-packages:
	@command -v mariadbd >/dev/null && command -v mariadb-binlog >/dev/null || { \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends mariadb-server mariadb-client; }

# Compile every ksy/*.ksy into generated/ (Python) and generated_js/ (JavaScript); both are
# committed and CI checks they are fresh.
generate: $(NODE_STAMP)
	node tools/generate.js ksy generated
	node tools/generate.js ksy generated_js javascript
	$(PY) -m tools.ksy_fast ksy generated_fast

check-generated: $(NODE_STAMP)
	@for pair in generated:python generated_js:javascript; do \
	  dir=$${pair%%:*}; rm -rf build/$$dir-check; \
	  node tools/generate.js ksy build/$$dir-check $${pair#*:} >/dev/null || exit 1; \
	  diff -r -x __pycache__ $$dir build/$$dir-check >/dev/null || { \
	    echo "$$dir/ is stale: run 'make generate' and commit the result"; \
	    diff -r -x __pycache__ $$dir build/$$dir-check | head -20; exit 1; }; \
	  echo "$$dir/ is fresh"; done
	@rm -rf build/generated_fast-check; $(PY) -m tools.ksy_fast ksy build/generated_fast-check || exit 1; \
	diff -r -x __pycache__ -x '*.c' -x '*.so' generated_fast build/generated_fast-check >/dev/null || { \
	  echo "generated_fast/ is stale: run 'make generate' and commit the result"; \
	  diff -r -x __pycache__ -x '*.c' -x '*.so' generated_fast build/generated_fast-check | head -20; exit 1; }; \
	echo "generated_fast/ is fresh"

lint: $(SETUP_STAMP)
	$(VENV)/bin/ruff check --no-cache binlog_kaitai tests tools bench spark

test: setup check-generated lint
	$(PY) -m pytest

# Parse binlogs with both builds and compare the canonical dumps (default: every real file).
crosscheck: setup
	$(PY) -m tools.crosscheck $(FILES)

# Mutated copies of every real binlog through everything a user can reach (both cores);
# failing inputs and their tracebacks go to build/fuzz. `make fuzz SECONDS=1800` for long.
SECONDS ?= 60
fuzz: setup
	$(PY) -m tools.fuzz --seconds $(SECONDS)

# The Spark job in local mode on the sample binlogs: a few rows of each table it writes
# (under build/demo), the per-file summary (the files table), then one typed change table
# and its snapshot.
demo: setup
	$(VENV)/bin/binlog-kaitai-spark --input $(SAMPLES) --output build/demo --overwrite --snapshot --show 5

# The package and its pure-Python dependencies for spark-submit --py-files (see spark/job.py).
spark-zip: setup
	$(PY) -m binlog_kaitai.spark.build_zip build/binlog-kaitai-spark.zip

# The wheel in dist/ (one namespace, binlog_kaitai, its kernels compiled), built offline
# with the venv's setuptools and Cython; tests/test_wheel.py installs one in a fresh venv.
.PHONY: wheel
wheel: $(SETUP_STAMP)
	$(PY) -m pip wheel --no-deps --no-build-isolation --wheel-dir dist .

# The Spark job against the plain reader on ~1.1 GB of generated binlogs: one of 1000 MiB
# (the per-worker memory target is for a 1 GiB file) and 60 of 1 MiB.
SPARK_BENCH_DATA = $(PY) -m tools.make_bench_data --out bench/data/spark --large-mb 1000 \
	--count 1 --small-files 60
bench-spark: setup
	$(SPARK_BENCH_DATA)
	$(PY) -m bench.spark_bench --data bench/data/spark

# Everything in one run: summary, event scan, rows and the Spark job, each against its peers.
bench: setup
	$(PY) -m tools.make_bench_data --out bench/data --oltp-mb 20
	$(SPARK_BENCH_DATA)
	$(PY) -m bench.bench --data bench/data --spark-data bench/data/spark
	$(PY) -m bench.typed_bench bench/data/large-001.binlog

clean:
	rm -rf build .pytest_cache .ruff_cache binlog_kaitai/*.c binlog_kaitai/*.so

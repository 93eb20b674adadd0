# paperhouse: `make load` sets everything up and loads the sample data; `make test` runs the suite.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
# Apache Superset for `make bi-smoke`: a virtual env of its own, its dependencies clash with ours.
BI_VENV := .venv-superset
SAMPLES := $(sort $(wildcard data/sample/*.txt))
# The real-world samples of every input format (see README: Inputs); not bundled.
SAMPLE_DATA ?= ../shared/data
ALL_SAMPLES = $(foreach pattern,arxiv/*.jsonl paperlists/*.json pwc/api/*.json \
	pwc/evaluation-tables/*.json hf-daily/*.json listings/*.txt,\
	$(sort $(wildcard $(SAMPLE_DATA)/$(pattern))))

.DEFAULT_GOAL := help
.PHONY: help install db-start db-stop db-status migrate load load-all report bi-smoke bench bench-warehouse bench-kill test test-fast lint psql clean

help: ## show the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-16s %s\n", $$1, $$2}'

$(INSTALLED): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[dev,bench,ray]'
	touch $@

install: $(INSTALLED) ## create .venv and install pinned dependencies

db-start: install ## start the embedded Postgres (does nothing when DATABASE_URL is set)
	$(BIN)/etl db start

db-stop: ## stop the embedded Postgres
	@if [ -x $(BIN)/etl ]; then $(BIN)/etl db stop; else echo "nothing installed, nothing running"; fi

db-status: install ## is the embedded Postgres running, and where
	$(BIN)/etl db status

migrate: db-start ## bring the database schema to the latest migration
	$(BIN)/alembic upgrade head

load: migrate ## set up everything and load the bundled sample listings
	$(BIN)/etl load $(SAMPLES)

load-all: migrate ## load every sample folder of SAMPLE_DATA (default ../shared/data)
	@test -n "$(ALL_SAMPLES)" || { echo "no sample files under SAMPLE_DATA=$(SAMPLE_DATA)" >&2; exit 2; }
	$(BIN)/etl load $(ALL_SAMPLES)

report: migrate ## write the HTML report of the database in use (.paperhouse/report.html)
	$(BIN)/etl report

$(BI_VENV)/.installed: bi/superset-requirements.txt
	test -x $(BI_VENV)/bin/python || $(PYTHON) -m venv $(BI_VENV)
	$(BI_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r bi/superset-requirements.txt
	touch $@

bi-smoke: migrate $(BI_VENV)/.installed ## Apache Superset on the loaded database, as a reader, checked against SQL
	$(BIN)/python -m bi.superset_smoke --superset $(BI_VENV)/bin/superset

bench: db-start ## paperhouse vs floors, naive and dlt on generated arXiv data (RECORDS="100000 1000000", INPUTS="generated real")
	$(BIN)/python -m bench.compare $(foreach n,$(or $(RECORDS),100000),--records $(n)) \
		--input-kinds $(or $(INPUTS),generated real) --sample-data $(SAMPLE_DATA)

bench-warehouse: db-start ## N new records into an empty warehouse and into one of 10N, and a 1%-changed load (RECORDS, default 30000)
	$(BIN)/python -m bench.warehouse --records $(or $(RECORDS),30000)

bench-kill: db-start ## a load SIGKILLed in assemble, validation and each publish statement: how soon the next goes on
	$(BIN)/python -m bench.kill_recovery

test: install ## run the whole test suite (starts its own throwaway Postgres)
	$(BIN)/pytest

test-fast: install ## the suite less its slow, faults and bench tests: under a minute
	$(BIN)/pytest -m "not slow and not faults and not bench"

lint: install ## ruff lint and format check
	$(BIN)/ruff check etl migrations tests bench bi scripts
	$(BIN)/ruff format --check etl migrations tests bench bi scripts

psql: db-start ## a psql shell on the database in use
	$(BIN)/etl db psql

clean: db-stop ## stop the server, delete .venv and the local database
	rm -rf $(VENV) $(BI_VENV) .paperhouse .pytest_cache

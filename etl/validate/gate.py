"""The quality gate: one Great Expectations validation definition per staged table of a run.

The checks run as SQL inside Postgres (a SQL datasource on the staging schema), so they scale
with the database, not with this process. A check that errors counts as failed: a gate that
cannot tell is a gate that is closed. A failed record check (see etl.validate.suites) comes
with the query of its offending rows, so that the records behind them can be quarantined.
"""

from __future__ import annotations

import gc
import logging
import math
import sys
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
import sqlalchemy as sa

from etl import db
from etl.config import Settings
from etl.contracts import CRITICAL, RECORD_SCOPE, RUN_SCOPE

SAMPLE_VALUES = 5
DATA_DOCS_SITE = "run"
# The one batch of each staged table: all of its rows.
WHOLE_TABLE = "all"


@dataclass(frozen=True)
class CheckResult:
    """One check's outcome. `scope` `record`: its failing rows trace back to source records
    (through `traces`, the column naming the value, when the check says), which can be
    quarantined; `offending_query` selects those rows of the staged table when it failed.
    `run`: a failure is the run's and blocks it."""

    table: str
    check: str
    severity: str
    success: bool
    unexpected_count: int | None
    sample: list[Any]
    error: str | None = None
    scope: str = RUN_SCOPE
    traces: str | None = None
    offending_query: str | None = None


@dataclass(frozen=True)
class GateResult:
    checks: list[CheckResult]
    warnings_block: bool = False  # failed warnings block too (Settings.warnings_block)
    data_docs: str | None = None  # URL of the run's Great Expectations Data Docs

    @property
    def failed(self) -> list[CheckResult]:
        return [c for c in self.checks if not c.success]

    @property
    def blocking(self) -> list[CheckResult]:
        return [c for c in self.failed if c.severity == CRITICAL or self.warnings_block]

    @property
    def passed(self) -> bool:
        return not self.blocking

    @property
    def quarantinable(self) -> bool:
        """Whether every blocking failure traces back to source records (so quarantining
        them could let the rest publish)."""
        return bool(self.blocking) and all(
            c.scope == RECORD_SCOPE and c.error is None and c.offending_query for c in self.blocking
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "checks": [asdict(c) for c in self.checks],
            "failed": len(self.failed),
            "blocking": len(self.blocking),
            "warnings_block": self.warnings_block,
            "data_docs": self.data_docs,
        }


def _jsonable(value: Any) -> Any:
    # JSON has no Infinity or NaN: an offending row may well hold one.
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return value if isinstance(value, (str, int, float, bool, type(None))) else str(value)


def offending_query(staging_schema: str, table: str, query: str) -> str:
    """An unexpected-rows check's query on the staged table, as Great Expectations runs it
    (it formats `{batch}` and doubled braces the same way)."""
    return query.format(batch=f'"{staging_schema}"."{table}"')


def _offending_rows(conn: sa.Connection, query: str) -> list:
    """The first rows an unexpected-rows check found: Great Expectations reports them only
    when asked for every one of them, which could be millions."""
    cursor = conn.connection.driver_connection.cursor(row_factory=psycopg.rows.dict_row)
    # No parameters: psycopg then leaves the % of a LIKE or of a unit alone.
    cursor.execute(f"SELECT * FROM ({query}) AS offending LIMIT {SAMPLE_VALUES}")
    return [{k: _jsonable(v) for k, v in row.items()} for row in cursor.fetchall()]


def _check_result(
    conn: sa.Connection, staging_schema: str, table: str, outcome: Any
) -> CheckResult:
    config = outcome.expectation_config
    result = outcome.result or {}
    error = None
    if outcome.exception_info and outcome.exception_info.get("raised_exception", False):
        error = outcome.exception_info.get("exception_message")
    else:
        for info in (outcome.exception_info or {}).values():
            if isinstance(info, dict) and info.get("raised_exception"):
                error = info.get("exception_message")
                break
    unexpected_count = result.get("unexpected_count")
    values = result.get("partial_unexpected_list")
    meta = config.meta or {}
    offending = None
    if values is not None:
        sample = [_jsonable(v) for v in values[:SAMPLE_VALUES]]
    else:
        # UnexpectedRowsExpectation counts the rows its query returns (observed_value).
        unexpected_count = result.get("observed_value", unexpected_count)
        query = config.kwargs.get("unexpected_rows_query")
        failed = not outcome.success and error is None
        if failed and query:
            offending = offending_query(staging_schema, table, query)
        sample = _offending_rows(conn, offending) if offending else []
    scope = meta.get("scope", RUN_SCOPE)
    return CheckResult(
        table=table,
        check=config.description or config.type,
        severity=str(getattr(config.severity, "value", config.severity)),
        success=bool(outcome.success) and error is None,
        unexpected_count=unexpected_count,
        sample=sample,
        error=error.splitlines()[0] if error else None,
        scope=scope,
        traces=meta.get("traces"),
        offending_query=offending if scope == RECORD_SCOPE else None,
    )


def prepare_great_expectations() -> None:
    """Import Great Expectations and the suites, which takes seconds: only loads need them,
    not previews or --help. Its hundreds of thousands of objects, and what the process held
    before, live as long as the process: frozen out of the garbage collector's sight, the
    full collections that the import and the gate set off do not go through them again and
    again (0.4 s of a small load's 0.8 s of collecting). Once a process, so what garbage is
    frozen with them is bounded."""
    if "great_expectations" in sys.modules:
        return
    gc.freeze()
    import great_expectations  # noqa: F401

    import etl.validate.suites  # noqa: F401

    gc.freeze()


def run_gate(
    engine: sa.Engine, staging_schema: str, settings: Settings, data_docs_dir: Path
) -> GateResult:
    """Validate every staged table of the run against its suite, and the run against the
    reject threshold; report each check. The run's Data Docs (HTML) go to `data_docs_dir`."""
    verdict, write_data_docs = validate_staged(engine, staging_schema, settings, data_docs_dir)
    write_data_docs()
    return verdict


def validate_staged(
    engine: sa.Engine, staging_schema: str, settings: Settings, data_docs_dir: Path
) -> tuple[GateResult, Callable[[], None]]:
    """run_gate's verdict, and what writes its Data Docs: the gate's process gives the
    verdict first and writes the pages while the load publishes (see gate_process)."""
    prepare_great_expectations()
    import great_expectations as gx
    from great_expectations.core.run_identifier import RunIdentifier
    from great_expectations.data_context.types.base import ProgressBarsConfig

    from etl.validate.suites import suites

    logging.getLogger("great_expectations").setLevel(logging.ERROR)
    context = gx.get_context(mode="ephemeral")
    context.variables.progress_bars = ProgressBarsConfig(globally=False)
    context.add_data_docs_site(
        DATA_DOCS_SITE,
        {
            "class_name": "SiteBuilder",
            "site_index_builder": {"class_name": "DefaultSiteIndexBuilder"},
            # A page per validation result shows each check with its outcome; the pages of the
            # suites alone would repeat the checks without outcomes (a third of a small
            # load's gate went into building the site).
            "site_section_builders": {"expectations": "0", "profiling": "0"},
            "store_backend": {
                "class_name": "TupleFilesystemStoreBackend",
                "base_directory": str(data_docs_dir),
            },
        },
    )
    table_suites = suites(staging_schema, max_paper_drop=settings.max_paper_drop)
    with warnings.catch_warnings():
        # add_sql, not add_postgres, on purpose: add_postgres rejects unix-socket URLs, which
        # are how many people reach their own Postgres; GX warns about the choice.
        warnings.simplefilter("ignore")
        # The tables come with the datasource, not added one by one: each addition saves the
        # context's whole configuration again (0.45 s of a small load's gate).
        datasource = context.data_sources.add_sql(
            name="staging",
            connection_string=db.client_url(engine, db.GATE_APPLICATION_NAME),
            assets=[
                {
                    "name": table,
                    "type": "table",
                    "table_name": table,
                    "schema_name": staging_schema,
                    "batch_definitions": [{"name": WHOLE_TABLE}],
                }
                for table in table_suites
            ],
        )
    definitions = []
    for table, expectations in table_suites.items():
        # Whole, not expectation by expectation: a suite in the context stores each one it
        # is given, and compares it with every one before it (0.8 s of a small load's gate).
        suite = context.suites.add(gx.ExpectationSuite(name=table, expectations=expectations))
        batch = datasource.get_asset(table).get_batch_definition(WHOLE_TABLE)
        definitions.append(
            context.validation_definitions.add(
                gx.ValidationDefinition(name=table, data=batch, suite=suite)
            )
        )
    # The definitions run one by one rather than as a checkpoint with no actions: a
    # checkpoint checks that it and every definition, suite and batch are as stored (each
    # serialized and compared) before it runs them, then each definition checks itself
    # again (a sixth of a small load's gate).
    result_format = {"result_format": "BASIC", "partial_unexpected_count": SAMPLE_VALUES}
    run_id = RunIdentifier(run_time=datetime.now(UTC))
    validations = [
        definition.run(result_format=result_format, run_id=run_id) for definition in definitions
    ]
    checks = []
    with engine.connect() as conn:
        for validation in validations:
            table = validation.suite_name
            checks.extend(
                _check_result(conn, staging_schema, table, outcome)
                for outcome in validation.results
            )
        checks.append(_rejected_records_check(conn, staging_schema, settings.max_reject_rate))
    verdict = GateResult(
        checks,
        warnings_block=settings.warnings_block,
        data_docs=(data_docs_dir / "index.html").as_uri(),
    )
    # Once for the run, from the stored results (the database is not read again).
    return verdict, lambda: context.build_data_docs(site_names=[DATA_DOCS_SITE])


def _rejected_records_check(
    conn: sa.Connection, staging_schema: str, max_rate: float
) -> CheckResult:
    """The run-level check: records rejected whole as broken (nothing of them staged) are at
    most `max_rate` of the records read. A line cut off mid-JSON counts; a value of a staged
    record that is not a number (a `value.` reject) does not."""
    s = f'"{staging_schema}"'
    # A record is staged or unchanged (left as published, not staged again), never both:
    # each is counted, and looked up, on its own (their union for a million unchanged
    # records was a hash of them all).
    staged_count, rejected, sample = conn.exec_driver_sql(
        f"""WITH whole AS (
            SELECT DISTINCT ON (r.source_file, r.record_number)
                   r.source_file, r.record_number, r.rule, r.reason
            FROM {s}.rejects r
            WHERE r.record_number IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM {s}.batch_records b
                              WHERE b.source_file = r.source_file AND b.record = r.record_number)
              AND NOT EXISTS (SELECT 1 FROM {s}.unchanged_records u
                              WHERE u.source_file = r.source_file AND u.record = r.record_number)
            ORDER BY r.source_file, r.record_number, r.rule
        )
        SELECT (SELECT count(*) FROM (SELECT DISTINCT source_file, record
                                      FROM {s}.batch_records) AS b)
               + (SELECT count(*) FROM {s}.unchanged_records),
               (SELECT count(*) FROM whole),
               (SELECT coalesce(jsonb_agg(w), '[]') FROM (SELECT * FROM whole
                LIMIT {SAMPLE_VALUES}) w)"""
    ).one()
    read = staged_count + rejected
    return CheckResult(
        table="(run)",
        check=f"records rejected as broken are at most {max_rate * 100:g}% of the records read",
        severity=CRITICAL,
        success=rejected <= max_rate * read,
        unexpected_count=rejected,
        sample=sample,
    )

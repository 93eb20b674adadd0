"""The quality gate: one Great Expectations checkpoint over a run's staged tables.

The checks run as SQL inside Postgres (a SQL datasource on the staging schema), so they scale
with the database, not with this process. A check that errors counts as failed: a gate that
cannot tell is a gate that is closed.
"""

from __future__ import annotations

import logging
import warnings
from dataclasses import asdict, dataclass
from typing import Any

SAMPLE_VALUES = 5
CRITICAL = "critical"


@dataclass(frozen=True)
class CheckResult:
    table: str
    check: str
    severity: str
    success: bool
    unexpected_count: int | None
    sample: list[Any]
    error: str | None = None


@dataclass(frozen=True)
class GateResult:
    checks: list[CheckResult]

    @property
    def failed(self) -> list[CheckResult]:
        return [c for c in self.checks if not c.success]

    @property
    def blocking(self) -> list[CheckResult]:
        return [c for c in self.failed if c.severity == CRITICAL]

    @property
    def passed(self) -> bool:
        return not self.blocking

    def to_json(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "checks": [asdict(c) for c in self.checks],
            "failed": len(self.failed),
            "blocking": len(self.blocking),
        }


def _jsonable(values: list[Any]) -> list[Any]:
    return [v if isinstance(v, (str, int, float, bool, type(None))) else str(v) for v in values]


def _check_result(table: str, outcome: Any) -> CheckResult:
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
    sample = result.get("partial_unexpected_list")
    if sample is None:
        # UnexpectedRowsExpectation reports the offending rows themselves.
        unexpected_count = result.get("observed_value", unexpected_count)
        rows = (result.get("details") or {}).get("unexpected_rows") or []
        sample = [dict(row) if hasattr(row, "keys") else row for row in rows]
    return CheckResult(
        table=table,
        check=config.description or config.type,
        severity=str(getattr(config.severity, "value", config.severity)),
        success=bool(outcome.success) and error is None,
        unexpected_count=unexpected_count,
        sample=_jsonable(list(sample)[:SAMPLE_VALUES]),
        error=error.splitlines()[0] if error else None,
    )


def run_gate(sqlalchemy_url: str, staging_schema: str) -> GateResult:
    """Validate every staged table of the run against its suite; report each check."""
    # Great Expectations takes seconds to import; only loads need it, not previews or --help.
    import great_expectations as gx
    from great_expectations.data_context.types.base import ProgressBarsConfig

    from etl.validate.suites import suites

    logging.getLogger("great_expectations").setLevel(logging.ERROR)
    context = gx.get_context(mode="ephemeral")
    context.variables.progress_bars = ProgressBarsConfig(globally=False)
    with warnings.catch_warnings():
        # add_sql, not add_postgres, on purpose: add_postgres rejects unix-socket URLs, which
        # are how many people reach their own Postgres; GX warns about the choice.
        warnings.simplefilter("ignore")
        datasource = context.data_sources.add_sql(name="staging", connection_string=sqlalchemy_url)

    table_suites = suites(staging_schema)
    definitions = []
    for table, expectations in table_suites.items():
        asset = datasource.add_table_asset(name=table, table_name=table, schema_name=staging_schema)
        suite = context.suites.add(gx.ExpectationSuite(name=table))
        for expectation in expectations:
            suite.add_expectation(expectation)
        definitions.append(
            context.validation_definitions.add(
                gx.ValidationDefinition(
                    name=table, data=asset.add_batch_definition_whole_table("all"), suite=suite
                )
            )
        )
    checkpoint = context.checkpoints.add(
        gx.Checkpoint(
            name="publish_gate",
            validation_definitions=definitions,
            result_format={"result_format": "SUMMARY", "partial_unexpected_count": SAMPLE_VALUES},
        )
    )
    run = checkpoint.run()
    checks = []
    for validation in run.run_results.values():
        table = validation.suite_name
        checks.extend(_check_result(table, outcome) for outcome in validation.results)
    return GateResult(checks=checks)

"""The end-of-run summary people read: what came in, what was published, what was checked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from etl.contracts import CHECK_RULE_PREFIX
from etl.pipeline import RunOutcome

SHOWN_REJECTS = 10
SHOWN_FAILED_CHECKS = 20
# Where every login, a reader's too, finds a run's rejects (etl.rejects is the owner's).
REJECTS_VIEW = "analytics.rejects"


def _where(reject: Mapping[str, Any]) -> str:
    # etl.rejects has the path as given, analytics.rejects the file's name.
    where = reject.get("source_file") or reject["file_name"]
    if reject.get("record_number"):
        where += f" record {reject['record_number']}"
    if reject.get("line_number"):
        where += f" (line {reject['line_number']})"
    return where


def _headline(run_id: int, status: str) -> str:
    return {
        "published": f"run {run_id} published",
        "blocked": f"run {run_id} BLOCKED by the quality gate: nothing was published",
        "failed": f"run {run_id} FAILED: nothing was published",
        "skipped": f"run {run_id}: nothing new, every file was loaded before",
    }.get(status, f"run {run_id} {status}")


def _quarantined(
    run_id: int, rejects: list[dict[str, Any]], by_rule: Mapping[str, int]
) -> list[str]:
    """The rejects' lines: how many per rule, where to find them all, the first few."""
    lines = []
    if by_rule:
        quarantined = sum(by_rule.values())
        counts = ", ".join(f"{rule} {count:,}" for rule, count in by_rule.items())
        lines.append(
            f"  quarantined {quarantined:,} ({counts}; see {REJECTS_VIEW}, run_id {run_id})"
        )
    elif rejects:
        quarantined = len(rejects)
        lines.append(f"  quarantined {quarantined:,} (see {REJECTS_VIEW}, run_id {run_id})")
    if rejects:
        lines.extend(
            f"    {_where(r)}: {r['reason']} [{r['rule']}]" for r in rejects[:SHOWN_REJECTS]
        )
        if quarantined > SHOWN_REJECTS:
            lines.append(f"    ... and {quarantined - SHOWN_REJECTS:,} more")
    return lines


def render(outcome: RunOutcome) -> str:
    total = sum(outcome.timings.values())
    headline = _headline(outcome.run_id, outcome.status)
    lines = [f"paperhouse {outcome.command}: {headline} ({total:.1f}s)"]

    if outcome.input_files:
        lines.append("  input")
        lines.extend(
            f"    {f['path']}: {f['records']:,} records, {f.get('rejected', 0):,} quarantined"
            + (f", {f['unchanged']:,} unchanged" if f.get("unchanged") else "")
            + f" ({f['format']}, sha256 {f['sha256'][:12]})"
            for f in outcome.input_files
        )
        if outcome.papers:
            lines.append(f"    {outcome.records_read:,} records are {outcome.papers:,} papers")
    if outcome.skipped_files:
        lines.append("  skipped (same content already loaded)")
        lines.extend(
            f"    {f['path']} (sha256 {f['sha256'][:12]}, run {f['loaded_by_run']})"
            for f in outcome.skipped_files
        )
    if outcome.row_counts:
        lines.append(f"  {'table':<20}{'staged':>10}{'inserted':>10}{'updated':>9}{'deleted':>9}")
        lines.extend(
            f"  {table:<20}{c['staged']:>10,}{c['inserted']:>10,}"
            f"{c['updated']:>9,}{c['deleted']:>9,}"
            for table, c in outcome.row_counts.items()
        )
    if outcome.gate is not None:
        failed = outcome.gate.failed
        lines.append(
            f"  checks    {len(outcome.gate.checks) - len(failed)} passed, "
            f"{len(outcome.gate.blocking)} critical failed, "
            f"{len(failed) - len(outcome.gate.blocking)} warnings"
        )
        for check in failed[:SHOWN_FAILED_CHECKS]:
            count = "" if check.unexpected_count is None else f" ({check.unexpected_count:,} rows)"
            lines.append(f"    {check.severity.upper():<8} {check.table}: {check.check}{count}")
            if check.error:
                lines.append(f"             error: {check.error}")
            if check.sample:
                lines.append(f"             e.g. {check.sample[:3]}")
        if outcome.quarantined_by_checks:
            records = sum(
                count
                for rule, count in outcome.rejects_by_rule.items()
                if rule.startswith(CHECK_RULE_PREFIX)
            )
            lines.append(
                f"  {records:,} records failed record checks and were quarantined; the rest was "
                "assembled and checked again"
            )
            lines.extend(
                f"    {count:,} records: {check}"
                for check, count in outcome.quarantined_by_checks.items()
            )
        if outcome.gate.data_docs:
            # Not a link: Great Expectations' pages fetch their styles and scripts from
            # public CDNs and are blank offline; the link to follow is the report's.
            lines.append(
                f"  data docs {outcome.gate.data_docs.removeprefix('file://')} (each check in "
                "detail; styled only when online)"
            )
    lines.extend(_quarantined(outcome.run_id, outcome.rejects, outcome.rejects_by_rule))
    if outcome.error and outcome.status != "blocked":
        lines.append(f"  error: {outcome.error}")
    if outcome.rules_note:
        lines.append(f"  note: {outcome.rules_note}")
    return "\n".join(lines)


# What a login that cannot read the etl schema misses in `etl runs show`, and what it needs.
READER_LEAVES_OUT = (
    "  this login reads runs through analytics.runs and analytics.rejects; each input file, "
    "each table's row counts and each check's outcome are in etl.runs, which needs a login "
    "that can read the etl schema (the database owner's)"
)


def render_for_reader(
    run: Mapping[str, Any], rejects: list[dict[str, Any]], by_rule: Mapping[str, int]
) -> str:
    """`etl runs show` for a login that reads runs only through the analytics views: a row of
    analytics.runs, the run's first rejects and the count per rule (analytics.rejects)."""
    seconds = "" if run["seconds"] is None else f" ({run['seconds']}s)"
    lines = [f"paperhouse {run['command']}: {_headline(run['run_id'], run['status'])}{seconds}"]
    if run["records_read"] is not None:
        lines.append(f"  input     {run['records_read']:,} records from {run['files']:,} files")
    if run["rows_inserted"] is not None:
        lines.append(
            f"  rows      {run['rows_inserted']:,} inserted, {run['rows_updated'] or 0:,} "
            f"updated, {run['rows_deleted'] or 0:,} deleted"
        )
    if run["checks"] is not None:
        lines.append(f"  checks    {run['checks']} run, {run['checks_failed']} failed")
    lines.extend(_quarantined(run["run_id"], rejects, by_rule))
    if run["error"] and run["status"] != "blocked":
        lines.append(f"  error: {run['error']}")
    finished = run["finished_at"]
    lines.append(
        f"  started {run['started_at']:%Y-%m-%d %H:%M:%S %Z}"
        + ("" if finished is None else f", finished {finished:%H:%M:%S}")
        + f" by paperhouse {run['code_version']}"
    )
    lines.append(READER_LEAVES_OUT)
    return "\n".join(lines)

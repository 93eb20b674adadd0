"""The end-of-run summary people read: what came in, what was published, what was checked."""

from __future__ import annotations

from etl.contracts import CHECK_RULE_PREFIX
from etl.pipeline import RunOutcome

SHOWN_REJECTS = 10
SHOWN_FAILED_CHECKS = 20


def _where(reject: dict) -> str:
    where = reject["source_file"]
    if reject.get("record_number"):
        where += f" record {reject['record_number']}"
    if reject.get("line_number"):
        where += f" (line {reject['line_number']})"
    return where


def render(outcome: RunOutcome) -> str:
    total = sum(outcome.timings.values())
    headline = {
        "published": f"run {outcome.run_id} published",
        "blocked": f"run {outcome.run_id} BLOCKED by the quality gate: nothing was published",
        "failed": f"run {outcome.run_id} FAILED: nothing was published",
        "skipped": f"run {outcome.run_id}: nothing new, every file was loaded before",
    }.get(outcome.status, f"run {outcome.run_id} {outcome.status}")
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
    if outcome.rejects_by_rule:
        quarantined = sum(outcome.rejects_by_rule.values())
        by_rule = ", ".join(f"{rule} {count:,}" for rule, count in outcome.rejects_by_rule.items())
        lines.append(
            f"  quarantined {quarantined:,} ({by_rule}; see etl.rejects, run_id {outcome.run_id})"
        )
    elif outcome.rejects:
        quarantined = len(outcome.rejects)
        lines.append(f"  quarantined {quarantined:,} (see etl.rejects, run_id {outcome.run_id})")
    if outcome.rejects:
        lines.extend(
            f"    {_where(r)}: {r['reason']} [{r['rule']}]" for r in outcome.rejects[:SHOWN_REJECTS]
        )
        if quarantined > SHOWN_REJECTS:
            lines.append(f"    ... and {quarantined - SHOWN_REJECTS:,} more")
    if outcome.error and outcome.status != "blocked":
        lines.append(f"  error: {outcome.error}")
    if outcome.rules_note:
        lines.append(f"  note: {outcome.rules_note}")
    return "\n".join(lines)

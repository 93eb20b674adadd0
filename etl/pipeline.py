"""run: extract -> transform -> stage -> assemble -> validate -> publish, with the run ledger
around it.

Input is read and transformed batch by batch and each batch is COPied into the run's staging
schema as it comes, the next batch transformed on another thread while one is copied (two
batches at most), so memory is bounded by the batch size, not by the input. Once all of it
is staged, records are resolved into papers and assembled (etl.load.assemble), checked by the
gate (records behind failed record checks quarantined, the rest assembled and checked
again), and published in one transaction.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import polars as pl
import sqlalchemy as sa

from etl import db
from etl.config import Settings
from etl.contracts import CHECK_RULE_PREFIX, CRITICAL, REJECT_SCHEMA, VALUE_RULE_PREFIX
from etl.extract import InputFileError, expected_records, open_source, read_batches
from etl.extract.common import ExtractedFile, SourceFile
from etl.handoff import produced_ahead
from etl.load import ledger
from etl.load.assemble import (
    FailedCheck,
    assemble,
    batch_table,
    create_batch_tables,
    quarantine_records,
)
from etl.load.publish import publish
from etl.load.staging import (
    STAGING_SCHEMA,
    copy_frame,
    create_schema,
    create_table,
    drop_staging,
)
from etl.progress import Progress
from etl.transform import rules_version
from etl.transform.identity import resolve_papers, with_record_digest
from etl.transform.normalize import batch_measure_tables, check_records, normalize_batch
from etl.validate import gate_process
from etl.validate.gate import GateResult
from etl.vocab import Vocabulary, load_vocabulary

_log = logging.getLogger(__name__)

EXIT_PUBLISHED = 0
EXIT_BLOCKED = 1
EXIT_BAD_INPUT = 2
EXIT_NOT_READY = 3
UNCHANGED_RECORDS = pl.Schema({"source_file": pl.String, "record": pl.Int32})


@dataclass
class RunOutcome:
    """What a load did, for the summary people read and the JSON machines read."""

    run_id: int | None
    status: str
    exit_code: int
    command: str = "load"
    input_files: list[dict[str, Any]] = field(default_factory=list)
    skipped_files: list[dict[str, Any]] = field(default_factory=list)
    records_read: int = 0
    papers: int = 0
    row_counts: dict[str, dict[str, int]] = field(default_factory=dict)
    rejects: list[dict[str, Any]] = field(default_factory=list)
    rejects_by_rule: dict[str, int] = field(default_factory=dict)
    gate: GateResult | None = None
    error: str | None = None
    # check -> records behind its failing rows, quarantined so the rest could publish
    quarantined_by_checks: dict[str, int] = field(default_factory=dict)
    # that rows published by other rules would change with `etl rederive`, when they would
    rules_note: str | None = None
    timings: dict[str, float] = field(default_factory=dict)
    stage_parts: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        summary = asdict(self)
        summary["gate"] = self.gate.to_json() if self.gate else None
        return summary


@dataclass(frozen=True)
class TransformedBatch:
    """Records of one or more files, normalized and collected: staged tables, quarantine."""

    records_read: int
    tables: dict[str, pl.DataFrame]
    rejects: pl.DataFrame
    unchanged: pl.DataFrame  # (source_file, record) of records left as published


def file_errors_as_rejects(errors: list[InputFileError]) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "source_file": [e.source_file for e in errors],
            "record_number": [None] * len(errors),
            "line_number": [e.line for e in errors],
            "source_record_id": [None] * len(errors),
            "rule": [e.rule for e in errors],
            "check_name": [None] * len(errors),
            "reason": [e.reason for e in errors],
            "raw_snippet": [e.snippet for e in errors],
        },
        schema=REJECT_SCHEMA,
    )


def open_sources(
    paths: list[Path], format_name: str | None
) -> tuple[list[SourceFile], list[InputFileError]]:
    """Every path's facts and format, and the reasons the others cannot be read."""
    sources, errors = [], []
    for path in paths:
        try:
            sources.append(open_source(path, format_name))
        except InputFileError as error:
            errors.append(error)
    return sources, errors


# The Polars engine a batch's tables are collected with. A batch is bounded (Settings.
# batch_rows), so it fits in memory; the in-memory engine is as fast as the streaming one on
# 20k arXiv records (45.9 s and 45.7 s, the same peak memory) and spares small batches the
# streaming engine's fixed cost (13 Daily Papers records: 2.1 s against 3.9 s).
BATCH_ENGINE = "in-memory"


def collect_tables(tables: dict[str, pl.LazyFrame]) -> dict[str, pl.DataFrame]:
    """A batch's tables, collected together (plans they share are computed once)."""
    return dict(
        zip(tables, pl.collect_all(list(tables.values()), engine=BATCH_ENGINE), strict=True)
    )


def transformed_batches(
    sources: list[SourceFile],
    settings: Settings,
    vocabulary: Vocabulary,
    progress: Progress,
    files: dict[str, ExtractedFile],
    seconds: dict[str, float],
    published: pl.DataFrame | None = None,
) -> Iterator[TransformedBatch]:
    """The sources' records, read and normalized about batch_rows at a time (collected
    here). Small files are read together into one batch: transforming a batch has a fixed
    cost, which a hundred one-day Daily Papers files should not pay a hundred times.
    A record found in `published` (source_file, record, record_digest) is as published and
    goes no further (a reader that can tells it by its line's digest, without parsing it).
    `files` counts records read, quarantined and unchanged per file as they go; `seconds`
    adds up the time spent in "extract" and "transform"."""
    pending: list[pl.DataFrame] = []
    pending_rejects: list[pl.DataFrame] = []
    # (source_file, record) of the records readers passed over as published
    pending_unchanged: list[pl.DataFrame] = []
    keys = ["source_file", "record", "record_digest"]

    def checked_records() -> tuple[pl.DataFrame, pl.DataFrame, int]:
        """The pending records checked, the unchanged ones, how many were read. The raw
        records are let go here, before the batch's tables are derived (memory)."""
        raw = with_record_digest(pl.concat(pending))
        pending.clear()
        unchanged = pl.concat([UNCHANGED_RECORDS.to_frame(), *pending_unchanged])
        pending_unchanged.clear()
        records_read = raw.height + unchanged.height
        if published is not None and published.height:
            found = raw.join(published, on=keys, how="semi").select("source_file", "record")
            raw = raw.join(published, on=keys, how="anti")
            unchanged = pl.concat([unchanged, found])
            for name, count in found.group_by("source_file").len().iter_rows():
                files[name].unchanged += count
        checked = check_records(raw.lazy(), max_abstract_chars=settings.max_abstract_chars)
        return checked.collect(engine=BATCH_ENGINE), unchanged, records_read

    def flush() -> TransformedBatch:
        started = time.perf_counter()
        checked, unchanged, records_read = checked_records()
        normalized = normalize_batch(
            checked.lazy(),
            vocabulary=vocabulary,
            holds_leaderboards=checked["leaderboard"].list.len().sum() > 0,
        )
        names = list(normalized.tables)
        *collected, rejects = pl.collect_all(
            [*normalized.tables.values(), normalized.rejects], engine=BATCH_ENGINE
        )
        tables = dict(zip(names, collected, strict=True))
        tables.update(collect_tables(batch_measure_tables(tables, vocabulary)))
        # A value that is not a number sets aside that value, not its record.
        whole = rejects.filter(~pl.col("rule").str.starts_with(VALUE_RULE_PREFIX))
        for name, count in whole.group_by("source_file").len().iter_rows():
            files[name].rejected += count
        batch = TransformedBatch(
            records_read=records_read,
            tables=tables,
            rejects=pl.concat([*pending_rejects, rejects]),
            unchanged=unchanged,
        )
        pending_rejects.clear()
        seconds["transform"] += time.perf_counter() - started
        progress.advance(records_read)
        return batch

    def passed_over() -> TransformedBatch:
        """The records readers passed over as published, on their own: what is parsed waits
        for a batch's worth (a batch's transform has a fixed cost), these need none."""
        unchanged = pl.concat(pending_unchanged)
        pending_unchanged.clear()
        progress.advance(unchanged.height)
        return TransformedBatch(
            records_read=unchanged.height,
            tables={},
            rejects=REJECT_SCHEMA.to_frame(),
            unchanged=unchanged,
        )

    for source in sources:
        known = (
            None
            if published is None
            else published.filter(pl.col("source_file") == source.name).select(
                "record", "record_digest"
            )
        )
        batches = read_batches(source, batch_rows=settings.batch_rows, known=known)
        while True:
            started = time.perf_counter()
            read = next(batches, None)
            seconds["extract"] += time.perf_counter() - started
            if read is None:
                break
            # A record the reader quarantined was read all the same; a broken part of the
            # file (no record number) is not a record.
            whole_records = read.rejects["record_number"].is_not_null().sum()
            files[source.name].records += read.records.height + whole_records + len(read.unchanged)
            files[source.name].rejected += read.rejects.height
            files[source.name].unchanged += len(read.unchanged)
            pending.append(read.records)
            pending_rejects.append(read.rejects)
            if read.unchanged:
                pending_unchanged.append(
                    pl.DataFrame(
                        {"source_file": source.name, "record": read.unchanged},
                        schema=UNCHANGED_RECORDS,
                    )
                )
            del read  # pending holds it until flush lets it go
            if sum(frame.height for frame in pending) >= settings.batch_rows:
                yield flush()
            elif sum(frame.height for frame in pending_unchanged) >= settings.batch_rows:
                yield passed_over()
    if pending:
        yield flush()


def fail_run(
    engine: sa.Engine, run_id: int, error: str, rejects: pl.DataFrame | None = None
) -> None:
    """Mark a still-running run failed, keep its rejects, drop its staging schema."""
    with engine.begin() as conn:
        if ledger.run_status(conn, run_id, lock=True) != "running":
            return
        if rejects is not None:
            ledger.record_rejects(conn, run_id, rejects)
        ledger.finish_run(
            conn,
            run_id,
            "failed",
            input_files=[],
            rejected_count=0 if rejects is None else rejects.height,
            error=error,
        )
        drop_staging(conn, STAGING_SCHEMA)


def _stage(
    engine: sa.Engine,
    schema: str,
    sources: list[SourceFile],
    settings: Settings,
    progress: Progress,
    *,
    reload: bool,
) -> dict[str, ExtractedFile]:
    """Create the staging schema and COPY every batch of every source into it. Unless
    `reload`, records as published from an earlier version of their file are only noted
    (unchanged_records), not staged."""
    with engine.begin() as conn:
        create_schema(conn, schema)
        create_batch_tables(conn, schema)
        create_table(conn, schema, "rejects", REJECT_SCHEMA)
        create_table(conn, schema, "unchanged_records", UNCHANGED_RECORDS)
        published = None if reload else ledger.published_digests(conn, [s.name for s in sources])
    files = ExtractedFile.counting(sources)
    vocabulary = load_vocabulary()
    seconds = {"extract": 0.0, "transform": 0.0, "stage": 0.0}
    progress.start_counting("read", total=expected_records(sources))
    if settings.executor == "ray":
        from etl.ray_executor import ray_batches

        batches = ray_batches(sources, settings, progress, files, seconds, published)
    else:
        # Batch N+1 is read and transformed while batch N is copied (etl.handoff).
        batches = produced_ahead(
            transformed_batches(sources, settings, vocabulary, progress, files, seconds, published)
        )
    for batch in batches:
        started = time.perf_counter()
        with engine.begin() as conn:
            for name, frame in batch.tables.items():
                if frame.height:
                    copy_frame(conn, f'"{schema}".{batch_table(name)}', frame)
            if batch.rejects.height:
                copy_frame(conn, f'"{schema}".rejects', batch.rejects)
            if batch.unchanged.height:
                copy_frame(conn, f'"{schema}".unchanged_records', batch.unchanged)
        seconds["stage"] += time.perf_counter() - started
        del batch  # staged: not kept alive while the next batch is transformed
    progress.stop_counting(seconds)
    return files


def load(
    paths: list[Path],
    settings: Settings,
    progress: Progress,
    format_name: str | None = None,
    *,
    reload: bool = False,
) -> RunOutcome:
    """Load input files into the published tables, or publish nothing and say why.

    A file whose content (sha256) was published before is skipped, unless `reload`: then it
    is read again, and what the current rules derive from it replaces what older ones did.
    """
    engine = db.create_engine(settings)
    try:
        db.check_schema_is_current(engine)
        # Before the lock and the read: the gate's process imports while they go on.
        gate_process.prepare()
        with ledger.exclusive_load(engine, progress.say):
            return _load_files(engine, paths, settings, progress, format_name, reload=reload)
    finally:
        engine.dispose()


def _load_files(
    engine: sa.Engine,
    paths: list[Path],
    settings: Settings,
    progress: Progress,
    format_name: str | None,
    *,
    reload: bool,
) -> RunOutcome:
    """load(), with the load lock held."""
    run_id = ledger.start_run(engine, "load", rules_version())
    try:
        with progress.stage("open") as note:
            sources, errors = open_sources(paths, format_name)
            with engine.connect() as conn:
                seen = {} if reload else ledger.loaded_files(conn, [s.sha256 for s in sources])
            skipped = [s for s in sources if s.sha256 in seen]
            sources = [s for s in sources if s.sha256 not in seen]
            note.detail = f"{len(sources)} files to load, {len(skipped)} already loaded"
        skipped_files = [
            {"path": s.name, "sha256": s.sha256, "loaded_by_run": seen[s.sha256]} for s in skipped
        ]
        if errors:
            return _unusable(engine, run_id, errors, skipped_files, progress)
        if not sources:
            with engine.begin() as conn:
                ledger.finish_run(
                    conn, run_id, "skipped", input_files=skipped_files, rejected_count=0
                )
                note = rules_note(conn)
            return RunOutcome(
                run_id=run_id,
                status="skipped",
                exit_code=EXIT_PUBLISHED,
                skipped_files=skipped_files,
                timings=dict(progress.timings),
                rules_note=note,
            )
        staged = stage_inputs(engine, sources, settings, progress, reload=reload)
        outcome = validate_and_publish(engine, run_id, staged, skipped_files, settings, progress)
        with engine.connect() as conn:
            outcome.rules_note = rules_note(conn)
        return outcome
    except InputFileError as error:
        fail_run(engine, run_id, str(error), file_errors_as_rejects([error]))
        return RunOutcome(
            run_id=run_id,
            status="failed",
            exit_code=EXIT_BAD_INPUT,
            rejects=file_errors_as_rejects([error]).to_dicts(),
            error=f"unusable input, nothing was published: {error}",
            timings=dict(progress.timings),
        )
    except BaseException as error:
        # Whatever stopped the run (a bug, a lost connection, Ctrl-C), the ledger must
        # not say "running" forever, and staging must not linger.
        try:
            fail_run(engine, run_id, f"{type(error).__name__}: {error}")
        except Exception:
            # The first error is the one to raise; this one must still reach the user, or
            # the ledger says "running" with nothing telling why.
            _log.exception("run %s: could not mark the run failed in etl.runs", run_id)
        raise


def _unusable(
    engine: sa.Engine,
    run_id: int,
    errors: list[InputFileError],
    skipped_files: list[dict[str, Any]],
    progress: Progress,
) -> RunOutcome:
    rejects = file_errors_as_rejects(errors)
    error = "; ".join(str(e) for e in errors)
    fail_run(engine, run_id, error, rejects)
    return RunOutcome(
        run_id=run_id,
        status="failed",
        exit_code=EXIT_BAD_INPUT,
        skipped_files=skipped_files,
        rejects=rejects.to_dicts(),
        error=f"unusable input, nothing was published: {error}",
        timings=dict(progress.timings),
    )


def rules_note(conn: sa.Connection) -> str | None:
    """What to tell people whose database holds rows derived by other rules, or None."""
    current = rules_version()
    older = ledger.runs_under_other_rules(conn, current)
    if not older:
        return None
    versions = sorted({version or "unrecorded" for _, version in older})
    return (
        f"links, results, tags and method names of {len(older)} earlier runs (runs "
        f"{older[0][0]}-{older[-1][0]}) were derived by other rules ({', '.join(versions)}); "
        f"`etl rederive` derives them again with these ({current})"
    )


@dataclass(frozen=True)
class StagedRun:
    """A run's input, staged and assembled: where, how many rows per table, which files
    (and their places on the command line, which decide precedence)."""

    schema: str
    counts: dict[str, int]
    files: list[dict[str, Any]]
    file_positions: dict[str, int]


def stage_inputs(
    engine: sa.Engine,
    sources: list[SourceFile],
    settings: Settings,
    progress: Progress,
    *,
    reload: bool = False,
) -> StagedRun:
    """Write: stream every source into the run's staging schema and assemble it."""
    schema = STAGING_SCHEMA
    files = _stage(engine, schema, sources, settings, progress, reload=reload)
    positions = {s.name: i for i, s in enumerate(sources)}
    with progress.stage("assemble") as note, engine.begin() as conn:
        counts = assemble(
            conn, schema, positions, resolve_papers=resolve_papers, seconds=progress.parts
        )
        records = sum(f.records for f in files.values())
        note.detail = f"{counts['papers']:,} papers from {records:,} records"
    return StagedRun(
        schema=schema,
        counts=counts,
        files=[f.ledger_entry() for f in files.values()],
        file_positions=positions,
    )


# Quarantining records can split papers and so fail other checks: the gate runs again, this
# many times at most, before the run blocks.
MAX_QUARANTINE_ROUNDS = 3


def _gate_with_quarantine(
    engine: sa.Engine, run_id: int, staged: StagedRun, settings: Settings, progress: Progress
) -> tuple[GateResult, StagedRun, dict[str, int]]:
    """Run the gate; while only record checks fail, quarantine the records behind their
    failing rows, assemble the rest again and run the gate again. Returns the last gate, the
    run as last assembled (its files counting what was quarantined), and how many records
    each check quarantined (a record that failed two checks counts for both)."""
    docs = settings.home / "data-docs" / f"run-{run_id}"
    quarantined: dict[str, int] = {}
    files = staged.files
    for attempt in range(MAX_QUARANTINE_ROUNDS + 1):
        with progress.stage("validate") as note:
            gate = gate_process.gate(engine, staged.schema, settings, docs)
            note.detail = f"{len(gate.checks) - len(gate.failed)}/{len(gate.checks)} checks passed"
        if gate.passed or settings.strict or not gate.quarantinable:
            break
        if attempt == MAX_QUARANTINE_ROUNDS:
            break
        failures = [
            FailedCheck(c.table, c.check, c.offending_query, c.traces) for c in gate.blocking
        ]
        with progress.stage("quarantine") as note, engine.begin() as conn:
            found = quarantine_records(conn, staged.schema, failures)
            if found is None:
                note.detail = "a failed check traces back to no record: the run blocks"
                break
            for check, count in found.items():
                quarantined[check] = quarantined.get(check, 0) + count
            counts = assemble(
                conn,
                staged.schema,
                staged.file_positions,
                resolve_papers=resolve_papers,
                seconds=progress.parts,
            )
            note.detail = f"records that failed checks set aside; {counts['papers']:,} papers"
            staged = replace(staged, counts=counts, files=_with_quarantined(conn, staged, files))
    return gate, staged, quarantined


def _with_quarantined(
    conn: sa.Connection, staged: StagedRun, files: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The file entries as read, each with the records the gate quarantined added to its
    rejected."""
    by_file = dict(
        conn.exec_driver_sql(
            f'SELECT source_file, count(*) FROM "{staged.schema}".rejects '
            f"WHERE starts_with(rule, '{CHECK_RULE_PREFIX}') GROUP BY source_file"
        ).all()
    )
    return [{**f, "rejected": f["rejected"] + by_file.get(f["path"], 0)} for f in files]


def validate_and_publish(
    engine: sa.Engine,
    run_id: int,
    staged: StagedRun,
    skipped_files: list[dict[str, Any]],
    settings: Settings,
    progress: Progress,
) -> RunOutcome:
    """Audit, then publish: run the gate on the staged tables (quarantining the records
    behind failed record checks, see _gate_with_quarantine), publish only if it passes. The
    gate's Data Docs go to <home>/data-docs/run-<id>/."""
    gate, staged, quarantined = _gate_with_quarantine(engine, run_id, staged, settings, progress)
    schema, staged_counts, file_entries = staged.schema, staged.counts, staged.files
    outcome = RunOutcome(
        run_id=run_id,
        status="running",
        exit_code=EXIT_PUBLISHED,
        input_files=file_entries,
        skipped_files=skipped_files,
        records_read=sum(f["records"] for f in file_entries),
        papers=staged_counts.get("papers", 0),
        quarantined_by_checks=quarantined,
    )
    outcome.gate = gate
    with progress.stage("publish") as note, engine.begin() as conn:
        outcome.rejects, outcome.rejects_by_rule = ledger.rejects_summary(
            conn, f'"{schema}".rejects'
        )
        rejected = sum(outcome.rejects_by_rule.values())
        ledger.record_staged_rejects(conn, run_id, schema)
        if gate.passed:
            outcome.row_counts = publish(
                conn, run_id, schema, staged_counts, settings.bulk_rows, progress.parts
            )
            ledger.record_loaded_files(conn, run_id, file_entries)
            outcome.status = "published"
            note.detail = "{:,} rows inserted, {:,} updated, {:,} deleted".format(
                *(sum(c[k] for c in outcome.row_counts.values())
                  for k in ("inserted", "updated", "deleted"))
            )  # fmt: skip
        else:
            outcome.row_counts = {
                t: {"staged": n, "inserted": 0, "updated": 0, "deleted": 0}
                for t, n in staged_counts.items()
            }
            outcome.status = "blocked"
            outcome.exit_code = EXIT_BLOCKED
            outcome.error = (
                f"{len(gate.blocking)} critical checks failed; nothing was published"
                if all(c.severity == CRITICAL for c in gate.blocking)
                else f"{len(gate.blocking)} checks failed (warnings block: "
                "PAPERHOUSE_WARNINGS_BLOCK; --allow-warnings publishes despite them); nothing "
                "was published"
            )
            note.detail = "blocked by the quality gate: nothing published"
        ledger.finish_run(
            conn,
            run_id,
            outcome.status,
            input_files=file_entries + skipped_files,
            rejected_count=rejected,
            row_counts=outcome.row_counts,
            validation=gate.to_json(),
            error=outcome.error,
            profile=ledger.run_profile(conn, schema) if outcome.status == "published" else None,
        )
        drop_staging(conn, schema)
        # Written by the gate's process meanwhile; before the commit, so that a run whose
        # pages could not be written fails whole, as when the gate wrote them first.
        gate_process.wait_for_data_docs()
    outcome.timings = dict(progress.timings)
    outcome.stage_parts = dict(progress.parts)
    return outcome

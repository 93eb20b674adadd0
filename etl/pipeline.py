"""run: extract -> transform -> stage -> validate -> publish, with the run ledger around it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import polars as pl
import sqlalchemy as sa

from etl import db
from etl.config import Settings
from etl.extract import Extraction, InputFileError, extract_files
from etl.load import ledger
from etl.load.publish import publish
from etl.load.staging import drop_staging, stage_tables, staging_schema
from etl.progress import Progress
from etl.transform.normalize import REJECT_SCHEMA, normalize
from etl.validate.gate import GateResult, run_gate
from etl.vocab import load_vocabulary

EXIT_PUBLISHED = 0
EXIT_BLOCKED = 1
EXIT_BAD_INPUT = 2
EXIT_NOT_READY = 3


@dataclass(frozen=True)
class Batch:
    """A run's input, read and normalized: tables to stage and records to quarantine."""

    extraction: Extraction
    tables: dict[str, pl.DataFrame]
    rejects: pl.DataFrame
    records: pl.DataFrame

    @property
    def input_files(self) -> list[dict[str, Any]]:
        return [f.ledger_entry() for f in self.extraction.files]


@dataclass
class RunOutcome:
    """What a load did, for the summary people read and the JSON machines read."""

    run_id: int | None
    status: str
    exit_code: int
    input_files: list[dict[str, Any]] = field(default_factory=list)
    records_read: int = 0
    row_counts: dict[str, dict[str, int]] = field(default_factory=dict)
    rejects: list[dict[str, Any]] = field(default_factory=list)
    gate: GateResult | None = None
    error: str | None = None
    timings: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        summary = asdict(self)
        summary["gate"] = self.gate.to_json() if self.gate else None
        return summary


def file_errors_as_rejects(errors: list[InputFileError]) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "source_file": [e.source_file for e in errors],
            "record_number": [None] * len(errors),
            "line_number": [e.line for e in errors],
            "rule": [e.rule for e in errors],
            "reason": [e.reason for e in errors],
            "raw_snippet": [e.snippet for e in errors],
        },
        schema=REJECT_SCHEMA,
    )


def prepare(paths: list[Path], settings: Settings, progress: Progress) -> Batch:
    """Extract and normalize; every frame is collected here, in one place."""
    with progress.stage("extract") as note:
        extraction = extract_files(paths)
        read = sum(f.records.height for f in extraction.files)
        note.detail = f"{len(extraction.files)} files, {read} records"
        if extraction.file_errors:
            note.detail += f", {len(extraction.file_errors)} files unusable"
    with progress.stage("transform") as note:
        normalized = normalize(
            extraction.records(),
            max_abstract_chars=settings.max_abstract_chars,
            vocabulary=load_vocabulary(),
        )
        names = list(normalized.tables)
        *tables, rejects, records = pl.collect_all(
            [*normalized.tables.values(), normalized.rejects, normalized.records]
        )
        batch = Batch(
            extraction=extraction,
            tables=dict(zip(names, tables, strict=True)),
            rejects=pl.concat([file_errors_as_rejects(extraction.file_errors), rejects]),
            records=records,
        )
        note.detail = (
            f"{batch.tables['papers'].height} papers, "
            f"{batch.tables['repositories'].height} repositories, "
            f"{batch.tables['results'].height} results, "
            f"{batch.tables['paper_tags'].height} tags, "
            f"{rejects.height} records quarantined"
        )
    return batch


def _reject_list(rejects: pl.DataFrame) -> list[dict[str, Any]]:
    return rejects.drop("raw_snippet").to_dicts()


def _fail_run(engine: sa.Engine, run_id: int, batch: Batch | None, error: str) -> None:
    """Mark a still-running run failed, keep its rejects, drop its staging schema."""
    with engine.begin() as conn:
        if ledger.run_status(conn, run_id, lock=True) != "running":
            return
        if batch is not None:
            ledger.record_rejects(conn, run_id, batch.rejects)
        ledger.finish_run(
            conn,
            run_id,
            "failed",
            input_files=batch.input_files if batch else [],
            rejected_count=batch.rejects.height if batch else 0,
            error=error,
        )
        drop_staging(conn, staging_schema(run_id))


def stage_validate_publish(
    engine: sa.Engine, run_id: int, batch: Batch, progress: Progress
) -> RunOutcome:
    """Write, audit, publish: stage the batch, run the gate, publish only if it passes."""
    schema = staging_schema(run_id)
    staged_counts = {name: frame.height for name, frame in batch.tables.items()}
    outcome = RunOutcome(
        run_id=run_id,
        status="running",
        exit_code=EXIT_PUBLISHED,
        input_files=batch.input_files,
        records_read=sum(f["records"] for f in batch.input_files),
        rejects=_reject_list(batch.rejects),
    )
    with progress.stage("stage") as note:
        with engine.begin() as conn:
            stage_tables(conn, schema, batch.tables)
        note.detail = f"{sum(staged_counts.values())} rows into {schema}"
    with progress.stage("validate") as note:
        gate = run_gate(engine.url.render_as_string(hide_password=False), schema)
        note.detail = f"{len(gate.checks) - len(gate.failed)}/{len(gate.checks)} checks passed"
    outcome.gate = gate
    with progress.stage("publish") as note, engine.begin() as conn:
        ledger.record_rejects(conn, run_id, batch.rejects)
        if gate.passed:
            outcome.row_counts = publish(conn, run_id, schema, staged_counts)
            outcome.status = "published"
            note.detail = "{} rows inserted, {} updated".format(
                sum(c["inserted"] for c in outcome.row_counts.values()),
                sum(c["updated"] for c in outcome.row_counts.values()),
            )
        else:
            outcome.row_counts = {
                t: {"staged": n, "inserted": 0, "updated": 0, "deleted": 0}
                for t, n in staged_counts.items()
            }
            outcome.status = "blocked"
            outcome.exit_code = EXIT_BLOCKED
            outcome.error = f"{len(gate.blocking)} critical checks failed; nothing was published"
            note.detail = "blocked by the quality gate: nothing published"
        ledger.finish_run(
            conn,
            run_id,
            outcome.status,
            input_files=batch.input_files,
            rejected_count=batch.rejects.height,
            row_counts=outcome.row_counts,
            validation=gate.to_json(),
            error=outcome.error,
        )
        drop_staging(conn, schema)
    outcome.timings = dict(progress.timings)
    return outcome


def load(paths: list[Path], settings: Settings, progress: Progress) -> RunOutcome:
    """Load input files into the published tables, or publish nothing and say why."""
    engine = db.create_engine(settings)
    try:
        db.check_schema_is_current(engine)
        run_id = ledger.start_run(engine, "load")
        batch = None
        try:
            batch = prepare(paths, settings, progress)
            if batch.extraction.file_errors:
                error = "; ".join(str(e) for e in batch.extraction.file_errors)
                _fail_run(engine, run_id, batch, error)
                return RunOutcome(
                    run_id=run_id,
                    status="failed",
                    exit_code=EXIT_BAD_INPUT,
                    input_files=batch.input_files,
                    rejects=_reject_list(batch.rejects),
                    error=f"unusable input, nothing was published: {error}",
                    timings=dict(progress.timings),
                )
            return stage_validate_publish(engine, run_id, batch, progress)
        except BaseException as error:
            # Whatever stopped the run (a bug, a lost connection, Ctrl-C), the ledger must
            # not say "running" forever, and staging must not linger.
            try:
                _fail_run(engine, run_id, batch, f"{type(error).__name__}: {error}")
            except Exception:
                pass
            raise
    finally:
        engine.dispose()

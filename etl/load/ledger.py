"""The run ledger (etl.runs) and the quarantine (etl.rejects)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import polars as pl
import sqlalchemy as sa
from psycopg import sql
from sqlalchemy.dialects.postgresql import insert as pg_insert

from etl import __version__, db
from etl.config import PROJECT_ROOT
from etl.load.staging import (
    EARLIER_STAGING_PREFIX,
    STAGING_SCHEMA,
    copy_frame,
    drop_staging,
    read_frame,
)
from etl.schema import loaded_files as loaded_files_table
from etl.schema import rejects, runs
from etl.sql_files import STATEMENT_NAME_PATTERN


def code_version() -> str:
    """The package version, with the git commit when running from a checkout."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=PROJECT_ROOT,
            capture_output=True,
            text=True,
            timeout=5,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    return f"{__version__}+g{commit}" if commit else __version__


def start_run(engine: sa.Engine, command: str, rules_version: str | None = None) -> int:
    """Record a run as running, in its own committed transaction; return its id.
    `rules_version`: the version of the derivation rules it runs with. The run is its
    engine's: it records the tag the engine's sessions carry (db.session_tag)."""
    with engine.begin() as conn:
        return conn.execute(
            sa.insert(runs)
            .values(
                command=command,
                status="running",
                code_version=code_version(),
                rules_version=rules_version,
                session_tag=db.session_tag(engine),
            )
            .returning(runs.c.run_id)
        ).scalar_one()


def runs_under_other_rules(conn: sa.Connection, rules_version: str) -> list[tuple[int, str | None]]:
    """(run, rules version) of the published runs whose derived rows (links, results, tags,
    method names) another version of the rules made, since the last rederive with these
    rules: what `etl rederive` would bring up to date."""
    last_rederive = (
        sa.select(sa.func.max(runs.c.run_id))
        .where(
            runs.c.status == "published",
            runs.c.command == "rederive",
            runs.c.rules_version == rules_version,
        )
        .scalar_subquery()
    )
    return [
        tuple(row)
        for row in conn.execute(
            sa.select(runs.c.run_id, runs.c.rules_version)
            .where(
                runs.c.status == "published",
                runs.c.rules_version.is_distinct_from(rules_version),
                runs.c.run_id > sa.func.coalesce(last_rederive, 0),
            )
            .order_by(runs.c.run_id)
        )
    ]


# Key of the session-level advisory lock that one load at a time holds (arbitrary; pg_locks
# shows it split into classid and objid).
LOAD_LOCK_KEY = 7_273_766_704_413


@contextmanager
def exclusive_load(engine: sa.Engine, on_wait: Callable[[str], None]) -> Iterator[None]:
    """Hold the load lock for the block: one load at a time per database, others wait.

    The lock belongs to a database session, so a load that dies however it dies (SIGKILL,
    power loss, a lost connection) lets go of it when its session ends. Once it is held, a
    run still marked running was left by such a load: it is marked interrupted and its
    staging schema dropped (see recover_interrupted_runs). `on_wait` is told who is waited for.
    """
    with engine.connect() as conn:
        try:
            if not _try_load_lock(conn):
                running = conn.execute(
                    sa.select(runs.c.run_id).where(runs.c.status == "running")
                ).scalars()
                on_wait(
                    "another load is running (run {}); waiting for it to finish".format(
                        ", ".join(map(str, running)) or "starting"
                    )
                )
                conn.exec_driver_sql(f"SELECT pg_advisory_lock({LOAD_LOCK_KEY})")
            recover_interrupted_runs(conn, on_wait)
            # Not idle in a transaction for the whole load: the lock outlives the commit.
            conn.commit()
            yield
        finally:
            try:
                _release_load_lock(conn)
            except sa.exc.DBAPIError:
                # The session is gone, and the lock with it; never pool this connection.
                conn.invalidate()


def recover_if_no_load_runs(engine: sa.Engine, say: Callable[[str], None]) -> None:
    """What `etl runs` does first: if no load holds the lock, runs still marked running
    are marked interrupted (see recover_interrupted_runs)."""
    with engine.connect() as conn:
        if _try_load_lock(conn):
            recover_interrupted_runs(conn, say)
            _release_load_lock(conn)


def _try_load_lock(conn: sa.Connection) -> bool:
    return bool(conn.exec_driver_sql(f"SELECT pg_try_advisory_lock({LOAD_LOCK_KEY})").scalar())


def _release_load_lock(conn: sa.Connection) -> None:
    conn.exec_driver_sql(f"SELECT pg_advisory_unlock({LOAD_LOCK_KEY})")
    conn.commit()


def recover_interrupted_runs(conn: sa.Connection, say: Callable[[str], None]) -> None:
    """End the sessions dead runs left at work (end_sessions_of_dead_runs), mark runs left
    running by a load that died interrupted and drop the staging schema. Call with the load
    lock held: no load is alive then."""
    end_sessions_of_dead_runs(conn, say)
    conn.execute(
        sa.update(runs)
        .where(runs.c.status == "running")
        .values(
            status="interrupted",
            finished_at=sa.func.clock_timestamp(),
            error="the load stopped before it finished (killed, or its connection was lost); "
            "nothing from it was published",
        )
    )
    stale_schemas = conn.exec_driver_sql(
        "SELECT nspname FROM pg_namespace "
        "WHERE nspname = %(schema)s OR starts_with(nspname::text, %(earlier)s)",
        {"schema": STAGING_SCHEMA, "earlier": EARLIER_STAGING_PREFIX},
    ).scalars()
    for schema in stale_schemas.all():
        drop_staging(conn, schema)


# How long pg_terminate_backend waits for a session it ends to be gone (milliseconds).
_TERMINATE_WAIT_MS = 5000


def end_sessions_of_dead_runs(conn: sa.Connection, say: Callable[[str], None]) -> None:
    """End every session tagged as an earlier run's (etl.runs.session_tag), saying so. With
    the load lock held no other run is alive, so such a session outlived its loader (killed,
    or its machine gone) without the server noticing yet: a statement runs on and holds the
    run's locks, which the staging schema's drop and the next publish would wait for, for as
    long as the statement takes (minutes, at a million papers). Sessions of the same role
    can be ended; others are named, and waited for."""
    left = conn.exec_driver_sql(
        f"""SELECT a.pid, r.run_id, a.state,
                   coalesce(substring(a.query FROM '{STATEMENT_NAME_PATTERN}'),
                            left(regexp_replace(a.query, '\\s+', ' ', 'g'), 60)) AS statement,
                   extract(epoch FROM clock_timestamp() - a.query_start)::int AS seconds
            FROM pg_stat_activity a
            JOIN etl.runs r ON r.session_tag = split_part(a.application_name, ' ', 2)
            WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()
              AND split_part(a.application_name, ' ', 1) = ANY(%(purposes)s)
            ORDER BY r.run_id, a.pid""",
        {"purposes": [db.APPLICATION_NAME, db.GATE_APPLICATION_NAME]},
    ).all()
    for pid, run_id, state, statement, seconds in left:
        doing = f"{statement}, for {seconds} s" if state == "active" else state
        try:
            with conn.begin_nested():
                ended = conn.exec_driver_sql(
                    f"SELECT pg_terminate_backend(%(pid)s, {_TERMINATE_WAIT_MS})", {"pid": pid}
                ).scalar_one()
        except sa.exc.DBAPIError as error:
            say(
                f"run {run_id} died and left a session at work ({doing}); it cannot be ended "
                f"from here ({str(error.orig).strip().splitlines()[0]}): waiting for it to end"
            )
            continue
        say(
            f"run {run_id} died and left a session at work ({doing}): "
            + ("ended it" if ended else "ended it, waiting for it to be gone")
        )


def run_status(conn: sa.Connection, run_id: int, *, lock: bool = False) -> str | None:
    query = sa.select(runs.c.status).where(runs.c.run_id == run_id)
    return conn.execute(query.with_for_update() if lock else query).scalar_one_or_none()


def record_rejects(conn: sa.Connection, run_id: int, rejected: pl.DataFrame) -> None:
    """COPY quarantined inputs (columns of etl.contracts.REJECT_SCHEMA) for the run."""
    if rejected.height:
        copy_frame(
            conn,
            f'"{rejects.schema}"."{rejects.name}"',
            rejected.with_columns(run_id=pl.lit(run_id, dtype=pl.Int64)),
        )


def record_staged_rejects(conn: sa.Connection, run_id: int, staging_schema: str) -> None:
    """Move the run's quarantined records from its staging schema into etl.rejects."""
    conn.exec_driver_sql(
        "INSERT INTO etl.rejects (run_id, source_file, record_number, line_number, "
        "source_record_id, rule, check_name, reason, raw_snippet) SELECT %(run_id)s, "
        "source_file, record_number, line_number, source_record_id, rule, check_name, reason, "
        f'raw_snippet FROM "{staging_schema}".rejects',
        {"run_id": run_id},
    )


REJECTS_IN_SUMMARY = 50


def rejects_summary(
    conn: sa.Connection, table: str, run_id: int | None = None
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The first REJECTS_IN_SUMMARY quarantined records of a rejects table (a staging schema's,
    or etl.rejects or analytics.rejects for `run_id`) and the count per rule. The file is
    source_file, the path as given, but in analytics.rejects, which has only its name
    (file_name)."""
    where = "" if run_id is None else f"WHERE run_id = {int(run_id)}"
    file = "file_name" if table == "analytics.rejects" else "source_file"
    shown = conn.exec_driver_sql(
        f"SELECT {file}, record_number, line_number, rule, reason FROM {table} {where} "
        f"ORDER BY {file}, record_number NULLS FIRST LIMIT {REJECTS_IN_SUMMARY}"
    ).mappings()
    by_rule = conn.exec_driver_sql(
        f"SELECT rule, count(*) FROM {table} {where} GROUP BY rule ORDER BY rule"
    )
    return [dict(row) for row in shown], dict(by_rule.all())


def loaded_files(conn: sa.Connection, sha256s: list[str]) -> dict[str, int]:
    """Which of these file contents are published already: sha256 -> the run that did it."""
    if not sha256s:
        return {}
    rows = conn.execute(
        sa.select(loaded_files_table.c.sha256, loaded_files_table.c.run_id).where(
            loaded_files_table.c.sha256.in_(sha256s)
        )
    )
    return dict(rows.all())


UNCHANGED_KEYS = pl.Schema(
    {"source_file": pl.String, "record": pl.Int32, "record_digest": pl.String}
)


def published_digests(conn: sa.Connection, source_files: list[str]) -> pl.DataFrame:
    """(source_file, record, record_digest) of the published records of these files that a
    new version of the file may leave out as unchanged: those that are their paper's only
    record in the file, and leaderboard rows with their paper unknown. A paper with several
    records in one file (an arXiv snapshot's updates) has them all read again, so that the
    latest still wins among them."""
    if not source_files:
        return UNCHANGED_KEYS.to_frame()
    files = sql.SQL(", ").join(map(sql.Literal, source_files))
    files = files.as_string(conn.connection.driver_connection)
    return read_frame(
        conn,
        "SELECT source_file, record_number AS record, record_digest FROM ("
        "  SELECT source_file, record_number, record_digest, paper_id,"
        "         count(*) OVER (PARTITION BY source_file, paper_id) AS records_of_paper"
        f"  FROM public.paper_sources WHERE source_file IN ({files})"
        ") s WHERE (records_of_paper = 1 OR paper_id IS NULL) AND record_digest IS NOT NULL",
        UNCHANGED_KEYS,
    )


def record_loaded_files(conn: sa.Connection, run_id: int, files: list[dict[str, Any]]) -> None:
    """Remember the published files' contents, so that loading them again is skipped."""
    rows = [
        {
            "sha256": f["sha256"],
            "source_file": f["path"],
            "format": f["format"],
            "size_bytes": f["bytes"],
            "records": f["records"],
            "rejected": f["rejected"],
            "run_id": run_id,
        }
        for f in files
    ]
    if rows:
        conn.execute(
            pg_insert(loaded_files_table)
            .values(rows)
            .on_conflict_do_nothing(index_elements=["sha256"])
        )


def finish_run(
    conn: sa.Connection,
    run_id: int,
    status: str,
    *,
    input_files: list[dict[str, Any]],
    rejected_count: int,
    row_counts: dict[str, dict[str, int]] | None = None,
    validation: dict[str, Any] | None = None,
    error: str | None = None,
    profile: dict[str, Any] | None = None,
) -> None:
    conn.execute(
        sa.update(runs)
        .where(runs.c.run_id == run_id)
        .values(
            status=status,
            # now() is when the transaction began: a publish of minutes would vanish from
            # the run's duration.
            finished_at=sa.func.clock_timestamp(),
            input_files=input_files,
            row_counts=row_counts or {},
            rejected_count=rejected_count,
            validation=validation,
            error=error,
            profile=sa.null() if profile is None else profile,
        )
    )


def run_profile(conn: sa.Connection, staging_schema: str) -> dict[str, Any]:
    """What the next run's distribution checks compare with: staged papers with an
    abstract, and results found in abstracts per kind."""
    s = f'"{staging_schema}"'
    return conn.exec_driver_sql(
        f"""SELECT jsonb_build_object(
            'abstracts', (SELECT count(*) FROM {s}.papers WHERE abstract IS NOT NULL),
            'abstract_results_by_kind', (
                SELECT coalesce(jsonb_object_agg(kind, n), '{{}}')
                FROM (SELECT kind, count(*) AS n FROM {s}.results
                      WHERE origin = 'abstract' GROUP BY kind) k))"""
    ).scalar_one()

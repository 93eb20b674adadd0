"""How soon a load gets going after the load before it was killed (SIGKILL) mid-statement.

    python -m bench.kill_recovery [--records 10000] [--warehouse 100000] [--seed 7]
                                  [--connection-check-ms 1000]

Generates (bench.generate_arxiv) a warehouse of --warehouse arXiv lines and loads it into a
fresh database, copies that database, and loads a file of --records other lines undisturbed
into the copy, to learn the statements a load runs (its summary's stage parts, in order).
Then, into another copy, loads the file again and again, each load in a
child process of its own: a load is SIGKILLed as soon as pg_stat_activity shows it at the
next kill point (its first assemble statement, the gate's validation, then each publish
statement in turn; a statement over before it is seen is passed for the next one that is),
and the next load starts at once. For each kill it measures, from the kill:

- how long until the next load had its own staging schema: it drops the dead run's first,
  which waits for every lock the dead run's sessions still hold; before this change, as
  long as the dead statement ran on (minutes, at a million papers);
- how long the dead run's sessions lived on (the server ends them itself when
  client_connection_check_interval is on; otherwise the next load ends them);
- what the next load said of them.

The last load runs to its end: what it publishes must equal what the undisturbed load did.
Writes the figures to --out as benchmarks-kill-recovery.json.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import psycopg

from bench.compare import REPO, machine
from bench.generate_arxiv import kept_file
from bench.measure_load import (
    bench_url,
    copy_database,
    keep_run,
    published_rows,
    recreate_database,
    run_load,
)
from etl.config import Settings
from etl.db import APPLICATION_NAME, GATE_APPLICATION_NAME
from etl.sql_files import STATEMENT_NAME_PATTERN

WAREHOUSE_DATABASE = "paperhouse_kill_warehouse"
REFERENCE_DATABASE = "paperhouse_kill_reference"
DATABASE = "paperhouse_kill"
STAGING_SCHEMA = "etl_staging"
VALIDATE = "validate"
# Between two looks at pg_stat_activity while a load runs.
POLL_SECONDS = 0.005
# The target the issue states: a next load under way this soon after a kill.
GIVE_UP_SECONDS = 120.0


@dataclass(frozen=True)
class Kill:
    point: str  # where the load was to be killed
    killed_in: str  # the statement it was seen running when it was
    next_load_staged_after: float  # seconds from the kill to the next load's staging schema
    dead_sessions_gone_after: float  # seconds from the kill to its last session's end
    next_load_said: list[str]


def kill_points(reference_parts: list[str]) -> tuple[list[str], list[str]]:
    """(every statement in the order a load runs them, the kill points): the first assemble
    statement, the validation and each publish statement."""
    assemble = [p for p in reference_parts if p.startswith("assemble/")]
    publish = [p for p in reference_parts if p.startswith("publish/")]
    return [*assemble, VALIDATE, *publish], [assemble[0], VALIDATE, *publish]


def _active_statements(conn: psycopg.Connection, after_run: int) -> list[tuple[int, str, str]]:
    """(run, tag, statement) of the statements the sessions of runs after `after_run` are
    running; a gate's session counts as `validate`."""
    return conn.execute(
        f"""SELECT r.run_id, r.session_tag,
                   CASE WHEN split_part(a.application_name, ' ', 1) = %(gate)s THEN %(validate)s
                        ELSE substring(a.query FROM '{STATEMENT_NAME_PATTERN}') END
            FROM pg_stat_activity a
            JOIN etl.runs r ON r.session_tag = split_part(a.application_name, ' ', 2)
            WHERE a.datname = current_database() AND a.state = 'active'
              AND r.run_id > %(after)s""",
        {"gate": GATE_APPLICATION_NAME, "validate": VALIDATE, "after": after_run},
    ).fetchall()


def _sessions_of(conn: psycopg.Connection, tag: str) -> int:
    return conn.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE split_part(application_name, ' ', 2) = %s "
        "AND split_part(application_name, ' ', 1) = ANY(%s)",
        (tag, [APPLICATION_NAME, GATE_APPLICATION_NAME]),
    ).fetchone()[0]


def _staging_oid(conn: psycopg.Connection) -> int | None:
    row = conn.execute(
        "SELECT oid::bigint FROM pg_namespace WHERE nspname = %s", (STAGING_SCHEMA,)
    ).fetchone()
    return row[0] if row else None


def _start_load(url: str, path: Path, stderr: Path) -> subprocess.Popen:
    """`etl load` of path in a process group of its own (killed whole), its progress and
    messages written to `stderr`."""
    with stderr.open("w") as messages:
        return subprocess.Popen(
            [sys.executable, "-m", "etl", "load", "--no-report", str(path)],
            env={**os.environ, "DATABASE_URL": url},
            stdout=subprocess.DEVNULL,
            stderr=messages,
            start_new_session=True,
        )


def _next_point(points: list[str], order: list[str], after: str) -> str | None:
    """The first kill point a load reaches after the statement `after`."""
    return next((p for p in points if order.index(p) > order.index(after)), None)


def kill_each_point(url: str, path: Path, order: list[str], points: list[str]) -> list[Kill]:
    """Load `path` again and again into the database at url, killing each load at the next
    kill point (at the first statement seen at or after it); the load after the last kill
    runs to its end."""
    kills: list[Kill] = []
    last_run = 0
    target: str | None = points[0]
    with psycopg.connect(url, autocommit=True) as watcher, tempfile.TemporaryDirectory() as tmp:
        stderr_path = Path(tmp) / "load-0.err"
        child = _start_load(url, path, stderr_path)
        while target is not None:
            seen = None
            while seen is None and child.poll() is None:
                for run_id, tag, statement in _active_statements(watcher, last_run):
                    if statement in order and order.index(statement) >= order.index(target):
                        seen = (run_id, tag, statement)
                time.sleep(POLL_SECONDS)
            if seen is None:
                break  # the load ended before it reached the point
            run_id, tag, statement = seen
            staging_before = _staging_oid(watcher)
            os.killpg(child.pid, signal.SIGKILL)
            killed_at = time.perf_counter()
            child.wait()
            print(f"killed run {run_id} in {statement}", file=sys.stderr)
            stderr_path = Path(tmp) / f"load-{len(kills) + 1}.err"
            child = _start_load(url, path, stderr_path)
            staged_after = gone_after = None
            while staged_after is None or gone_after is None:
                waited = time.perf_counter() - killed_at
                if waited > GIVE_UP_SECONDS:
                    raise RuntimeError(f"no next load {GIVE_UP_SECONDS:.0f} s after the kill")
                if gone_after is None and _sessions_of(watcher, tag) == 0:
                    gone_after = waited
                oid = _staging_oid(watcher)
                if staged_after is None and oid is not None and oid != staging_before:
                    staged_after = waited
                time.sleep(POLL_SECONDS)
            said = [line.strip() for line in stderr_path.read_text().splitlines() if "died" in line]
            kills.append(
                Kill(target, statement, round(staged_after, 2), round(gone_after, 2), said)
            )
            last_run = run_id
            target = _next_point(points, order, statement)
        if child.wait() != 0:
            raise RuntimeError(f"the last load exited with {child.returncode}")
    return kills


def markdown(kills: list[Kill], check_ms: int, same: bool, records: int, warehouse: int) -> str:
    lines = [
        f"{records:,} records into a warehouse of {warehouse:,}, "
        f"client_connection_check_interval {check_ms} ms"
        + (" (off: the next load ends the dead sessions)" if check_ms == 0 else ""),
        "",
        "| killed in | next load's staging after (s) | dead sessions gone after (s) |",
        "|---|---:|---:|",
        *(
            f"| {k.killed_in} | {k.next_load_staged_after:.2f} | {k.dead_sessions_gone_after:.2f} |"
            for k in kills
        ),
        "",
        f"- kills: {len(kills)}; the longest wait for the next load: "
        f"{max(k.next_load_staged_after for k in kills):.2f} s",
        f"- sessions the next load had to end: {sum(len(k.next_load_said) for k in kills)}",
        "- the last load published what an undisturbed load does: " + ("yes" if same else "NO"),
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.kill_recovery", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--records", type=int, default=10_000, help="lines (%(default)s)")
    parser.add_argument(
        "--warehouse", type=int, default=100_000, help="lines already loaded (%(default)s)"
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--connection-check-ms",
        type=int,
        help="PAPERHOUSE_CONNECTION_CHECK_MS for the loads (default: as set, else 1000)",
    )
    parser.add_argument("--out", type=Path, default=REPO, help="where the JSON goes")
    parser.add_argument(
        "--inputs", type=Path, help="where generated files are kept (PAPERHOUSE_HOME/bench)"
    )
    args = parser.parse_args(argv)
    if args.connection_check_ms is not None:
        os.environ["PAPERHOUSE_CONNECTION_CHECK_MS"] = str(args.connection_check_ms)
    settings = Settings.from_env()
    inputs = args.inputs or settings.home / "bench"
    inputs.mkdir(parents=True, exist_ok=True)
    path = kept_file(inputs, args.records, args.seed)

    warehouse_url = bench_url(settings, WAREHOUSE_DATABASE)
    recreate_database(warehouse_url)
    if args.warehouse:
        warehouse = kept_file(inputs, args.warehouse, args.seed + 1)
        if run_load(warehouse_url, warehouse, options=("--no-report",)).exit_code != 0:
            raise RuntimeError("loading the warehouse failed")
    reference_url = copy_database(warehouse_url, REFERENCE_DATABASE)
    reference = run_load(reference_url, path, options=("--no-report",))
    if reference.exit_code != 0:
        raise RuntimeError(f"the undisturbed load exited with {reference.exit_code}")
    order, points = kill_points(list(reference.summary["stage_parts"]))

    url = copy_database(warehouse_url, DATABASE)
    kills = kill_each_point(url, path, order, points)
    same = published_rows(url) == published_rows(reference_url)
    check_ms = settings.connection_check_ms
    print(markdown(kills, check_ms, same, args.records, args.warehouse))
    run = {
        "machine": machine(url),
        "records": args.records,
        "warehouse": args.warehouse,
        "kills": [asdict(k) for k in kills],
        "published_as_undisturbed": same,
    }
    keep_run(args.out / "benchmarks-kill-recovery.json", f"check {check_ms} ms", run)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())

"""Measure paperhouse's real load of a file into a fresh database (for bench.compare).

Recreates the database BENCH_DATABASE on the server paperhouse uses (DATABASE_URL, else the
embedded one), migrates it, then runs the real `etl load` in a child process twice: the
first load measures the whole pipeline (wall time, peak RSS of the loader process, per-stage
seconds), the second the skip of an already-loaded file. Postgres' own memory is not part
of the RSS figure.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from alembic import command
from psycopg import sql
from sqlalchemy.engine import make_url

from etl import db
from etl.config import PROJECT_ROOT, Settings

BENCH_DATABASE = "paperhouse_bench"
PUBLISHED_TABLES = (
    "papers",
    "paper_sources",
    "authors",
    "paper_authors",
    "repositories",
    "paper_repositories",
    "results",
    "tags",
    "paper_tags",
)


@dataclass(frozen=True)
class ChildRun:
    exit_code: int
    wall_seconds: float
    peak_rss_mib: float
    cpu_seconds: float  # the child's own, user and system
    summary: dict[str, Any]


@dataclass(frozen=True)
class LoadMeasurement:
    wall_seconds: float
    peak_rss_mib: float
    loader_cpu_seconds: float
    # The embedded server's processes (None with DATABASE_URL: its server is not ours to see).
    postgres_cpu_seconds: float | None
    stage_seconds: dict[str, float]
    reload_skip_seconds: float
    published_rows: dict[str, int]


def bench_url(settings: Settings, database: str = BENCH_DATABASE) -> str:
    """The URL of `database` on the server paperhouse uses."""
    return (
        make_url(db.database_url(settings))
        .set(database=database)
        .render_as_string(hide_password=False)
    )


def recreate_database(url: str, *, migrate: bool = True) -> None:
    """Drop and create the database the URL names, then (unless told not to) migrate it."""
    parsed = make_url(url)
    admin = parsed.set(database="postgres").render_as_string(hide_password=False)
    name = sql.Identifier(parsed.database)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(name))
    if not migrate:
        return
    config = db.alembic_config(url)
    config.attributes["configure_logger"] = False
    command.upgrade(config, "head")


def copy_database(url: str, name: str) -> str:
    """A new database `name` (dropped first if it exists), a copy of the one at url; its URL."""
    parsed = make_url(url)
    admin = parsed.set(database="postgres").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )
        conn.execute(
            sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                sql.Identifier(name), sql.Identifier(parsed.database)
            )
        )
    return parsed.set(database=name).render_as_string(hide_password=False)


def keep_run(out: Path, key: str, run: dict[str, Any]) -> None:
    """Write `run` into the JSON file `out` under `key`, beside the runs kept there before
    under other keys (a size, a setting)."""
    runs = json.loads(out.read_text()) if out.exists() else {}
    runs[key] = run
    out.write_text(json.dumps(runs, indent=2) + "\n")


def load_samples(url: str) -> None:
    """Load the bundled sample listings into the database, one `etl load` each."""
    for sample in sorted((PROJECT_ROOT / "data" / "sample").glob("*.txt")):
        if run_load(url, sample).exit_code != 0:
            raise RuntimeError(f"loading the sample {sample} failed")


def run_load(url: str, *paths: Path, options: tuple[str, ...] = ()) -> ChildRun:
    """`etl load --json` of the paths (with `options`) in a child process; its wall time and
    its own peak RSS."""
    env = {**os.environ, "DATABASE_URL": url}
    # The human summary (stderr) is kept aside, to show when the load fails.
    with tempfile.TemporaryFile("w+") as stderr:
        started = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-m", "etl", "load", "--json", "--quiet", *options, *map(str, paths)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        )
        stdout = child.stdout.read() if child.stdout else ""
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        exit_code = os.waitstatus_to_exitcode(status)
        if exit_code != 0:
            stderr.seek(0)
            sys.stderr.write(stderr.read()[-3000:])
    summary = json.loads(stdout) if stdout.strip() else {}
    cpu = usage.ru_utime + usage.ru_stime
    return ChildRun(exit_code, wall, usage.ru_maxrss / 1024, cpu, summary)


def _cpu_ticks(stat: str) -> tuple[int, int, int]:
    """(parent pid, own ticks, ticks of its waited-for children) from a /proc/PID/stat line
    (fields after the command name, which may hold spaces)."""
    fields = stat.rsplit(")", 1)[1].split()
    utime, stime, cutime, cstime = (int(f) for f in fields[11:15])
    return int(fields[1]), utime + stime, cutime + cstime


def postgres_cpu_seconds(settings: Settings) -> float | None:
    """CPU seconds the embedded server has used since it started: its postmaster's, those of
    its live processes and of the ones that ended (a backend's time goes to the postmaster
    when it ends). None when the server is not the embedded one or cannot be seen."""
    if settings.database_url:
        return None
    try:
        postmaster = int((settings.home / "pgdata" / "postmaster.pid").read_text().split()[0])
        _, own, ended = _cpu_ticks(Path(f"/proc/{postmaster}/stat").read_text())
    except (OSError, ValueError, IndexError):
        return None
    ticks = own + ended
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent, process, _ = _cpu_ticks(stat.read_text())
        except (OSError, ValueError, IndexError):
            continue  # ended while being read
        if parent == postmaster:
            ticks += process
    return ticks / os.sysconf("SC_CLK_TCK")


def published_rows(url: str) -> dict[str, int]:
    with psycopg.connect(url) as conn:
        return {
            table: conn.execute(f"SELECT count(*) FROM public.{table}").fetchone()[0]
            for table in PUBLISHED_TABLES
        }


def measure(path: Path, url: str) -> LoadMeasurement:
    """Load path into a fresh database at url (dropped first if it exists), then again."""
    recreate_database(url)
    settings = Settings.from_env()
    postgres_before = postgres_cpu_seconds(settings)
    first = run_load(url, path)
    postgres_after = postgres_cpu_seconds(settings)
    if first.exit_code != 0:
        raise RuntimeError(f"etl load exited with {first.exit_code}: {first.summary.get('error')}")
    again = run_load(url, path)
    if again.summary.get("status") != "skipped":
        raise RuntimeError(f"the second load was not skipped: {again.summary.get('status')}")
    return LoadMeasurement(
        wall_seconds=round(first.wall_seconds, 2),
        peak_rss_mib=round(first.peak_rss_mib, 1),
        loader_cpu_seconds=round(first.cpu_seconds, 1),
        postgres_cpu_seconds=None
        if postgres_before is None or postgres_after is None
        else round(postgres_after - postgres_before, 1),
        stage_seconds={**first.summary["timings"], **first.summary["stage_parts"]},
        reload_skip_seconds=round(again.wall_seconds, 2),
        published_rows=published_rows(url),
    )

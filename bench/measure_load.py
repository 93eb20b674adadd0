"""Load generated arXiv-format data into a fresh database and measure it.

    python -m bench.measure_load --records 100000 [--seed 1] [--json OUT]
    python -m bench.measure_load --input FILE

Generates the input (bench.generate_arxiv) unless it exists already, recreates the database
BENCH_DATABASE on the server paperhouse uses (DATABASE_URL, else the embedded one), migrates
it, then runs the real `etl load` in a child process twice: the first load measures the
whole pipeline (wall time, peak RSS of the loader process, per-stage seconds), the second
the skip of an already-loaded file. Postgres' own memory is not part of the RSS figure.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import psycopg
from alembic import command
from psycopg import sql
from sqlalchemy.engine import make_url

from bench.generate_arxiv import generate
from etl import db
from etl.config import Settings

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
    summary: dict[str, Any]


@dataclass(frozen=True)
class LoadMeasurement:
    input: str
    input_bytes: int
    records_read: int
    records_quarantined: int
    papers: int
    wall_seconds: float
    records_per_second: float
    peak_rss_mib: float
    stage_seconds: dict[str, float]
    reload_skip_seconds: float
    published_rows: dict[str, int]


def _bench_url(settings: Settings) -> str:
    return (
        make_url(db.database_url(settings))
        .set(database=BENCH_DATABASE)
        .render_as_string(hide_password=False)
    )


def recreate_database(url: str) -> None:
    """Drop and create the database the URL names, then migrate it to head."""
    parsed = make_url(url)
    admin = parsed.set(database="postgres").render_as_string(hide_password=False)
    name = sql.Identifier(parsed.database)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(name))
    config = db.alembic_config(url)
    config.attributes["configure_logger"] = False
    command.upgrade(config, "head")


def run_load(url: str, path: Path) -> ChildRun:
    """`etl load --json` in a child process; its wall time and its own peak RSS."""
    env = {**os.environ, "DATABASE_URL": url}
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "etl", "load", "--json", "--quiet", str(path)],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    stdout = child.stdout.read() if child.stdout else ""
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    summary = json.loads(stdout) if stdout.strip() else {}
    return ChildRun(child.returncode, wall, usage.ru_maxrss / 1024, summary)


def published_rows(url: str) -> dict[str, int]:
    with psycopg.connect(url) as conn:
        return {
            table: conn.execute(f"SELECT count(*) FROM public.{table}").fetchone()[0]
            for table in PUBLISHED_TABLES
        }


def measure(path: Path, url: str) -> LoadMeasurement:
    """Load path into a fresh database at url (dropped first if it exists), then again."""
    recreate_database(url)
    first = run_load(url, path)
    if first.exit_code != 0:
        raise RuntimeError(f"etl load exited with {first.exit_code}: {first.summary.get('error')}")
    again = run_load(url, path)
    if again.summary.get("status") != "skipped":
        raise RuntimeError(f"the second load was not skipped: {again.summary.get('status')}")
    files = first.summary["input_files"]
    records = sum(f["records"] for f in files)
    return LoadMeasurement(
        input=path.name,
        input_bytes=path.stat().st_size,
        records_read=records,
        records_quarantined=sum(f["rejected"] for f in files),
        papers=first.summary["papers"],
        wall_seconds=round(first.wall_seconds, 2),
        records_per_second=round(records / first.wall_seconds),
        peak_rss_mib=round(first.peak_rss_mib, 1),
        stage_seconds=first.summary["timings"],
        reload_skip_seconds=round(again.wall_seconds, 2),
        published_rows=published_rows(url),
    )


def report(result: LoadMeasurement) -> str:
    stages = ", ".join(f"{name} {seconds:.1f}s" for name, seconds in result.stage_seconds.items())
    rows = ", ".join(f"{table} {count:,}" for table, count in result.published_rows.items())
    return (
        f"{result.input}: {result.input_bytes / 1e6:,.0f} MB, {result.records_read:,} records "
        f"({result.records_quarantined:,} quarantined) -> {result.papers:,} papers\n"
        f"  load      {result.wall_seconds:,.1f} s ({result.records_per_second:,} records/s), "
        f"peak RSS {result.peak_rss_mib:,.0f} MiB\n"
        f"  stages    {stages}\n"
        f"  reload    {result.reload_skip_seconds:.2f} s (skipped: same sha256)\n"
        f"  published {rows}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.measure_load",
        description="Load generated arXiv-format data into a fresh database "
        f"({BENCH_DATABASE}) and report time, peak memory and stage times.",
    )
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--records", type=int, help="generate this many lines (kept for reuse)")
    source.add_argument("--input", type=Path, help="an existing arXiv-format JSON Lines file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)

    settings = Settings.from_env()
    path = args.input
    if path is None:
        path = settings.home / "bench" / f"arxiv-{args.records}-seed{args.seed}.jsonl"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            print(f"generating {path} ...", file=sys.stderr)
            generate(path, args.records, args.seed, workers=os.cpu_count() or 1)
    result = measure(path, _bench_url(settings))
    print(report(result))
    if args.json:
        args.json.write_text(json.dumps(asdict(result), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

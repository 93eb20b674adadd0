"""A load into a full warehouse against the same load into an empty one, and a changed copy.

    python -m bench.warehouse [--records 30000] [--times 10] [--seed 7] [--out DIR]

Generates (bench.generate_arxiv) one file of (times + 1) x records arXiv lines and splits
it: the first times x records lines are the warehouse, the last `records` lines the new
records (papers the warehouse does not hold, but the few updates of earlier papers any
snapshot has). Then, each load the real `etl load` in a child process, measured from
outside:

1. the warehouse file into a fresh database (the full load);
2. a copy of it in which CHANGED_SHARE of the records changed, under the same name, into
   that database (the incremental load);
3. the new records into that database, now holding times x as many papers;
4. the new records into a fresh, empty database.

Each load runs with --no-report: the report a load writes once it has published reads the
whole warehouse, and is timed apart (`etl report` on the full and on the empty database).
Prints a table of the four (wall seconds and stages), the ratios the targets are stated in
(into full / into empty; changed / full), the statements that cost most more in the full
warehouse, and writes it all to --out as benchmarks-warehouse.json (by size).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from bench.compare import CHANGED_SHARE, REPO, changed_copy, machine
from bench.generate_arxiv import kept_file
from bench.measure_load import bench_url, keep_run, recreate_database, run_load
from etl.config import Settings

FULL_DATABASE = "paperhouse_bench_full"
EMPTY_DATABASE = "paperhouse_bench_empty"


@dataclass(frozen=True)
class Load:
    what: str
    records: int
    wall_seconds: float
    stages: dict[str, float]
    rows: dict[str, dict[str, int]]


def split(path: Path, first_lines: int) -> tuple[Path, Path]:
    """The file's first `first_lines` lines and the rest, as two files kept beside it."""
    head = path.with_name(f"{path.stem}-first{first_lines}.jsonl")
    tail = path.with_name(f"{path.stem}-after{first_lines}.jsonl")
    if not (head.exists() and tail.exists()):
        with path.open("rb") as source, head.open("wb") as first, tail.open("wb") as rest:
            for number, line in enumerate(source):
                (first if number < first_lines else rest).write(line)
    return head, tail


def _load(what: str, url: str, path: Path, records: int) -> Load:
    print(f"{what} ...", file=sys.stderr)
    # The report a load writes when it has published reads the whole warehouse: it is
    # measured apart (report_seconds), not as part of the load.
    run = run_load(url, path, options=("--no-report",))
    if run.exit_code != 0:
        raise RuntimeError(f"{what}: etl load exited with {run.exit_code}")
    stages = {**run.summary["timings"], **run.summary.get("stage_parts", {})}
    print(f"  {run.wall_seconds:,.1f} s", file=sys.stderr)
    return Load(what, records, round(run.wall_seconds, 2), stages, run.summary["row_counts"])


def report_seconds(url: str, out: Path) -> float:
    """How long `etl report` takes on the database at url, in a child process."""
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "etl", "report", "--out", str(out)],
        env={**os.environ, "DATABASE_URL": url},
        check=True,
        capture_output=True,
    )
    return round(time.perf_counter() - started, 2)


def measure(records: int, times: int, seed: int, inputs: Path) -> tuple[list[Load], dict]:
    settings = Settings.from_env()
    generated = kept_file(inputs, (times + 1) * records, seed)
    warehouse, new = split(generated, times * records)
    full_url = bench_url(settings, FULL_DATABASE)
    empty_url = bench_url(settings, EMPTY_DATABASE)
    # Loaded under one name, then replaced there by the changed copy, as a user replaces
    # last month's snapshot.
    loaded = inputs / "warehouse.jsonl"
    changed = inputs / "warehouse-changed.jsonl"
    loaded.unlink(missing_ok=True)
    os.link(warehouse, loaded)
    try:
        recreate_database(full_url)
        loads = [_load("full load", full_url, loaded, times * records)]
        changed_records = changed_copy(warehouse, changed, CHANGED_SHARE)
        changed.replace(loaded)
        loads.append(_load("1% changed", full_url, loaded, changed_records))
    finally:
        loaded.unlink(missing_ok=True)
    loads.append(_load(f"new into {times}x", full_url, new, records))
    recreate_database(empty_url)
    loads.append(_load("new into empty", empty_url, new, records))
    reports = {
        f"{times + 1}x": report_seconds(full_url, inputs / "report-full.html"),
        "1x": report_seconds(empty_url, inputs / "report-empty.html"),
    }
    return loads, reports


def _stages(seconds: dict[str, float]) -> str:
    return ", ".join(
        f"{name} {s:,.1f}"
        for name, s in seconds.items()
        if name in ("open", "read", "assemble", "validate", "quarantine", "publish")
    )


def markdown(loads: list[Load], reports: dict[str, float]) -> str:
    by_what = {load.what: load for load in loads}
    full, changed, *_ = loads
    into_full, into_empty = loads[2], by_what["new into empty"]
    lines = [
        "| load | records | wall s | stages (s) |",
        "|---|---:|---:|---|",
        *(
            f"| {load.what} | {load.records:,} | {load.wall_seconds:,.1f} | "
            f"{_stages(load.stages)} |"
            for load in loads
        ),
        "",
        f"- new records into the full warehouse / into an empty one: "
        f"{into_full.wall_seconds / into_empty.wall_seconds:.2f}x",
        f"- 1% changed / full load: {changed.wall_seconds / full.wall_seconds:.1%} "
        f"({changed.wall_seconds:,.1f} s)",
        "- the statements that cost most more in the full warehouse than in an empty one: "
        + ", ".join(
            f"{name} {into_empty.stages.get(name, 0.0):,.1f} -> {seconds:,.1f}"
            for name, seconds in _costlier(into_empty.stages, into_full.stages)
        ),
        "- `etl report` afterwards (every load that publishes writes it, unless --no-report; "
        "it reads the whole warehouse), on the warehouse of "
        + ", ".join(f"{size} the new records: {s:,.1f} s" for size, s in reports.items()),
        "- the 1% changed load's costliest statements: "
        + ", ".join(f"{name} {s:,.1f}" for name, s in _costliest(changed.stages)),
    ]
    return "\n".join(lines) + "\n"


STATEMENTS_SHOWN = 8


def _costlier(empty: dict[str, float], full: dict[str, float]) -> list[tuple[str, float]]:
    """The statements (assemble/..., publish/...) with the most seconds added, most first."""
    statements = [name for name in full if "/" in name]
    statements.sort(key=lambda name: empty.get(name, 0.0) - full[name])
    return [(name, full[name]) for name in statements[:STATEMENTS_SHOWN]]


def _costliest(stages: dict[str, float]) -> list[tuple[str, float]]:
    statements = sorted((name for name in stages if "/" in name), key=lambda n: -stages[n])
    return [(name, stages[name]) for name in statements[:STATEMENTS_SHOWN]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.warehouse", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--records", type=int, default=30_000, help="new records (%(default)s)")
    parser.add_argument(
        "--times", type=int, default=10, help="the warehouse holds this many times as many"
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=REPO, help="where the JSON goes")
    parser.add_argument(
        "--inputs", type=Path, help="where generated files are kept (PAPERHOUSE_HOME/bench)"
    )
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    inputs = args.inputs or settings.home / "bench"
    inputs.mkdir(parents=True, exist_ok=True)
    loads, reports = measure(args.records, args.times, args.seed, inputs)
    report: dict[str, Any] = {
        "machine": machine(bench_url(settings, FULL_DATABASE)),
        "records": args.records,
        "times": args.times,
        "loads": [asdict(load) for load in loads],
        "report_seconds": reports,
    }
    keep_run(args.out / "benchmarks-warehouse.json", str(args.records), report)
    print(markdown(loads, reports))
    return 0


if __name__ == "__main__":
    sys.exit(main())

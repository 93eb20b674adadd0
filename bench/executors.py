"""Local versus Ray: the same generated arXiv lines, split into files (a Ray task each),
loaded by `etl load --executor local` and `--executor ray` (a local Ray on this machine),
each into a fresh database, from outside (wall time, stage seconds).

    python -m bench.executors [--records 100000] [--files 4] [--seed 1] [--executor ray]

Prints per executor the tasks it ran (Ray: a task per file, or per part of a file larger
than PAPERHOUSE_RAY_PART_MB), the wall time, the read stage (extract and transform,
overlapped with the staging COPY), the seconds extract and transform took summed over tasks
(measured inside each task, on its worker, for Ray), and the records per second one task or
one process transformed while it worked.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from bench.generate_arxiv import kept_file
from bench.measure_load import bench_url, recreate_database, run_load
from etl.config import EXECUTORS, Settings
from etl.extract import open_source, source_parts

DATABASE = "paperhouse_executors"


def split(path: Path, files: int) -> list[Path]:
    """The file's lines in `files` parts of about equal length, kept beside it."""
    if files == 1:
        return [path]
    lines = path.read_bytes().splitlines(keepends=True)
    size = -(-len(lines) // files)
    parts = []
    for index in range(files):
        part = path.with_name(f"{path.stem}-part{index + 1}of{files}.jsonl")
        if not part.exists():
            part.write_bytes(b"".join(lines[index * size : (index + 1) * size]))
        parts.append(part)
    return parts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--files", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--executor",
        action="append",
        choices=EXECUTORS,
        help="measure only this executor (repeatable; default: every one)",
    )
    args = parser.parse_args()
    settings = Settings.from_env()
    files = split(kept_file(settings.home / "bench", args.records, args.seed), args.files)
    url = bench_url(settings, DATABASE)
    print(f"{args.records:,} lines in {args.files} files, {os.cpu_count()} cores\n")
    sources = [open_source(path) for path in files]
    tasks = {
        "local": 1,
        "ray": sum(1 for source in sources for _ in source_parts(source, settings.ray_part_bytes)),
    }
    print("| executor | tasks | wall s | read s | extract+transform s | records/s per task |")
    print("|---|---:|---:|---:|---:|---:|")
    for executor in args.executor or EXECUTORS:
        recreate_database(url)
        os.environ["PAPERHOUSE_EXECUTOR"] = executor
        run = run_load(url, *files)
        if run.exit_code != 0:
            print(f"{executor}: exit {run.exit_code}")
            return 1
        parts_seconds = run.summary.get("stage_parts", {})
        work = parts_seconds.get("extract", 0.0) + parts_seconds.get("transform", 0.0)
        print(
            f"| {executor} | {tasks[executor]} | {run.wall_seconds:.1f} | "
            f"{run.summary['timings']['read']:.1f} | {work:.1f} | "
            f"{args.records / max(work, 1e-9):,.0f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

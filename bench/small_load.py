"""How long a small load takes beside importing Great Expectations alone.

    python -m bench.small_load [FILE] [--runs 5]

Loads the bundled sample listings once into a template database, then, each run, loads FILE
(by default one Daily Papers day of the shared samples, about 20 records) into a fresh copy
of it with the real `etl load` in a child process, and times a child process that only
imports Great Expectations. Prints the median of each and their difference: what a small
load costs beyond the import no load can skip.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.measure_load import (
    bench_url,
    copy_database,
    load_samples,
    recreate_database,
    run_load,
)
from etl.config import PROJECT_ROOT, Settings

TEMPLATE_DATABASE = "paperhouse_small_template"
LOAD_DATABASE = "paperhouse_small"
# One Daily Papers day of the shared samples, 20 records.
DEFAULT_FILE = PROJECT_ROOT.parent / "shared" / "data" / "hf-daily" / "2024-10-03.json"


def _import_seconds() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import great_expectations"], check=True)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.small_load", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("file", type=Path, nargs="?", default=DEFAULT_FILE)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    template = bench_url(settings, TEMPLATE_DATABASE)
    recreate_database(template)
    load_samples(template)
    loads, imports = [], []
    for _ in range(args.runs):
        url = copy_database(template, LOAD_DATABASE)
        loaded = run_load(url, args.file)
        if loaded.exit_code != 0 or loaded.summary.get("status") != "published":
            raise RuntimeError(f"loading {args.file} ended {loaded.summary.get('status')}")
        loads.append(loaded.wall_seconds)
        imports.append(_import_seconds())
    load, gx_import = statistics.median(loads), statistics.median(imports)
    print(
        f"{args.file.name}: load {load:.2f} s, import great_expectations {gx_import:.2f} s, "
        f"difference {load - gx_import:.2f} s (medians of {args.runs} runs)"
    )
    print("loads: " + ", ".join(f"{s:.2f}" for s in loads))
    print("imports: " + ", ".join(f"{s:.2f}" for s in imports))
    return 0


if __name__ == "__main__":
    sys.exit(main())

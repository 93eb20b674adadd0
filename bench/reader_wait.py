"""How long a reader waits during a load: the longest a cheap query on the published tables
takes while `etl load` runs, as a dashboard would see it.

    python -m bench.reader_wait [--records 100000] [--seed 1]

Loads the bundled sample listings into a fresh database (so readers have rows to read), then
loads a generated arXiv file of --records lines into it with the real `etl load` in a child
process while, on a connection of its own, a reader queries each published table and
analytics view in turn (`SELECT 1 FROM <relation> LIMIT 1`, 10 ms apart). Prints the longest
query, on which relation and when in the load it ended, how many took over a second, and how
many the server ended to break a deadlock with the load's locks. A query takes a millisecond
or so unless it waits for a lock.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time

import psycopg

from bench.generate_arxiv import kept_file
from bench.measure_load import bench_url, load_samples, recreate_database
from etl.config import Settings

DATABASE = "paperhouse_reader_wait"
# Between two queries: a dashboard's pace, not a load test of its own on the loader's cores.
PAUSE = 0.01


def published_relations(url: str) -> list[str]:
    """Every published table and analytics view, schema-qualified."""
    with psycopg.connect(url) as conn:
        return [
            name
            for (name,) in conn.execute(
                "SELECT format('%I.%I', schemaname, tablename) FROM pg_tables "
                "WHERE schemaname = 'public' UNION ALL SELECT format('%I.%I', schemaname, "
                "viewname) FROM pg_views WHERE schemaname = 'analytics' ORDER BY 1"
            )
        ]


def _read_until(
    url: str, relations: list[str], done: threading.Event, waits: list, failures: list
) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        while not done.is_set():
            for relation in relations:
                started = time.perf_counter()
                try:
                    conn.execute(f"SELECT 1 FROM {relation} LIMIT 1").fetchall()
                except psycopg.errors.DeadlockDetected as error:
                    # The server chose the reader to end a deadlock with the load's locks.
                    failures.append((relation, str(error).splitlines()[0]))
                waits.append((time.perf_counter() - started, relation, time.monotonic()))
                time.sleep(PAUSE)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.reader_wait", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    path = kept_file(settings.home / "bench", args.records, args.seed)
    url = bench_url(settings, DATABASE)
    recreate_database(url)
    load_samples(url)

    done, waits, failures = threading.Event(), [], []
    reader = threading.Thread(
        target=_read_until, args=(url, published_relations(url), done, waits, failures)
    )
    reader.start()
    started = time.monotonic()
    load = subprocess.run(
        [sys.executable, "-m", "etl", "load", "--json", "--quiet", str(path)],
        env={**os.environ, "DATABASE_URL": url},
        capture_output=True,
        text=True,
        check=False,
    )
    done.set()
    reader.join()
    if load.returncode != 0:
        raise RuntimeError(f"etl load exited with {load.returncode}: {load.stderr[-2000:]}")
    longest, relation, at = max(waits)
    stages = json.loads(load.stdout.strip().splitlines()[-1]).get("timings", {})
    print(
        f"{path.name}: load {time.monotonic() - started:.1f} s (publish "
        f"{stages.get('publish', float('nan')):.1f} s); {len(waits):,} reader queries; "
        f"longest {longest:.3f} s (on {relation}, ending {at - started:.1f} s into the load); "
        f"queries over 1 s: {sum(1 for wait, *_ in waits if wait > 1)}; "
        f"queries ended by a deadlock: {len(failures)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""paperhouse side by side with the floor, a naive loader and dlt, on the same generated files.

    python -m bench.compare --records 100000 [--records 1000000] [--contenders ...] [--out DIR]
        [--input-kinds generated real] [--sample-data DIR]

For each size and each kind of input (generated text, and real text drawn from the samples
in --sample-data: bench.generate_arxiv --text), generates arXiv-format JSON Lines (kept for
reuse under PAPERHOUSE_HOME/bench), then for each contender recreates the benchmark database
(a fresh one each) and runs the contender in a child process, measured from outside: wall
seconds and the child's peak RSS (Postgres' own memory is not counted for anyone). paperhouse
is the real `etl load` with everything on; it also reports its stages, the skip of the same
file loaded again, and the load of a copy of the file in which CHANGED_SHARE of the records
changed. The output floor (bench.output_floor) is the COPY of the rows paperhouse's first load
published into a fresh migrated database, measured right after that load. Writes
BENCHMARKS.md and benchmarks.json into --out.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql
from sqlalchemy.engine import make_url

from bench.contenders import CONTENDERS
from bench.generate_arxiv import SAMPLE_DATA, TEXT_KINDS, kept_file
from bench.measure_load import (
    BENCH_DATABASE,
    bench_url,
    measure,
    postgres_cpu_seconds,
    recreate_database,
    run_load,
)
from bench.real_text import sample_texts
from etl.config import Settings

CHANGED_SHARE = 0.01
READ_PARTS = ("extract", "transform", "stage")
ENRICHMENT = {
    "paperhouse": "everything: clean text, identity, authors, repos, results, tags, GX gate",
    "output-floor": "none: paperhouse's published rows COPYed into a fresh migrated database "
    "(constraints, indexes)",
    "floor": "none: four fields of each line with an id, COPY",
    "naive": "URL and percentage regexes; no cleaning, identity or checks",
    "dlt-insert_values": "none (dlt's own nesting of lists into child tables)",
    "dlt-csv": "none (dlt's own nesting of lists into child tables)",
}
REPO = Path(__file__).resolve().parent.parent
OUTPUT_FLOOR = "output-floor"
# The kinds of input as the report names them (bench.generate_arxiv --text).
INPUT_NAMES = {"generated": "generated", "real": "real-text"}


@dataclass
class ContenderRun:
    records: int
    input: str  # INPUT_NAMES' values
    contender: str
    enrichment: str
    exit_code: int
    wall_seconds: float
    records_per_second: int
    peak_rss_mib: float
    rows: dict[str, int]
    # Cores kept busy on average (CPU seconds / wall seconds): the loader's own process and
    # the embedded Postgres' (None when the server is not the embedded one).
    loader_cores: float | None = None
    postgres_cores: float | None = None
    stage_seconds: dict[str, float] = field(default_factory=dict)
    reload_skip_seconds: float | None = None
    changed_records: int | None = None
    changed_load_seconds: float | None = None
    changed_load_rows: dict[str, dict[str, int]] | None = None
    # The output floor's seconds per table, public tables without their schema as in rows
    # (its wall seconds are their COPYs' and the commit).
    table_seconds: dict[str, float] | None = None


def run_contender(
    name: str, path: Path, url: str, log: Path
) -> tuple[int, float, float, float, dict]:
    """One contender in a child process: exit code, wall seconds, peak RSS MiB, CPU seconds,
    its rows."""
    started = time.perf_counter()
    with log.open("w") as stderr:
        child = subprocess.Popen(
            [sys.executable, "-m", "bench.contenders", name, str(path), url],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            cwd=REPO,
        )
        stdout = child.stdout.read() if child.stdout else ""
        _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    rows = json.loads(stdout) if stdout.strip() else {}
    cpu = usage.ru_utime + usage.ru_stime
    return os.waitstatus_to_exitcode(status), wall, usage.ru_maxrss / 1024, cpu, rows


def changed_copy(path: Path, out: Path, share: float) -> int:
    """A copy of path in which every (1/share)-th record has a revised abstract and a newer
    update date; other lines byte for byte. Returns how many records changed."""
    every = max(1, round(1 / share))
    changed = 0
    with path.open("rb") as source, out.open("wb") as target:
        for number, line in enumerate(source, start=1):
            if number % every == 0:
                try:
                    record = json.loads(line)
                except ValueError:
                    record = None
                if isinstance(record, dict) and isinstance(record.get("abstract"), str):
                    record["abstract"] += " This version adds an ablation study."
                    record["update_date"] = "2026-02-01"
                    line = (json.dumps(record) + "\n").encode()
                    changed += 1
            target.write(line)
    return changed


def measure_output_floor(
    source_url: str, target_url: str, records: int, input_name: str, logs: Path
) -> ContenderRun:
    """bench.output_floor in a child process: the COPY in of the rows at source_url into a
    fresh database at target_url (dropped afterwards), timed by the child itself."""
    log = logs / f"{OUTPUT_FLOOR}-{records}-{input_name}.log"
    with log.open("w") as stderr:
        child = subprocess.run(
            [sys.executable, "-m", "bench.output_floor", source_url, target_url, str(logs)],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            cwd=REPO,
            check=False,
        )
    _drop_database(target_url)
    if child.returncode != 0:
        print(f"  {OUTPUT_FLOOR} exited with {child.returncode}; see {log}", file=sys.stderr)
        return ContenderRun(
            records=records,
            input=input_name,
            contender=OUTPUT_FLOOR,
            enrichment=ENRICHMENT[OUTPUT_FLOOR],
            exit_code=child.returncode,
            wall_seconds=0.0,
            records_per_second=0,
            peak_rss_mib=0.0,
            rows={},
        )
    floor = json.loads(child.stdout)
    seconds = floor["seconds"]
    return ContenderRun(
        records=records,
        input=input_name,
        contender=OUTPUT_FLOOR,
        enrichment=ENRICHMENT[OUTPUT_FLOOR],
        exit_code=0,
        wall_seconds=round(seconds, 2),
        records_per_second=round(records / seconds),
        peak_rss_mib=floor["peak_rss_mib"],
        rows={table.removeprefix("public."): n for table, n in floor["rows"].items()},
        loader_cores=_cores(floor["cpu_seconds"], seconds),
        postgres_cores=_cores(floor["postgres_cpu_seconds"], seconds),
        table_seconds={
            table.removeprefix("public."): seconds
            for table, seconds in floor["table_seconds"].items()
        },
    )


def _drop_database(url: str) -> None:
    parsed = make_url(url)
    admin = parsed.set(database="postgres").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                sql.Identifier(parsed.database)
            )
        )


def measure_paperhouse(
    path: Path,
    url: str,
    records: int,
    input_name: str = "generated",
    *,
    output_floor_url: str | None = None,
    logs: Path | None = None,
) -> list[ContenderRun]:
    """paperhouse's run, and the output floor's (when output_floor_url is given) measured on
    the rows its first load published."""
    # Loaded under one name, then replaced there by the changed version, as a user would
    # replace last month's snapshot; the generated file itself stays as it is.
    loaded_path = path.with_name("paperhouse-" + path.name)
    loaded_path.unlink(missing_ok=True)
    os.link(path, loaded_path)
    floor = None
    try:
        loaded = measure(loaded_path, url)
        if output_floor_url is not None:
            print(f"{records:,} records, {input_name}: {OUTPUT_FLOOR} ...", file=sys.stderr)
            floor = measure_output_floor(
                url, output_floor_url, records, input_name, logs or path.parent
            )
        changed_path = path.with_name("changed-" + path.name)
        changed = changed_copy(path, changed_path, CHANGED_SHARE)
        changed_path.replace(loaded_path)
        again = run_load(url, loaded_path)
    finally:
        loaded_path.unlink(missing_ok=True)
    if again.exit_code != 0:
        raise RuntimeError(f"loading the changed copy exited with {again.exit_code}")
    paperhouse = ContenderRun(
        records=records,
        input=input_name,
        contender="paperhouse",
        enrichment=ENRICHMENT["paperhouse"],
        exit_code=0,
        wall_seconds=loaded.wall_seconds,
        records_per_second=round(records / loaded.wall_seconds),
        peak_rss_mib=loaded.peak_rss_mib,
        rows=loaded.published_rows,
        loader_cores=_cores(loaded.loader_cpu_seconds, loaded.wall_seconds),
        postgres_cores=_cores(loaded.postgres_cpu_seconds, loaded.wall_seconds),
        stage_seconds=loaded.stage_seconds,
        reload_skip_seconds=loaded.reload_skip_seconds,
        changed_records=changed,
        changed_load_seconds=round(again.wall_seconds, 2),
        changed_load_rows=again.summary.get("row_counts"),
    )
    return [paperhouse] if floor is None else [paperhouse, floor]


def measure_other(
    name: str, path: Path, url: str, records: int, logs: Path, input_name: str = "generated"
) -> ContenderRun:
    recreate_database(url, migrate=False)
    log = logs / f"{name}-{records}-{input_name}.log"
    settings = Settings.from_env()
    postgres_before = postgres_cpu_seconds(settings)
    exit_code, wall, rss, cpu, rows = run_contender(name, path, url, log)
    postgres_after = postgres_cpu_seconds(settings)
    postgres_cpu = (
        None
        if postgres_before is None or postgres_after is None
        else postgres_after - postgres_before
    )
    if exit_code != 0:
        print(f"  {name} exited with {exit_code}; its output is in {log}", file=sys.stderr)
    return ContenderRun(
        records=records,
        input=input_name,
        contender=name,
        enrichment=ENRICHMENT[name],
        exit_code=exit_code,
        wall_seconds=round(wall, 2),
        records_per_second=round(records / wall),
        peak_rss_mib=round(rss, 1),
        rows=rows,
        loader_cores=_cores(cpu, wall),
        postgres_cores=_cores(postgres_cpu, wall),
    )


def _cores(cpu_seconds: float | None, wall_seconds: float) -> float | None:
    return None if cpu_seconds is None else round(cpu_seconds / wall_seconds, 2)


def machine(url: str) -> dict[str, Any]:
    with psycopg.connect(url) as conn:
        server = conn.execute("SHOW server_version").fetchone()[0]
    memory_kib = next(
        int(line.split()[1])
        for line in Path("/proc/meminfo").read_text().splitlines()
        if line.startswith("MemTotal:")
    )
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "cpus": os.cpu_count(),
        "memory_gib": round(memory_kib / 1024**2, 1),
        "system": f"{platform.system()} {platform.release()} {platform.machine()}",
        "python": platform.python_version(),
        "postgres": server,
        "packages": {
            p: version(p) for p in ("polars", "great_expectations", "pandas", "dlt", "psycopg")
        },
    }


def _stages(seconds: dict[str, float]) -> str:
    """ "read 28.6 (extract 1.8, transform 20.2, stage 6.6), assemble 12.3, ..."."""
    parts = ", ".join(f"{p} {seconds[p]:,.1f}" for p in READ_PARTS if p in seconds)
    return ", ".join(
        f"{name} {s:,.1f}" + (f" ({parts})" if name == "read" and parts else "")
        for name, s in seconds.items()
        if name not in READ_PARTS and "/" not in name  # a stage's statements: assemble/papers
    )


# paperhouse's stages compared with the floor's whole load (the budgets are such shares).
BUDGETED_STAGES = ("transform", "assemble", "validate", "publish")
# paperhouse's SQL stages compared with the output floor: the least writing their rows costs.
SQL_STAGES = ("assemble", "validate", "publish")


def _ratios(runs: list[ContenderRun]) -> list[str]:
    """paperhouse's wall time and stages as multiples of the floor's and the naive loader's
    wall time, and its SQL stages as multiples of the output floor, per size and input
    measured with them."""
    lines = []
    for run in runs:
        if run.contender != "paperhouse" or run.exit_code != 0:
            continue
        others = {
            r.contender: r.wall_seconds
            for r in runs
            if (r.records, r.input) == (run.records, run.input)
            and r.exit_code == 0
            and r.contender in ("floor", "naive", OUTPUT_FLOOR)
        }
        measured = f"- {run.records:,} records, {run.input}: "
        if "floor" in others:
            floor = others["floor"]
            stages = ", ".join(
                f"{stage} {run.stage_seconds[stage] / floor:,.1f}x"
                for stage in BUDGETED_STAGES
                if stage in run.stage_seconds
            )
            naive = (
                f", {run.wall_seconds / others['naive']:,.2f}x naive" if "naive" in others else ""
            )
            lines.append(
                f"{measured}paperhouse {run.wall_seconds / floor:,.1f}x floor{naive}; "
                f"stages in floors: {stages}"
            )
        if others.get(OUTPUT_FLOOR):
            output_floor = others[OUTPUT_FLOOR]
            sql_stages = [stage for stage in SQL_STAGES if stage in run.stage_seconds]
            stages = ", ".join(
                f"{stage} {run.stage_seconds[stage] / output_floor:,.1f}x" for stage in sql_stages
            )
            together = sum(run.stage_seconds[stage] for stage in sql_stages) / output_floor
            lines.append(
                f"{measured}SQL stages in output floors ({output_floor:,.2f} s): {stages}; "
                f"{' + '.join(sql_stages)} {together:,.1f}x"
            )
    return ["", *lines] if lines else []


def markdown(facts: dict[str, Any], runs: list[ContenderRun]) -> str:
    packages = ", ".join(f"{p} {v}" for p, v in facts["packages"].items())
    lines = [
        "# Benchmarks",
        "",
        "Written by `make bench` (bench/compare.py); the same figures are in benchmarks.json.",
        "",
        f"- date: {facts['date']}",
        f"- machine: {facts['cpus']} cores, {facts['memory_gib']} GiB, {facts['system']}",
        f"- software: Python {facts['python']}, PostgreSQL {facts['postgres']}, {packages}",
        "- input: arXiv-snapshot JSON Lines written by bench/generate_arxiv.py (seed 1), about "
        "1% malformed lines and 0.5% updates of earlier papers; `generated`: titles and "
        "abstracts from templates; `real-text`: titles and abstracts drawn from the real ones "
        "of the samples (../shared/data: Daily Papers days, arXiv, listings, conference lists; "
        "each abstract closed by one generated sentence that keeps it distinct), ids, authors "
        "and dates generated alike",
        "- output-floor: the rows paperhouse's first load published (every public and etl "
        "table holding rows), COPYed into a fresh database migrated to the same schema "
        "(constraints, indexes), in foreign-key order: the seconds of that COPY alone, the "
        "least that writing those tables costs",
        "- each contender: a fresh database, a child process, measured from outside; peak RSS "
        "is the loader's own (Postgres' memory not counted)",
        "",
        "- cores busy: CPU seconds / wall seconds of the loader's process and of Postgres' "
        "(the embedded server's processes), each at most the number of cores",
        "",
        "| records | input | contender | enrichment | wall s | records/s | peak RSS MiB "
        "| cores busy: loader, Postgres | rows |",
        "|---:|---|---|---|---:|---:|---:|---|---|",
    ]
    for run in runs:
        rows = ", ".join(f"{t.split('.')[-1]} {n:,}" for t, n in run.rows.items())
        wall = f"{run.wall_seconds:,.1f}" if run.exit_code == 0 else f"failed ({run.exit_code})"
        cores = ", ".join(
            "n/a" if c is None else f"{c:.2f}" for c in (run.loader_cores, run.postgres_cores)
        )
        lines.append(
            f"| {run.records:,} | {run.input} | {run.contender} | {run.enrichment} | {wall} "
            f"| {run.records_per_second:,} | {run.peak_rss_mib:,.0f} | {cores} | {rows} |"
        )
    lines += _ratios(runs)
    lines += ["", "## paperhouse stages and incremental loads", ""]
    lines += [
        "| records | input | stages (s) | same file again (s) | 1% changed: records | load s "
        "| rows |",
        "|---:|---|---|---:|---:|---:|---|",
    ]
    for run in runs:
        if run.contender != "paperhouse":
            continue
        stages = _stages(run.stage_seconds)
        changes = ", ".join(
            f"{t} +{c['inserted']:,}/~{c['updated']:,}/-{c['deleted']:,}"
            for t, c in (run.changed_load_rows or {}).items()
            if c["inserted"] or c["updated"] or c["deleted"]
        )
        lines.append(
            f"| {run.records:,} | {run.input} | {stages} | {run.reload_skip_seconds:.2f} "
            f"| {run.changed_records:,} | {run.changed_load_seconds:,.1f} | {changes} |"
        )
    lines += [
        "",
        "Rows in the last column: inserted (+), updated (~), deleted (-) per published table.",
        "",
    ]
    lines += _output_floor_tables(runs)
    return "\n".join(lines)


def _output_floor_tables(runs: list[ContenderRun]) -> list[str]:
    """The output floor's seconds per table, slowest first."""
    floors = [r for r in runs if r.contender == OUTPUT_FLOOR and r.table_seconds]
    if not floors:
        return []
    lines = [
        "## Output floor per table",
        "",
        "| records | input | COPY s per table (rows), slowest first |",
        "|---:|---|---|",
    ]
    for run in floors:
        tables = sorted((run.table_seconds or {}).items(), key=lambda item: -item[1])
        per_table = ", ".join(
            f"{table} {seconds:,.2f} ({run.rows.get(table, 0):,})" for table, seconds in tables
        )
        lines.append(f"| {run.records:,} | {run.input} | {per_table} |")
    return [*lines, ""]


def compare(
    sizes: list[int],
    contenders: list[str],
    out: Path,
    *,
    seed: int = 1,
    inputs: Path | None = None,
    database: str = BENCH_DATABASE,
    input_kinds: tuple[str, ...] = TEXT_KINDS,
    sample_data: Path = SAMPLE_DATA,
) -> list[ContenderRun]:
    if OUTPUT_FLOOR in contenders and "paperhouse" not in contenders:
        raise ValueError(f"{OUTPUT_FLOOR} copies what paperhouse published: run paperhouse too")
    settings = Settings.from_env()
    url = bench_url(settings, database)
    output_floor_url = (
        bench_url(settings, f"{database}_output_floor") if OUTPUT_FLOOR in contenders else None
    )
    inputs = inputs or settings.home / "bench"
    inputs.mkdir(parents=True, exist_ok=True)
    out.mkdir(parents=True, exist_ok=True)
    runs = []
    for records in sizes:
        for kind in input_kinds:
            input_name = INPUT_NAMES[kind]
            path = kept_file(inputs, records, seed, text=kind, sample_data=sample_data)
            for name in contenders:
                if name == OUTPUT_FLOOR:
                    continue  # measured with paperhouse's load
                print(f"{records:,} records, {input_name}: {name} ...", file=sys.stderr)
                if name == "paperhouse":
                    measured = measure_paperhouse(
                        path,
                        url,
                        records,
                        input_name,
                        output_floor_url=output_floor_url,
                        logs=inputs,
                    )
                else:
                    measured = [measure_other(name, path, url, records, inputs, input_name)]
                for run in measured:
                    print(
                        f"  {run.contender}: {run.wall_seconds:,.1f} s, "
                        f"{run.peak_rss_mib:,.0f} MiB",
                        file=sys.stderr,
                    )
                runs += measured
    facts = machine(url)
    (out / "benchmarks.json").write_text(
        json.dumps({"machine": facts, "runs": [asdict(r) for r in runs]}, indent=2) + "\n"
    )
    (out / "BENCHMARKS.md").write_text(markdown(facts, runs))
    return runs


def main(argv: list[str] | None = None) -> int:
    every = ["paperhouse", OUTPUT_FLOOR, *CONTENDERS]
    parser = argparse.ArgumentParser(
        prog="python -m bench.compare",
        description="Load the same generated arXiv-format files (generated and real text) "
        "with paperhouse, the floor, a naive loader and dlt, each into a fresh database, and "
        "copy what paperhouse published into another (the output floor); write BENCHMARKS.md "
        "and benchmarks.json.",
    )
    parser.add_argument("--records", type=int, action="append", help="size (repeatable)")
    parser.add_argument("--contenders", nargs="+", choices=every, default=every)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=REPO, help="where the reports go")
    parser.add_argument(
        "--inputs", type=Path, help="where generated files are kept (PAPERHOUSE_HOME/bench)"
    )
    parser.add_argument(
        "--database",
        default=BENCH_DATABASE,
        help="the database each contender gets afresh, dropped first (%(default)s); the "
        "output floor's is named after it with _output_floor",
    )
    parser.add_argument(
        "--input-kinds",
        nargs="+",
        choices=TEXT_KINDS,
        default=list(TEXT_KINDS),
        help="titles and abstracts generated, or real ones drawn from --sample-data "
        "(default: both, side by side)",
    )
    parser.add_argument(
        "--sample-data",
        type=Path,
        default=SAMPLE_DATA,
        help="the samples real text is drawn from (default: %(default)s)",
    )
    args = parser.parse_args(argv)
    if OUTPUT_FLOOR in args.contenders and "paperhouse" not in args.contenders:
        parser.error(f"{OUTPUT_FLOOR} copies what paperhouse published: run paperhouse too")
    if "real" in args.input_kinds:
        try:
            sample_texts(args.sample_data)  # no samples: said now, not after the first sizes
        except ValueError as error:
            parser.error(str(error))
    runs = compare(
        args.records or [100_000],
        args.contenders,
        args.out,
        seed=args.seed,
        inputs=args.inputs,
        database=args.database,
        input_kinds=tuple(args.input_kinds),
        sample_data=args.sample_data,
    )
    print((args.out / "BENCHMARKS.md").read_text())
    return 0 if all(r.exit_code == 0 for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())

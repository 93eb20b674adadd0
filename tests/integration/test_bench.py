"""`make bench` at a small size: every contender runs on the same file and every figure is
written (no timing assertions: figures are for people to compare, not for tests)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from bench.measure_load import postgres_cpu_seconds
from bench.output_floor import measure_output_floor, tables_in_foreign_key_order
from etl.config import Settings
from tests.conftest import FIXTURES_DIR, with_database

pytestmark = pytest.mark.bench

CONTENDERS = {"paperhouse", "output-floor", "floor", "naive", "dlt-insert_values", "dlt-csv"}
INPUTS = ("generated", "real-text")


def _bench(module: str, *options: str, server_url: str, tmp_path: Path) -> str:
    """`python -m <module>` with the options, its files in tmp_path; what it printed."""
    finished = subprocess.run(
        [sys.executable, "-m", module, *options, "--out", str(tmp_path), "--inputs", str(tmp_path)],
        env={**os.environ, "DATABASE_URL": server_url},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert finished.returncode == 0, finished.stderr[-3000:]
    return finished.stdout


def test_bench_runs_every_contender_and_writes_every_figure(
    server_url: str, tmp_path: Path
) -> None:
    # Real text drawn from the fixtures' Daily Papers days, listing and conference lists: the
    # samples beside a checkout are not needed.
    _bench(
        "bench.compare", "--records", "2000", "--database", "paperhouse_bench_test",
        "--sample-data", str(FIXTURES_DIR),
        server_url=server_url, tmp_path=tmp_path,
    )  # fmt: skip

    figures = json.loads((tmp_path / "benchmarks.json").read_text())
    assert {"date", "cpus", "memory_gib", "python", "postgres", "packages"} <= set(
        figures["machine"]
    )
    every = {(run["input"], run["contender"]): run for run in figures["runs"]}
    assert set(every) == {(i, c) for i in INPUTS for c in CONTENDERS}
    for run in every.values():
        assert run["records"] == 2000 and run["exit_code"] == 0
        assert run["wall_seconds"] > 0 and run["records_per_second"] > 0
        assert run["peak_rss_mib"] > 0
        assert 0 < run["loader_cores"] <= os.cpu_count()
        # The bench's server is given by DATABASE_URL: not the embedded one, not measured.
        assert run["postgres_cores"] is None
        assert run["rows"] and all(count > 0 for count in run["rows"].values()), run
    _check_the_runs_on_one_input({c: r for (i, c), r in every.items() if i == "generated"})
    real = {c: r for (i, c), r in every.items() if i == "real-text"}
    _check_the_runs_on_one_input(real)
    # The real abstracts carry fewer results than the generated ones.
    assert (
        real["paperhouse"]["rows"]["results"] < every["generated", "paperhouse"]["rows"]["results"]
    )

    report = (tmp_path / "BENCHMARKS.md").read_text()
    assert all(f"| 2,000 | {i} | {c} |" in report for i in INPUTS for c in CONTENDERS)
    for input_name in INPUTS:
        assert f"- 2,000 records, {input_name}: paperhouse " in report
        assert f"- 2,000 records, {input_name}: SQL stages in output floors (" in report
    assert "x floor, " in report and "stages in floors: transform " in report
    assert "assemble + validate + publish " in report
    assert "## Output floor per table" in report


def _check_the_runs_on_one_input(runs: dict[str, dict]) -> None:
    """The figures of every contender on one kind of input, by contender."""
    # Everyone read the same file: about 1% of its lines are malformed, so no contender
    # loaded more than 2,000 records, and the floor keeps every line with an id.
    assert 1900 < runs["floor"]["rows"]["floor_papers"] < 2000
    assert runs["naive"]["rows"]["naive_papers"] == runs["floor"]["rows"]["floor_papers"]
    assert runs["dlt-csv"]["rows"] == runs["dlt-insert_values"]["rows"]

    ours = runs["paperhouse"]
    # The output floor copied every row paperhouse published, and its own ledger's.
    floor = runs["output-floor"]
    assert {t: n for t, n in floor["rows"].items() if t in ours["rows"]} == ours["rows"]
    assert floor["rows"]["etl.runs"] >= 1
    assert set(floor["table_seconds"]) == set(floor["rows"])
    assert {"papers", "results", "etl.runs"} <= set(floor["table_seconds"])
    stages = {name for name in ours["stage_seconds"] if "/" not in name}
    assert stages == {
        "open", "read", "extract", "transform", "stage", "assemble", "validate", "publish"
    }  # fmt: skip
    # and each assemble and publish statement's own seconds
    assert {"assemble/papers", "publish/papers", "publish/results"} <= set(ours["stage_seconds"])
    assert ours["rows"]["papers"] <= runs["floor"]["rows"]["floor_papers"]
    assert ours["rows"]["results"] > 0 and ours["rows"]["paper_tags"] > 0
    assert ours["reload_skip_seconds"] > 0
    # The changed copy revises every hundredth line that is a record: those papers are
    # updated, none is new.
    assert 15 <= ours["changed_records"] <= 20
    papers = ours["changed_load_rows"]["papers"]
    assert papers["inserted"] == 0 and papers["deleted"] == 0
    assert 0 < papers["updated"] <= ours["changed_records"]


def test_postgres_cpu_seconds_count_the_servers_work(server_url: str) -> None:
    with psycopg.connect(server_url) as conn:
        data_dir = Path(conn.execute("SHOW data_directory").fetchone()[0])
    settings = replace(Settings.from_env({}), database_url=None, home=data_dir.parent)
    before = postgres_cpu_seconds(settings)
    # The working backend stays connected while measured: its time is its own, not yet its
    # postmaster's.
    with psycopg.connect(server_url) as conn:
        conn.execute("SELECT sum(g) FROM generate_series(1, 5000000) g")
        after = postgres_cpu_seconds(settings)

    assert before is not None and after is not None
    assert after - before > 0.2
    assert postgres_cpu_seconds(replace(settings, database_url=server_url)) is None


def test_the_warehouse_bench_loads_into_a_full_and_an_empty_warehouse(
    server_url: str, tmp_path: Path
) -> None:
    printed = _bench(
        "bench.warehouse", "--records", "400", "--times", "3",
        server_url=server_url, tmp_path=tmp_path,
    )  # fmt: skip
    report = json.loads((tmp_path / "benchmarks-warehouse.json").read_text())["400"]
    loads = {load["what"]: load for load in report["loads"]}
    assert list(loads) == ["full load", "1% changed", "new into 3x", "new into empty"]
    assert loads["full load"]["records"] == 1200 and loads["new into empty"]["records"] == 400
    # The same new records: into the full warehouse they are new papers too.
    assert (
        loads["new into 3x"]["rows"]["papers"]["inserted"]
        >= loads["new into empty"]["rows"]["papers"]["inserted"] * 0.95
    )
    changed = loads["1% changed"]["rows"]["papers"]
    assert changed["inserted"] == 0 and 0 < changed["updated"] <= loads["1% changed"]["records"]
    assert all(load["wall_seconds"] > 0 and "publish" in load["stages"] for load in loads.values())
    assert set(report["report_seconds"]) == {"4x", "1x"}
    assert all(seconds > 0 for seconds in report["report_seconds"].values())
    assert "- new records into the full warehouse / into an empty one: " in printed


def test_the_kill_bench_kills_a_load_at_each_point_and_the_next_one_goes_on(
    server_url: str, tmp_path: Path
) -> None:
    printed = _bench(
        "bench.kill_recovery", "--records", "300", "--warehouse", "0",
        server_url=server_url, tmp_path=tmp_path,
    )  # fmt: skip
    (run,) = json.loads((tmp_path / "benchmarks-kill-recovery.json").read_text()).values()
    assert run["published_as_undisturbed"] is True
    kills = run["kills"]
    # The first point is the first assemble statement: a load is killed there or later.
    assert len(kills) >= 2 and kills[0]["point"].startswith("assemble/")
    assert len({k["killed_in"] for k in kills}) == len(kills)
    assert all(k["next_load_staged_after"] > 0 for k in kills)
    assert f"- kills: {len(kills)}; " in printed


def test_the_output_floor_copies_every_published_row_into_a_fresh_database(
    server_url: str, every_kind_published: str
) -> None:
    target = with_database(server_url, f"test_output_floor_{uuid.uuid4().hex[:12]}")
    try:
        floor = measure_output_floor(every_kind_published, target)
        with psycopg.connect(every_kind_published) as source:
            order = tables_in_foreign_key_order(source)
            held = {
                table: source.execute(
                    sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(*table.split(".")))
                ).fetchone()[0]
                for table in order
            }
        with psycopg.connect(target) as copy:
            copied = {
                table: copy.execute(
                    sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(*table.split(".")))
                ).fetchone()[0]
                for table in order
            }
            # The copy is of paperhouse's schema, migrated: its version row is the migration's.
            assert copy.execute("SELECT count(*) FROM etl.alembic_version").fetchone()[0] == 1
    finally:
        with psycopg.connect(server_url, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(target.partition("?")[0].rsplit("/", 1)[1])
                )
            )

    published = {t: n for t, n in held.items() if n > 0 and t != "etl.alembic_version"}
    # Every table that holds rows, and only those, copied whole; the papers, their authors
    # and results, and the load's own ledger among them.
    assert floor.rows == published
    assert {t: copied[t] for t in published} == published
    assert {"public.papers", "public.paper_authors", "public.results", "etl.runs"} <= set(
        floor.rows
    )
    # in foreign-key order: a table after those it references
    copied_order = list(floor.table_seconds)
    assert copied_order == [t for t in order if t in published]
    assert copied_order.index("public.papers") < copied_order.index("public.paper_authors")
    assert copied_order.index("public.authors") < copied_order.index("public.paper_authors")
    # The whole COPY took at least its tables' COPYs: each figure is rounded to the
    # millisecond, so the sum may overshoot by half a millisecond per figure.
    rounding = 0.0005 * (len(floor.table_seconds) + 1)
    assert floor.seconds >= sum(floor.table_seconds.values()) - rounding
    assert floor.seconds > 0

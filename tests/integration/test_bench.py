"""`make bench` at a small size: every contender runs on the same file and every figure is
written (no timing assertions: figures are for people to compare, not for tests)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.bench

CONTENDERS = {"paperhouse", "floor", "naive", "dlt-insert_values", "dlt-csv"}


def test_bench_runs_every_contender_and_writes_every_figure(
    server_url: str, tmp_path: Path
) -> None:
    finished = subprocess.run(
        [sys.executable, "-m", "bench.compare", "--records", "2000", "--out", str(tmp_path),
         "--inputs", str(tmp_path), "--database", "paperhouse_bench_test"],
        env={**os.environ, "DATABASE_URL": server_url},
        capture_output=True,
        text=True,
        timeout=600,
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr[-3000:]

    figures = json.loads((tmp_path / "benchmarks.json").read_text())
    assert {"date", "cpus", "memory_gib", "python", "postgres", "packages"} <= set(
        figures["machine"]
    )
    runs = {run["contender"]: run for run in figures["runs"]}
    assert set(runs) == CONTENDERS
    for run in runs.values():
        assert run["records"] == 2000 and run["exit_code"] == 0
        assert run["wall_seconds"] > 0 and run["records_per_second"] > 0
        assert run["peak_rss_mib"] > 0
        assert run["rows"] and all(count > 0 for count in run["rows"].values()), run

    # Everyone read the same file: about 1% of its lines are malformed, so no contender
    # loaded more than 2,000 records, and the floor keeps every line with an id.
    assert 1900 < runs["floor"]["rows"]["floor_papers"] < 2000
    assert runs["naive"]["rows"]["naive_papers"] == runs["floor"]["rows"]["floor_papers"]
    assert runs["dlt-csv"]["rows"] == runs["dlt-insert_values"]["rows"]

    ours = runs["paperhouse"]
    assert set(ours["stage_seconds"]) == {
        "open", "read", "extract", "transform", "stage", "assemble", "validate", "publish"
    }  # fmt: skip
    assert ours["rows"]["papers"] <= runs["floor"]["rows"]["floor_papers"]
    assert ours["rows"]["results"] > 0 and ours["rows"]["paper_tags"] > 0
    assert ours["reload_skip_seconds"] > 0
    # The changed copy revises every hundredth line that is a record: those papers are
    # updated, none is new.
    assert 15 <= ours["changed_records"] <= 20
    papers = ours["changed_load_rows"]["papers"]
    assert papers["inserted"] == 0 and papers["deleted"] == 0
    assert 0 < papers["updated"] <= ours["changed_records"]

    report = (tmp_path / "BENCHMARKS.md").read_text()
    assert all(f"| 2,000 | {name} |" in report for name in CONTENDERS)

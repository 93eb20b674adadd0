"""The gate in a process of its own (etl.validate.gate_process): the same verdict as the gate
run here, a closed gate when the process is gone, and no process left behind a killed load."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
import sqlalchemy as sa

from etl import db
from etl.config import PROJECT_ROOT, Settings
from etl.load import ledger
from etl.pipeline import EXIT_BLOCKED, StagedRun, open_sources, stage_inputs
from etl.progress import Progress
from etl.validate.gate import GateResult, run_gate
from etl.validate.gate_process import GateProcess, GateProcessError, command_runs_a_gate
from tests.etl_process import run_etl
from tests.published import published_state

FIXTURES = Path(__file__).parents[1] / "fixtures"


def _ended(pid: int) -> bool:
    """Whether the process is gone or a zombie (ended, not yet reaped by its new parent)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state in {"Z", "X"}


def _checks(gate: GateResult) -> list[tuple]:
    return [
        (c.table, c.check, c.success, c.unexpected_count, c.sample, c.error, c.offending_query)
        for c in gate.checks
    ]


def _staged_daily_papers(engine: sa.Engine, settings: Settings) -> StagedRun:
    """The Daily Papers fixtures staged by a run started for them."""
    ledger.start_run(engine, "load")
    sources, _ = open_sources(sorted((FIXTURES / "hf-daily").glob("*.json")), None)
    return stage_inputs(engine, sources, settings, Progress(quiet=True), reload=False)


def test_the_gate_process_gives_the_verdict_of_the_gate_run_here(
    settings: Settings, tmp_path: Path
) -> None:
    engine = db.create_engine(settings)
    staged = _staged_daily_papers(engine, settings)
    with engine.begin() as conn:
        # Two broken checks: a paper key twice, and one that is not <kind>:<identifier>.
        conn.exec_driver_sql(
            f'INSERT INTO "{staged.schema}".papers SELECT * FROM "{staged.schema}".papers LIMIT 1'
        )
        conn.exec_driver_sql(
            f"""INSERT INTO "{staged.schema}".papers (paper_key, title)
                VALUES ('no-kind-here', 'A title')"""
        )
    here = run_gate(engine, staged.schema, settings, tmp_path / "here")
    child = GateProcess()
    try:
        there = child.run(engine, staged.schema, settings, tmp_path / "there")
        child.wait_for_data_docs()
        # Asked again, it answers again, after the pages of its last verdict.
        again = child.run(engine, staged.schema, settings, tmp_path / "again")
        child.wait_for_data_docs()
    finally:
        child.close()
        engine.dispose()

    assert len(here.blocking) >= 2 and not here.passed
    assert _checks(there) == _checks(here) == _checks(again)
    assert (there.passed, there.quarantinable) == (here.passed, here.quarantinable)
    assert (tmp_path / "here" / "index.html").is_file()
    assert (tmp_path / "there" / "index.html").is_file()
    assert (tmp_path / "again" / "index.html").is_file()


def test_data_docs_that_cannot_be_written_fail_after_the_verdict(
    settings: Settings, tmp_path: Path
) -> None:
    engine = db.create_engine(settings)
    staged = _staged_daily_papers(engine, settings)
    not_a_folder = tmp_path / "data-docs"
    not_a_folder.write_text("a file where the pages would go")
    child = GateProcess()
    try:
        verdict = child.run(engine, staged.schema, settings, not_a_folder)
        with pytest.raises(GateProcessError, match="Data Docs could not be written"):
            child.wait_for_data_docs()
    finally:
        child.close()
        engine.dispose()

    assert verdict.passed


def test_a_gate_process_whose_load_ended_unread_ends_quietly(
    settings: Settings, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """A load stopped (Ctrl-C, a failed publish) after the verdict leaves the message that
    its Data Docs are written unread; its end of the socket closing resets the child's."""
    engine = db.create_engine(settings)
    staged = _staged_daily_papers(engine, settings)
    child = GateProcess()
    try:
        child.run(engine, staged.schema, settings, tmp_path / "docs")
        # The load's side, as its process ends: the child's next message waits unread.
        assert child._pipe.poll(60)
        child._pipe.close()
        assert child._process.wait(timeout=60) == 0
    finally:
        child.close()
        engine.dispose()

    assert "Traceback" not in capfd.readouterr().err


def test_a_gate_process_that_ended_closes_the_gate(settings: Settings, tmp_path: Path) -> None:
    engine = db.create_engine(settings)
    child = GateProcess()
    os.kill(child.pid, signal.SIGKILL)
    try:
        with pytest.raises(GateProcessError, match="ended without a verdict"):
            child.run(engine, "etl_staging", settings, tmp_path)
    finally:
        child.close()
        engine.dispose()


def test_the_gate_process_of_a_killed_load_ends() -> None:
    parent = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import time; from etl.validate.gate_process import GateProcess; "
            "print(GateProcess().pid, flush=True); time.sleep(120)",
        ],
        cwd=PROJECT_ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    child_pid = int(parent.stdout.readline())
    assert not _ended(child_pid)
    parent.kill()
    parent.wait()
    # It reads the end of its socket once its import is done (a few seconds).
    deadline = time.monotonic() + 60
    while not _ended(child_pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _ended(child_pid)


@pytest.mark.parametrize(
    ("argv", "gated"),
    [
        (["load", "a.txt"], True),
        (["load", "--json", "a.txt"], True),
        (["rederive"], True),
        (["load", "--help"], False),
        (["rederive", "-h"], False),
        (["extract", "load"], False),
        (["db", "start"], False),
        ([], False),
    ],
)
def test_the_commands_that_start_the_gate_process_first(argv: list[str], gated: bool) -> None:
    assert command_runs_a_gate(argv) is gated


def test_a_load_whose_data_docs_cannot_be_written_publishes_nothing(
    database_url: str, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "data-docs").write_text("a file where the runs' pages would go")

    failed = run_etl(
        ["load", str(FIXTURES / "hf-daily" / "2024-08-05.json")],
        database_url,
        PAPERHOUSE_HOME=str(home),
    )

    assert failed.returncode == EXIT_BLOCKED, failed.stderr
    assert "Data Docs could not be written" in failed.stderr
    assert "nothing from this run was published" in failed.stderr
    assert "Traceback" not in failed.stderr
    assert published_state(database_url)["public.papers"][0] == 0
    with psycopg.connect(database_url) as conn:
        assert conn.execute("SELECT status FROM etl.runs").fetchall() == [("failed",)]

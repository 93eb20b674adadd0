"""The `etl` command as users run it: a real process, real exit codes, real servers."""

import socket
from pathlib import Path

import psycopg
import pytest

from etl.config import PROJECT_ROOT
from tests.etl_process import run_etl

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_help_lists_commands_and_exit_codes() -> None:
    result = run_etl(["--help"])
    assert result.returncode == 0
    for word in ("load", "extract", "db", "runs", "Exit codes", "DATABASE_URL"):
        assert word in result.stdout


def test_embedded_server_start_status_url_stop(tmp_path: Path) -> None:
    env = {"PAPERHOUSE_HOME": str(tmp_path / "home"), "PAPERHOUSE_PG_PORT": str(_free_port())}
    try:
        started = run_etl(["db", "start"], **env)
        assert started.returncode == 0, started.stderr
        assert "started" in started.stdout
        assert "already running" in run_etl(["db", "start"], **env).stdout

        url = run_etl(["db", "url"], **env).stdout.strip()
        password_file = tmp_path / "home" / "superuser.pgpass"
        assert url == (
            f"postgresql://postgres@127.0.0.1:{env['PAPERHOUSE_PG_PORT']}/paperhouse"
            f"?passfile={password_file}"
        )
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT current_database()").fetchone()[0] == "paperhouse"
        assert run_etl(["db", "status"], **env).returncode == 0
    finally:
        stopped = run_etl(["db", "stop"], **env)
    assert stopped.returncode == 0 and "stopped" in stopped.stdout
    status = run_etl(["db", "status"], **env)
    assert status.returncode == 3 and "not running" in status.stdout
    url = run_etl(["db", "url"], **env)
    assert url.returncode == 3 and "make db-start" in url.stderr


def test_db_url_prints_database_url_for_psql(database_url: str) -> None:
    as_sqlalchemy = database_url.replace("postgresql://", "postgresql+psycopg://")
    result = run_etl(["db", "url"], DATABASE_URL=as_sqlalchemy)
    assert result.stdout.strip() == database_url


def test_load_into_an_unmigrated_database_exits_3(empty_database_url: str) -> None:
    result = run_etl(
        ["load", str(PROJECT_ROOT / "data/sample/neurips-2025-papers.txt")],
        DATABASE_URL=empty_database_url,
    )
    assert result.returncode == 3
    assert "alembic upgrade head" in result.stderr


def test_unreachable_database_exits_3() -> None:
    url = f"postgresql://postgres@127.0.0.1:{_free_port()}/nothing"
    result = run_etl(
        ["load", str(PROJECT_ROOT / "data/sample/neurips-2025-papers.txt")], DATABASE_URL=url
    )
    assert result.returncode == 3
    assert "cannot connect" in result.stderr


def test_load_prints_progress_summary_and_runs_lists_it(database_url: str) -> None:
    sample = str(PROJECT_ROOT / "data/sample/neurips-2025-papers.txt")
    result = run_etl(["load", sample], DATABASE_URL=database_url)
    assert result.returncode == 0, result.stderr
    for stage in ("open", "read", "assemble", "validate", "publish"):
        assert f"  {stage}" in result.stderr
    assert "run 1 published" in result.stderr
    assert "papers                      19        19        0        0" in result.stderr

    runs = run_etl(["runs"], DATABASE_URL=database_url)
    assert runs.returncode == 0
    assert "published" in runs.stdout.splitlines()[1]

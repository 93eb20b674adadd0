"""Loads that survive faults: a load killed at any point, two loads at once, a connection
lost mid-run. Real `etl load` processes, real SIGKILL, a real Postgres."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import psycopg
import pytest
import sqlalchemy as sa

from bench.generate_arxiv import generate
from bench.reader_wait import published_relations
from etl import db
from etl.config import PROJECT_ROOT, Settings
from etl.load import ledger
from tests.etl_process import run_etl, run_etl_here
from tests.published import compare_databases, constraints_and_indexes, published_state

pytestmark = pytest.mark.faults

FIXTURES = Path(__file__).parents[1] / "fixtures"
FIRST_FILE = FIXTURES / "arxiv" / "snapshot-sample.jsonl"
# Large enough that each stage of its load lasts long enough to be caught in (copying, the
# shortest, takes about 0.1 s at this size; a kill point is looked for every few ms).
RECORDS = 2000

# When to kill: a condition on the database, checked every few milliseconds while the load
# runs. Other sessions only (the test's own is excluded).
KILL_POINTS = {
    # The staging schema exists and nothing is copied yet: reading and transforming.
    "extract": "EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'etl_staging') "
    "AND NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() "
    "AND query LIKE 'COPY %FROM STDIN%')",
    "copy": "EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() "
    "AND state = 'active' AND query LIKE 'COPY %FROM STDIN%')",
    "validate": "EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() "
    "AND state = 'active' AND application_name LIKE 'paperhouse-gate %')",
    # The publish transaction has written to a published table and not committed.
    "publish": "EXISTS (SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
    "WHERE c.relname = 'paper_sources' AND c.relnamespace = 'public'::regnamespace "
    "AND l.mode = 'RowExclusiveLock' AND l.pid <> pg_backend_pid())",
}


@pytest.fixture(scope="module")
def second_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("faults") / "arxiv-generated.jsonl"
    generate(path, RECORDS, seed=11)
    return path


@pytest.fixture(scope="module")
def first_file_published(
    scratch_database: Callable[..., AbstractContextManager[str]],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[str]:
    """A database in which `etl load` published FIRST_FILE: where the tests start."""
    with scratch_database() as url:
        home = tmp_path_factory.mktemp("faults") / "home"
        assert (
            run_etl_here(["load", str(FIRST_FILE)], url, PAPERHOUSE_HOME=str(home)).returncode == 0
        )
        yield url


@pytest.fixture
def published_url(
    scratch_database: Callable[..., AbstractContextManager[str]], first_file_published: str
) -> Iterator[str]:
    """A copy of `first_file_published` for this test only."""
    with scratch_database(first_file_published) as url:
        yield url


def _start(url: str, path: Path, log: Path, **env: str) -> subprocess.Popen:
    with log.open("w") as stderr:
        return subprocess.Popen(
            [sys.executable, "-m", "etl", "load", str(path)],
            cwd=PROJECT_ROOT,
            env={
                **os.environ,
                "DATABASE_URL": url,
                "PAPERHOUSE_HOME": str(log.parent / "home"),
                **env,
            },
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )


def _holds(url: str, condition: str) -> bool:
    with psycopg.connect(url, autocommit=True) as conn:
        return conn.execute(f"SELECT {condition}").fetchone()[0]


def _wait_until(url: str, condition: str, load: subprocess.Popen, what: str) -> None:
    deadline = time.monotonic() + 300
    # One session for all the looks: a connection per look would take longer than a look.
    with psycopg.connect(url, autocommit=True) as conn:
        while not conn.execute(f"SELECT {condition}").fetchone()[0]:
            assert load.poll() is None, f"the load ended before {what}"
            assert time.monotonic() < deadline, f"never reached {what}"
            time.sleep(0.002)


def _wait_for_sessions_to_end(url: str) -> None:
    """A killed client's sessions end when the server notices (at once when idle, at the end
    of the statement when busy)."""
    deadline = time.monotonic() + 120
    while _holds(
        url,
        "EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() "
        "AND pid <> pg_backend_pid())",
    ):
        assert time.monotonic() < deadline, "the killed load's sessions never ended"
        time.sleep(0.05)


def _runs(url: str) -> list[tuple[int, str]]:
    with psycopg.connect(url) as conn:
        return conn.execute("SELECT run_id, status FROM etl.runs ORDER BY run_id").fetchall()


def _staging_schema_left(url: str) -> int:
    with psycopg.connect(url) as conn:
        return conn.execute(
            "SELECT count(*) FROM pg_namespace WHERE nspname = 'etl_staging'"
        ).fetchone()[0]


@pytest.mark.parametrize("point", list(KILL_POINTS))
def test_a_load_killed_at_any_point_leaves_the_published_state_and_the_next_run_completes(
    point: str, published_url: str, second_file: Path, tmp_path: Path
) -> None:
    database_url = published_url  # FIRST_FILE published
    before = published_state(database_url)

    load = _start(database_url, second_file, tmp_path / "killed.log")
    _wait_until(database_url, KILL_POINTS[point], load, point)
    load.kill()
    load.wait(timeout=60)
    _wait_for_sessions_to_end(database_url)

    assert published_state(database_url) == before
    assert _runs(database_url)[-1][1] == "running"  # a killed process cannot say otherwise
    listing = run_etl(["runs"], database_url)
    assert listing.returncode == 0, listing.stderr
    assert [status for _, status in _runs(database_url)] == ["published", "interrupted"]
    assert "interrupted" in listing.stdout
    assert _staging_schema_left(database_url) == 0

    # The next run need not be a process of its own: what it meets is what the kill left.
    rerun = run_etl_here(["load", str(second_file)], database_url, PAPERHOUSE_HOME=str(tmp_path))
    assert rerun.returncode == 0, rerun.stderr
    assert [status for _, status in _runs(database_url)] == [
        "published",
        "interrupted",
        "published",
    ]
    after = published_state(database_url)
    assert after["public.papers"][0] > before["public.papers"][0]
    assert _staging_schema_left(database_url) == 0


def test_a_load_killed_during_a_bulk_publish_leaves_the_tables_as_they_were(
    database_url: str, second_database_url: str, second_file: Path, tmp_path: Path
) -> None:
    # Empty tables, every one bulky: the load is killed while rows are written with their
    # foreign keys not checked row by row, before they are checked.
    before = published_state(database_url)
    catalog = constraints_and_indexes(database_url)

    load = _start(database_url, second_file, tmp_path / "killed.log", PAPERHOUSE_BULK_ROWS="1")
    _wait_until(database_url, KILL_POINTS["publish"], load, "publish")
    load.kill()
    load.wait(timeout=60)
    _wait_for_sessions_to_end(database_url)

    assert published_state(database_url) == before
    assert constraints_and_indexes(database_url) == catalog

    rerun = run_etl_here(
        ["load", str(second_file)],
        database_url,
        PAPERHOUSE_HOME=str(tmp_path),
        PAPERHOUSE_BULK_ROWS="1",
    )
    assert rerun.returncode == 0, rerun.stderr
    assert constraints_and_indexes(database_url) == catalog
    # What the next run published is what a load never interrupted publishes.
    undisturbed = run_etl_here(
        ["load", str(second_file)], second_database_url, PAPERHOUSE_HOME=str(tmp_path)
    )
    assert undisturbed.returncode == 0, undisturbed.stderr
    comparison = compare_databases(database_url, second_database_url)
    assert comparison.returncode == 0, comparison.stdout + comparison.stderr


def test_readers_are_not_blocked_by_a_bulk_publish(
    published_url: str, second_file: Path, tmp_path: Path
) -> None:
    database_url = published_url  # FIRST_FILE published: readers have rows to read
    relations = published_relations(database_url)
    # The publish transaction's last write is to etl.loaded_files: holding that table
    # against writes (reads go on) keeps the publish open, with every lock it took, until
    # the readers below are done.
    with psycopg.connect(database_url) as holder:
        holder.execute("LOCK TABLE etl.loaded_files IN EXCLUSIVE MODE")
        load = _start(database_url, second_file, tmp_path / "bulk.log", PAPERHOUSE_BULK_ROWS="1")
        _wait_until(
            database_url,
            "EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid())",
            load,
            "the publish waiting to record its files",
        )
        assert _holds(database_url, KILL_POINTS["publish"])
        # A reader that waits for a lock more than a second fails instead.
        with psycopg.connect(database_url, autocommit=True) as reader:
            reader.execute("SET lock_timeout = '1s'")
            for relation in relations:
                reader.execute(f"SELECT count(*) FROM {relation}").fetchone()
    assert load.wait(timeout=600) == 0


def test_two_loads_at_once_end_as_one_load(
    database_url: str, second_file: Path, tmp_path: Path
) -> None:
    loads = [_start(database_url, second_file, tmp_path / f"load{i}.log") for i in (1, 2)]
    assert [load.wait(timeout=600) for load in loads] == [0, 0]

    assert sorted(status for _, status in _runs(database_url)) == ["published", "skipped"]
    logs = [(tmp_path / f"load{i}.log").read_text() for i in (1, 2)]
    assert any("waiting for it to finish" in log for log in logs)
    once = published_state(database_url)
    with psycopg.connect(database_url) as conn:
        papers = conn.execute(
            "SELECT (row_counts -> 'papers' ->> 'inserted')::int FROM etl.runs "
            "WHERE status = 'published'"
        ).fetchone()[0]
    assert once["public.papers"][0] == papers > 0
    assert once["etl.loaded_files"][0] == 1


def test_a_lost_connection_fails_the_run_cleanly(
    published_url: str, second_file: Path, tmp_path: Path
) -> None:
    database_url = published_url  # FIRST_FILE published
    before = published_state(database_url)

    log = tmp_path / "lost.log"
    load = _start(database_url, second_file, log)
    _wait_until(database_url, KILL_POINTS["copy"], load, "copy")
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    assert load.wait(timeout=120) == 3
    stderr = log.read_text()
    assert "lost the database connection" in stderr
    assert "Traceback" not in stderr

    assert published_state(database_url) == before
    rerun = run_etl_here(["load", str(second_file)], database_url, PAPERHOUSE_HOME=str(tmp_path))
    assert rerun.returncode == 0, rerun.stderr
    statuses = [status for _, status in _runs(database_url)]
    assert statuses[0] == "published" and statuses[-1] == "published"
    assert statuses[1] in ("failed", "interrupted")
    assert _staging_schema_left(database_url) == 0


def test_staging_left_by_an_older_version_is_dropped_by_the_next_recovery(
    database_url: str,
) -> None:
    # Versions before the fixed staging schema staged each run in staging_run_<N>.
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("CREATE SCHEMA staging_run_5")
        conn.execute("CREATE TABLE staging_run_5.papers (paper_key text)")
        conn.execute("CREATE SCHEMA etl_staging")
    listing = run_etl(["runs"], database_url)
    assert listing.returncode == 0, listing.stderr
    with psycopg.connect(database_url) as conn:
        left = conn.execute(
            "SELECT nspname FROM pg_namespace WHERE nspname LIKE '%staging%'"
        ).fetchall()
    assert left == []


def _hold_the_next_run_in_its_publish(url: str) -> int:
    """Make the publish of the next run never end by itself: its INSERT into paper_sources
    (fault_test.hold, a statement trigger) sleeps until its session is ended. Later runs pass
    through. Returns the held run's id."""
    with psycopg.connect(url, autocommit=True) as conn:
        held = conn.execute("SELECT coalesce(max(run_id), 0) + 1 FROM etl.runs").fetchone()[0]
        conn.execute("CREATE SCHEMA fault_test")
        conn.execute(
            f"""CREATE FUNCTION fault_test.hold() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF EXISTS (SELECT 1 FROM etl.runs WHERE run_id = {held} AND session_tag =
                           split_part(current_setting('application_name'), ' ', 2)) THEN
                    LOOP
                        PERFORM pg_sleep(0.05);
                    END LOOP;
                END IF;
                RETURN NULL;
            END $$"""
        )
        conn.execute(
            "CREATE TRIGGER hold BEFORE INSERT ON public.paper_sources "
            "FOR EACH STATEMENT EXECUTE FUNCTION fault_test.hold()"
        )
    return held


def _sessions_of_run(url: str, run_id: int) -> int:
    with psycopg.connect(url, autocommit=True) as conn:
        return conn.execute(
            "SELECT count(*) FROM pg_stat_activity a JOIN etl.runs r "
            "ON r.session_tag = split_part(a.application_name, ' ', 2) WHERE r.run_id = %s",
            (run_id,),
        ).fetchone()[0]


@pytest.mark.parametrize("connection_check", ["server", "next load"])
def test_a_load_killed_inside_a_long_publish_statement_does_not_hold_up_the_next(
    connection_check: str,
    published_url: str,
    scratch_database: Callable[..., AbstractContextManager[str]],
    first_file_published: str,
    second_file: Path,
    tmp_path: Path,
) -> None:
    # Who ends the statement the killed load left running: the server, which checks that
    # the load is still connected, or (that check off) the next load, which finds the
    # session tagged as a dead run's.
    database_url = published_url  # FIRST_FILE published
    held = _hold_the_next_run_in_its_publish(database_url)
    check_ms = "1000" if connection_check == "server" else "0"

    load = _start(
        database_url,
        second_file,
        tmp_path / "killed.log",
        PAPERHOUSE_CONNECTION_CHECK_MS=check_ms,
    )
    _wait_until(
        database_url,
        "EXISTS (SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep' "
        "AND query LIKE '%publish/paper_sources%')",
        load,
        "the publish held in its statement",
    )
    load.kill()
    load.wait(timeout=60)
    if connection_check == "server":
        _wait_for_sessions_to_end(database_url)
    else:
        time.sleep(2)  # the server would have ended it by now if it checked
        assert _sessions_of_run(database_url, held) == 1

    # A process, with a deadline: the statement left running never ends by itself.
    rerun = run_etl(["load", str(second_file)], database_url, PAPERHOUSE_HOME=str(tmp_path))
    assert rerun.returncode == 0, rerun.stderr
    ended = f"run {held} died and left a session at work (publish/paper_sources, for"
    assert (ended in rerun.stderr) == (connection_check == "next load"), rerun.stderr
    assert _sessions_of_run(database_url, held) == 0
    assert [status for _, status in _runs(database_url)] == [
        "published",
        "interrupted",
        "published",
    ]
    assert _staging_schema_left(database_url) == 0

    # The tables are those of a load never interrupted.
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("DROP SCHEMA fault_test CASCADE")
    with scratch_database(first_file_published) as undisturbed_url:
        undisturbed = run_etl_here(
            ["load", str(second_file)], undisturbed_url, PAPERHOUSE_HOME=str(tmp_path)
        )
        assert undisturbed.returncode == 0, undisturbed.stderr
        comparison = compare_databases(database_url, undisturbed_url)
        assert comparison.returncode == 0, comparison.stdout + comparison.stderr


def test_every_session_of_a_run_is_checked_for_its_client_and_tagged_as_the_run_s(
    settings: Settings,
) -> None:
    engine = db.create_engine(settings)
    try:
        tag = db.session_tag(engine)
        run_id = ledger.start_run(engine, "load")
        with engine.connect() as conn:
            assert conn.exec_driver_sql(
                "SELECT current_setting('application_name'), "
                "current_setting('client_connection_check_interval'), "
                "current_setting('tcp_keepalives_idle')"
            ).one() == (f"paperhouse {tag}", "1s", "10")
            recorded = conn.exec_driver_sql(
                f"SELECT session_tag FROM etl.runs WHERE run_id = {run_id}"
            ).scalar_one()
        assert recorded == tag
        # The gate's sessions (Great Expectations' engine, made from this URL) carry the same
        # tag and options.
        gate = sa.create_engine(db.client_url(engine, db.GATE_APPLICATION_NAME))
        with gate.connect() as conn:
            assert conn.exec_driver_sql(
                "SELECT current_setting('application_name'), "
                "current_setting('client_connection_check_interval')"
            ).one() == (f"paperhouse-gate {tag}", "1s")
        gate.dispose()
    finally:
        engine.dispose()
    other = db.create_engine(settings)
    try:
        assert db.session_tag(other) != tag  # each engine, each load, its own
    finally:
        other.dispose()


@pytest.mark.parametrize(
    ("signal_sent", "exit_code", "said"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated (SIGTERM)")],
)
def test_ctrl_c_and_sigterm_cancel_the_running_statement_and_publish_nothing(
    signal_sent: signal.Signals,
    exit_code: int,
    said: str,
    published_url: str,
    second_file: Path,
    tmp_path: Path,
) -> None:
    database_url = published_url  # FIRST_FILE published
    before = published_state(database_url)
    held = _hold_the_next_run_in_its_publish(database_url)
    log = tmp_path / "stopped.log"
    # The server's own check off: only the cancel the load sends can end its statement.
    load = _start(database_url, second_file, log, PAPERHOUSE_CONNECTION_CHECK_MS="0")
    _wait_until(
        database_url,
        "EXISTS (SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep' "
        "AND query LIKE '%publish/paper_sources%')",
        load,
        "the publish held in its statement",
    )
    load.send_signal(signal_sent)
    assert load.wait(timeout=60) == exit_code
    stderr = log.read_text()
    assert f"etl: error: {said}; nothing from this run was published" in stderr
    assert "Traceback" not in stderr
    assert _sessions_of_run(database_url, held) == 0
    assert _runs(database_url)[-1] == (held, "failed")
    assert _staging_schema_left(database_url) == 0
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("DROP SCHEMA fault_test CASCADE")
    assert published_state(database_url) == before

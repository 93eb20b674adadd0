"""The read-only role: `etl db create-reader` makes a login that reads every published table
and analytics view, and cannot write, create, or look into the etl and staging schemas."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from urllib.parse import quote

import psycopg
import pytest
from psycopg import errors
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from etl.config import Settings
from etl.pipeline import RunOutcome
from tests.conftest import FIXTURES_DIR
from tests.etl_process import run_etl_here

pytestmark = pytest.mark.slow

PASSWORD = "a reader's password"


@pytest.fixture
def reader(samples_loaded: tuple[RunOutcome, Settings]) -> Iterator[tuple[str, str]]:
    """A reader login made by `etl db create-reader` in a copy of the loaded samples: the
    superuser's URL and the reader's. Roles belong to the server: it is dropped after."""
    _, settings = samples_loaded
    url = settings.database_url
    name = f"analyst_{secrets.token_hex(4)}"
    made = run_etl_here(["db", "create-reader", name], url, PAPERHOUSE_READER_PASSWORD=PASSWORD)
    assert made.returncode == 0, made.stderr
    assert f"created the read-only login {name}" in made.stdout
    try:
        yield url, make_conninfo(url, user=name, password=PASSWORD)
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP ROLE "{name}"')


def _relations(url: str, schemas: tuple[str, ...]) -> list[str]:
    with psycopg.connect(url) as conn:
        return [
            name
            for (name,) in conn.execute(
                "SELECT format('%%I.%%I', n.nspname, c.relname) FROM pg_class c "
                "JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE c.relkind IN ('r', 'v', 'm') AND n.nspname = ANY(%s) ORDER BY 1",
                (list(schemas),),
            )
        ]


def _count(url: str, relation: str) -> int:
    with psycopg.connect(url) as conn:
        return conn.execute(f"SELECT count(*) FROM {relation}").fetchone()[0]


def _refused(url: str, statement: str) -> bool:
    with psycopg.connect(url) as conn:
        try:
            conn.execute(statement)
        except errors.InsufficientPrivilege:
            return True
    return False


# The vocabulary with its thousands of tasks no paper has: readers see analytics.tags.
HIDDEN_FROM_READERS = ("public.tags",)


def test_a_reader_reads_every_published_table_and_analytics_view(
    reader: tuple[str, str],
) -> None:
    superuser, login = reader
    relations = [
        r for r in _relations(superuser, ("public", "analytics")) if r not in HIDDEN_FROM_READERS
    ]
    assert "analytics.paper_overview" in relations and "public.papers" in relations
    assert {r: _count(login, r) for r in relations} == {r: _count(superuser, r) for r in relations}
    # The run history, which a reader sees only through analytics.runs.
    with psycopg.connect(superuser) as conn:
        files, rejected = conn.execute(
            "SELECT input_files, rejected_count FROM etl.runs"
        ).fetchone()
    with psycopg.connect(login) as conn:
        run = conn.execute(
            "SELECT status, files, records_read, rejected_count, checks_failed, rows_inserted "
            "FROM analytics.runs"
        ).fetchone()
    assert run[:4] == ("published", len(files), sum(f["records"] for f in files), rejected)
    assert run[4] is not None and run[5] >= _count(superuser, "papers") > 0


def test_a_reader_sees_the_tags_papers_have_not_the_unused_vocabulary(
    reader: tuple[str, str],
) -> None:
    superuser, login = reader
    with psycopg.connect(superuser) as conn:
        unused = conn.execute(
            "SELECT count(*) FROM tags t WHERE NOT EXISTS "
            "(SELECT 1 FROM paper_tags p WHERE p.tag_id = t.tag_id AND p.stated) AND NOT EXISTS "
            "(SELECT 1 FROM results r WHERE r.task_tag_id = t.tag_id)"
        ).fetchone()[0]
    with psycopg.connect(login) as conn:
        seen = conn.execute("SELECT count(*), min(papers) FROM analytics.tags").fetchone()
        tagged = conn.execute("SELECT count(DISTINCT tag_id) FROM analytics.paper_tags").fetchone()
    assert unused > 1000 and seen[0] == _count(superuser, "tags") - unused
    assert seen[0] >= tagged[0] > 0


def test_a_reader_cannot_write_create_or_see_the_internals(reader: tuple[str, str]) -> None:
    superuser, login = reader
    assert _refused(login, "DELETE FROM papers")
    assert _refused(login, "UPDATE tags SET tag_name = tag_name")
    for hidden in HIDDEN_FROM_READERS:
        assert _refused(login, f"SELECT 1 FROM {hidden} LIMIT 1"), hidden
    assert _refused(login, "CREATE TABLE public.scratch (x int)")
    assert _refused(login, "CREATE VIEW analytics.scratch AS SELECT 1 AS x")
    assert _refused(login, "CREATE SCHEMA scratch")
    for internal in _relations(superuser, ("etl",)):
        assert _refused(login, f"SELECT 1 FROM {internal} LIMIT 1"), internal
    # A run's staging schema, made as a load makes it, and a table a later migration adds.
    with psycopg.connect(superuser) as conn:
        conn.execute("CREATE SCHEMA etl_staging")
        conn.execute("CREATE TABLE etl_staging.papers AS SELECT * FROM papers")
        conn.execute("CREATE TABLE public.added_later (x int)")
        conn.execute("COMMENT ON TABLE public.added_later IS 'a table of a later migration'")
    assert _refused(login, "SELECT count(*) FROM etl_staging.papers")
    assert _count(login, "public.added_later") == 0


def test_the_password_is_stored_as_a_scram_verifier_checked_and_can_be_changed(
    reader: tuple[str, str],
) -> None:
    superuser, login = reader
    name = conninfo_to_dict(login)["user"]
    again = run_etl_here(
        ["db", "create-reader", name], superuser, PAPERHOUSE_READER_PASSWORD="another one"
    )
    assert again.returncode == 0, again.stderr
    assert f"changed the password of the read-only login {name}" in again.stdout
    with psycopg.connect(superuser) as conn:
        stored = conn.execute(
            "SELECT rolpassword FROM pg_authid WHERE rolname = %s", (name,)
        ).fetchone()[0]
    assert stored.startswith("SCRAM-SHA-256$") and "another one" not in stored
    # The server checks passwords: the old one no longer logs in, the new one does.
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(login).close()
    with psycopg.connect(make_conninfo(login, password="another one")) as conn:
        assert conn.execute("SELECT current_user").fetchone() == (name,)


def test_create_reader_refuses_a_role_that_is_not_a_reader(
    samples_loaded: tuple[RunOutcome, Settings],
) -> None:
    _, settings = samples_loaded
    refused = run_etl_here(
        ["db", "create-reader", "postgres"], settings.database_url, PAPERHOUSE_READER_PASSWORD="x"
    )
    assert refused.returncode != 0
    assert "is not a login of paperhouse_reader" in refused.stderr


def _as_url(login: str) -> str:
    """The reader's login as the postgresql:// URL that DATABASE_URL takes."""
    parts = conninfo_to_dict(login)
    return (
        f"postgresql://{quote(parts['user'], safe='')}:{quote(parts['password'], safe='')}"
        f"@{parts['host']}:{parts['port']}/{parts['dbname']}"
    )


@pytest.fixture
def with_rejects(reader: tuple[str, str]) -> tuple[str, str, int]:
    """The reader's database after a second load, of a leaderboard file whose models without
    a paper are quarantined: the superuser's URL, the reader's and the run."""
    superuser, login = reader
    leaderboard = FIXTURES_DIR / "pwc" / "evaluation-tables.json"
    loaded = run_etl_here(["load", "--no-report", str(leaderboard)], superuser)
    assert loaded.returncode == 0, loaded.stderr
    with psycopg.connect(superuser) as conn:
        run_id = conn.execute("SELECT max(run_id) FROM etl.runs").fetchone()[0]
    return superuser, login, run_id


def test_a_reader_sees_why_records_are_missing_but_not_their_raw_input(
    with_rejects: tuple[str, str, int],
) -> None:
    superuser, login, run_id = with_rejects
    columns = "run_id, record_number, line_number, source_record_id, rule, check_name, reason"
    with psycopg.connect(superuser) as conn:
        quarantined = conn.execute(
            f"SELECT {columns}, source_file FROM etl.rejects ORDER BY reject_id"
        ).fetchall()
    with psycopg.connect(login) as conn:
        seen = conn.execute(
            f"SELECT {columns}, file_name FROM analytics.rejects ORDER BY reject_id"
        )
        shown = [column.name for column in seen.description]
        rows = seen.fetchall()
    assert len(rows) == len(quarantined) > 0 and {row[0] for row in rows} == {run_id}
    assert [row[:-1] for row in rows] == [row[:-1] for row in quarantined]
    # The file's name without the directories it was loaded from; no quote of the input.
    assert {row[-1] for row in rows} == {"evaluation-tables.json"}
    assert {row[-1] for row in quarantined} != {"evaluation-tables.json"}
    assert "raw_snippet" not in shown and "source_file" not in shown
    assert all(row[3] and row[3].startswith("/") for row in rows)  # a leaderboard row's pointer
    assert _refused(login, "SELECT raw_snippet FROM etl.rejects")
    assert _refused(login, "SELECT 1 FROM etl.runs")


def test_etl_runs_works_for_a_reader_from_the_analytics_views(
    with_rejects: tuple[str, str, int],
) -> None:
    superuser, login, run_id = with_rejects
    as_reader = _as_url(login)
    listed = run_etl_here(["runs"], as_reader)
    assert listed.returncode == 0, listed.stderr
    assert [line.split()[:2] for line in listed.stdout.splitlines()[1:]] == [
        [str(run_id), "published"],
        ["1", "published"],
    ]
    shown = run_etl_here(["runs", "show", str(run_id)], as_reader)
    assert shown.returncode == 0, shown.stderr
    assert f"run {run_id} published" in shown.stdout
    assert f"see analytics.rejects, run_id {run_id}" in shown.stdout
    assert "evaluation-tables.json record " in shown.stdout
    assert "[value.not_a_number]" in shown.stdout
    assert "needs a login that can read the etl schema" in shown.stdout
    # The owner's `runs show` points at the same view.
    full = run_etl_here(["runs", "show", str(run_id)], superuser)
    assert f"see analytics.rejects, run_id {run_id}" in full.stdout
    assert "needs a login" not in full.stdout


def test_a_command_a_reader_may_not_run_says_why_without_a_traceback(
    reader: tuple[str, str],
) -> None:
    _, login = reader
    sample = FIXTURES_DIR / "pwc" / "evaluation-tables.json"
    refused = run_etl_here(["load", "--no-report", str(sample)], _as_url(login))
    assert refused.returncode == 2
    assert "this login may not do what `etl load` needs (permission denied" in refused.stderr
    assert "a login that owns the database" in refused.stderr

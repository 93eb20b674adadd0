"""Shared fixtures: a real Postgres for the whole session, a fresh migrated database per test.

The server is paperhouse's own embedded Postgres, started in a temporary folder on a free
port (or the server at PAPERHOUSE_TEST_DATABASE_URL, whose user may create databases). A
migrated template database is built once; each test gets its own copy, so tests never see
each other's rows and need no cleanup.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest
from alembic import command
from psycopg import sql

from etl import db
from etl.config import PROJECT_ROOT, Settings
from etl.pipeline import EXIT_PUBLISHED, RunOutcome, load
from etl.progress import Progress

SAMPLES_DIR = PROJECT_ROOT / "data" / "sample"
FIXTURES_DIR = Path(__file__).parent / "fixtures"
TEMPLATE_DATABASE = "paperhouse_test_template"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def with_database(url: str, database: str) -> str:
    """The same server's URL for another database (its query, e.g. a passfile, kept)."""
    base, _, query = url.partition("?")
    base = base.rsplit("/", 1)[0]
    return f"{base}/{database}" + (f"?{query}" if query else "")


@pytest.fixture(scope="session", autouse=True)
def own_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """PAPERHOUSE_HOME for every command a test runs, unless it names its own: the Data Docs
    and report of test loads stay out of the checkout's .paperhouse."""
    home = tmp_path_factory.mktemp("paperhouse-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PAPERHOUSE_HOME", str(home))
        yield home


def throwaway_server(prefix: str) -> tuple[Path, db.EmbeddedPostgres]:
    """An embedded server (not started) on a free port, its data in a new folder named with
    `prefix`: the folder, to delete after, and the server."""
    # Not under pytest's temporary folder: that one is private to its user, and when run as
    # root the server runs as another user who must reach its data directory.
    home = Path(tempfile.mkdtemp(prefix=prefix))
    server = db.EmbeddedPostgres(
        data_dir=home / "pgdata",
        port=_free_port(),
        log_file=home / "postgres.log",
        password_file=home / "superuser.pgpass",
        # Throwaway data: durability only costs time here.
        extra_options=("-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"),
    )
    return home, server


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """URL of the maintenance database of a running Postgres server for this session."""
    external = os.environ.get("PAPERHOUSE_TEST_DATABASE_URL")
    if external:
        yield db.libpq_url(external)
        return
    home, server = throwaway_server("paperhouse-test-pg-")
    server.start()
    try:
        yield server.url(database="postgres")
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


def _admin(server_url: str) -> psycopg.Connection:
    return psycopg.connect(server_url, autocommit=True)


@pytest.fixture(scope="session")
def template_url(server_url: str) -> str:
    """A database migrated to head, copied for each test that needs a database."""
    with _admin(server_url) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(TEMPLATE_DATABASE))
        )
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(TEMPLATE_DATABASE)))
    url = with_database(server_url, TEMPLATE_DATABASE)
    config = db.alembic_config(url)
    config.attributes["configure_logger"] = False
    command.upgrade(config, "head")
    return url


def create_database(server_url: str, template: str | None = None) -> str:
    name = f"test_{uuid.uuid4().hex[:12]}"
    statement = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
    if template:
        statement += sql.SQL(" TEMPLATE {}").format(sql.Identifier(template))
    with _admin(server_url) as conn:
        conn.execute(statement)
    return with_database(server_url, name)


def _database_name(url: str) -> str:
    return url.partition("?")[0].rsplit("/", 1)[1]


def _dropped_after(server_url: str, url: str) -> Iterator[str]:
    # A server of one's own (PAPERHOUSE_TEST_DATABASE_URL) would otherwise fill its disk.
    yield url
    with _admin(server_url) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                sql.Identifier(_database_name(url))
            )
        )


@pytest.fixture
def database_url(server_url: str, template_url: str) -> Iterator[str]:
    """A fresh database at the latest migration, for this test only."""
    yield from _dropped_after(server_url, create_database(server_url, template=TEMPLATE_DATABASE))


@pytest.fixture
def second_database_url(server_url: str, template_url: str) -> Iterator[str]:
    """Another fresh database at the latest migration, for tests that compare two loads."""
    yield from _dropped_after(server_url, create_database(server_url, template=TEMPLATE_DATABASE))


@pytest.fixture(scope="session")
def scratch_database(
    server_url: str, template_url: str
) -> Callable[..., AbstractContextManager[str]]:
    """`with scratch_database(of) as url:` a copy of the database at URL `of` (by default the
    migrated template), dropped afterwards; nobody may be connected to `of`. For setup that
    costs a load and that several tests share: a module-scoped fixture loads a database once,
    and each test that writes to it gets a copy of it."""

    @contextmanager
    def scratch(of: str = template_url) -> Iterator[str]:
        with _admin(server_url) as conn:
            # Sessions a finished load left idle (a pool not yet collected) would block the copy.
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (_database_name(of),),
            )
        yield from _dropped_after(server_url, create_database(server_url, _database_name(of)))

    return scratch


@pytest.fixture
def empty_database_url(server_url: str) -> Iterator[str]:
    """A fresh database with no schema at all."""
    yield from _dropped_after(server_url, create_database(server_url))


@pytest.fixture
def settings(database_url: str, tmp_path: Path) -> Settings:
    return replace(Settings.from_env({}), database_url=database_url, home=tmp_path / "home")


@pytest.fixture
def sample_paths() -> list[Path]:
    return sorted(SAMPLES_DIR.glob("*.txt"))


@pytest.fixture(scope="session")
def samples_published(
    scratch_database: Callable[..., AbstractContextManager[str]],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[RunOutcome, str]]:
    """The bundled samples loaded once for the session into a fresh database: the load's
    outcome and that database, which tests copy (`samples_loaded`) and never write to."""
    with scratch_database() as url:
        settings = replace(
            Settings.from_env({}),
            database_url=url,
            home=tmp_path_factory.mktemp("samples-published") / "home",
        )
        outcome = load(sorted(SAMPLES_DIR.glob("*.txt")), settings, Progress(quiet=True))
        assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
        yield outcome, url


@pytest.fixture
def samples_loaded(
    scratch_database: Callable[..., AbstractContextManager[str]],
    samples_published: tuple[RunOutcome, str],
    tmp_path: Path,
) -> Iterator[tuple[RunOutcome, Settings]]:
    """The first load of the bundled samples into a fresh database, for this test only: the
    load's outcome, and settings for that database (a copy of `samples_published`)."""
    outcome, url = samples_published
    with scratch_database(url) as copy:
        yield outcome, replace(Settings.from_env({}), database_url=copy, home=tmp_path / "home")


@pytest.fixture(scope="session")
def every_kind_published(
    scratch_database: Callable[..., AbstractContextManager[str]],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[str]:
    """The bundled samples and a file of every other listing kind (Daily Papers days,
    conference lists, arXiv records, Papers with Code's API and leaderboard), which bring
    authors, source tags, links and leaderboard results of their own, and a reading list
    with the abstract of a Daily Papers paper (one paper in two sources), loaded once for
    the session into a fresh database that tests only read."""
    folder = tmp_path_factory.mktemp("every-kind")
    daily = json.loads((FIXTURES_DIR / "hf-daily" / "2024-08-05.json").read_text("utf-8"))
    reading_list = folder / "reading-list.txt"
    abstract = " ".join(daily[0]["paper"]["summary"].split())  # one line
    reading_list.write_text(f"Reading list\n{abstract}\n", encoding="utf-8")
    paths = [
        *sorted(SAMPLES_DIR.glob("*.txt")),
        *sorted((FIXTURES_DIR / "hf-daily").glob("*.json")),
        *sorted((FIXTURES_DIR / "paperlists").glob("*.json")),
        FIXTURES_DIR / "arxiv" / "snapshot-sample.jsonl",
        *sorted((FIXTURES_DIR / "pwc").glob("*.json")),
        FIXTURES_DIR / "listings" / "tiny.txt",
        reading_list,
    ]
    with scratch_database() as url:
        settings = replace(Settings.from_env({}), database_url=url, home=folder / "home")
        outcome = load(paths, settings, Progress(quiet=True))
        assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
        yield url

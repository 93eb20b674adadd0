"""The embedded server asks every connection for a password; the project's URLs carry none."""

import shutil
import stat
from collections.abc import Iterator

import psycopg
import pytest

from etl import db
from tests.conftest import throwaway_server

pytestmark = pytest.mark.slow


@pytest.fixture
def server() -> Iterator[db.EmbeddedPostgres]:
    home, embedded = throwaway_server("paperhouse-auth-pg-")
    try:
        yield embedded
    finally:
        embedded.stop()
        shutil.rmtree(home, ignore_errors=True)


def _without_password_file(server: db.EmbeddedPostgres, password: str | None = None) -> str:
    url = f"postgresql://{db.SUPERUSER}@127.0.0.1:{server.port}/{db.DATABASE_NAME}"
    return url if password is None else f"{url}?password={password}"


def _refused(url: str) -> str:
    with pytest.raises(psycopg.OperationalError) as refusal:
        psycopg.connect(url, passfile="/dev/null").close()
    return str(refusal.value)


def _superuser_connects(server: db.EmbeddedPostgres) -> bool:
    with psycopg.connect(server.url()) as conn:
        return conn.execute(
            "SELECT rolsuper FROM pg_roles WHERE rolname = current_user"
        ).fetchone()[0]


def test_a_new_server_asks_every_connection_for_the_generated_password(
    server: db.EmbeddedPostgres,
) -> None:
    url, started = server.start()
    assert started and "password" not in url and str(server.password_file) in url
    assert stat.S_IMODE(server.password_file.stat().st_mode) == 0o600
    password = server.superuser_password()
    assert len(password) >= 40

    assert _superuser_connects(server)
    assert "no password supplied" in _refused(_without_password_file(server))
    assert "password authentication failed" in _refused(
        _without_password_file(server, "not-the-password")
    )
    with psycopg.connect(_without_password_file(server, password)) as conn:
        assert conn.execute("SELECT 1").fetchone() == (1,)
        methods = {
            method for (method,) in conn.execute("SELECT auth_method FROM pg_hba_file_rules")
        }
    assert methods == {db.PASSWORD_METHOD}
    assert not list(server.password_file.parent.glob(".initdb-password"))

    # A restart keeps the password; a lost password file is named, not a mystery.
    server.stop()
    assert server.start()[1] and server.superuser_password() == password
    server.stop()
    server.password_file.unlink()
    with pytest.raises(db.DatabaseUnavailable, match="password file .* is missing"):
        server.start()


def test_a_server_that_trusted_every_connection_is_upgraded_in_place(
    server: db.EmbeddedPostgres,
) -> None:
    server.start()
    with psycopg.connect(server.url(), autocommit=True) as conn:
        conn.execute("CREATE TABLE kept (id int)")
        conn.execute("INSERT INTO kept VALUES (7)")
        conn.execute(f"ALTER ROLE {db.SUPERUSER} PASSWORD NULL")
    server.stop()
    # What servers made before passwords look like: trust everywhere, no password file.
    hba = server.data_dir / "pg_hba.conf"
    hba.write_text(hba.read_text().replace(db.PASSWORD_METHOD, "trust"))
    server.password_file.unlink()
    assert "trust" in hba.read_text()

    assert server.start()[1]
    assert stat.S_IMODE(server.password_file.stat().st_mode) == 0o600
    assert "no password supplied" in _refused(_without_password_file(server))
    with psycopg.connect(server.url()) as conn:
        assert conn.execute("SELECT id FROM kept").fetchall() == [(7,)]
        methods = {
            method for (method,) in conn.execute("SELECT auth_method FROM pg_hba_file_rules")
        }
    assert methods == {db.PASSWORD_METHOD}

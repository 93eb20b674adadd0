"""`make bi-smoke`: a real BI client on the loaded database. Apache Superset, from its own
virtual env (bi/superset-requirements.txt), is started on 127.0.0.1 and driven through its
REST API as an analyst's setup would: it connects as a reader login, makes a dataset of every
analytics view, runs a chart query on each and a SQL Lab query, and every number it reports
is checked against the same question asked of Postgres directly.

    .venv/bin/python -m bi.superset_smoke --superset .paperhouse/superset-venv/bin/superset

Exits 0 when every check passed, 1 otherwise; prints each step with its time.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict

from etl import db
from etl.config import Settings

READER = "superset_smoke"
ADMIN = "admin"
# A chart per view, grouped by a column where the view has a natural one to group on.
GROUP_BY = {
    "listings": "listing_kind",
    "paper_listings": "listing_kind",
    "paper_repositories": "kind",
    "paper_tags": "tag_kind",
    "results_overview": "kind",
    "runs": "status",
    "tags": "tag_kind",
}
SQL_LAB_QUERY = (
    "SELECT listing_kind, count(*) AS papers FROM analytics.paper_listings "
    "GROUP BY listing_kind ORDER BY listing_kind"
)
STARTUP_SECONDS = 180


class SmokeFailed(AssertionError):
    pass


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Superset:
    """A Superset REST API session: JSON in, JSON out, the access token kept."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.token: str | None = None

    def call(self, method: str, path: str, body: Any = None) -> Any:
        request = urllib.request.Request(
            f"{self.base}{path}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Content-Type": "application/json"}
            | ({"Authorization": f"Bearer {self.token}"} if self.token else {}),
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            raise SmokeFailed(
                f"{method} {path}: HTTP {error.code}: {error.read().decode()[:500]}"
            ) from None


class Steps:
    """Prints each step with its time; counts the checks that passed."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.checks = 0

    @contextmanager
    def step(self, what: str) -> Iterator[None]:
        began = time.monotonic()
        print(f"  {what} ...", end="", flush=True)
        yield
        print(f" {time.monotonic() - began:.1f}s", flush=True)

    def check(self, what: str, superset: Any, postgres: Any) -> None:
        if superset != postgres:
            raise SmokeFailed(f"{what}: Superset says {superset!r}, Postgres says {postgres!r}")
        self.checks += 1


def _configure(work: Path, port: int) -> dict[str, str]:
    """Superset's config (its own metadata in SQLite under `work`) and its environment."""
    config = work / "superset_config.py"
    config.write_text(
        f"SECRET_KEY = {secrets.token_urlsafe(32)!r}\n"
        f"SQLALCHEMY_DATABASE_URI = 'sqlite:///{work / 'superset.db'}'\n"
        # An API client with a bearer token, not a browser with a session: no CSRF token.
        "WTF_CSRF_ENABLED = False\n"
        "FEATURE_FLAGS = {}\n"
        "SQLLAB_ASYNC_TIME_LIMIT_SEC = 60\n"
    )
    return {
        **os.environ,
        "SUPERSET_CONFIG_PATH": str(config),
        "FLASK_APP": "superset",
        "SUPERSET_HOME": str(work),
        "SUPERSET_PORT": str(port),
    }


def _superset_cli(superset: str, env: dict[str, str], *args: str) -> None:
    result = subprocess.run([superset, *args], env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise SmokeFailed(f"superset {' '.join(args)}: {result.stderr[-2000:]}")


def _wait_until_up(base: str, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SmokeFailed(f"Superset exited {server.returncode}: {log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"{base}/health", timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(1)
    raise SmokeFailed(f"Superset did not answer within {STARTUP_SECONDS}s")


def _postgres(url: str, query: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query).fetchall()


def _chart_rows(api: Superset, dataset: int, group_by: str | None) -> list[dict[str, Any]]:
    query = {
        "metrics": [{"expressionType": "SQL", "sqlExpression": "COUNT(*)", "label": "rows"}],
        "columns": [group_by] if group_by else [],
        "orderby": [],
        "row_limit": 1000,
    }
    answer = api.call(
        "POST",
        "/api/v1/chart/data",
        {
            "datasource": {"id": dataset, "type": "table"},
            "queries": [query],
            "result_format": "json",
            "result_type": "full",
        },
    )
    return answer["result"][0]["data"]


def smoke(superset: str, url: str, steps: Steps) -> None:
    reader_password = secrets.token_urlsafe(24)
    admin_password = secrets.token_urlsafe(24)
    with steps.step(f"reader login {READER}"):
        db.create_reader_login(url, READER, reader_password)
    where = conninfo_to_dict(url)
    reader_uri = (
        f"postgresql+psycopg2://{READER}:{reader_password}@{where['host']}:{where['port']}/"
        f"{where['dbname']}"
    )
    views = [
        name
        for (name,) in _postgres(
            url, "SELECT viewname FROM pg_views WHERE schemaname = 'analytics' ORDER BY 1"
        )
    ]
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="paperhouse-superset-") as folder:
        work = Path(folder)
        env = _configure(work, port)
        with steps.step("superset db upgrade, admin, init"):
            _superset_cli(superset, env, "db", "upgrade")
            _superset_cli(
                superset, env, "fab", "create-admin", "--username", ADMIN, "--firstname",
                "Smoke", "--lastname", "Test", "--email", "smoke@localhost", "--password",
                admin_password,
            )  # fmt: skip
            _superset_cli(superset, env, "init")
        log = work / "superset.log"
        with log.open("w") as out:
            server = subprocess.Popen(
                [superset, "run", "-h", "127.0.0.1", "-p", str(port), "--with-threads"],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            with steps.step(f"superset run on {base}"):
                _wait_until_up(base, server, log)
            _drive(Superset(base), admin_password, reader_uri, url, views, steps)
        finally:
            server.terminate()
            server.wait(timeout=30)
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(f'DROP ROLE IF EXISTS "{READER}"')


def _drive(
    api: Superset, admin_password: str, reader_uri: str, url: str, views: list[str], steps: Steps
) -> None:
    with steps.step("log in through the API"):
        login = {"username": ADMIN, "password": admin_password, "provider": "db", "refresh": True}
        api.token = api.call("POST", "/api/v1/security/login", login)["access_token"]
    with steps.step("register the database as the reader"):
        api.call("POST", "/api/v1/database/test_connection/", {"sqlalchemy_uri": reader_uri})
        database = api.call(
            "POST",
            "/api/v1/database/",
            {
                "database_name": "paperhouse",
                "sqlalchemy_uri": reader_uri,
                "expose_in_sqllab": True,
            },
        )["id"]
        schemas = api.call("GET", f"/api/v1/database/{database}/schemas/")["result"]
        steps.check("the analytics schema is listed", "analytics" in schemas, True)
    datasets: dict[str, int] = {}
    with steps.step(f"a dataset per analytics view ({len(views)})"):
        for view in views:
            datasets[view] = api.call(
                "POST",
                "/api/v1/dataset/",
                {"database": database, "schema": "analytics", "table_name": view},
            )["id"]
            # Superset takes a column's COMMENT as its description, but not the view's:
            # given here, as an analyst's setup script would.
            comment = _postgres(url, f"SELECT obj_description('analytics.{view}'::regclass)")
            api.call("PUT", f"/api/v1/dataset/{datasets[view]}", {"description": comment[0][0]})
            described = api.call("GET", f"/api/v1/dataset/{datasets[view]}")["result"]
            steps.check(f"{view}: the view's COMMENT", described["description"], comment[0][0])
            comments = dict(
                _postgres(
                    url,
                    "SELECT a.attname, col_description(a.attrelid, a.attnum) "
                    "FROM pg_attribute a WHERE a.attrelid = "
                    f"'analytics.{view}'::regclass AND a.attnum > 0 AND NOT a.attisdropped",
                )
            )
            steps.check(
                f"{view}: every column's COMMENT is its description",
                {c["column_name"]: c["description"] for c in described["columns"]},
                comments,
            )
    with steps.step("a chart query per view, checked against Postgres"):
        for view in views:
            group_by = GROUP_BY.get(view)
            rows = _chart_rows(api, datasets[view], group_by)
            if group_by:
                expected = dict(
                    _postgres(url, f"SELECT {group_by}, count(*) FROM analytics.{view} GROUP BY 1")
                )
                steps.check(
                    f"{view}: rows per {group_by}",
                    {row[group_by]: row["rows"] for row in rows},
                    expected,
                )
            else:
                expected = _postgres(url, f"SELECT count(*) FROM analytics.{view}")[0][0]
                steps.check(f"{view}: rows", rows[0]["rows"], expected)
    with steps.step("a SQL Lab query, checked against Postgres"):
        answer = api.call(
            "POST",
            "/api/v1/sqllab/execute/",
            {"database_id": database, "sql": SQL_LAB_QUERY, "runAsync": False, "schema": None},
        )
        steps.check(
            "SQL Lab: papers per listing kind",
            [(row["listing_kind"], row["papers"]) for row in answer["data"]],
            [tuple(row) for row in _postgres(url, SQL_LAB_QUERY)],
        )
    with steps.step("SQL Lab cannot read paperhouse's internals"):
        try:
            api.call(
                "POST",
                "/api/v1/sqllab/execute/",
                {"database_id": database, "sql": "SELECT count(*) FROM etl.runs"},
            )
            refusal = "answered"
        except SmokeFailed as failure:
            refusal = "permission denied" if "permission denied" in str(failure) else str(failure)
        steps.check("the reader reading etl.runs", refusal, "permission denied")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--superset", required=True, help="the superset command of its venv")
    args = parser.parse_args()
    url = db.database_url(Settings.from_env())
    steps = Steps()
    print(f"bi-smoke: Apache Superset on {db.libpq_url(url).split('?')[0]}")
    try:
        smoke(args.superset, url, steps)
    except SmokeFailed as failure:
        print(f"\nbi-smoke FAILED after {time.monotonic() - steps.started:.0f}s: {failure}")
        return 1
    print(
        f"bi-smoke passed: {steps.checks} checks against Postgres in "
        f"{time.monotonic() - steps.started:.0f}s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

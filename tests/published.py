"""What is published in a test database, compared before and after a run, or with another
database."""

from __future__ import annotations

import subprocess
import sys

import psycopg

from etl.config import PROJECT_ROOT

_CONSTRAINTS_AND_INDEXES = (
    "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid), convalidated "
    "FROM pg_constraint WHERE connamespace = 'public'::regnamespace "
    "UNION ALL SELECT tablename, indexname, indexdef, true FROM pg_indexes "
    "WHERE schemaname = 'public' ORDER BY 1, 2, 3"
)


def published_state(url: str) -> dict[str, tuple]:
    """Every published table (and the ledger of loaded files): row count and a digest."""
    with psycopg.connect(url) as conn:
        tables = conn.execute(
            "SELECT format('%I.%I', schemaname, tablename) FROM pg_tables "
            "WHERE schemaname = 'public' OR (schemaname, tablename) = ('etl', 'loaded_files') "
            "ORDER BY 1"
        ).fetchall()
        return {
            table: conn.execute(
                f"SELECT count(*), md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) "
                f"FROM {table} t"
            ).fetchone()
            for (table,) in tables
        }


def constraints_and_indexes(url: str) -> list[tuple]:
    """The published tables' constraints (with whether each is validated) and indexes."""
    with psycopg.connect(url) as conn:
        return conn.execute(_CONSTRAINTS_AND_INDEXES).fetchall()


def compare_databases(first: str, second: str) -> subprocess.CompletedProcess:
    """scripts/compare_databases.py on two databases, as a user runs it."""
    return subprocess.run(
        [sys.executable, "scripts/compare_databases.py", first, second],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )

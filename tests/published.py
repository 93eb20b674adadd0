"""What is published in a test database, compared before and after a run."""

from __future__ import annotations

import psycopg


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

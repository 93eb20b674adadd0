"""Stage: COPY normalized frames into the staging schema, where the gate checks them."""

from __future__ import annotations

import io

import polars as pl
import sqlalchemy as sa
from psycopg import sql

# Rows per COPY chunk: bounds the CSV text held in memory at once.
COPY_CHUNK_ROWS = 10_000
_PG_TYPES = {
    pl.String: "text",
    pl.Int16: "smallint",
    pl.Int32: "integer",
    pl.Int64: "bigint",
    pl.Float64: "double precision",
    pl.Boolean: "boolean",
    pl.Date: "date",
}


# The schema a run stages its rows in, made at its start and dropped at its end. One load
# at a time holds the load lock, so one fixed name serves every run, and BI tools can be told
# to hide it. Loads of earlier versions staged in one schema per run, named with this prefix;
# recovery drops those too.
STAGING_SCHEMA = "etl_staging"
EARLIER_STAGING_PREFIX = "staging_run_"


def copy_frame(conn: sa.Connection, qualified_table: str, frame: pl.DataFrame) -> None:
    """COPY every row of frame into the table's columns of the same names, as CSV."""
    columns = sql.SQL(", ").join(sql.Identifier(c) for c in frame.columns)
    statement = sql.SQL("COPY {} ({}) FROM STDIN (FORMAT csv)").format(
        sql.SQL(qualified_table), columns
    )
    cursor = conn.connection.driver_connection.cursor()
    with cursor.copy(statement) as copy:
        for chunk in frame.iter_slices(COPY_CHUNK_ROWS):
            copy.write(chunk.write_csv(include_header=False))


def read_frame(conn: sa.Connection, query: str, schema: pl.Schema) -> pl.DataFrame:
    """A query's rows as a frame, through COPY (no row-by-row fetching)."""
    cursor = conn.connection.driver_connection.cursor()
    buffer = io.BytesIO()
    with cursor.copy(f"COPY ({query}) TO STDOUT (FORMAT csv, HEADER true)") as copy:
        for chunk in copy:
            buffer.write(chunk)
    buffer.seek(0)
    return pl.read_csv(buffer, schema=schema) if buffer.getbuffer().nbytes else schema.to_frame()


def create_schema(conn: sa.Connection, schema: str) -> None:
    conn.exec_driver_sql(f'CREATE SCHEMA "{schema}"')


# Staged rows are written once and read a few times: no compression attempts on the way in
# (records carry an abstract twice, just over the 2 KB at which Postgres tries; see
# migration 0005).
TABLE_OPTIONS = "WITH (toast_tuple_target = 8160)"


def create_table(conn: sa.Connection, schema: str, name: str, columns: pl.Schema) -> None:
    """An UNLOGGED table with the frame schema's columns: staging is rebuilt, not recovered."""
    definition = ", ".join(f'"{c}" {_PG_TYPES[t.base_type()]}' for c, t in columns.items())
    conn.exec_driver_sql(
        f'CREATE UNLOGGED TABLE "{schema}"."{name}" ({definition}) {TABLE_OPTIONS}'
    )


def drop_staging(conn: sa.Connection, schema: str) -> None:
    conn.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')

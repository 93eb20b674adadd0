"""Publish steps: one statement each, kept in sql/publish/ or generated from etl/schema.py,
and what its result counts."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import sqlalchemy as sa

from etl.contracts import (
    DATE_PRECISIONS,
    RETITLED_EVIDENCE,
    RETITLED_MIN_ABSTRACT_SIMILARITY,
    SOURCE_FORMATS,
)
from etl.sql_files import named
from etl.sql_files import statement as sql_file

RUN_COLUMNS = ("created_run_id", "changed_run_id")


class Counts(enum.Enum):
    """What a step's statement returns, and so how its rows are counted."""

    # One row per row written, `inserted` telling an insert from an update.
    WRITTEN_ROWS = "written rows"
    # One row: (inserted, updated), counted by the statement itself.
    TOTALS = "totals"
    # One row per row deleted.
    DELETED_ROWS = "deleted rows"


@dataclass(frozen=True)
class Step:
    """A statement of publish: its name, the published table whose counts it adds to, its
    SQL (`{staging}` the staging schema; bind parameters in BIND_PARAMETERS) and what it
    returns."""

    name: str
    table: str
    sql: str
    counts: Counts = Counts.WRITTEN_ROWS

    def run(self, conn: sa.Connection, staging: str, run_id: int) -> tuple[int, int, int]:
        """Run the step on the staging schema `staging` (quoted); return rows inserted,
        updated and deleted."""
        query = self.sql.format(staging=staging)
        parameters = {**BIND_PARAMETERS, "run_id": run_id}
        if self.counts is Counts.TOTALS:
            inserted, updated = conn.execute(sa.text(query), parameters).one()
            return inserted, updated, 0
        if self.counts is Counts.DELETED_ROWS:
            query = f"WITH gone AS ({query}) SELECT count(*) FROM gone"
            return 0, 0, conn.execute(sa.text(query), parameters).scalar_one()
        query = (
            f"WITH changed AS ({query}) "
            "SELECT count(*) FILTER (WHERE inserted), count(*) FILTER (WHERE NOT inserted) "
            "FROM changed"
        )
        inserted, updated = conn.execute(sa.text(query), parameters).one()
        return inserted, updated, 0


# Bind parameters every step may use besides :run_id. Precedence is a position in these
# arrays (array_position): a lower one wins.
BIND_PARAMETERS = {
    "source_formats": list(SOURCE_FORMATS),
    "date_precisions": list(DATE_PRECISIONS),
    "retitled_evidence": RETITLED_EVIDENCE,
    "min_abstract_similarity": RETITLED_MIN_ABSTRACT_SIMILARITY,
}


def file_step(name: str, *, table: str | None = None, counts: Counts = Counts.WRITTEN_ROWS) -> Step:
    """The step whose statement is sql/publish/<name>.sql."""
    return Step(name, table or name, sql_file(f"publish/{name}"), counts)


def stale_step(name: str, table: str) -> Step:
    """The step deleting what sql/publish/stale/<name>.sql finds stale in `table`."""
    return Step(name, table, sql_file(f"publish/stale/{name}"), Counts.DELETED_ROWS)


def natural_key(table: sa.Table) -> str:
    """The column that names a row of a vocabulary table: its unique column, else its primary
    key (an alias is its own key)."""
    unique = [column.name for column in table.columns if column.unique]
    (key,) = unique or [column.name for column in table.primary_key]
    return key


def upsert_step(table: sa.Table, *, keeps_first_values: bool) -> Step:
    """The upsert of a vocabulary-like table, written from its definition: the staged table
    of the same name holds its columns but the surrogate id and run columns, and the natural
    key of the table each foreign key refers to (metric_key for metric_id). A row already
    published keeps its values when `keeps_first_values` (a name keeps the spelling it was
    first published under), else takes the staged ones when they differ."""
    key = natural_key(table)
    surrogate = {c.name for c in table.primary_key if c.identity is not None}
    referred = {
        c.name: next(iter(c.foreign_keys)).column.table
        for c in table.columns
        if c.foreign_keys and c.name not in RUN_COLUMNS
    }
    columns = [c.name for c in table.columns if c.name not in surrogate | set(RUN_COLUMNS)]
    selected = [f"{referred[c].name}.{c}" if c in referred else f"s.{c}" for c in columns] + [
        ":run_id"
    ] * len(RUN_COLUMNS)
    joins = "".join(
        f" JOIN {other.name} USING ({natural_key(other)})" for other in referred.values()
    )
    statement = (
        f"INSERT INTO {table.name} AS t ({', '.join(columns + list(RUN_COLUMNS))}) "
        f"SELECT {', '.join(selected)} FROM {{staging}}.{table.name} AS s{joins} "
        f"ON CONFLICT ({key}) "
    )
    values = [c for c in columns if c != key]
    if keeps_first_values or not values:
        statement += "DO NOTHING "
    else:
        assignments = ", ".join(f"{c} = excluded.{c}" for c in (*values, "changed_run_id"))
        published = ", ".join(f"t.{c}" for c in values)
        staged = ", ".join(f"excluded.{c}" for c in values)
        statement += (
            f"DO UPDATE SET {assignments} WHERE ROW({published}) IS DISTINCT FROM ROW({staged}) "
        )
    return Step(
        table.name,
        table.name,
        named(f"publish/{table.name}", statement + "RETURNING (xmax = 0) AS inserted"),
    )

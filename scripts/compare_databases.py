"""Compare what two paperhouse databases publish, table by table, by natural keys and values.

Proves that a change of code changed no behaviour: load the same inputs into two databases,
one with each version of the code, and compare them.

    .venv/bin/python scripts/compare_databases.py postgresql://.../before postgresql://.../after

Exit status: 0 when every compared table holds the same rows in both databases, 1 when some
differ (a summary per table on stdout: rows missing from the second database, extra in it,
changed, with a few examples), 2 when the databases cannot be compared (bad usage, no
connection, a table missing).

Which tables: every table of etl/schema.py's metadata but the run ledger (etl.runs and
etl.loaded_files: when each run ran, how long it took, which code and which run loaded a
file), so the published tables of the public schema, and etl.rejects and
etl.merge_candidates: what the rules quarantined and which published papers a record linked
are behaviour too. The staging schema (etl_staging), the analytics views, which read the
published tables, and etl.author_lists, paper_authors' lists as arrays of surrogate ids
(paper_authors is compared by author key), are not compared.

Rows are compared without what differs between any two loads of the same data:
- surrogate ids (a table's identity primary key, such as papers.paper_id) are left out;
- a foreign key to another table's surrogate id (results.paper_id) is compared as that
  table's natural key (the paper's paper_key), shown as `paper_id->paper_key`;
- columns naming a run (created_run_id, changed_run_id, run_id) are left out.
A table's natural key, which names its rows in the summary, is: its non-null unique column
(papers.paper_key, tags.tag_slug ...); else its primary key when that is no surrogate
(paper_listings: paper and listing); else the columns of its unique constraints and unique
indexes together (results: paper, origin and span, or source file, record and metric text);
else the whole row (etl.rejects). The rows themselves are compared whole, as multisets (a row
held twice in one database and once in the other differs), through an md5 of each row's
text computed in the database, so that only keys and digests cross the network.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass

import psycopg
import sqlalchemy as sa
from psycopg import sql

from etl.db import libpq_url
from etl.schema import author_lists, loaded_files, metadata, runs

# The run ledger: facts about runs (times, durations, code version), not about the data; and
# a copy of paper_authors whose ids differ between any two databases.
NOT_COMPARED = (runs, loaded_files, author_lists)
EXAMPLES = 3
EXIT_IDENTICAL = 0
EXIT_DIFFERENT = 1
EXIT_CANNOT_COMPARE = 2


@dataclass(frozen=True)
class Column:
    """One compared column: its name in the summary and the SQL that reads it."""

    name: str
    expression: sql.Composable


@dataclass(frozen=True)
class TableQuery:
    """How to read a table for comparison: its compared columns, which of them are its
    natural key, and the FROM clause (the table joined to the tables its keys refer to)."""

    name: str
    columns: tuple[Column, ...]
    key: tuple[str, ...]
    source: sql.Composable


@dataclass(frozen=True)
class TableDifference:
    name: str
    rows: tuple[int, int]
    missing: list[str]  # keys of rows only the first database holds
    extra: list[str]  # keys of rows only the second database holds
    changed: list[str]  # keys both hold, with other values

    @property
    def identical(self) -> bool:
        return not (self.missing or self.extra or self.changed)


def _is_surrogate(column: sa.Column) -> bool:
    return column.identity is not None and column.primary_key


def _is_run_reference(column: sa.Column) -> bool:
    return any(fk.column.table is runs for fk in column.foreign_keys)


def _single_natural_key(table: sa.Table) -> sa.Column | None:
    """The table's first non-null unique column, if it has one."""
    return next((c for c in table.columns if c.unique and not c.nullable), None)


def _natural_key(table: sa.Table) -> list[sa.Column]:
    single = _single_natural_key(table)
    if single is not None:
        return [single]
    primary = list(table.primary_key.columns)
    if primary and not any(_is_surrogate(c) for c in primary):
        return primary
    unique_columns = {
        column.name
        for constraint in [*table.constraints, *table.indexes]
        if isinstance(constraint, sa.UniqueConstraint)
        or (isinstance(constraint, sa.Index) and constraint.unique)
        for column in constraint.columns
    }
    if unique_columns:
        return [c for c in table.columns if c.name in unique_columns]
    return [c for c in table.columns if not _is_surrogate(c) and not _is_run_reference(c)]


def _qualified(table: sa.Table) -> sql.Composable:
    return sql.Identifier(table.schema or "public", table.name)


def table_query(table: sa.Table) -> TableQuery:
    """The compared columns of a table, foreign keys to surrogate ids read as the natural key
    of the row they point to."""
    key_names = {c.name for c in _natural_key(table)}
    columns, key, joins = [], [], []
    for column in table.columns:
        if _is_surrogate(column) or _is_run_reference(column):
            continue
        reference = next(iter(column.foreign_keys), None)
        if reference is not None and _is_surrogate(reference.column):
            referred = reference.column.table
            natural = _single_natural_key(referred)
            if natural is None:
                raise ValueError(f"{referred.fullname} has no natural key to name its rows by")
            alias = sql.Identifier(f"{column.name}_ref")
            joins.append(
                sql.SQL(" LEFT JOIN {} AS {} ON {}.{} = t.{}").format(
                    _qualified(referred),
                    alias,
                    alias,
                    sql.Identifier(reference.column.name),
                    sql.Identifier(column.name),
                )
            )
            name = f"{column.name}->{natural.name}"
            expression = sql.SQL("{}.{}").format(alias, sql.Identifier(natural.name))
        else:
            name, expression = column.name, sql.SQL("t.{}").format(sql.Identifier(column.name))
        columns.append(Column(name, expression))
        if column.name in key_names:
            key.append(name)
    return TableQuery(
        name=table.fullname,
        columns=tuple(columns),
        key=tuple(key),
        source=sql.SQL("{} AS t").format(_qualified(table)) + sql.Composed(joins),
    )


def compared_tables(skipped: tuple[str, ...] = ()) -> list[TableQuery]:
    """Every table of the metadata but the ledger and those `skipped` (by full name)."""
    return [
        table_query(t)
        for t in metadata.sorted_tables
        if t not in NOT_COMPARED and t.fullname not in skipped
    ]


def _row(expressions: list[sql.Composable]) -> sql.Composable:
    return sql.SQL("ROW({})::text").format(sql.SQL(", ").join(expressions))


def _key_expression(query: TableQuery) -> sql.Composable:
    return _row([c.expression for c in query.columns if c.name in query.key])


def row_digests(conn: psycopg.Connection, query: TableQuery) -> Counter[tuple[str, str]]:
    """(natural key, digest of the whole row) of every row, with how many rows have both."""
    statement = sql.SQL(
        "SELECT k, h, count(*) FROM (SELECT {} AS k, md5({}) AS h FROM {}) AS r GROUP BY k, h"
    ).format(_key_expression(query), _row([c.expression for c in query.columns]), query.source)
    return Counter({(key, digest): count for key, digest, count in conn.execute(statement)})


def rows_by_key(conn: psycopg.Connection, query: TableQuery, keys: list[str]) -> dict[str, dict]:
    """The compared columns of the rows with these natural keys (the first of each key)."""
    values = sql.SQL(", ").join(
        sql.SQL("{}, {}").format(sql.Literal(c.name), c.expression) for c in query.columns
    )
    statement = sql.SQL("SELECT {} AS k, json_build_object({}) FROM {} WHERE {} = ANY(%s)").format(
        _key_expression(query), values, query.source, _key_expression(query)
    )
    found: dict[str, dict] = {}
    for key, row in conn.execute(statement, [keys]):
        found.setdefault(key, row)
    return found


def compare_table(
    first: psycopg.Connection, second: psycopg.Connection, query: TableQuery
) -> TableDifference:
    before, after = row_digests(first, query), row_digests(second, query)
    only_first, only_second = before - after, after - before
    first_keys = {key for key, _ in only_first}
    second_keys = {key for key, _ in only_second}
    return TableDifference(
        name=query.name,
        rows=(before.total(), after.total()),
        missing=sorted(first_keys - second_keys),
        extra=sorted(second_keys - first_keys),
        changed=sorted(first_keys & second_keys),
    )


def _rows(count: int) -> str:
    return f"{count:,} row" if count == 1 else f"{count:,} rows"


def _shown(value: object, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe(
    difference: TableDifference,
    query: TableQuery,
    first: psycopg.Connection,
    second: psycopg.Connection,
    examples: int,
) -> list[str]:
    """The summary lines of one table: its row counts, and when it differs, how, with a few
    examples of each kind of difference."""
    rows_first, rows_second = difference.rows
    if difference.identical:
        return [f"{difference.name}: identical ({_rows(rows_first)})"]
    lines = [
        f"{difference.name}: DIFFERENT ({_rows(rows_first)} in the first database, "
        f"{rows_second:,} in the second; key: {', '.join(query.key)})",
        f"  {len(difference.missing):,} missing from the second, {len(difference.extra):,} "
        f"extra in the second, {len(difference.changed):,} changed",
    ]
    for label, keys, conn in (
        ("missing from the second", difference.missing, first),
        ("extra in the second", difference.extra, second),
    ):
        shown = keys[:examples]
        found = rows_by_key(conn, query, shown) if shown else {}
        lines.extend(f"  {label}: {_shown(found.get(key, key), 400)}" for key in shown)
    shown = difference.changed[:examples]
    if shown:
        before, after = rows_by_key(first, query, shown), rows_by_key(second, query, shown)
        for key in shown:
            old, new = before.get(key, {}), after.get(key, {})
            changes = "; ".join(
                f"{name}: {_shown(old.get(name))} -> {_shown(new.get(name))}"
                for name in old
                if old.get(name) != new.get(name)
            )
            # A key held by several rows can differ in how many rows hold it, not in values.
            lines.append(f"  changed {key}: {changes or 'the rows under this key differ'}")
    return lines


def compare(
    first_url: str, second_url: str, examples: int = EXAMPLES, skipped: tuple[str, ...] = ()
) -> tuple[bool, list[str]]:
    """Whether every compared table (but those `skipped`) holds the same rows in both
    databases, and the summary."""
    identical, lines = True, []
    with (
        psycopg.connect(libpq_url(first_url)) as first,
        psycopg.connect(libpq_url(second_url)) as second,
    ):
        for query in compared_tables(skipped):
            difference = compare_table(first, second, query)
            identical = identical and difference.identical
            lines.extend(describe(difference, query, first, second, examples))
    return identical, lines


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("first", help="URL of the first database (e.g. loaded by the old code)")
    parser.add_argument("second", help="URL of the second database (e.g. loaded by the new code)")
    parser.add_argument(
        "--examples",
        type=int,
        default=EXAMPLES,
        help=f"rows shown per kind of difference and table (default {EXAMPLES})",
    )
    parser.add_argument(
        "--skip",
        action="append",
        default=[],
        metavar="TABLE",
        help="a table not to compare (e.g. etl.author_lists, new in the second's schema); "
        "repeatable",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        identical, lines = compare(args.first, args.second, args.examples, tuple(args.skip))
    except psycopg.Error as error:
        print(f"cannot compare: {error}".strip(), file=sys.stderr)
        return EXIT_CANNOT_COMPARE
    print("\n".join(lines))
    print("identical" if identical else "the databases differ")
    return EXIT_IDENTICAL if identical else EXIT_DIFFERENT


if __name__ == "__main__":
    sys.exit(main())

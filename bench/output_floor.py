"""The output floor: the least that writing the rows a paperhouse load published can cost.

    python -m bench.output_floor SOURCE_URL TARGET_URL [WORK_DIR]

Recreates the database at TARGET_URL (dropped first if it exists) and migrates it to head
(the same schema, constraints and indexes as paperhouse's), dumps every table of SOURCE_URL
that holds rows (the public schema and the etl tables a load writes; not etl.alembic_version,
which the migrations write) with `COPY ... TO STDOUT (FORMAT binary)` into files (in a
temporary folder under WORK_DIR, by default the system's), then COPYs
them into TARGET_URL in foreign-key order, in one transaction. Only that COPY in (and its
commit) is timed: the migration and the dump are not. Prints one JSON object (OutputFloor).

bench.compare runs it after paperhouse's load of each file, and reports paperhouse's SQL
stages (assemble, validate, publish) as multiples of it.
"""

from __future__ import annotations

import json
import resource
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import psycopg
from psycopg import sql

from bench.measure_load import postgres_cpu_seconds, recreate_database
from etl.config import Settings

SCHEMAS = ("public", "etl")
# Written by the migrations in the fresh database too: not the load's writing.
NOT_COPIED = {"etl.alembic_version"}
BLOCK_BYTES = 1 << 20


@dataclass(frozen=True)
class OutputFloor:
    seconds: float  # every table's COPY in and the commit
    table_seconds: dict[str, float]  # per table, in the order copied
    rows: dict[str, int]
    cpu_seconds: float  # this process's, during the COPY in
    # The embedded server's during the COPY in (None when it is not the embedded one).
    postgres_cpu_seconds: float | None
    peak_rss_mib: float


@dataclass(frozen=True)
class _Dumped:
    table: str  # schema.name
    columns: tuple[str, ...]
    rows: int
    path: Path


def tables_in_foreign_key_order(conn: psycopg.Connection) -> list[str]:
    """The ordinary tables of SCHEMAS as schema.name, each after the tables it references
    (a table referencing itself is checked at the end of its own COPY), ties by name."""
    tables = [
        f"{schema}.{name}"
        for schema, name in conn.execute(
            "SELECT n.nspname, c.relname FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname = ANY(%s) "
            "ORDER BY 1, 2",
            (list(SCHEMAS),),
        ).fetchall()
    ]
    references: dict[str, set[str]] = {table: set() for table in tables}
    for child, parent in conn.execute(
        "SELECT cn.nspname || '.' || cc.relname, pn.nspname || '.' || pc.relname "
        "FROM pg_constraint k "
        "JOIN pg_class cc ON cc.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = cc.relnamespace "
        "JOIN pg_class pc ON pc.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = pc.relnamespace "
        "WHERE k.contype = 'f'"
    ).fetchall():
        if child in references and parent in references and child != parent:
            references[child].add(parent)
    ordered: list[str] = []
    while references:
        ready = sorted(t for t, parents in references.items() if not parents - set(ordered))
        if not ready:
            raise RuntimeError(f"foreign keys in a cycle among {sorted(references)}")
        ordered += ready
        for table in ready:
            del references[table]
    return ordered


def _columns(conn: psycopg.Connection, table: str) -> tuple[str, ...]:
    """The columns COPY can write: not dropped, not generated (computed on the way in)."""
    return tuple(
        name
        for (name,) in conn.execute(
            "SELECT attname FROM pg_attribute WHERE attrelid = %s::regclass AND attnum > 0 "
            "AND NOT attisdropped AND attgenerated = '' ORDER BY attnum",
            (table,),
        ).fetchall()
    )


def _copy_statement(table: str, columns: tuple[str, ...], direction: str) -> sql.Composed:
    schema, name = table.split(".", 1)
    return sql.SQL("COPY {}.{} ({}) {} (FORMAT binary)").format(
        sql.Identifier(schema),
        sql.Identifier(name),
        sql.SQL(", ").join(map(sql.Identifier, columns)),
        sql.SQL(direction),
    )


def dump(source_url: str, work: Path) -> list[_Dumped]:
    """Every table of the source that holds rows, in foreign-key order, as a binary COPY file
    under work."""
    dumped = []
    with psycopg.connect(source_url) as conn:
        for number, table in enumerate(tables_in_foreign_key_order(conn)):
            if table in NOT_COPIED:
                continue
            columns = _columns(conn, table)
            path = work / f"{number:03d}-{table}.copy"
            with path.open("wb") as out, conn.cursor() as cursor:
                with cursor.copy(_copy_statement(table, columns, "TO STDOUT")) as copy:
                    for block in copy:
                        out.write(block)
                rows = cursor.rowcount
            if rows > 0:
                dumped.append(_Dumped(table, columns, rows, path))
            else:
                path.unlink()
    return dumped


def copy_in(target_url: str, dumped: list[_Dumped]) -> OutputFloor:
    """COPY the dumped files into the target, one transaction; the seconds it took."""
    settings = Settings.from_env()
    table_seconds = {}
    with psycopg.connect(target_url) as conn:
        postgres_before = postgres_cpu_seconds(settings)
        cpu_before = resource.getrusage(resource.RUSAGE_SELF)
        started = time.perf_counter()
        with conn.transaction():
            for table in dumped:
                table_started = time.perf_counter()
                with conn.cursor() as cursor:
                    statement = _copy_statement(table.table, table.columns, "FROM STDIN")
                    with table.path.open("rb") as source, cursor.copy(statement) as copy:
                        while block := source.read(BLOCK_BYTES):
                            copy.write(block)
                    if cursor.rowcount != table.rows:
                        raise RuntimeError(
                            f"{table.table}: {cursor.rowcount:,} rows copied in, "
                            f"{table.rows:,} dumped"
                        )
                table_seconds[table.table] = round(time.perf_counter() - table_started, 3)
        seconds = time.perf_counter() - started
        cpu_after = resource.getrusage(resource.RUSAGE_SELF)
        postgres_after = postgres_cpu_seconds(settings)
    return OutputFloor(
        seconds=round(seconds, 3),
        table_seconds=table_seconds,
        rows={table.table: table.rows for table in dumped},
        cpu_seconds=round(
            cpu_after.ru_utime + cpu_after.ru_stime - cpu_before.ru_utime - cpu_before.ru_stime,
            3,
        ),
        postgres_cpu_seconds=None
        if postgres_before is None or postgres_after is None
        else round(postgres_after - postgres_before, 3),
        peak_rss_mib=round(cpu_after.ru_maxrss / 1024, 1),
    )


def measure_output_floor(
    source_url: str, target_url: str, work_dir: Path | None = None
) -> OutputFloor:
    """Recreate and migrate the target, dump the source's rows, time their COPY in."""
    recreate_database(target_url)
    with tempfile.TemporaryDirectory(prefix="bench-output-floor-", dir=work_dir) as work:
        return copy_in(target_url, dump(source_url, Path(work)))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    work_dir = Path(args[2]) if len(args) == 3 else None
    print(json.dumps(asdict(measure_output_floor(args[0], args[1], work_dir))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

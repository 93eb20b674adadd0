"""Assemble: from the batch tables of a run's staging schema to the tables the gate checks.

Batches are staged as they are read (record-level rows, `batch_*` tables). Once every
batch is in, this module decides which records are one paper, among themselves and with the
published papers (the resolver the pipeline passes in, etl.transform.identity.resolve_papers,
runs in Polars over the identifiers only, pulled from staging and from paper_identifiers),
then builds, in SQL, one staged row per paper, link, result, tag, author ... keyed by natural
keys: the shape publish upserts. When the gate fails on rows of record checks, the records
behind them are quarantined and the tables built again from the records left
(quarantine_records); `etl rederive` builds them from what is published (assemble_rederived).

Which source wins for a paper's fields, when several records are one paper: title,
abstract (with what was derived from it) come from the record of highest precedence that
has them, the date from the most precise one. Precedence is SOURCE_FORMATS order (arXiv,
then conference lists, Papers with Code API, Daily Papers, PwC leaderboards, text listings),
then the latest record of a source: a later file on the command line, a later record in
its file (an arXiv snapshot lists a paper's update after it, Daily Papers dumps are named by
day). Identifiers are united (an identifier another paper holds stays with that paper); the
author list comes from the record of highest precedence that lists authors; listings,
links, tags, results and sources come from every record.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import polars as pl
import sqlalchemy as sa
from psycopg import sql

from etl.contracts import (
    BATCH_SCHEMAS,
    CHECK_RULE_PREFIX,
    FINGERPRINT_HEX_DIGITS,
    IDENTIFIER_KINDS,
    KEY_PREFIXES,
    MEMBER_SCHEMA,
    SNIPPET_CHARS,
    STRONG_IDENTIFIER_KINDS,
    PaperResolver,
)
from etl.load.staging import TABLE_OPTIONS, copy_frame, create_table, read_frame
from etl.progress import timed
from etl.sql_files import has_statement
from etl.sql_files import statement as sql_file

BATCH_PREFIX = "batch_"


def batch_table(name: str) -> str:
    return BATCH_PREFIX + name


def _identifier_rows(alias: str) -> str:
    """A LATERAL list of (kind, value) of a record's identifiers, for unpivoting them."""
    values = ", ".join(f"('{kind}', {alias}.{kind})" for kind in IDENTIFIER_KINDS)
    return f"CROSS JOIN LATERAL (VALUES {values}) AS i(kind, value)"


def stage_paper_map(
    conn: sa.Connection,
    schema: str,
    file_positions: dict[str, int],
    *,
    resolve_papers: PaperResolver,
    seconds: dict[str, float],
) -> None:
    """Group the staged records into papers, among themselves and with the published papers
    (`resolve_papers`: one rule set for both) and rank them: fill
    `paper_map(record_key, paper_key, precedence, paper_id, match_evidence)`, precedence 0
    the record whose fields win (see above), paper_id the published paper or null for a new
    one; and `merge_candidates` (published papers a record linked). `file_positions` is each
    source file's place on the command line.

    The published papers taking part are those sharing an identifier with a staged record,
    with all they are known by (paper_identifiers). Polars holds one column of identifier
    strings at a time: each is read and replaced by its rank in byte order (the smallest rank
    is the smallest value), so that resolution runs on integers. Strings for millions of
    records cost gigabytes; the names are put back in SQL.
    """
    s = f'"{schema}"'
    with timed(seconds, "assemble/published_ids"):
        _stage_identifiers(conn, s, file_positions)
    with timed(seconds, "assemble/resolution"):
        _resolve(conn, s, resolve_papers)
    with timed(seconds, "assemble/paper_map"):
        _name_papers(conn, s)
    with timed(seconds, "assemble/paper_identifiers"):
        _assign_identifiers(conn, s)


def _stage_identifiers(conn: sa.Connection, s: str, file_positions: dict[str, int]) -> None:
    """`record_ids`, the staged records' identifiers with their precedence, and
    `published_ids`, those of the published papers that share one with them."""
    conn.exec_driver_sql(
        f"""CREATE UNLOGGED TABLE {s}.record_ids AS
        SELECT b.record_key,
               row_number() OVER (ORDER BY b.source_rank, f.position::int DESC, b.record DESC,
                                  b.record_key) - 1 AS precedence,
               {", ".join(f"b.{kind}" for kind in IDENTIFIER_KINDS)}, b.year_low, b.year_high
        FROM {s}.batch_records b
        JOIN jsonb_each_text(%(positions)s::jsonb) AS f(source_file, position)
             ON f.source_file = b.source_file
        -- A record with no identifier at all (a leaderboard row naming no paper) is no paper.
        WHERE num_nonnulls({", ".join(f"b.{kind}" for kind in IDENTIFIER_KINDS)}) > 0""",
        {"positions": json.dumps(file_positions)},
    )
    conn.exec_driver_sql(
        f"""CREATE UNLOGGED TABLE {s}.published_ids AS
        WITH touched AS ("""
        + " UNION ".join(
            f"SELECT p.paper_id FROM public.paper_identifiers p WHERE p.kind = '{kind}' "
            f"AND p.value IN (SELECT {kind} FROM {s}.record_ids)"
            for kind in IDENTIFIER_KINDS
        )
        + """)
        SELECT -row_number() OVER (ORDER BY p.paper_id, p.kind, p.value, p.year_low)
                   AS member,
               p.paper_id, p.kind, p.value, p.year_low, p.year_high
        FROM touched t
        -- Paper by paper through the index (OFFSET 0 keeps the planner from reading every
        -- identifier of the warehouse to join them instead).
        CROSS JOIN LATERAL (SELECT * FROM public.paper_identifiers p
                            WHERE p.paper_id = t.paper_id OFFSET 0) p"""
    )


def _resolve(conn: sa.Connection, s: str, resolve_papers: PaperResolver) -> None:
    """`paper_assignment` and `member_candidates`: resolve_papers' groups and merge
    candidates of the staged and published identifiers, run on their ranks (see
    stage_paper_map)."""
    members = pl.concat(
        [
            read_frame(
                conn,
                f"SELECT precedence AS member, NULL::bigint AS published_paper, year_low, "
                f"year_high FROM {s}.record_ids",
                _MEMBER_BASE,
            ),
            read_frame(
                conn,
                f"SELECT member, paper_id AS published_paper, year_low, year_high "
                f"FROM {s}.published_ids",
                _MEMBER_BASE,
            ),
        ]
    )
    for kind in IDENTIFIER_KINDS:
        values = read_frame(
            conn,
            f"SELECT precedence AS member, {kind} AS value FROM {s}.record_ids "
            f"WHERE {kind} IS NOT NULL UNION ALL SELECT member, value FROM {s}.published_ids "
            f"WHERE kind = '{kind}'",
            pl.Schema({"member": pl.Int64, "value": pl.String}),
        )
        ranks = values.select("member", pl.col("value").rank("dense").cast(pl.Int64).alias(kind))
        members = members.join(ranks, on="member", how="left")
        del values, ranks
    resolution = resolve_papers(members)
    del members
    conn.exec_driver_sql(
        f"CREATE UNLOGGED TABLE {s}.paper_assignment (member bigint, grp bigint, "
        "paper_id bigint, match_evidence text, key_kind text, key_holder bigint)"
    )
    copy_frame(
        conn,
        f"{s}.paper_assignment",
        resolution.assignment.select(
            "member", grp="group", paper_id="paper", match_evidence="evidence",
            key_kind="key_kind", key_holder="key_holder",
        ),
    )  # fmt: skip
    conn.exec_driver_sql(
        f"CREATE UNLOGGED TABLE {s}.member_candidates (paper_id bigint, other_paper_id bigint, "
        "evidence text, member bigint)"
    )
    copy_frame(
        conn,
        f"{s}.member_candidates",
        resolution.merge_candidates.select(
            paper_id="paper", other_paper_id="other_paper", evidence="evidence", member="member"
        ),
    )
    del resolution


def _name_papers(conn: sa.Connection, s: str) -> None:
    """`paper_map` (see stage_paper_map) and `merge_candidates`, from the resolution."""
    new_key = "\n".join(
        f"WHEN '{kind}' THEN '{prefix}' || "
        + (_sql_stable_digest(f"h.{kind}") if kind == "title_key" else f"h.{kind}")
        for kind, prefix in KEY_PREFIXES.items()
    )
    # A new paper is named by its strongest identifier; when another paper (new or
    # published) already has that name, by the name and a digest of the record holding it.
    conn.exec_driver_sql(
        f"""CREATE UNLOGGED TABLE {s}.paper_map AS
        WITH groups AS (
            SELECT a.grp, a.paper_id, min(a.member) AS first_member,
                   coalesce(p.paper_key, CASE a.key_kind {new_key} END) AS base_key,
                   h.record_key AS holder
            FROM {s}.paper_assignment a
            LEFT JOIN public.papers p ON p.paper_id = a.paper_id
            LEFT JOIN {s}.record_ids h ON h.precedence = a.key_holder
            GROUP BY a.grp, a.paper_id, p.paper_key, a.key_kind, h.record_key,
                     {", ".join(f"h.{kind}" for kind in IDENTIFIER_KINDS)}
        ), named AS (
            SELECT g.*, row_number() OVER (PARTITION BY g.base_key
                                           ORDER BY g.paper_id NULLS LAST, g.first_member) AS nth
            FROM groups g
        )
        SELECT r.record_key,
               CASE WHEN n.paper_id IS NOT NULL
                         OR (n.nth = 1 AND NOT EXISTS (
                             SELECT 1 FROM public.papers p WHERE p.paper_key = n.base_key))
                    THEN n.base_key
                    ELSE n.base_key || '~' || left(md5(n.holder), 8) END AS paper_key,
               r.precedence, n.paper_id, a.match_evidence
        FROM {s}.paper_assignment a
        JOIN named n USING (grp)
        JOIN {s}.record_ids r ON r.precedence = a.member"""
    )
    conn.exec_driver_sql(f"CREATE INDEX ON {s}.paper_map (record_key)")
    conn.exec_driver_sql(
        f"""CREATE TABLE {s}.merge_candidates AS
        SELECT DISTINCT ON (c.paper_id, c.other_paper_id)
               c.paper_id, c.other_paper_id, c.evidence, b.source_file,
               b.record AS record_number
        FROM {s}.member_candidates c
        JOIN {s}.record_ids r ON r.precedence = c.member
        JOIN {s}.batch_records b USING (record_key)
        ORDER BY c.paper_id, c.other_paper_id, c.member"""
    )


# The members' columns but their identifiers, which are read one kind at a time.
_MEMBER_BASE = pl.Schema(
    {name: MEMBER_SCHEMA[name] for name in ("member", "published_paper", "year_low", "year_high")}
)


def _assign_identifiers(conn: sa.Connection, s: str) -> None:
    """`paper_identifiers(paper_key, kind, value, year_low, year_high)`: what each staged
    paper is known by. An identifier that names one paper stays with its owner: the
    published paper that holds it, else the first staged paper by key; a record that linked
    two papers does not hand one's identifier to the other."""
    strong = ", ".join(f"'{kind}'" for kind in STRONG_IDENTIFIER_KINDS)
    conn.exec_driver_sql(
        f"""CREATE TABLE {s}.paper_identifiers AS
        WITH given AS (
            -- Years tell papers of one title apart; an identifier of any other kind has one
            -- row per paper.
            SELECT DISTINCT m.paper_key, m.paper_id, i.kind, i.value,
                   CASE WHEN i.kind = 'title_key' THEN b.year_low END AS year_low,
                   CASE WHEN i.kind = 'title_key' THEN b.year_high END AS year_high
            FROM {s}.batch_records b JOIN {s}.paper_map m USING (record_key)
            {_identifier_rows("b")}
            WHERE i.value IS NOT NULL
        ), owned AS (
            SELECT g.*, g.kind IN ({strong}) AS names_one_paper,
                   min(g.paper_key) OVER (PARTITION BY g.kind, g.value) AS first_holder
            FROM given g
            WHERE g.kind NOT IN ({strong}) OR NOT EXISTS (
                SELECT 1 FROM public.paper_identifiers o
                WHERE o.kind = g.kind AND o.value = g.value
                  AND o.paper_id IS DISTINCT FROM g.paper_id)
        )
        SELECT paper_key, kind, value, year_low, year_high FROM owned
        WHERE NOT names_one_paper OR paper_key = first_holder"""
    )
    conn.exec_driver_sql(f"CREATE INDEX ON {s}.paper_identifiers (paper_key)")


def _sql_stable_digest(column: str) -> str:
    """etl.transform.identity.stable_digest, in SQL: the same text gives the same digest."""
    return f"left(encode(sha256(convert_to({column}, 'UTF8')), 'hex'), {FINGERPRINT_HEX_DIGITS})"


def _published_method_name(
    abstract_name: str,
    abstract_way: str,
    title_name: str,
    abstract: str,
    *,
    kept_when: str | None = None,
) -> str:
    """The select list of papers.method_name, method_name_origin and method_name_way (the
    abstract's name comes with its way): the name the title
    opens with when the abstract mentions it and introduces something else by name (a part,
    a dataset, a benchmark of the work: "3D-R1: ..." whose abstract builds Scene-30K), not
    a longer form of it ("CLEA" and "Closed-Loop Embodied Agent (CLEA)"), or when neither
    name holds the other's letters (etl.transform.methods._title_first); else the name the
    abstract introduces; else the title's. Where kept_when holds, the published p's stay."""
    abstract_letters = f"lower(regexp_replace({abstract_name}, '[^A-Za-z0-9]', '', 'g'))"
    title_letters = f"lower(regexp_replace({title_name}, '[^A-Za-z0-9]', '', 'g'))"
    title_first = (
        f"({title_name} IS NOT NULL AND {abstract_name} IS NOT NULL"
        f" AND ((strpos({abstract_name}, {title_name}) = 0"
        f" AND strpos({abstract}, {title_name}) > 0)"
        f" OR (strpos({abstract_letters}, {title_letters}) = 0"
        f" AND strpos({title_letters}, {abstract_letters}) = 0)))"
    )
    kept_name = f"WHEN {kept_when} THEN p.method_name" if kept_when else ""
    kept_origin = f"WHEN {kept_when} THEN p.method_name_origin" if kept_when else ""
    kept_way = f"WHEN {kept_when} THEN p.method_name_way" if kept_when else ""
    return f"""CASE {kept_name}
                WHEN {title_first} THEN {title_name}
                ELSE coalesce({abstract_name}, {title_name}) END AS method_name,
           CASE {kept_origin}
                WHEN {title_first} THEN 'title'
                WHEN {abstract_name} IS NOT NULL THEN 'abstract'
                WHEN {title_name} IS NOT NULL THEN 'title' END AS method_name_origin,
           CASE {kept_way}
                WHEN {title_first} THEN 'title'
                WHEN {abstract_name} IS NOT NULL THEN {abstract_way}
                WHEN {title_name} IS NOT NULL THEN 'title' END AS method_name_way"""


# Each statement, sql/assemble/<table>.sql, creates one staged table from the batch tables
# and paper_map. Order matters: papers first, the rest may read it.
_ASSEMBLY = (
    "papers",
    "paper_sources",
    "listings",
    "paper_listings",
    "repositories",
    "paper_repositories",
    "entry_repositories",
    "metrics",
    "metric_aliases",
    "datasets",
    "dataset_aliases",
    "tags",
    "results",
    "paper_tags",
    "paper_authors",
    "authors",
    "organizations",
    "paper_organizations",
)


# The method-name select list of sql/assemble/papers.sql.
_ASSEMBLED_METHOD_NAME = _published_method_name(
    "x.method_name", "x.method_name_way", "f.title_method_name", "a.abstract"
)


def _assembly_statement(table: str, schema: str) -> str:
    return sql_file(f"assemble/{table}").format(
        staging=f'"{schema}"', table_options=TABLE_OPTIONS, method_name=_ASSEMBLED_METHOD_NAME
    )


# Staged by stage_paper_map, before the statements above.
RESOLVED_TABLES = ("paper_identifiers", "merge_candidates")
ASSEMBLED_TABLES = (*_ASSEMBLY, *RESOLVED_TABLES)


def create_batch_tables(conn: sa.Connection, schema: str) -> None:
    """Empty UNLOGGED `batch_*` tables, one per BATCH_SCHEMAS table; the run's rejects table
    is its caller's to create."""
    for name, table_schema in BATCH_SCHEMAS.items():
        create_table(conn, schema, batch_table(name), table_schema)


def assemble(
    conn: sa.Connection,
    schema: str,
    file_positions: dict[str, int],
    *,
    resolve_papers: PaperResolver,
    seconds: dict[str, float],
) -> dict[str, int]:
    """Build every staged table from the batches, records grouped into papers by
    `resolve_papers`; return their row counts. Run again after quarantine_records, it builds
    them from the records that are left. Each step's seconds are added to `seconds` under
    its name (assemble/<name>)."""
    with timed(seconds, "assemble/batch_indexes"):
        for name in ("records", "abstract_links", "abstract_results", "abstract_tags"):
            key = "record_key" if name == "records" else "abstract_hash"
            table = batch_table(name)
            conn.exec_driver_sql(
                f'CREATE INDEX IF NOT EXISTS {table}_{key} ON "{schema}".{table} ({key})'
            )
    stage_paper_map(conn, schema, file_positions, resolve_papers=resolve_papers, seconds=seconds)
    for name in _ASSEMBLY:
        with timed(seconds, f"assemble/{name}"):
            conn.exec_driver_sql(_assembly_statement(name, schema))
            if name == "papers":
                conn.exec_driver_sql(f'CREATE INDEX ON "{schema}".papers (abstract_hash)')
    with timed(seconds, "assemble/analyze"):
        return _analyzed_counts(conn, schema)


def _analyzed_counts(conn: sa.Connection, schema: str) -> dict[str, int]:
    """Rows per staged table, each analysed for the gate's and publish's plans."""
    counts = {}
    for name in ASSEMBLED_TABLES:
        conn.exec_driver_sql(f'ANALYZE "{schema}".{name}')
        counts[name] = conn.exec_driver_sql(f'SELECT count(*) FROM "{schema}".{name}').scalar_one()
    return counts


# The tables stage_paper_map works through; they go with the assembled ones when the records
# are assembled again.
_RESOLUTION_TABLES = ("record_ids", "published_ids", "paper_assignment", "member_candidates")

# The records behind offending rows `o` of a staged table (a failed record check's rows,
# `{o}` its query), with the offending value: `record_key`, `offending`, in
# sql/assemble/records_behind/<table>.sql. A papers row traces to its records that hold the
# checked value (`{column}`, `{record_column}` in the records). A table without such a file
# traces to no record.
# How much of an offending value a quarantine reason quotes.
OFFENDING_CHARS = 120
# A papers column and the record column it comes from, when their names differ.
_RECORD_COLUMN = {"abstract": "abstract_hash"}
_RECORD_KEYED_BATCHES = tuple(
    batch_table(name) for name, columns in BATCH_SCHEMAS.items() if "record_key" in columns
)
_ABSTRACT_KEYED_BATCHES = tuple(
    batch_table(name)
    for name, columns in BATCH_SCHEMAS.items()
    if "abstract_hash" in columns and name != "records"
)


@dataclass(frozen=True)
class FailedCheck:
    """A failed record check, as quarantine_records needs it."""

    table: str
    check: str
    offending_query: str
    traces: str | None = None


def quarantine_records(
    conn: sa.Connection, schema: str, failures: list[FailedCheck]
) -> dict[str, int] | None:
    """Move the source records behind the rows that failed record checks to the run's
    rejects (rule `check.<table>`, the check in check_name and in the reason with the
    offending value, the record's source_record_id) and out
    of the batches, with everything derived from them; drop the assembled tables, for
    assemble to build again from the records left. Returns how many records each check
    quarantined, or None (changing nothing) when a check's rows trace back to no record read
    from a file: then the failure is not a record's, and the run must block."""
    s = f'"{schema}"'
    conn.exec_driver_sql(
        f"CREATE UNLOGGED TABLE {s}.failed_records "
        "(record_key text, rule text, check_name text, reason text)"
    )
    found = {}
    for failure in failures:
        column = failure.traces or "paper_key"
        if not has_statement(f"assemble/records_behind/{failure.table}"):
            found[failure.check] = 0
            continue
        behind = sql_file(f"assemble/records_behind/{failure.table}").format(
            staging=s, o=failure.offending_query, column=column,
            record_column=_RECORD_COLUMN.get(column, column),
        )  # fmt: skip
        rule, check_name, reason = (
            sql.Literal(text).as_string(conn.connection.driver_connection)
            for text in (
                f"{CHECK_RULE_PREFIX}{failure.table}",
                failure.check,
                f"{failure.table}: {failure.check}; not so for ",
            )
        )
        # No parameters: the driver then leaves the checks' own % alone.
        cursor = conn.connection.driver_connection.cursor()
        cursor.execute(
            f"""WITH added AS (
            INSERT INTO {s}.failed_records
            SELECT DISTINCT ON (record_key) record_key, {rule}, {check_name},
                   {reason} || coalesce(left(offending, {OFFENDING_CHARS}), 'null')
            FROM ({behind}) traced ORDER BY record_key, offending
            RETURNING 1) SELECT count(*) FROM added"""
        )
        found[failure.check] = cursor.fetchone()[0]
    unread = conn.exec_driver_sql(
        f"SELECT count(*) FROM {s}.failed_records f WHERE NOT EXISTS "
        f"(SELECT 1 FROM {s}.batch_records b WHERE b.record_key = f.record_key)"
    ).scalar_one()
    if not all(found.values()) or unread:
        conn.exec_driver_sql(f"DROP TABLE {s}.failed_records")
        return None
    conn.exec_driver_sql(
        f"""INSERT INTO {s}.rejects (source_file, record_number, line_number, source_record_id,
                                     rule, check_name, reason, raw_snippet)
        SELECT b.source_file, b.record, b.line, b.source_record_id, f.rule, f.check_name,
               f.reason,
               left(coalesce(b.abstract_source, b.title), {SNIPPET_CHARS})
        FROM (SELECT DISTINCT ON (record_key) * FROM {s}.failed_records
              ORDER BY record_key, rule, reason) f
        JOIN {s}.batch_records b USING (record_key)"""
    )
    for table in _RECORD_KEYED_BATCHES:
        conn.exec_driver_sql(
            f"DELETE FROM {s}.{table} WHERE record_key IN "
            f"(SELECT record_key FROM {s}.failed_records)"
        )
    # What was derived from an abstract no record left has goes with it (links, results).
    for table in _ABSTRACT_KEYED_BATCHES:
        conn.exec_driver_sql(
            f"DELETE FROM {s}.{table} t WHERE NOT EXISTS "
            f"(SELECT 1 FROM {s}.batch_records b WHERE b.abstract_hash = t.abstract_hash)"
        )
    conn.exec_driver_sql(f"DROP TABLE {s}.failed_records")
    drop_assembled(conn, schema)
    return found


def drop_assembled(conn: sa.Connection, schema: str) -> None:
    """Drop what assemble built, so that it can build it again from the batches."""
    for table in (*_RESOLUTION_TABLES, *ASSEMBLED_TABLES, "paper_map"):
        conn.exec_driver_sql(f'DROP TABLE "{schema}".{table}')


# `etl rederive`: staged tables of the published papers, with what the current rules derive
# from what the warehouse holds (sql/assemble/rederive/<name>.sql, in this order). The
# batches hold the derived rows (no records): abstracts' by abstract_hash, stored links and
# leaderboard rows by the record_key of `rederived_rows` (record_key, paper_key, source_file,
# record_number: the source record they came from); `published_abstracts(paper_id,
# abstract_hash, is_placeholder, title_method_name)` names each published abstract, whether
# the rules now find it a placeholder (then it is no abstract any more) and the name the
# paper's title opens with. Papers no source record mentions any more are left as they are.
_REDERIVED = (
    "paper_map",
    "papers",
    "paper_sources",
    "results_from_abstracts",
    "results_from_leaderboards",
    "paper_tags",
    "paper_repositories",
    "entry_repositories",
)

# The method-name select list of sql/assemble/rederive/papers.sql: a paper whose abstract
# `published_abstracts` does not name keeps its published name.
_REDERIVED_METHOD_NAME = _published_method_name(
    "CASE WHEN NOT h.is_placeholder THEN x.method_name END",
    "x.method_name_way",
    "h.title_method_name",
    "p.abstract",
    kept_when="h.paper_id IS NULL",
)


def assemble_rederived(
    conn: sa.Connection,
    schema: str,
    *,
    resolve_papers: PaperResolver,
    seconds: dict[str, float],
) -> dict[str, int]:
    """The staged tables of `etl rederive` (see _REDERIVED), built after assemble() has made
    every staged table from batches that hold derived rows only; return their row counts."""
    assemble(conn, schema, {}, resolve_papers=resolve_papers, seconds=seconds)
    for name in _REDERIVED:
        conn.exec_driver_sql(
            sql_file(f"assemble/rederive/{name}").format(
                staging=f'"{schema}"', method_name=_REDERIVED_METHOD_NAME
            )
        )
    return _analyzed_counts(conn, schema)

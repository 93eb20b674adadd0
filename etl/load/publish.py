"""Publish: move a run's staged tables into the published ones, inside the caller's
transaction, so that a run's changes become visible all together or not at all.

Papers first: each staged paper is the published paper identity resolution matched it to
(etl.load.assemble.stage_paper_map), or new; matched papers are completed (an identifier
they lacked, a more precise date) or updated (title, abstract and date from a source of the
same or higher precedence: the latest load of the most trusted source wins) and the others
inserted, with every identifier their records gave (paper_identifiers). Every other table is
one set-based INSERT ... SELECT ... ON CONFLICT on its natural key, through that match. A
row is only rewritten when something in it changes (`IS DISTINCT FROM`), so loading the
same input again leaves every published row, and its changed_run_id, as it was.

Rows derived from an abstract (results, rule tags) follow the published abstract: they are
published only for papers whose published abstract is the staged one (a result's span must
point into the text it was found in), and for those papers the derived rows this run no
longer finds (after a rule changed) are deleted. Links and leaderboard values come from every
record and name it: those of a record read again that it no longer gives are deleted.
"""

from __future__ import annotations

import sqlalchemy as sa

from etl import schema
from etl.load.steps import Counts, Step, file_step, stale_step, upsert_step
from etl.sql_files import statement as sql_file

# Run in this order: each statement is sql/publish/<name>.sql, but for the vocabularies,
# authors and organisations, whose upsert follows from their table's definition. A dataset,
# alias, author or organisation keeps the spelling it was first published under: curated
# names come in with the first run, others keep their first spelling.
_STEPS: tuple[Step, ...] = (
    upsert_step(schema.listings, keeps_first_values=False),
    file_step("papers", counts=Counts.TOTALS),
    file_step("papers_completed", table="papers", counts=Counts.TOTALS),
    file_step("paper_identifiers"),
    file_step("merge_candidates"),
    file_step("repositories"),
    upsert_step(schema.metrics, keeps_first_values=False),
    upsert_step(schema.datasets, keeps_first_values=True),
    file_step("tags"),
    upsert_step(schema.metric_aliases, keeps_first_values=True),
    upsert_step(schema.dataset_aliases, keeps_first_values=True),
    upsert_step(schema.authors, keeps_first_values=True),
    upsert_step(schema.organizations, keeps_first_values=True),
    file_step("paper_sources"),
    file_step("paper_listings"),
    file_step("paper_repositories"),
    file_step("results"),
    file_step("leaderboard_results", table="results"),
    file_step("paper_tags"),
    file_step("paper_authors"),
    file_step("paper_organizations"),
)
PUBLISHED_TABLES = tuple(dict.fromkeys(step.table for step in _STEPS))

# Rows the run's papers no longer have (sql/publish/stale/): derived rows the rules no longer
# derive, positions beyond a replaced author list, records gone from a file that was loaded
# again. A paper this run inserted has only this run's rows, so only papers published before
# are looked at. Rows a run inserted are what it staged: none is stale (the statements skip
# them, which keeps a first load from comparing every row it wrote with what it staged).
_STALE: tuple[Step, ...] = (
    stale_step("paper_repositories_not_given_again", "paper_repositories"),
    stale_step("paper_repositories_of_rejected_records", "paper_repositories"),
    stale_step("paper_repositories_not_in_published_abstract", "paper_repositories"),
    stale_step("results_not_in_published_abstract", "results"),
    stale_step("results_not_given_again", "results"),
    stale_step("results_of_rejected_records", "results"),
    stale_step("results_given_again_by_a_noted_row", "results"),
    stale_step("paper_tags_not_derived_any_more", "paper_tags"),
    stale_step("paper_authors_beyond_replaced_list", "paper_authors"),
    stale_step("paper_sources_gone_from_file", "paper_sources"),
)

# A published paper whose records, read again, are now other papers' or quarantined, and
# which no other record names, was a paper of older rules: it is retired with what hangs on
# it (its records' rows live on with the papers they belong to now). A paper whose record
# is only gone from a new version of its file stays (see README: Incremental loads).
_RETIRED_DEPENDENTS = (
    "paper_listings", "paper_authors", "paper_organizations", "paper_tags",
    "paper_repositories", "results", "paper_identifiers",
)  # fmt: skip


def _retire_left_papers(conn: sa.Connection, staging: str) -> int:
    """Delete the papers left_papers names that no source record names any more, and what
    hangs on them; return how many."""
    conn.exec_driver_sql(
        f"""CREATE TABLE {staging}.retired_papers AS
        SELECT DISTINCT paper_id FROM {staging}.left_papers l
        WHERE NOT EXISTS (SELECT 1 FROM paper_sources ps WHERE ps.paper_id = l.paper_id)"""
    )
    retired = f"SELECT paper_id FROM {staging}.retired_papers"
    for table in _RETIRED_DEPENDENTS:
        conn.exec_driver_sql(f"DELETE FROM {table} WHERE paper_id IN ({retired})")
    conn.exec_driver_sql(
        f"DELETE FROM etl.merge_candidates WHERE paper_id IN ({retired}) "
        f"OR other_paper_id IN ({retired})"
    )
    return conn.exec_driver_sql(
        f"WITH gone AS (DELETE FROM papers WHERE paper_id IN ({retired}) RETURNING 1) "
        "SELECT count(*) FROM gone"
    ).scalar_one()


def _drop_constraints(
    conn: sa.Connection, tables: list[str], constraint_type: str
) -> list[tuple[str, str, str]]:
    """Drop the tables' constraints of one type ('f' foreign keys, 'u' unique ones, never the
    primary key); return (table, name, definition) to add them back."""
    if not tables:
        return []
    constraints = conn.execute(
        sa.text(
            "SELECT conrelid::regclass::text, quote_ident(conname), pg_get_constraintdef(oid) "
            "FROM pg_constraint WHERE contype = :type "
            "AND conrelid = ANY(CAST(:tables AS regclass[])) ORDER BY 1, 2"
        ),
        {"type": constraint_type, "tables": tables},
    ).all()
    for table, name, _ in constraints:
        conn.exec_driver_sql(f"ALTER TABLE {table} DROP CONSTRAINT {name}")
    return [tuple(row) for row in constraints]


def _add_constraints(conn: sa.Connection, constraints: list[tuple[str, str, str]]) -> None:
    """Add dropped constraints back: each checks the whole table in one pass (a foreign key
    in one join), and a violation fails the transaction, so nothing is published unchecked."""
    for table, name, definition in constraints:
        conn.exec_driver_sql(f"ALTER TABLE {table} ADD CONSTRAINT {name} {definition}")


def _empty_tables(conn: sa.Connection, tables: list[str]) -> list[str]:
    exists = "SELECT EXISTS (SELECT FROM {})"
    return [t for t in tables if not conn.exec_driver_sql(exists.format(t)).scalar_one()]


def _drop_indexes(conn: sa.Connection, tables: list[str]) -> list[str]:
    """Drop the tables' indexes that no constraint or ON CONFLICT needs (not unique, not
    the primary key); return the statements that build them again."""
    if not tables:
        return []
    indexes = conn.execute(
        sa.text(
            "SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index "
            "WHERE indrelid = ANY(CAST(:tables AS regclass[])) AND NOT indisunique ORDER BY 1"
        ),
        {"tables": tables},
    ).all()
    for name, _ in indexes:
        conn.exec_driver_sql(f"DROP INDEX {name}")
    return [definition for _, definition in indexes]


def publish(
    conn: sa.Connection,
    run_id: int,
    staging_schema: str,
    staged_counts: dict[str, int],
    bulk_rows: int,
) -> dict[str, dict[str, int]]:
    """Publish every staged table; return rows staged, inserted, updated and deleted."""
    staging = f'"{staging_schema}"'
    # Postgres checks foreign keys row by row; for a table getting bulk_rows rows that is
    # most of the publish (14 of 17 s inserting 481k paper_tags rows). Such tables have their
    # foreign keys dropped and added back, checked in one pass, before the commit. They and
    # the tables they reference stay locked until then: readers wait for a bulk publish.
    bulky = [t for t in PUBLISHED_TABLES if staged_counts.get(t, 0) >= bulk_rows]
    dropped = _drop_constraints(conn, bulky, "f")
    # Filling an empty table, building each index once at the end is cheaper than keeping
    # it up to date row by row (publish of a first 100k load: 35.0 -> 32.4 s).
    # Unique constraints and ON CONFLICT's indexes stay, except on papers, which is only
    # INSERTed, and whose constraints are added back, checked, before papers are matched.
    first_fill = _empty_tables(conn, bulky)
    index_definitions = _drop_indexes(conn, first_fill)
    conn.exec_driver_sql(sql_file("publish/paper_match").format(staging=staging))
    paper_constraints = _drop_constraints(conn, ["papers"] if "papers" in first_fill else [], "u")
    counts = {
        table: {"staged": staged_counts.get(table, 0), "inserted": 0, "updated": 0, "deleted": 0}
        for table in PUBLISHED_TABLES
    }
    for step in (*_STEPS, *_STALE):
        for change, rows in zip(
            ("inserted", "updated", "deleted"), step.run(conn, staging, run_id), strict=True
        ):
            counts[step.table][change] += rows
        if step.name == "papers":
            _add_constraints(conn, paper_constraints)
            # Every later step joins paper_match, now complete: plan them on its real size.
            conn.exec_driver_sql(f"ANALYZE {staging}.paper_match")
            conn.exec_driver_sql(sql_file("publish/left_papers").format(staging=staging))
        if step.name == "papers_completed":
            conn.exec_driver_sql(sql_file("publish/abstract_is_published").format(staging=staging))
    counts["papers"]["deleted"] = _retire_left_papers(conn, staging)
    for definition in index_definitions:
        conn.exec_driver_sql(definition)
    _add_constraints(conn, dropped)
    return counts

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
from etl.progress import timed
from etl.sql_files import named
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
    file_step("results_rank_keys", table="results"),
    upsert_step(schema.datasets, keeps_first_values=True),
    file_step("tags"),
    upsert_step(schema.metric_aliases, keeps_first_values=True),
    upsert_step(schema.dataset_aliases, keeps_first_values=True),
    upsert_step(schema.authors, keeps_first_values=True),
    upsert_step(schema.organizations, keeps_first_values=True),
    file_step("paper_sources"),
    file_step("paper_listings"),
    file_step("paper_repositories"),
    file_step("entry_repositories"),
    file_step("results"),
    file_step("leaderboard_results", table="results"),
    file_step("paper_tags"),
    file_step("paper_authors"),
    file_step("paper_organizations"),
)
PUBLISHED_TABLES = tuple(dict.fromkeys(step.table for step in _STEPS))
# After the stale rows are gone, when each paper's author list is final (and kept in
# etl.author_lists by sql/publish/author_lists.sql): papers of the same authors and
# near-identical abstracts (a resubmission retitled) are merge candidates.
_RETITLED = file_step("retitled_candidates", table="merge_candidates")

# Rows the run's papers no longer have (sql/publish/stale/): derived rows the rules no longer
# derive, positions beyond a replaced author list, records gone from a file that was loaded
# again, links to (and then the rows of) organisations a name read again no longer is. A
# paper this run inserted has only this run's rows, so only papers published before are
# looked at. Rows a run inserted are what it staged: none is stale (the statements skip
# them, which keeps a first load from comparing every row it wrote with what it staged).
_STALE: tuple[Step, ...] = (
    stale_step("paper_repositories_not_given_again", "paper_repositories"),
    stale_step("paper_repositories_of_rejected_records", "paper_repositories"),
    stale_step("paper_repositories_not_in_published_abstract", "paper_repositories"),
    stale_step("entry_repositories_not_given_again", "entry_repositories"),
    stale_step("results_not_in_published_abstract", "results"),
    stale_step("results_not_given_again", "results"),
    stale_step("results_of_rejected_records", "results"),
    stale_step("results_given_again_by_a_noted_row", "results"),
    stale_step("paper_tags_not_derived_any_more", "paper_tags"),
    stale_step("paper_authors_beyond_replaced_list", "paper_authors"),
    stale_step("paper_sources_gone_from_file", "paper_sources"),
    stale_step("paper_organizations_of_a_former_spelling", "paper_organizations"),
    stale_step("organizations_of_a_former_spelling", "organizations"),
)

# The names of the publish statements written here (the rest are sql/publish files), as
# pg_stat_activity shows them and the load's summary times them.
RETIRE = "publish/retired_papers"
CHECK_FOREIGN_KEYS = "publish/foreign_keys"
ANALYZE = "publish/analyze"

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
        named(
            RETIRE,
            f"""CREATE TABLE {staging}.retired_papers AS
        SELECT DISTINCT paper_id FROM {staging}.left_papers l
        WHERE NOT EXISTS (SELECT 1 FROM paper_sources ps WHERE ps.paper_id = l.paper_id)""",
        )
    )
    retired = f"SELECT paper_id FROM {staging}.retired_papers"
    for table in _RETIRED_DEPENDENTS:
        conn.exec_driver_sql(named(RETIRE, f"DELETE FROM {table} WHERE paper_id IN ({retired})"))
    conn.exec_driver_sql(
        named(
            RETIRE,
            f"DELETE FROM etl.merge_candidates WHERE paper_id IN ({retired}) "
            f"OR other_paper_id IN ({retired})",
        )
    )
    return conn.exec_driver_sql(
        named(
            RETIRE,
            f"WITH gone AS (DELETE FROM papers WHERE paper_id IN ({retired}) RETURNING 1) "
            "SELECT count(*) FROM gone",
        )
    ).scalar_one()


class UncheckedRowBroken(RuntimeError):
    """A row written without its foreign keys checked row by row has no parent row."""


def _may_skip_row_checks(conn: sa.Connection) -> bool:
    """Whether this session may turn off row-by-row foreign key checks (superusers, and roles
    granted SET on session_replication_role)."""
    return conn.exec_driver_sql(
        "SELECT has_parameter_privilege('session_replication_role', 'SET')"
    ).scalar_one()


def _check_foreign_keys(conn: sa.Connection, staging: str, tables: list[str], run_id: int) -> None:
    """Check the rows this run wrote into the tables against every foreign key of theirs;
    raise UncheckedRowBroken at the first row without its parent, which fails the
    transaction. Rows the run did not write were checked when they were.

    Every row a publish step writes belongs to one of the run's papers (staging paper_match),
    so a table of papers' rows is read for those papers only, paper by paper through its
    paper_id index, once for all its keys, and each key's distinct values are looked up in
    its parent: the check costs what the run wrote, not what the table holds. (Picked out by
    changed_run_id, or joined to paper_match and left to the planner, the rows were found by
    reading the whole table: 9.6 s for the tags of 30,000 papers in a warehouse of 300,000,
    9.8 s for 100,000 papers into a million.) A table of other rows is read whole."""
    if not tables:
        return
    keys = conn.execute(
        sa.text(
            "SELECT c.conrelid::regclass::text, c.conname, c.confrelid::regclass::text, "
            "array_agg(quote_ident(a.attname) ORDER BY k.n), "
            "array_agg(quote_ident(pa.attname) ORDER BY k.n) "
            "FROM pg_constraint c "
            "CROSS JOIN LATERAL unnest(c.conkey, c.confkey) WITH ORDINALITY AS k (col, pcol, n) "
            "JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col "
            "JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = k.pcol "
            "WHERE c.contype = 'f' AND c.conrelid = ANY(CAST(:tables AS regclass[])) "
            "GROUP BY c.conrelid, 2, 3 ORDER BY 1, 2"
        ),
        {"tables": tables},
    ).all()
    by_table: dict[str, list[tuple[str, str, list[str], list[str]]]] = {}
    for table, name, parent, columns, parent_columns in keys:
        by_table.setdefault(table, []).append((name, parent, columns, parent_columns))
    of_papers = {
        table
        for (table,) in conn.execute(
            sa.text(
                "SELECT attrelid::regclass::text FROM pg_attribute WHERE attname = 'paper_id' "
                "AND NOT attisdropped AND attrelid = ANY(CAST(:tables AS regclass[]))"
            ),
            {"tables": list(by_table)},
        )
    }
    # The rows of a table of papers' rows are read for the run's papers, so their paper_id
    # is one of those: its key to papers holds when every paper of the run is a paper, which
    # is looked up once, paper by paper (a join may read every paper), not once per table.
    unpublished = conn.exec_driver_sql(
        named(
            CHECK_FOREIGN_KEYS,
            f"SELECT m.paper_id FROM {staging}.paper_match m LEFT JOIN LATERAL "
            "(SELECT 1 AS found FROM papers p WHERE p.paper_id = m.paper_id OFFSET 0) p "
            "ON true WHERE p.found IS NULL LIMIT 1",
        )
    ).first()
    for table, table_keys in by_table.items():
        if table in of_papers and unpublished is None:
            table_keys = [k for k in table_keys if (k[1], k[2]) != ("papers", ["paper_id"])]
        columns = sorted({column for _, _, key, _ in table_keys for column in key})
        listed = ", ".join(columns)
        written = (
            # OFFSET 0 keeps the lookup per paper (through the index) from being flattened
            # into a join the planner may answer by reading the whole table.
            f"SELECT c.* FROM {staging}.paper_match m CROSS JOIN LATERAL "
            f"(SELECT {listed} FROM {table} WHERE paper_id = m.paper_id OFFSET 0) c "
            # Leaderboard rows and values whose paper is unknown belong to no paper (a
            # partial index finds them; where paper_id is NOT NULL the planner reads none).
            f"UNION ALL SELECT {listed} FROM {table} "
            "WHERE paper_id IS NULL AND changed_run_id = %(run_id)s"
            if table in of_papers
            else f"SELECT {listed} FROM {table} WHERE changed_run_id = %(run_id)s"
        )
        checks = []
        for index, (_, parent, key, parent_key) in enumerate(table_keys):
            # As the constraints' MATCH SIMPLE: a key with a null in it points nowhere.
            given = " AND ".join(f"{column} IS NOT NULL" for column in key)
            found = " AND ".join(
                f"p.{parent_column} = k.{column}"
                for column, parent_column in zip(key, parent_key, strict=True)
            )
            checks.append(
                f"(SELECT {index} AS key, ROW({', '.join(f'k.{c}' for c in key)})::text AS value "
                f"FROM (SELECT DISTINCT {', '.join(key)} FROM written WHERE {given}) k "
                f"WHERE NOT EXISTS (SELECT FROM {parent} AS p WHERE {found}) LIMIT 1)"
            )
        broken = conn.exec_driver_sql(
            named(
                CHECK_FOREIGN_KEYS,
                f"WITH written AS MATERIALIZED ({written}) {' UNION ALL '.join(checks)} LIMIT 1",
            ),
            {"run_id": run_id},
        ).first()
        if broken is not None:
            name, parent, key, _ = table_keys[broken.key]
            raise UncheckedRowBroken(
                f"{table} has a row whose ({', '.join(key)}) = {broken.value} is in no row of "
                f"{parent} (foreign key {name})"
            )


def _drop_foreign_keys(conn: sa.Connection, tables: list[str]) -> list[tuple[str, str, str]]:
    """Drop the tables' foreign keys; return (table, name, definition) to add them back."""
    if not tables:
        return []
    constraints = conn.execute(
        sa.text(
            "SELECT conrelid::regclass::text, quote_ident(conname), pg_get_constraintdef(oid) "
            "FROM pg_constraint WHERE contype = 'f' "
            "AND conrelid = ANY(CAST(:tables AS regclass[])) ORDER BY 1, 2"
        ),
        {"tables": tables},
    ).all()
    for table, name, _ in constraints:
        conn.exec_driver_sql(f"ALTER TABLE {table} DROP CONSTRAINT {name}")
    return [tuple(row) for row in constraints]


def _add_constraints(conn: sa.Connection, constraints: list[tuple[str, str, str]]) -> None:
    """Add dropped constraints back: each checks the whole table in one pass (a foreign key
    in one join), and a violation fails the transaction, so nothing is published unchecked."""
    for table, name, definition in constraints:
        conn.exec_driver_sql(f"ALTER TABLE {table} ADD CONSTRAINT {name} {definition}")


def publish(
    conn: sa.Connection,
    run_id: int,
    staging_schema: str,
    staged_counts: dict[str, int],
    bulk_rows: int,
    seconds: dict[str, float],
) -> dict[str, dict[str, int]]:
    """Publish every staged table; return rows staged, inserted, updated and deleted. Each
    statement's seconds are added to `seconds` under its name (publish/<name>)."""
    staging = f'"{staging_schema}"'
    # Postgres checks foreign keys row by row; for a table getting bulk_rows rows that is
    # most of the publish (14 of 17 s inserting 481k paper_tags rows). Such tables are
    # written with those checks off (session_replication_role = replica, during their own
    # steps only), and the rows the run wrote are checked after, one anti-join per key,
    # before the commit. That takes no lock beyond the writes' own, so readers go on reading
    # the published tables as they were until the commit. A role that may not turn the
    # checks off drops the foreign keys and adds them back instead: its readers of those
    # tables wait for the commit.
    bulky = [t for t in PUBLISHED_TABLES if staged_counts.get(t, 0) >= bulk_rows]
    unchecked = set(bulky) if bulky and _may_skip_row_checks(conn) else set()
    dropped = [] if unchecked else _drop_foreign_keys(conn, bulky)

    def run_file(name: str) -> None:
        with timed(seconds, f"publish/{name}"):
            conn.exec_driver_sql(sql_file(f"publish/{name}").format(staging=staging))

    run_file("paper_match")
    counts = {
        table: {"staged": staged_counts.get(table, 0), "inserted": 0, "updated": 0, "deleted": 0}
        for table in PUBLISHED_TABLES
    }
    for step in (*_STEPS, *_STALE, _RETITLED):
        if step is _STALE[0]:
            _analyze_written(conn, bulky, counts, seconds)
        if step is _RETITLED:
            run_file("author_lists")
        # Only the inserts and updates: deletes keep the checks that keep parents whole.
        writes_unchecked = step.table in unchecked and step in _STEPS
        if writes_unchecked:
            conn.exec_driver_sql("SET LOCAL session_replication_role = replica")
        name = f"publish/stale/{step.name}" if step in _STALE else f"publish/{step.name}"
        with timed(seconds, name):
            changes = step.run(conn, staging, run_id)
        for change, rows in zip(("inserted", "updated", "deleted"), changes, strict=True):
            counts[step.table][change] += rows
        if writes_unchecked:
            conn.exec_driver_sql("SET LOCAL session_replication_role = origin")
        if step.name == "papers":
            # Every later step joins paper_match, now complete: plan them on its real size.
            conn.exec_driver_sql(f"ANALYZE {staging}.paper_match")
            run_file("left_papers")
        if step.name == "papers_completed":
            run_file("abstract_is_published")
    with timed(seconds, RETIRE):
        counts["papers"]["deleted"] = _retire_left_papers(conn, staging)
    with timed(seconds, CHECK_FOREIGN_KEYS):
        _check_foreign_keys(conn, staging, sorted(unchecked), run_id)
        _add_constraints(conn, dropped)
    return counts


def _analyze_written(
    conn: sa.Connection,
    bulky: list[str],
    counts: dict[str, dict[str, int]],
    seconds: dict[str, float],
) -> None:
    """ANALYZE the tables that got bulk rows, or more new rows than a tenth of what their
    statistics say they held (an empty warehouse's), once every insert and update is done
    and before the statements that read them back (stale rows, retitled pairs, the foreign
    key checks).

    Planned on the statistics of before the run (an empty table in a first load), the
    retitled pairs' statement read paper_authors whole for each paper of the run: 558 of a
    100k load's 594 s of publish, 5.0 of a 10k load's 9.4 s. A first load of a million
    papers also left these tables without statistics until autovacuum came round, a minute
    or more after the commit; the load's own report, planned before then, took 40,000 tag
    and paper pairs for 5.9 million and its top tags query ran for over 10 minutes instead
    of 9 s. Analyzed here, the tables are committed with their statistics (ANALYZE counts
    this transaction's rows; it samples: 0.3 s for those 5.9 million; the stale steps after
    it delete few rows). A small run into a large warehouse changes no plan and analyzes
    nothing (autovacuum's rule: a tenth of the table)."""
    grown = [
        table
        for table, known in conn.execute(
            sa.text(
                "SELECT c.relname, c.reltuples FROM pg_class c "
                "WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY(:tables)"
            ),
            {"tables": [t for t in PUBLISHED_TABLES if t not in bulky]},
        )
        if counts[table]["inserted"] > max(known, 0) / 10
    ]
    with timed(seconds, ANALYZE):
        for table in (*bulky, *sorted(grown)):
            conn.exec_driver_sql(named(ANALYZE, f"ANALYZE public.{table}"))

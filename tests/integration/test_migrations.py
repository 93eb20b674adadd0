"""Migrations: one head, a clean round trip, agreement with etl.schema, comments everywhere."""

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import replace

import psycopg
import pytest
from alembic import command
from alembic.script import ScriptDirectory

from etl import db
from etl.config import Settings

PUBLISHED_SCHEMAS = ("public", "etl", "analytics")


def _config(url: str):
    config = db.alembic_config(url)
    config.attributes["configure_logger"] = False
    return config


def _relations(url: str) -> list[tuple[str, str]]:
    with psycopg.connect(url) as conn:
        return conn.execute(
            "SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE c.relkind IN ('r', 'v') AND n.nspname = ANY(%s) AND c.relname <> 'alembic_version' "
            "ORDER BY 1, 2",
            (list(PUBLISHED_SCHEMAS),),
        ).fetchall()


def test_single_head() -> None:
    assert len(ScriptDirectory.from_config(_config(None)).get_heads()) == 1


def test_each_revision_downgrades_to_exactly_the_schema_before_it(
    empty_database_url: str,
) -> None:
    config = _config(empty_database_url)
    revisions = [r.revision for r in ScriptDirectory.from_config(config).walk_revisions()][::-1]
    schemas = [_relations(empty_database_url)]
    for revision in revisions:
        command.upgrade(config, revision)
        schemas.append(_relations(empty_database_url))
    for revision, before in zip(reversed(revisions), reversed(schemas[:-1]), strict=True):
        command.downgrade(config, "-1")
        assert _relations(empty_database_url) == before, f"downgrade of {revision}"
        assert _uncommented(empty_database_url) == [], f"downgrade of {revision}"


def test_upgrade_downgrade_upgrade_round_trip(empty_database_url: str) -> None:
    config = _config(empty_database_url)
    command.upgrade(config, "head")
    created = _relations(empty_database_url)
    assert ("public", "papers") in created and ("etl", "runs") in created
    assert ("analytics", "paper_overview") in created

    command.downgrade(config, "base")
    assert _relations(empty_database_url) == []
    with psycopg.connect(empty_database_url) as conn:
        left = conn.execute(
            "SELECT n.nspname, c.relname FROM pg_namespace n "
            "LEFT JOIN pg_class c ON c.relnamespace = n.oid AND c.relkind = 'r' "
            "WHERE n.nspname IN ('etl', 'analytics')"
        ).fetchall()
    assert left == [("etl", "alembic_version")]  # Alembic's, which outlives every revision

    command.upgrade(config, "head")
    assert _relations(empty_database_url) == created


def test_models_match_migrations(database_url: str) -> None:
    # `alembic check` raises when autogenerate would emit any operation.
    command.check(_config(database_url))


def _uncommented(url: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(
            """
            SELECT n.nspname || '.' || c.relname || coalesce('.' || a.attname, '')
            FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace
            LEFT JOIN pg_attribute a
                ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            WHERE c.relkind IN ('r', 'v') AND n.nspname = ANY(%s)
              AND c.relname <> 'alembic_version'
              AND (obj_description(c.oid, 'pg_class') IS NULL
                   OR (a.attname IS NOT NULL AND col_description(c.oid, a.attnum) IS NULL))
            """,
            (list(PUBLISHED_SCHEMAS),),
        ).fetchall()


def test_every_table_view_and_column_has_a_comment(database_url: str) -> None:
    assert _uncommented(database_url) == []


def test_the_version_table_is_kept_in_the_etl_schema_and_moved_there_from_public(
    database_url: str,
) -> None:
    def version_tables() -> list[tuple]:
        with psycopg.connect(database_url) as conn:
            return conn.execute(
                "SELECT schemaname FROM pg_tables WHERE tablename = 'alembic_version'"
            ).fetchall()

    assert version_tables() == [("etl",)]
    # A database migrated before the table moved: it is in public.
    with psycopg.connect(database_url) as conn:
        conn.execute("ALTER TABLE etl.alembic_version SET SCHEMA public")
    engine = db.create_engine(replace(Settings.from_env({}), database_url=database_url))
    try:
        with pytest.raises(db.SchemaNotCurrent):
            db.check_schema_is_current(engine)
        command.upgrade(_config(database_url), "head")
        assert version_tables() == [("etl",)]
        db.check_schema_is_current(engine)  # the revision came along
    finally:
        engine.dispose()


def test_rejects_recorded_before_0027_keep_the_check_their_reason_names(
    empty_database_url: str,
) -> None:
    config = _config(empty_database_url)
    before = ScriptDirectory.from_config(config).get_revision("0027").down_revision
    command.upgrade(config, before)
    with psycopg.connect(empty_database_url) as conn:
        conn.execute(
            "INSERT INTO etl.runs (run_id, command, status, finished_at, code_version) "
            "VALUES (1, 'load', 'published', now(), 'test')"
        )
        conn.execute(
            "INSERT INTO etl.rejects (run_id, source_file, record_number, rule, reason, "
            "raw_snippet) VALUES "
            "(1, 'a/b.json', 3, 'check.papers', 'papers: publication date is not in the "
            "future; not so for 2999-01-01', 'raw'), "
            "(1, 'a/b.json', 4, 'record.no_identity', 'no title; not so for anything', 'raw')"
        )
    command.upgrade(config, "0027")
    with psycopg.connect(empty_database_url) as conn:
        rows = conn.execute(
            "SELECT file_name, record_number, rule, check_name, source_record_id "
            "FROM analytics.rejects ORDER BY record_number"
        ).fetchall()
    assert rows == [
        ("b.json", 3, "check.papers", "publication date is not in the future", None),
        ("b.json", 4, "record.no_identity", None, None),
    ]


def test_listings_papers_with_code_api_records_made_are_dropped_and_no_other(
    every_kind_published: str, scratch_database: Callable[..., AbstractContextManager[str]]
) -> None:
    """Before 0024 a Papers with Code API record's `proceeding` slug made a conference listing;
    0024 drops such listings, and a listing another format lists the paper in stays."""
    with scratch_database(every_kind_published) as url:
        with psycopg.connect(url) as conn:
            paper, source_file, run = conn.execute(
                "SELECT paper_id, source_file, created_run_id FROM paper_sources "
                "WHERE source_format = 'pwc-api' ORDER BY paper_id LIMIT 1"
            ).fetchone()
            shared = conn.execute(
                "SELECT listing_id FROM listings ORDER BY listing_id LIMIT 1"
            ).fetchone()[0]
            (slug_listing,) = conn.execute(
                "INSERT INTO listings (listing_slug, listing_name, listing_kind, venue, "
                "created_run_id, changed_run_id) VALUES ('proceedings-of-the-27th-international', "
                "'proceedings-of-the-27th-international', 'conference', "
                "'proceedings-of-the-27th-international', %(run)s, %(run)s) RETURNING listing_id",
                {"run": run},
            ).fetchone()
            for listing in (slug_listing, shared):
                conn.execute(
                    "INSERT INTO paper_listings (paper_id, listing_id, position, source_file, "
                    "created_run_id, changed_run_id) VALUES (%s, %s, 1, %s, %s, %s) "
                    "ON CONFLICT DO NOTHING",
                    (paper, listing, source_file, run, run),
                )
            listings_before = conn.execute("SELECT count(*) FROM listings").fetchone()[0]
        config = _config(url)
        command.downgrade(config, "0024-1")
        command.upgrade(config, "head")
        with psycopg.connect(url) as conn:
            kept = {row[0] for row in conn.execute("SELECT listing_id FROM listings")}
            from_pwc_api = conn.execute(
                "SELECT count(*) FROM paper_listings pl JOIN paper_sources ps "
                "USING (paper_id, source_file) WHERE ps.source_format = 'pwc-api'"
            ).fetchone()[0]
    assert slug_listing not in kept and shared in kept
    assert len(kept) == listings_before - 1 and from_pwc_api == 0

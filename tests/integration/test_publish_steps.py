"""Publish steps written from the table definitions (etl.load.steps.upsert_step): on a real
database, a vocabulary name keeps its first spelling or takes the new one as its step says,
an alias finds its metric by the metric's natural key, and counts are what changed."""

from __future__ import annotations

import psycopg
import pytest
import sqlalchemy as sa

from etl import db, schema
from etl.config import Settings
from etl.load.steps import upsert_step

pytestmark = pytest.mark.slow

STAGING = '"staging_test"'


def _run(url: str, run_id: int) -> None:
    with psycopg.connect(url) as conn:
        conn.execute(
            "INSERT INTO etl.runs (run_id, command, status, finished_at, code_version) "
            "VALUES (%s, 'load', 'published', now(), 'test')",
            (run_id,),
        )


def _stage(conn: sa.Connection, statements: list[str]) -> None:
    conn.exec_driver_sql(f"DROP SCHEMA IF EXISTS {STAGING} CASCADE")
    conn.exec_driver_sql(f"CREATE SCHEMA {STAGING}")
    for statement in statements:
        conn.exec_driver_sql(statement.format(s=STAGING))


def test_generated_upserts_keep_or_take_values_as_their_table_says(
    settings: Settings, database_url: str
) -> None:
    _run(database_url, 1)
    _run(database_url, 2)
    listings = upsert_step(schema.listings, keeps_first_values=False)
    datasets = upsert_step(schema.datasets, keeps_first_values=True)
    metrics = upsert_step(schema.metrics, keeps_first_values=False)
    aliases = upsert_step(schema.metric_aliases, keeps_first_values=True)
    engine = db.create_engine(settings)
    try:
        with engine.begin() as conn:
            _stage(
                conn,
                [
                    "CREATE TABLE {s}.listings AS SELECT 'acl-2024' AS listing_slug, "
                    "'ACL 2024' AS listing_name, 'conference' AS listing_kind, 'ACL' AS venue, "
                    "2024::smallint AS listing_year, NULL::date AS listed_on",
                    "CREATE TABLE {s}.datasets AS SELECT 'imagenet' AS dataset_key, "
                    "'ImageNet' AS dataset_name",
                    "CREATE TABLE {s}.metrics AS SELECT 'bleu' AS metric_key, "
                    "'BLEU' AS metric_name, 'higher' AS direction, 'vocabulary' AS direction_rule, "
                    "false AS is_share",
                    "CREATE TABLE {s}.metric_aliases AS SELECT 'sacrebleu' AS alias_key, "
                    "'SacreBLEU' AS alias, 'bleu' AS metric_key",
                ],
            )
            first = [step.run(conn, STAGING, 1) for step in (listings, datasets, metrics, aliases)]
        with engine.begin() as conn:
            _stage(
                conn,
                [
                    "CREATE TABLE {s}.listings AS SELECT 'acl-2024' AS listing_slug, "
                    "'ACL 2024 Papers' AS listing_name, 'conference' AS listing_kind, 'ACL' AS venue, "
                    "2024::smallint AS listing_year, NULL::date AS listed_on",
                    "CREATE TABLE {s}.datasets AS SELECT 'imagenet' AS dataset_key, "
                    "'Imagenet' AS dataset_name",
                    "CREATE TABLE {s}.metrics AS SELECT 'bleu' AS metric_key, "
                    "'BLEU' AS metric_name, 'higher' AS direction, 'vocabulary' AS direction_rule, "
                    "false AS is_share",
                    "CREATE TABLE {s}.metric_aliases AS SELECT 'sacrebleu' AS alias_key, "
                    "'sacreBLEU' AS alias, 'bleu' AS metric_key",
                ],
            )
            second = [step.run(conn, STAGING, 2) for step in (listings, datasets, metrics, aliases)]
            published = conn.exec_driver_sql(
                "SELECT l.listing_name, l.changed_run_id, d.dataset_name, d.changed_run_id, "
                "m.metric_name, m.changed_run_id, a.alias, a.metric_id = m.metric_id "
                "FROM listings l, datasets d, metrics m, metric_aliases a"
            ).one()
    finally:
        engine.dispose()

    assert first == [(1, 0, 0)] * 4
    # The listing's new name is taken; the dataset and alias keep their first spelling; the
    # metric, staged unchanged, is not rewritten.
    assert second == [(0, 1, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0)]
    assert published == ("ACL 2024 Papers", 2, "ImageNet", 1, "BLEU", 1, "SacreBLEU", True)

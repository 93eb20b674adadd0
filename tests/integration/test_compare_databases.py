"""scripts/compare_databases.py: the same rows under other surrogate and run ids are identical;
a changed row is a difference, named by its table and natural key."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import with_database
from tests.published import compare_databases

pytestmark = pytest.mark.slow


def _publish(url: str, *, first_id: int) -> None:
    """One run's worth of rows: a paper in a listing, with surrogate and run ids counted
    from `first_id`, so that two databases hold the same rows under other ids."""
    with psycopg.connect(url) as conn:
        conn.execute(
            "INSERT INTO etl.runs (run_id, command, status, finished_at, code_version) "
            "VALUES (%(id)s, 'load', 'published', now(), 'test')",
            {"id": first_id},
        )
        conn.execute(
            "INSERT INTO papers (paper_id, paper_key, arxiv_id, title, metadata_source, "
            "created_run_id, changed_run_id) VALUES (%(id)s, 'arxiv:1706.03762', "
            "'1706.03762', 'Attention Is All You Need', 'arxiv', %(id)s, %(id)s)",
            {"id": first_id},
        )
        conn.execute(
            "INSERT INTO listings (listing_id, listing_slug, listing_name, listing_kind, "
            "created_run_id, changed_run_id) "
            "VALUES (%(id)s, 'neurips-2017', 'NeurIPS 2017', 'listing', %(id)s, %(id)s)",
            {"id": first_id},
        )
        conn.execute(
            "INSERT INTO paper_listings (paper_id, listing_id, position, source_file, "
            "created_run_id, changed_run_id) "
            "VALUES (%(id)s, %(id)s, 1, 'neurips.txt', %(id)s, %(id)s)",
            {"id": first_id},
        )


def test_the_same_rows_under_other_ids_are_identical(
    database_url: str, second_database_url: str
) -> None:
    _publish(database_url, first_id=1)
    _publish(second_database_url, first_id=7)

    compared = compare_databases(database_url, second_database_url)

    assert compared.returncode == 0, compared.stdout + compared.stderr
    assert "papers: identical (1 row)" in compared.stdout
    assert "paper_listings: identical (1 row)" in compared.stdout
    assert "etl.runs" not in compared.stdout  # the run ledger is not compared


def test_one_changed_row_is_a_difference(database_url: str, second_database_url: str) -> None:
    _publish(database_url, first_id=1)
    _publish(second_database_url, first_id=7)
    with psycopg.connect(second_database_url) as conn:
        conn.execute("UPDATE papers SET title = 'Attention Is Not All You Need'")

    compared = compare_databases(database_url, second_database_url)

    assert compared.returncode == 1, compared.stdout + compared.stderr
    assert "papers: DIFFERENT" in compared.stdout
    assert "0 missing from the second, 0 extra in the second, 1 changed" in compared.stdout
    assert (
        "changed (arxiv:1706.03762): title: 'Attention Is All You Need' -> "
        "'Attention Is Not All You Need'" in compared.stdout
    )
    assert "paper_listings: identical (1 row)" in compared.stdout


def test_a_row_pointing_at_another_listing_is_named_by_natural_keys(
    database_url: str, second_database_url: str
) -> None:
    _publish(database_url, first_id=1)
    _publish(second_database_url, first_id=7)
    with psycopg.connect(second_database_url) as conn:
        conn.execute(
            "INSERT INTO listings (listing_id, listing_slug, listing_name, listing_kind, "
            "created_run_id, changed_run_id) VALUES (8, 'iclr-2018', 'ICLR 2018', 'listing', 7, 7)"
        )
        conn.execute("UPDATE paper_listings SET listing_id = 8")

    compared = compare_databases(database_url, second_database_url)

    assert compared.returncode == 1, compared.stdout + compared.stderr
    assert "listings: DIFFERENT" in compared.stdout
    assert "1 missing from the second, 1 extra in the second, 0 changed" in compared.stdout
    assert "'listing_id->listing_slug': 'iclr-2018'" in compared.stdout


def test_an_unreachable_database_cannot_be_compared(database_url: str) -> None:
    unreachable = with_database(database_url, "no_such_database")

    compared = compare_databases(database_url, unreachable)

    assert compared.returncode == 2
    assert "cannot compare" in compared.stderr

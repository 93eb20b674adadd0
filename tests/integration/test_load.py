"""Loads against a real Postgres: counts, repeatability, the gate, bad input."""

import json
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest
import sqlalchemy as sa

from bench.generate_arxiv import generate
from etl import db, pipeline
from etl.config import Settings
from etl.load import publish
from etl.pipeline import (
    EXIT_BAD_INPUT,
    EXIT_PUBLISHED,
    RunOutcome,
    load,
)
from etl.progress import Progress
from tests.etl_process import run_etl_here
from tests.published import compare_databases, constraints_and_indexes

pytestmark = pytest.mark.slow

PUBLISHED_TABLES = ("papers", "listings", "paper_listings", "repositories", "paper_repositories")


def _abstract_lines(path: Path) -> int:
    """Independent count: non-empty lines after the first non-empty one."""
    lines = [line for line in path.read_text(encoding="utf-8-sig").splitlines() if line.strip()]
    return len(lines) - 1


def _snapshot(url: str) -> dict[str, list[tuple]]:
    with psycopg.connect(url) as conn:
        return {
            table: conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
            for table in PUBLISHED_TABLES
        }


def _count(url: str, query: str, params: tuple = ()) -> int:
    with psycopg.connect(url) as conn:
        return conn.execute(query, params).fetchone()[0]


def test_samples_load_one_paper_per_abstract(
    samples_loaded: tuple[RunOutcome, Settings], sample_paths: list[Path]
) -> None:
    outcome, settings = samples_loaded  # the samples' load into a fresh database
    database_url = settings.database_url

    assert outcome.exit_code == EXIT_PUBLISHED and outcome.status == "published"
    abstracts = sum(_abstract_lines(p) for p in sample_paths)
    assert abstracts == 139
    assert _count(database_url, "SELECT count(*) FROM papers") == abstracts
    assert _count(database_url, "SELECT count(*) FROM paper_listings") == abstracts
    assert _count(database_url, "SELECT count(*) FROM listings") == len(sample_paths)
    assert (
        _count(database_url, "SELECT count(*) FROM papers WHERE strpos(abstract, '\\%%') > 0") == 0
    )
    # Every URL-looking token in the inputs (but the `..{github}` placeholder) is a link.
    urls = sum(p.read_text().count("http") for p in sample_paths)
    assert _count(database_url, "SELECT count(*) FROM paper_repositories") == urls
    with psycopg.connect(database_url) as conn:
        run = conn.execute(
            "SELECT status, row_counts, input_files, rejected_count, validation "
            "FROM etl.runs WHERE run_id = %s",
            (outcome.run_id,),
        ).fetchone()
        stale = conn.execute(
            "SELECT count(*) FROM pg_namespace WHERE nspname = 'etl_staging'"
        ).fetchone()[0]
    status, row_counts, input_files, rejected_count, validation = run
    assert status == "published"
    assert row_counts["papers"] == {"staged": 139, "inserted": 139, "updated": 0, "deleted": 0}
    assert sorted(f["records"] for f in input_files) == sorted(
        _abstract_lines(p) for p in sample_paths
    )
    assert rejected_count == 0
    assert validation["passed"] and validation["failed"] == 0
    assert stale == 0


def test_second_load_skips_the_files_and_changes_nothing(
    samples_loaded: tuple[RunOutcome, Settings], sample_paths
) -> None:
    first, settings = samples_loaded  # the samples' load into a fresh database
    database_url = settings.database_url
    before = _snapshot(database_url)

    second = load(sample_paths, settings, Progress(quiet=True))

    assert first.exit_code == second.exit_code == EXIT_PUBLISHED
    assert second.status == "skipped"
    assert [f["path"] for f in second.skipped_files] == [str(p) for p in sample_paths]
    assert all(f["loaded_by_run"] == first.run_id for f in second.skipped_files)
    assert _snapshot(database_url) == before


def test_forced_reload_changes_nothing(
    samples_loaded: tuple[RunOutcome, Settings], sample_paths
) -> None:
    _, settings = samples_loaded  # the samples loaded into a fresh database
    database_url = settings.database_url
    before = _snapshot(database_url)

    again = load(sample_paths, settings, Progress(quiet=True), reload=True)

    assert again.status == "published"
    assert _snapshot(database_url) == before
    assert all(
        c["inserted"] == c["updated"] == c["deleted"] == 0 for c in again.row_counts.values()
    )
    for table in ("papers", "results", "paper_tags", "paper_sources"):
        changed = f"SELECT count(*) FROM {table} WHERE changed_run_id = %s"
        assert _count(database_url, changed, (again.run_id,)) == 0


def test_same_paper_in_a_second_listing_adds_a_listing_not_a_paper(
    samples_loaded: tuple[RunOutcome, Settings], sample_paths: list[Path], tmp_path: Path
) -> None:
    _, settings = samples_loaded  # the samples loaded into a fresh database
    database_url = settings.database_url
    neurips = next(p for p in sample_paths if "neurips" in p.name)
    lines = [line for line in neurips.read_text().splitlines() if line.strip()]
    reading_list = tmp_path / "reading-list.txt"
    reading_list.write_text("My Reading List\n" + lines[1] + "\n" + lines[2] + "\n")

    outcome = load([reading_list], settings, Progress(quiet=True))

    assert outcome.row_counts["papers"]["inserted"] == 0
    assert outcome.row_counts["paper_listings"]["inserted"] == 2
    assert _count(database_url, "SELECT count(*) FROM papers") == 139


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "file is empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary file"),
        ("Listing\nUn r\u00e9sum\u00e9\n".encode("latin-1"), "not UTF-8"),
    ],
)
def test_bad_file_exits_2_and_publishes_nothing(
    database_url: str, sample_paths: list[Path], tmp_path: Path, content: bytes, reason: str
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)

    result = run_etl_here(["load", str(bad), *map(str, sample_paths)], database_url)

    assert result.returncode == EXIT_BAD_INPUT, result.stderr
    assert f"{bad}" in result.stderr and reason in result.stderr
    assert all(rows == [] for rows in _snapshot(database_url).values())
    with psycopg.connect(database_url) as conn:
        status = conn.execute("SELECT status FROM etl.runs").fetchall()
        rejects = conn.execute("SELECT source_file, rule, reason FROM etl.rejects").fetchall()
    assert status == [("failed",)]
    assert len(rejects) == 1 and rejects[0][0] == str(bad) and reason in rejects[0][2]


def test_broken_records_are_quarantined_and_good_ones_published(
    database_url: str, tmp_path: Path
) -> None:
    listing = tmp_path / "mixed.txt"
    good = "We propose a method that works. " * 5
    listing.write_text(f"Mixed\n{good}\n{'y' * 400}\n$$ \\quad $$\n")

    # Two records of three rejected is over the default reject threshold (tested apart). Two
    # lines of three are no abstracts, so the file is not recognised as a listing: it is said
    # to be one.
    result = run_etl_here(
        ["load", str(listing), "--format", "listing", "--json"],
        database_url,
        PAPERHOUSE_MAX_ABSTRACT_CHARS="300",
        PAPERHOUSE_MAX_REJECT_RATE="1",
    )

    assert result.returncode == EXIT_PUBLISHED, result.stderr
    summary = json.loads(result.stdout)
    assert summary["row_counts"]["papers"]["inserted"] == 1
    assert [(r["record_number"], r["rule"]) for r in summary["rejects"]] == [
        (2, "record.abstract_too_long"),
        (3, "record.abstract_empty"),
    ]
    with psycopg.connect(database_url) as conn:
        rejects = conn.execute(
            "SELECT source_file, record_number, line_number, rule FROM etl.rejects ORDER BY 2"
        ).fetchall()
    assert rejects == [
        (str(listing), 2, 3, "record.abstract_too_long"),
        (str(listing), 3, 4, "record.abstract_empty"),
    ]
    assert f"{listing} record 2 (line 3)" in result.stderr


_FOREIGN_KEYS = (
    "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid), convalidated "
    "FROM pg_constraint WHERE contype = 'f' ORDER BY 1, 2"
)


@pytest.fixture(params=["checks off", "keys dropped"])
def bulk_path(request, monkeypatch) -> str:
    """Both ways of a bulk publish: row-by-row checks turned off and the written rows checked
    after (a role that may), or foreign keys dropped and added back (one that may not)."""
    if request.param == "keys dropped":
        monkeypatch.setattr(publish, "_may_skip_row_checks", lambda _conn: False)
    return request.param


def test_a_bulk_publish_leaves_constraints_and_indexes_as_they_were_and_tables_analyzed(
    settings: Settings, database_url: str, sample_paths: list[Path], bulk_path: str
) -> None:
    before = constraints_and_indexes(database_url)
    # Every table with a staged row is bulky.
    outcome = load(sample_paths, replace(settings, bulk_rows=1), Progress(quiet=True))

    assert outcome.exit_code == EXIT_PUBLISHED
    assert _count(database_url, "SELECT count(*) FROM papers") == 139
    after = constraints_and_indexes(database_url)
    assert after == before and all(validated for *_, validated in after)
    assert any("ix_papers_title_key" in row for row in after)
    # Committed with statistics of what it wrote, not left for autovacuum to gather.
    for table in ("papers", "paper_tags", "paper_sources"):
        rows = _count(database_url, f"SELECT count(*) FROM {table}")
        estimated = _count(
            database_url, f"SELECT reltuples FROM pg_class WHERE oid = '{table}'::regclass"
        )
        assert estimated == rows > 0, table


def test_a_first_load_below_bulk_rows_analyzes_the_tables_it_filled(
    settings: Settings, database_url: str, sample_paths: list[Path]
) -> None:
    # No table is bulky, but every one was empty: planned on that, the statements that read
    # the written rows back (retitled pairs) read paper_authors whole for each paper (the
    # samples list no authors).
    outcome = load(sample_paths, replace(settings, bulk_rows=10**9), Progress(quiet=True))

    assert outcome.exit_code == EXIT_PUBLISHED
    for table in ("papers", "paper_sources", "paper_tags"):
        rows = _count(database_url, f"SELECT count(*) FROM {table}")
        estimated = _count(
            database_url, f"SELECT reltuples FROM pg_class WHERE oid = '{table}'::regclass"
        )
        assert estimated == rows > 0, table


def test_bulk_and_row_by_row_publishes_publish_the_same_tables(
    settings: Settings,
    database_url: str,
    second_database_url: str,
    sample_paths: list[Path],
    tmp_path: Path,
    bulk_path: str,
) -> None:
    # Two runs each: the first fills empty tables, the second adds to filled ones.
    generated = tmp_path / "arxiv-generated.jsonl"
    generate(generated, 2000, seed=5)
    for url, bulk_rows in ((database_url, 1), (second_database_url, 10**9)):
        run_settings = replace(settings, database_url=url, bulk_rows=bulk_rows)
        for paths in (sample_paths, [generated]):
            outcome = load(paths, run_settings, Progress(quiet=True))
            assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
    assert _count(database_url, "SELECT count(*) FROM papers") > 2000

    comparison = compare_databases(database_url, second_database_url)
    assert comparison.returncode == 0, comparison.stdout + comparison.stderr


_DANGLING_TAG = (
    "INSERT INTO paper_tags (paper_id, tag_id, origin, confidence, created_run_id, "
    "changed_run_id) SELECT max(paper_id) + 1, (SELECT min(tag_id) FROM tags), 'rule', 1, 1, 1 "
    "FROM papers"
)


def _dangling_tags(url: str) -> int:
    return _count(
        url, "SELECT count(*) FROM paper_tags WHERE paper_id NOT IN (SELECT paper_id FROM papers)"
    )


def test_a_foreign_key_put_back_over_a_dangling_row_fails_the_transaction(
    samples_loaded: tuple[RunOutcome, Settings],
) -> None:
    _, settings = samples_loaded  # the samples loaded into a fresh database
    database_url = settings.database_url
    before = _catalog(database_url, _FOREIGN_KEYS)
    engine = db.create_engine(settings)
    try:
        with pytest.raises(sa.exc.IntegrityError), engine.begin() as conn:
            dropped = publish._drop_foreign_keys(conn, ["paper_tags"])
            conn.exec_driver_sql(_DANGLING_TAG)
            publish._add_constraints(conn, dropped)
    finally:
        engine.dispose()
    assert _dangling_tags(database_url) == 0
    assert _catalog(database_url, _FOREIGN_KEYS) == before  # the drop was rolled back too


def test_a_dangling_row_written_unchecked_fails_the_transaction(
    samples_loaded: tuple[RunOutcome, Settings],
) -> None:
    _, settings = samples_loaded  # run 1 published the samples
    engine = db.create_engine(settings)
    try:
        with pytest.raises(publish.UncheckedRowBroken, match="paper_tags"), engine.begin() as conn:
            assert publish._may_skip_row_checks(conn)  # the tests' server: a superuser
            # The run's papers, as publish has them in staging: every paper of run 1.
            conn.exec_driver_sql("CREATE SCHEMA check_staging")
            conn.exec_driver_sql(
                "CREATE TABLE check_staging.paper_match AS SELECT paper_id FROM papers"
            )
            publish._check_foreign_keys(conn, "check_staging", ["paper_tags"], 1)  # all whole
            conn.exec_driver_sql("SET LOCAL session_replication_role = replica")
            conn.exec_driver_sql(_DANGLING_TAG)  # no error: not checked
            conn.exec_driver_sql("SET LOCAL session_replication_role = origin")
            # The row was written for a paper of the run, as every row a publish writes is.
            conn.exec_driver_sql(
                "INSERT INTO check_staging.paper_match SELECT max(paper_id) FROM paper_tags"
            )
            publish._check_foreign_keys(conn, "check_staging", ["paper_tags"], 1)
    finally:
        engine.dispose()
    assert _dangling_tags(settings.database_url) == 0


def _catalog(url: str, query: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query).fetchall()


def test_a_run_the_ledger_cannot_mark_failed_says_so_with_its_run_id(
    settings: Settings, database_url: str, sample_paths: list[Path], monkeypatch, caplog
) -> None:
    def crash(*_args, **_kwargs):
        raise RuntimeError("a bug in publish")

    def unreachable_ledger(*_args, **_kwargs):
        raise ConnectionError("server closed the connection")

    monkeypatch.setattr(pipeline, "publish", crash)
    monkeypatch.setattr(pipeline, "fail_run", unreachable_ledger)

    with pytest.raises(RuntimeError, match="a bug in publish"):
        load(sample_paths, settings, Progress(quiet=True))

    run_id = _count(database_url, "SELECT max(run_id) FROM etl.runs")
    [logged] = [r for r in caplog.records if r.name == "etl.pipeline"]
    assert logged.getMessage() == f"run {run_id}: could not mark the run failed in etl.runs"
    assert "server closed the connection" in caplog.text
    assert _count(database_url, "SELECT count(*) FROM papers") == 0

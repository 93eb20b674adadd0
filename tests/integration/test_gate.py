"""The quality gate: every check, broken on purpose in a staged batch, blocks the run
(critical) or is recorded (warning); the reject threshold; what a person sees afterwards."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import psycopg
import pytest
from great_expectations import expectations as gxe
from great_expectations.execution_engine import SqlAlchemyExecutionEngine

from etl import db
from etl.config import PROJECT_ROOT, Settings
from etl.contracts import CRITICAL
from etl.load import ledger
from etl.load.assemble import assemble, drop_assembled
from etl.load.staging import STAGING_SCHEMA
from etl.pipeline import (
    EXIT_BLOCKED,
    EXIT_PUBLISHED,
    load,
    open_sources,
    stage_inputs,
    validate_and_publish,
)
from etl.progress import Progress
from etl.transform.identity import resolve_papers
from etl.validate.suites import suites
from tests.etl_process import run_etl_here
from tests.published import published_state

FIXTURES = Path(__file__).parents[1] / "fixtures"
# Between them, these fill every staged table.
EVERY_TABLE = [
    *sorted((FIXTURES / "hf-daily").glob("*.json")),
    *sorted((FIXTURES / "paperlists").glob("*.json")),
    *sorted((FIXTURES / "pwc").glob("*.json")),
    FIXTURES / "arxiv" / "snapshot-sample.jsonl",
    *sorted((PROJECT_ROOT / "data" / "sample").glob("*.txt")),
]
A_PAPER = "(SELECT paper_key FROM {s}.papers WHERE abstract IS NOT NULL ORDER BY 1 LIMIT 1)"


def _copy_of_a_row(table: str, where: str = "true") -> str:
    return f"INSERT INTO {{s}}.{table} SELECT * FROM {{s}}.{table} WHERE {where} LIMIT 1"


def _papers(columns: str, *rows: str) -> str:
    return f"INSERT INTO {{s}}.papers ({columns}) VALUES {', '.join(rows)}"


# One way to violate each critical check, keyed by (table, check). Run together on one
# staged batch: a row that breaks one check may break others too, which is fine; what must
# hold is that each check catches its own.
CRITICAL_BREAKAGES: dict[tuple[str, str], str] = {
    ("papers", "paper key is present"): _papers("paper_key, title", "(NULL, 'A title')"),
    ("papers", "paper key is unique"): _copy_of_a_row("papers"),
    ("papers", "paper key is <kind>:<identifier>"): _papers(
        "paper_key, title", "('no-kind-here', 'A title')"
    ),
    ("papers", "a paper has a title, an abstract or an identifier"): _papers(
        "paper_key", "('arxiv:0000.00001')"
    ),
    ("papers", "abstract is not blank"): _papers(
        "paper_key, abstract, abstract_fingerprint", "('arxiv:0000.00002', '   ', 'f')"
    ),
    ("papers", "an abstract has its fingerprint"): _papers(
        "paper_key, abstract", "('arxiv:0000.00003', 'An abstract nobody fingerprinted.')"
    ),
    ("papers", "arXiv id (no two papers share one) is unique"): _papers(
        "paper_key, title, arxiv_id", "('x:1', 't', '0000.00009')", "('x:2', 't', '0000.00009')"
    ),
    ("papers", "DOI (no two papers share one) is unique"): _papers(
        "paper_key, title, doi", "('x:3', 't', '10.1/same')", "('x:4', 't', '10.1/same')"
    ),
    ("papers", "OpenReview id (no two papers share one) is unique"): _papers(
        "paper_key, title, openreview_id", "('x:5', 't', 'sameid')", "('x:6', 't', 'sameid')"
    ),
    ("papers", "Papers with Code id (no two papers share one) is unique"): _papers(
        "paper_key, title, pwc_id", "('x:7', 't', 'same-slug')", "('x:8', 't', 'same-slug')"
    ),
    ("papers", "ACL Anthology id (no two papers share one) is unique"): _papers(
        "paper_key, title, acl_id", "('x:11', 't', 'D17-1120')", "('x:12', 't', 'D17-1120')"
    ),
    ("papers", "paper URL (no two papers share one) is unique"): _papers(
        "paper_key, title, paper_url",
        "('x:13', 't', 'a.org/p.pdf')",
        "('x:14', 't', 'a.org/p.pdf')",
    ),
    ("papers", "a publication date has its precision (day, month or year)"): _papers(
        "paper_key, title, published_on", "('x:15', 't', '2020-01-01')"
    ),
    ("papers", "an abstract has at least 100 characters (a shorter one is a placeholder)"): (
        _papers("paper_key, abstract, abstract_fingerprint", "('arxiv:0000.00004', 'Part of', 'f')")
    ),
    ("papers", "arXiv id is 2405.15738 or archive/YYMMNNN, without version"): _papers(
        "paper_key, title, arxiv_id", "('arxiv:2405.15738v2', 't', '2405.15738v2')"
    ),
    ("papers", "DOI is 10.<registrant>/<suffix>"): _papers(
        "paper_key, title, doi", "('doi:not-a-doi', 't', 'not-a-doi')"
    ),
    ("papers", "publication date is not in the future"): _papers(
        "paper_key, title, published_on", "('x:9', 't', current_date + 30)"
    ),
    ("papers", "every paper has at least one source record"): _papers(
        "paper_key, title", "('x:10', 'Listed nowhere')"
    ),
    (
        "paper_sources",
        "every source record but a leaderboard row naming no paper has a paper key",
    ): (
        "INSERT INTO {s}.paper_sources (paper_key, source_file, record_number, source_format) "
        "VALUES (NULL, 'nowhere.txt', 1, 'listing')"
    ),
    ("paper_sources", "every source record's paper is staged"): (
        "INSERT INTO {s}.paper_sources (paper_key, source_file, record_number, source_format) "
        "VALUES ('arxiv:no.such', 'nowhere.txt', 2, 'listing')"
    ),
    ("paper_sources", "a source record belongs to one paper"): _copy_of_a_row("paper_sources"),
    ("paper_sources", "every staged record is a source record"): (
        "DELETE FROM {s}.paper_sources WHERE (source_file, record_number) = (SELECT "
        "source_file, record FROM {s}.batch_records ORDER BY 1 DESC, 2 DESC LIMIT 1)"
    ),
    ("paper_sources", "source format is a known format"): (
        "INSERT INTO {s}.paper_sources (paper_key, source_file, record_number, source_format) "
        f"VALUES ({A_PAPER}, 'nowhere.txt', 3, 'fax')"
    ),
    ("paper_sources", "what joined a source record to its paper is present when it has a paper"): (
        "UPDATE {s}.paper_sources SET match_evidence = NULL "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.paper_sources)"
    ),
    ("paper_sources", "match evidence is a kind of identifier"): (
        "UPDATE {s}.paper_sources SET match_evidence = 'hunch' "
        "WHERE ctid = (SELECT max(ctid) FROM {s}.paper_sources)"
    ),
    ("listings", "listing slug is present"): (
        "INSERT INTO {s}.listings VALUES (NULL, 'n', 'listing')"
    ),
    ("listings", "listing slug is unique"): _copy_of_a_row("listings"),
    ("listings", "listing name is present"): (
        "INSERT INTO {s}.listings VALUES ('no-name', NULL, 'listing')"
    ),
    ("listings", "listing kind is present"): "INSERT INTO {s}.listings VALUES ('no-kind', 'n')",
    ("listings", "a listing's kind is a known one"): (
        "INSERT INTO {s}.listings VALUES ('odd-kind', 'n', 'newsletter')"
    ),
    ("listings", "a listing's year is plausible and is its day's year when it has a day"): (
        "INSERT INTO {s}.listings VALUES ('off-year', 'n', 'daily', 'v', 2024, '2025-01-10')"
    ),
    ("paper_listings", "paper key of a listing entry is present"): (
        "INSERT INTO {s}.paper_listings (paper_key, listing_slug, position) "
        "VALUES (NULL, (SELECT min(listing_slug) FROM {s}.listings), 1)"
    ),
    ("paper_listings", "listing slug of a listing entry is present"): (
        f"INSERT INTO {{s}}.paper_listings (paper_key, listing_slug, position) "
        f"VALUES ({A_PAPER}, NULL, 1)"
    ),
    ("paper_listings", "a paper appears once per listing"): _copy_of_a_row("paper_listings"),
    ("paper_listings", "every listing entry's paper is staged"): (
        "INSERT INTO {s}.paper_listings (paper_key, listing_slug, position) "
        "VALUES ('arxiv:no.such', (SELECT min(listing_slug) FROM {s}.listings), 1)"
    ),
    ("paper_listings", "every listing entry's listing is staged"): (
        f"INSERT INTO {{s}}.paper_listings (paper_key, listing_slug, position) "
        f"VALUES ({A_PAPER}, 'no-such-listing', 1)"
    ),
    ("paper_listings", "position in the listing is 1 or more"): (
        "UPDATE {s}.paper_listings SET position = 0 "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.paper_listings)"
    ),
    ("repositories", "repository key is present"): (
        "INSERT INTO {s}.repositories VALUES (NULL, 'https://github.com/a/b', 'github.com', "
        "'a', 'b', 'code')"
    ),
    ("repositories", "repository key is unique"): _copy_of_a_row("repositories"),
    ("repositories", "canonical URL is present"): (
        "INSERT INTO {s}.repositories VALUES ('github.com/c/d', NULL, 'github.com', 'c', 'd', "
        "'code')"
    ),
    ("repositories", "canonical URL is http(s) with a lowercase host"): (
        "INSERT INTO {s}.repositories VALUES ('example.com/e', 'ftp://Example.com/e', "
        "'example.com', 'e', NULL, 'project')"
    ),
    ("repositories", "canonical URL has no .git, trailing slash or punctuation"): (
        "INSERT INTO {s}.repositories VALUES ('github.com/f/g.git', 'https://github.com/f/g.git', "
        "'github.com', 'f', 'g.git', 'code')"
    ),
    ("repositories", "repository kind is a known kind"): (
        "INSERT INTO {s}.repositories VALUES ('github.com/h/i', 'https://github.com/h/i', "
        "'github.com', 'h', 'i', 'spaceship')"
    ),
    ("repositories", "canonical URL has no whitespace, brackets or unbalanced parentheses"): (
        "INSERT INTO {s}.repositories VALUES ('github.com/k/l', 'https://github.com/k/[l]', "
        "'github.com', 'k', 'l', 'code')"
    ),
    ("repositories", "repositories, models, datasets and review links have a name"): (
        "INSERT INTO {s}.repositories VALUES ('github.com/j', 'https://github.com/j', "
        "'github.com', 'j', NULL, 'code')"
    ),
    ("paper_repositories", "paper key of a link is present"): (
        "INSERT INTO {s}.paper_repositories (paper_key, repository_key, origin, raw_url) "
        "VALUES (NULL, (SELECT min(repository_key) FROM {s}.repositories), 'abstract', 'u')"
    ),
    ("paper_repositories", "repository key of a link is present"): (
        "INSERT INTO {s}.paper_repositories (paper_key, repository_key, origin, raw_url) "
        f"VALUES ({A_PAPER}, NULL, 'abstract', 'u')"
    ),
    ("paper_repositories", "raw URL of a link is present"): (
        "UPDATE {s}.paper_repositories SET raw_url = NULL "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.paper_repositories)"
    ),
    ("paper_repositories", "every link's paper is staged"): (
        "INSERT INTO {s}.paper_repositories (paper_key, repository_key, origin, raw_url) "
        "VALUES ('abstract:ffff', (SELECT min(repository_key) FROM {s}.repositories), "
        "'abstract', 'u')"
    ),
    ("paper_repositories", "every link's repository is staged"): (
        "INSERT INTO {s}.paper_repositories (paper_key, repository_key, origin, raw_url) "
        f"VALUES ({A_PAPER}, 'github.com/no/such', 'abstract', 'u')"
    ),
    ("paper_repositories", "a paper links to a repository path once per origin"): (
        _copy_of_a_row("paper_repositories")
    ),
    ("paper_repositories", "link origin is a known origin"): (
        "INSERT INTO {s}.paper_repositories (paper_key, repository_key, origin, raw_url) "
        f"VALUES ({A_PAPER}, (SELECT min(repository_key) FROM {{s}}.repositories), "
        "'telepathy', 'u')"
    ),
    ("paper_repositories", "a link names its source field exactly when it comes from one"): (
        "INSERT INTO {s}.paper_repositories (paper_key, repository_key, origin, source_field, "
        f"raw_url) VALUES ({A_PAPER}, (SELECT min(repository_key) FROM {{s}}.repositories), "
        "'abstract', 'github', 'u')"
    ),
    ("paper_repositories", "every link names a source record of its paper"): (
        "UPDATE {s}.paper_repositories SET record_number = 0 "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.paper_repositories)"
    ),
    ("entry_repositories", "repository key of an entry link is present"): (
        "INSERT INTO {s}.entry_repositories SELECT source_file, record_number, NULL, subpath, "
        "source_field, raw_url FROM {s}.entry_repositories LIMIT 1"
    ),
    ("entry_repositories", "raw URL of an entry link is present"): (
        "UPDATE {s}.entry_repositories SET raw_url = NULL "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.entry_repositories)"
    ),
    ("entry_repositories", "every entry link's repository is staged"): (
        "UPDATE {s}.entry_repositories SET repository_key = 'nowhere.example/x' "
        "WHERE ctid = (SELECT max(ctid) FROM {s}.entry_repositories)"
    ),
    ("entry_repositories", "every entry link names a staged leaderboard row"): (
        "INSERT INTO {s}.entry_repositories SELECT source_file, 0, repository_key, subpath, "
        "source_field, raw_url FROM {s}.entry_repositories LIMIT 1"
    ),
    ("entry_repositories", "a leaderboard row links to a repository path once"): (
        _copy_of_a_row("entry_repositories")
    ),
    (
        "metrics",
        "metric key is present",
    ): "INSERT INTO {s}.metrics VALUES (NULL, 'm', 'higher', 'vocabulary', false)",
    ("metrics", "metric key is unique"): _copy_of_a_row("metrics"),
    (
        "metrics",
        "metric name is present",
    ): "INSERT INTO {s}.metrics VALUES ('m1', NULL, 'higher', 'vocabulary', false)",
    ("metrics", "whether the metric is a share is present"): (
        "INSERT INTO {s}.metrics VALUES ('m2', 'm2', 'higher', 'vocabulary', NULL)"
    ),
    ("metrics", "metric direction is higher or lower"): (
        "INSERT INTO {s}.metrics VALUES ('m3', 'm3', 'sideways', 'vocabulary', false)"
    ),
    ("metrics", "a metric names the rule of its direction exactly when it has one"): (
        "INSERT INTO {s}.metrics VALUES ('m4', 'm4', 'higher', NULL, false)"
    ),
    ("metric_aliases", "metric alias is unique"): _copy_of_a_row("metric_aliases"),
    ("metric_aliases", "every metric alias's metric is staged"): (
        "INSERT INTO {s}.metric_aliases VALUES ('alias-x', 'alias x', 'no-such-metric')"
    ),
    ("datasets", "dataset key is present"): "INSERT INTO {s}.datasets VALUES (NULL, 'd')",
    ("datasets", "dataset key is unique"): _copy_of_a_row("datasets"),
    ("datasets", "dataset name is present"): "INSERT INTO {s}.datasets VALUES ('d1', NULL)",
    ("dataset_aliases", "dataset alias is unique"): _copy_of_a_row("dataset_aliases"),
    ("dataset_aliases", "every dataset alias's dataset is staged"): (
        "INSERT INTO {s}.dataset_aliases VALUES ('alias-y', 'alias y', 'no-such-dataset')"
    ),
    ("results", "every result but a value of a leaderboard row naming no paper has a paper key"): (
        "INSERT INTO {s}.results (paper_key, origin, value, kind) "
        "VALUES (NULL, 'abstract', 1, 'score')"
    ),
    ("results", "every result's paper is staged"): (
        "INSERT INTO {s}.results (paper_key, origin, value, kind) "
        "VALUES ('arxiv:no.such', 'leaderboard', 1, 'score')"
    ),
    ("results", "every result's metric is staged"): (
        "INSERT INTO {s}.results (paper_key, origin, value, kind, metric_key) "
        f"VALUES ({A_PAPER}, 'leaderboard', 1, 'score', 'no-such-metric')"
    ),
    ("results", "every result's dataset is staged"): (
        "INSERT INTO {s}.results (paper_key, origin, value, kind, dataset_key) "
        f"VALUES ({A_PAPER}, 'leaderboard', 1, 'score', 'no-such-dataset')"
    ),
    ("results", "result values are finite numbers"): (
        "INSERT INTO {s}.results (paper_key, origin, value, kind) "
        f"VALUES ({A_PAPER}, 'leaderboard', 'Infinity', 'score')"
    ),
    ("results", "a score in % is a share between 0 and 1"): (
        "INSERT INTO {s}.results (paper_key, origin, value, unit, scale, kind) "
        f"VALUES ({A_PAPER}, 'leaderboard', 150, '%%', 1.5, 'score')"  # %% escapes % for psycopg
    ),
    ("results", "result kind is a known kind"): (
        "INSERT INTO {s}.results (paper_key, origin, value, kind) "
        f"VALUES ({A_PAPER}, 'leaderboard', 1, 'vibes')"
    ),
    ("results", "result origin is a known origin"): (
        "INSERT INTO {s}.results (paper_key, origin, value, kind) "
        f"VALUES ({A_PAPER}, 'rumour', 1, 'score')"
    ),
    ("results", "every result's span lies inside its abstract"): (
        "INSERT INTO {s}.results (paper_key, origin, span_start, span_end, value, kind, "
        f"raw_text) VALUES ({A_PAPER}, 'abstract', 0, 1000000, 1, 'score', 'x')"
    ),
    ("results", "every result's text is the abstract's text at its span"): (
        "UPDATE {s}.results SET raw_text = raw_text || ' ' "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.results WHERE origin = 'abstract')"
    ),
    ("results", "a paper has one result per span"): _copy_of_a_row(
        "results", "origin = 'abstract'"
    ),
    ("results", "a leaderboard row has one result per metric"): (
        _copy_of_a_row("results", "origin = 'leaderboard'")
    ),
    (
        "results",
        "a leaderboard result, and only one, names a source row of its paper (or of no paper, "
        "both)",
    ): (
        "INSERT INTO {s}.results (paper_key, origin, value, kind, metric_text) "
        f"VALUES ({A_PAPER}, 'leaderboard', 1, 'score', 'm')"
    ),
    ("results", "every leaderboard result's task is staged"): (
        "INSERT INTO {s}.results (paper_key, origin, task_slug, value, kind) "
        f"VALUES ({A_PAPER}, 'leaderboard', 'no-such-task', 1, 'score')"
    ),
    (
        "results",
        "an abstract result says how its dataset was decided exactly when it names one; a "
        "leaderboard result, whose dataset is its own field, says nothing",
    ): (
        "UPDATE {s}.results SET dataset_way = NULL "
        "WHERE ctid = (SELECT max(ctid) FROM {s}.results WHERE dataset_way IS NOT NULL)"
    ),
    ("results", "a result's dataset way is a known rule"): (
        "UPDATE {s}.results SET dataset_way = 'guessed' "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.results WHERE dataset_way IS NOT NULL)"
    ),
    (
        "results",
        "an abstract result says how its metric was decided exactly when it names one; a "
        "leaderboard result, whose metric is its own field, says nothing",
    ): (
        "UPDATE {s}.results SET metric_way = NULL "
        "WHERE ctid = (SELECT max(ctid) FROM {s}.results WHERE metric_way IS NOT NULL)"
    ),
    ("results", "a result's metric way is a known rule"): (
        "UPDATE {s}.results SET metric_way = 'guessed' "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.results WHERE metric_way IS NOT NULL)"
    ),
    ("results", "whether a result is an efficiency result is present"): (
        "UPDATE {s}.results SET is_efficiency = NULL "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.results WHERE origin = 'leaderboard')"
    ),
    ("results", "a result's bound is a known comparison"): (
        "UPDATE {s}.results SET bound = '=<' "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.results WHERE origin = 'abstract')"
    ),
    ("results", "a result's dataset variant is stated only with its dataset"): (
        "UPDATE {s}.results SET dataset_variant = '256x256' "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.results WHERE dataset_key IS NULL)"
    ),
    ("papers", "a method name says how it was read, in a known way"): (
        "UPDATE {s}.papers SET method_name_way = 'guessed' "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.papers WHERE method_name IS NOT NULL)"
    ),
    ("tags", "tag slug is present"): "INSERT INTO {s}.tags VALUES (NULL, 'n', 'keyword')",
    ("tags", "tag slug is unique"): _copy_of_a_row("tags"),
    ("tags", "tag name is present"): "INSERT INTO {s}.tags VALUES ('t1', NULL, 'keyword')",
    ("tags", "tag kind is a known kind"): "INSERT INTO {s}.tags VALUES ('t2', 't2', 'mood')",
    ("paper_tags", "every paper tag's paper is staged"): (
        "INSERT INTO {s}.paper_tags VALUES ('arxiv:no.such', "
        "(SELECT min(tag_slug) FROM {s}.tags), 'rule', 0.5)"
    ),
    ("paper_tags", "every paper tag's tag is staged"): (
        f"INSERT INTO {{s}}.paper_tags VALUES ({A_PAPER}, 'no-such-tag', 'rule', 0.5)"
    ),
    ("paper_tags", "tag origin is a known origin"): (
        f"INSERT INTO {{s}}.paper_tags VALUES ({A_PAPER}, "
        "(SELECT min(tag_slug) FROM {s}.tags), 'gossip', 0.5)"
    ),
    ("paper_tags", "tag confidence is in (0, 1]"): (
        "UPDATE {s}.paper_tags SET confidence = 0 "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.paper_tags)"
    ),
    ("paper_tags", "a paper has a tag once per origin"): _copy_of_a_row("paper_tags"),
    (
        "paper_tags",
        "a rule tag says how the tagger found it, in a known way; a tag from authors or "
        "sources says nothing",
    ): (
        "UPDATE {s}.paper_tags SET way = 'guessed' "
        "WHERE ctid = (SELECT min(ctid) FROM {s}.paper_tags WHERE origin = 'rule')"
    ),
    ("paper_authors", "every author entry's paper is staged"): (
        "INSERT INTO {s}.paper_authors (paper_key, position, author_key) "
        "VALUES ('arxiv:no.such', 1, (SELECT min(author_key) FROM {s}.authors))"
    ),
    ("paper_authors", "every author entry's author is staged"): (
        "INSERT INTO {s}.paper_authors (paper_key, position, author_key) "
        f"VALUES ({A_PAPER}, 99, 'no-such-author')"
    ),
    ("paper_authors", "a paper has one author per place"): _copy_of_a_row("paper_authors"),
    ("paper_authors", "author position is 1 or more"): (
        "INSERT INTO {s}.paper_authors (paper_key, position, author_key) "
        f"VALUES ({A_PAPER}, 0, (SELECT min(author_key) FROM {{s}}.authors))"
    ),
    ("authors", "author key is unique"): _copy_of_a_row("authors"),
    ("authors", "author name is present"): "INSERT INTO {s}.authors VALUES ('nameless', NULL)",
    ("organizations", "organisation key is unique"): _copy_of_a_row("organizations"),
    ("organizations", "organisation name is present"): (
        "INSERT INTO {s}.organizations VALUES ('nameless', NULL)"
    ),
    ("paper_organizations", "every paper organisation's paper is staged"): (
        "INSERT INTO {s}.paper_organizations VALUES ('arxiv:no.such', "
        "(SELECT min(organization_key) FROM {s}.organizations), 'affiliation')"
    ),
    ("paper_organizations", "every paper organisation's organisation is staged"): (
        f"INSERT INTO {{s}}.paper_organizations VALUES ({A_PAPER}, 'no-such-org', 'affiliation')"
    ),
    ("paper_identifiers", "every identifier's paper is staged"): (
        "INSERT INTO {s}.paper_identifiers VALUES ('arxiv:no.such', 'doi', '10.1/orphan')"
    ),
    ("paper_identifiers", "identifier kind is a known kind"): (
        f"INSERT INTO {{s}}.paper_identifiers VALUES ({A_PAPER}, 'isbn', '978-0')"
    ),
    ("paper_identifiers", "identifier value is present"): (
        f"INSERT INTO {{s}}.paper_identifiers VALUES ({A_PAPER}, 'doi', NULL)"
    ),
    (
        "paper_identifiers",
        "an arXiv id, DOI, ACL Anthology id, OpenReview id, PwC id or paper URL names one paper",
    ): (
        "INSERT INTO {s}.paper_identifiers SELECT p.paper_key, i.kind, i.value "
        "FROM {s}.paper_identifiers i, {s}.papers p "
        "WHERE i.kind = 'arxiv_id' AND p.paper_key <> i.paper_key LIMIT 1"
    ),
    (
        "paper_identifiers",
        "an arXiv id, DOI, ACL Anthology id, OpenReview id, PwC id or paper URL has its kind's "
        "shape and no markup left on it (a bracket, quote or punctuation around it)",
    ): f"INSERT INTO {{s}}.paper_identifiers VALUES ({A_PAPER}, 'doi', '10.1234/abcd_0001)')",
    ("merge_candidates", "a merge candidate pairs two published papers"): (
        "INSERT INTO {s}.merge_candidates VALUES (-1, -2, 'doi', 'f.json', 1)"
    ),
    ("merge_candidates", "merge evidence is a kind of identifier"): (
        "INSERT INTO {s}.merge_candidates SELECT paper_id, paper_id + 1, 'gut feeling', "
        "'f.json', 1 FROM public.papers LIMIT 1"
    ),
}


def _declared_checks(severity: str) -> set[tuple[str, str]]:
    return {
        (table, expectation.description)
        for table, expectations in suites("any", max_paper_drop=0.5).items()
        for expectation in expectations
        if expectation.severity == severity
    }


def test_every_critical_check_has_a_breakage_here() -> None:
    assert set(CRITICAL_BREAKAGES) == _declared_checks(CRITICAL)


@pytest.mark.slow
def test_every_critical_check_blocks_a_staged_batch_that_violates_it(
    settings: Settings, database_url: str
) -> None:
    assert load(EVERY_TABLE, settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    before = published_state(database_url)
    engine = db.create_engine(settings)
    run_id = ledger.start_run(engine, "load")
    sources, _ = open_sources(EVERY_TABLE, None)
    staged = stage_inputs(engine, sources, settings, Progress(quiet=True), reload=True)
    # Every table has rows to break; a merge candidate needs papers published apart.
    assert all(n for table, n in staged.counts.items() if table != "merge_candidates")
    with engine.begin() as conn:
        for breakage in CRITICAL_BREAKAGES.values():
            conn.exec_driver_sql(breakage.format(s=f'"{staged.schema}"'))

    outcome = validate_and_publish(engine, run_id, staged, [], settings, Progress(quiet=True))
    engine.dispose()

    assert outcome.exit_code == EXIT_BLOCKED and outcome.status == "blocked"
    caught = {
        (c.table, c.check): c
        for c in outcome.gate.blocking
        if c.error is None and c.unexpected_count and c.sample
    }
    assert set(CRITICAL_BREAKAGES) - set(caught) == set()
    assert published_state(database_url) == before
    with psycopg.connect(database_url) as conn:
        status, validation, error = conn.execute(
            "SELECT status, validation, error FROM etl.runs WHERE run_id = %s", (run_id,)
        ).fetchone()
    assert status == "blocked" and "critical checks failed" in error
    recorded = {(c["table"], c["check"]) for c in validation["checks"] if not c["success"]}
    assert set(CRITICAL_BREAKAGES) <= recorded


def _record(where: str, nth: int = 0) -> str:
    """The key of one staged record (the nth of those matching `where`, by key)."""
    return (
        f"(SELECT record_key FROM {{s}}.batch_records WHERE {where} "
        f"ORDER BY record_key LIMIT 1 OFFSET {nth})"
    )


def _link(nth: int, **values: str | None) -> str:
    """Set a field link's columns (None: null), on the nth link of the batch."""
    assigned = ", ".join(
        f"{column} = " + ("NULL" if value is None else f"'{value}'")
        for column, value in values.items()
    )
    return (
        f"UPDATE {{s}}.batch_record_links SET {assigned} WHERE ctid = "
        f"(SELECT ctid FROM {{s}}.batch_record_links ORDER BY record_key, raw_url LIMIT 1 OFFSET {nth})"
    )


def _once(table: str, column: str) -> str:
    """A value of a batch table's column that one row alone holds."""
    return (
        f"(SELECT {column} FROM {{s}}.{table} GROUP BY {column} HAVING count(*) = 1 "
        f"ORDER BY {column} LIMIT 1)"
    )


_LISTING = "source_format = 'listing'"
_ARXIV = "source_format = 'arxiv'"
_WITH_RESULTS = "abstract_hash IN (SELECT abstract_hash FROM {s}.batch_abstract_results)"
_ABSTRACT_RESULT = (
    "ctid = (SELECT ctid FROM {{s}}.batch_abstract_results WHERE abstract_hash = "
    "(SELECT abstract_hash FROM {{s}}.batch_records WHERE {where} ORDER BY record_key "
    "LIMIT 1 OFFSET {nth}) ORDER BY span_start LIMIT 1)"
)

# Every record check, broken through one source record's staged values (what a transform that
# let a bad value through would stage), so that its failing rows trace back to that record: the
# record is quarantined and the rest is published. Every other critical check is a run check:
# what it tests is the run's as a whole (see CRITICAL_BREAKAGES), and it blocks.
QUARANTINES: dict[tuple[str, str], str] = {
    ("papers", "abstract is not blank"): (
        f"UPDATE {{s}}.batch_records SET abstract = '   ' WHERE record_key = {_record(_LISTING, 0)}"
    ),
    ("papers", "an abstract has at least 100 characters (a shorter one is a placeholder)"): (
        "UPDATE {s}.batch_records SET abstract = 'Too short.' "
        f"WHERE record_key = {_record(_LISTING, 1)}"
    ),
    ("papers", "arXiv id is 2405.15738 or archive/YYMMNNN, without version"): (
        "UPDATE {s}.batch_records SET arxiv_id = arxiv_id || 'v2' "
        f"WHERE record_key = {_record(_ARXIV, 0)}"
    ),
    ("papers", "DOI is 10.<registrant>/<suffix>"): (
        f"UPDATE {{s}}.batch_records SET doi = 'not-a-doi' WHERE record_key = {_record(_ARXIV, 1)}"
    ),
    ("papers", "publication date is not in the future"): (
        "UPDATE {s}.batch_records SET published_on = current_date + 30 "
        f"WHERE record_key = {_record(_ARXIV, 2)}"
    ),
    (
        "paper_identifiers",
        "an arXiv id, DOI, ACL Anthology id, OpenReview id, PwC id or paper URL has its kind's "
        "shape and no markup left on it (a bracket, quote or punctuation around it)",
    ): (
        "UPDATE {s}.batch_records SET doi = '10.1234/abcd_0001)' "
        f"WHERE record_key = {_record(_ARXIV, 3)}"
    ),
    ("repositories", "canonical URL is http(s) with a lowercase host"): _link(
        0, repository_key="example.com/e", canonical_url="ftp://Example.com/e"
    ),
    # A link found in an abstract: what was derived from the abstract goes with its records.
    ("repositories", "canonical URL has no .git, trailing slash or punctuation"): (
        "UPDATE {s}.batch_abstract_links SET repository_key = 'github.com/f/g.git', "
        "canonical_url = 'https://github.com/f/g.git' WHERE ctid = (SELECT ctid FROM "
        "{s}.batch_abstract_links ORDER BY abstract_hash, raw_url LIMIT 1)"
    ),
    ("repositories", "canonical URL has no whitespace, brackets or unbalanced parentheses"): _link(
        2, repository_key="github.com/k/l", canonical_url="https://github.com/k/[l]"
    ),
    ("repositories", "repositories, models, datasets and review links have a name"): _link(
        3,
        repository_key="github.com/nameless",
        canonical_url="https://github.com/nameless",
        kind="code",
        name=None,
    ),
    ("results", "result values are finite numbers"): (
        "UPDATE {s}.batch_leaderboard_results SET value = 'Infinity' WHERE record_key = "
        "(SELECT min(record_key) FROM {s}.batch_leaderboard_results)"
    ),
    ("results", "a score in % is a share between 0 and 1"): (
        "UPDATE {s}.batch_leaderboard_results SET unit = '%%', scale = 1.5, kind = 'score' "
        "WHERE record_key = (SELECT max(record_key) FROM {s}.batch_leaderboard_results)"
    ),
    ("results", "every result's span lies inside its abstract"): (
        "UPDATE {s}.batch_abstract_results SET span_end = 1000000 WHERE "
        + _ABSTRACT_RESULT.format(where=_WITH_RESULTS, nth=0)
    ),
    ("results", "every result's text is the abstract's text at its span"): (
        "UPDATE {s}.batch_abstract_results SET raw_text = raw_text || ' ' WHERE "
        + _ABSTRACT_RESULT.format(where=_WITH_RESULTS, nth=3)
    ),
    ("paper_tags", "tag confidence is in (0, 1]"): (
        "UPDATE {s}.batch_record_tags SET confidence = 0 WHERE record_key = "
        "(SELECT min(record_key) FROM {s}.batch_record_tags)"
    ),
    ("authors", "author name is present"): (
        "UPDATE {s}.batch_record_authors SET name = NULL "
        f"WHERE author_key = {_once('batch_record_authors', 'author_key')}"
    ),
    ("organizations", "organisation name is present"): (
        "UPDATE {s}.batch_record_affiliations SET organization = NULL "
        f"WHERE organization_key = {_once('batch_record_affiliations', 'organization_key')}"
    ),
}


def _declared_scopes() -> dict[tuple[str, str], str]:
    return {
        (table, expectation.description): expectation.meta["scope"]
        for table, expectations in suites("any", max_paper_drop=0.5).items()
        for expectation in expectations
        if expectation.severity == CRITICAL
    }


def test_each_critical_check_quarantines_or_blocks() -> None:
    scopes = _declared_scopes()
    assert {check for check, scope in scopes.items() if scope == "record"} == set(QUARANTINES)
    assert {check for check, scope in scopes.items() if scope == "run"} == (
        set(CRITICAL_BREAKAGES) - set(QUARANTINES)
    )


@pytest.mark.slow
def test_a_record_check_quarantines_the_records_behind_its_failing_rows_and_publishes_the_rest(
    settings: Settings, database_url: str
) -> None:
    settings = replace(settings, max_reject_rate=0.5)  # a fixture set of 200 records
    engine = db.create_engine(settings)
    run_id = ledger.start_run(engine, "load")
    sources, _ = open_sources(EVERY_TABLE, None)
    staged = stage_inputs(engine, sources, settings, Progress(quiet=True))
    s = f'"{staged.schema}"'
    with engine.begin() as conn:
        records = conn.exec_driver_sql(f"SELECT count(*) FROM {s}.batch_records").scalar_one()
        for breakage in QUARANTINES.values():
            changed = conn.exec_driver_sql(breakage.format(s=s)).rowcount
            assert changed >= 1, breakage
        drop_assembled(conn, staged.schema)
        assemble(
            conn, staged.schema, staged.file_positions, resolve_papers=resolve_papers, seconds={}
        )

    outcome = validate_and_publish(engine, run_id, staged, [], settings, Progress(quiet=True))
    engine.dispose()

    assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
    assert {check for check, count in outcome.quarantined_by_checks.items() if count} == {
        check for _, check in QUARANTINES
    }
    with psycopg.connect(database_url) as conn:
        rejects = conn.execute(
            "SELECT rule, reason, source_file, record_number, check_name, source_record_id "
            "FROM etl.rejects WHERE run_id = %s AND rule LIKE 'check.%%'",
            (run_id,),
        ).fetchall()
        published = conn.execute("SELECT count(*) FROM paper_sources").fetchone()[0]
        overlap = conn.execute(
            "SELECT count(*) FROM paper_sources s JOIN etl.rejects r USING (source_file) "
            "WHERE r.record_number = s.record_number AND r.run_id = %s",
            (run_id,),
        ).fetchone()[0]
    quarantined_tables = {rule.removeprefix("check.") for rule, *_ in rejects}
    assert quarantined_tables == {table for table, _ in QUARANTINES}
    assert any("publication date is not in the future; not so for" in r[1] for r in rejects)
    # Each names a check it failed (a record failing several is quarantined once) and the
    # record by the source's own id, where it has one.
    assert {(rule.removeprefix("check."), check) for rule, _, _, _, check, _ in rejects} <= set(
        QUARANTINES
    )
    assert all(f": {check}; not so for" in reason for _, reason, _, _, check, _ in rejects)
    # A text listing's records have no id of their own; every other source's do.
    assert all(
        (record_id is None) == file.endswith(".txt") for _, _, file, _, _, record_id in rejects
    )
    # Every record is published or quarantined, never both, and nothing else is lost.
    assert overlap == 0
    assert published + len(rejects) == records


@pytest.mark.slow
def test_a_record_check_blocks_when_strict(settings: Settings, database_url: str) -> None:
    strict = replace(settings, strict=True, max_reject_rate=0.5)
    engine = db.create_engine(strict)
    run_id = ledger.start_run(engine, "load")
    sources, _ = open_sources(EVERY_TABLE, None)
    staged = stage_inputs(engine, sources, strict, Progress(quiet=True))
    breakage = QUARANTINES[("papers", "publication date is not in the future")]
    with engine.begin() as conn:
        conn.exec_driver_sql(breakage.format(s=f'"{staged.schema}"'))
        drop_assembled(conn, staged.schema)
        assemble(
            conn, staged.schema, staged.file_positions, resolve_papers=resolve_papers, seconds={}
        )
    outcome = validate_and_publish(engine, run_id, staged, [], strict, Progress(quiet=True))
    engine.dispose()
    assert outcome.exit_code == EXIT_BLOCKED and not outcome.quarantined_by_checks
    assert published_state(database_url)["public.papers"][0] == 0


def _listing(path: Path, name: str, abstracts: list[str]) -> Path:
    path.write_text("\n".join([name, *abstracts]) + "\n")
    return path


def _with_improvements(count: int) -> list[str]:
    return [
        f"We present method number {i} for graph learning on citation networks. It improves "
        f"accuracy by {i % 7 + 1}.5% over the strongest baseline we could find."
        for i in range(count)
    ]


def _without_numbers(count: int) -> list[str]:
    return [
        f"We study question number {i} about language models and describe, in words alone, "
        "how their answers change when the prompt is rephrased by people."
        for i in range(count)
    ]


@pytest.mark.slow
def test_warning_checks_are_recorded_and_block_only_when_configured(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    listing = _listing(tmp_path / "reading-list.txt", "Reading list", _with_improvements(30))
    first = load([listing], settings, Progress(quiet=True))
    assert first.exit_code == EXIT_PUBLISHED and not first.gate.failed

    # The listing's new version keeps 10 of its 30 papers; the other file has as many
    # abstracts as the first run, and not one improvement in them.
    _listing(listing, "Reading list", _with_improvements(10))
    words = _listing(tmp_path / "words.txt", "Words only", _without_numbers(30))
    warned = {
        (
            "paper_sources",
            "a new version of a source file keeps at least 50% of the papers published from it",
        ),
        ("results", "no result kind found in the last published run vanishes"),
    }
    assert warned == _declared_checks("warning")
    before = published_state(database_url)

    strict = replace(settings, warnings_block=True)
    blocked = load([listing, words], strict, Progress(quiet=True))
    assert blocked.exit_code == EXIT_BLOCKED
    assert {(c.table, c.check) for c in blocked.gate.blocking} == warned
    assert "PAPERHOUSE_WARNINGS_BLOCK" in blocked.error
    assert published_state(database_url) == before

    published = load([listing, words], settings, Progress(quiet=True))
    assert published.exit_code == EXIT_PUBLISHED and published.status == "published"
    failed = {(c.table, c.check): c for c in published.gate.failed}
    assert set(failed) == warned
    drop = failed[
        (
            "paper_sources",
            "a new version of a source file keeps at least 50% of the papers published from it",
        )
    ]
    assert drop.sample == [{"source_file": str(listing), "papers_published": 30, "papers_now": 10}]
    vanished = failed[("results", "no result kind found in the last published run vanishes")]
    assert [row["kind"] for row in vanished.sample] == ["improvement"]
    with psycopg.connect(database_url) as conn:
        validation = conn.execute(
            "SELECT validation FROM etl.runs WHERE run_id = %s", (published.run_id,)
        ).fetchone()[0]
    assert {(c["table"], c["check"]) for c in validation["checks"] if not c["success"]} == warned


def _arxiv_lines(count: int, truncated: int) -> str:
    """`count` records of the arXiv snapshot format, the first `truncated` cut off mid-line."""
    template = json.loads((FIXTURES / "arxiv" / "snapshot-sample.jsonl").open().readline())
    lines = [
        json.dumps({**template, "id": f"2501.{i:05d}", "doi": None, "title": f"Paper {i}",
                    "abstract": f"We study problem {i} in detail. " + template["abstract"]})
        for i in range(count)
    ]  # fmt: skip
    return "".join((line[: len(line) // 2] if i < truncated else line) + "\n"
                   for i, line in enumerate(lines))  # fmt: skip


@pytest.mark.slow
def test_too_many_rejected_records_block_the_run_and_a_person_can_see_why(
    database_url: str, tmp_path: Path
) -> None:
    snapshot = tmp_path / "snapshot.jsonl"
    snapshot.write_text(_arxiv_lines(20, truncated=4))  # 20% of the records cut off
    home = tmp_path / "home"

    blocked = run_etl_here(["load", str(snapshot)], database_url, PAPERHOUSE_HOME=str(home))
    assert blocked.returncode == EXIT_BLOCKED, blocked.stderr
    assert "records rejected as broken are at most 10% of the records read" in blocked.stderr
    assert published_state(database_url)["public.papers"][0] == 0
    docs = next(line for line in blocked.stderr.splitlines() if "data docs" in line)
    index = Path(docs.split("data docs ", 1)[1].split(" (", 1)[0])
    assert index.is_file() and index.is_relative_to(home)
    assert any(
        "paper key is present" in page.read_text()
        for page in index.parent.glob("validations/papers/**/*.html")
    )

    listing = run_etl_here(["runs"], database_url, PAPERHOUSE_HOME=str(home))
    run_id = int(listing.stdout.splitlines()[1].split()[0])
    shown = run_etl_here(["runs", "show", str(run_id)], database_url, PAPERHOUSE_HOME=str(home))
    assert shown.returncode == 0, shown.stderr
    assert "BLOCKED" in shown.stdout
    assert "CRITICAL (run): records rejected as broken are at most 10%" in shown.stdout
    assert "line.truncated" in shown.stdout and "record 1" in shown.stdout
    assert "ok   papers: paper key is present" in shown.stdout

    allowed = run_etl_here(
        ["load", "--max-reject-rate", "0.25", str(snapshot)],
        database_url,
        PAPERHOUSE_HOME=str(home),
    )
    assert allowed.returncode == EXIT_PUBLISHED, allowed.stderr
    assert published_state(database_url)["public.papers"][0] == 16


@pytest.mark.slow
def test_a_bad_value_quarantines_its_record_through_the_cli_unless_strict(
    database_url: str, tmp_path: Path
) -> None:
    # One of 20 arXiv records says its first version came out in 2999: that record cannot be
    # published as it is, the other 19 can.
    lines = _arxiv_lines(20, truncated=0).splitlines()
    broken = json.loads(lines[4])
    broken["versions"] = [{"version": "v1", "created": "Tue, 1 Jan 2999 00:00:00 GMT"}]
    lines[4] = json.dumps(broken)
    snapshot = tmp_path / "snapshot.jsonl"
    snapshot.write_text("\n".join(lines) + "\n")
    home = str(tmp_path / "home")

    strict = run_etl_here(["load", "--strict", str(snapshot)], database_url, PAPERHOUSE_HOME=home)
    assert strict.returncode == EXIT_BLOCKED, strict.stderr
    assert "CRITICAL papers: publication date is not in the future" in strict.stderr
    assert published_state(database_url)["public.papers"][0] == 0

    loaded = run_etl_here(["load", str(snapshot)], database_url, PAPERHOUSE_HOME=home)
    assert loaded.returncode == EXIT_PUBLISHED, loaded.stderr
    assert "1 records failed record checks and were quarantined" in loaded.stderr
    assert "1 records: publication date is not in the future" in loaded.stderr
    assert published_state(database_url)["public.papers"][0] == 19
    with psycopg.connect(database_url) as conn:
        rejects = conn.execute(
            "SELECT record_number, rule, reason FROM etl.rejects r JOIN etl.runs USING (run_id) "
            "WHERE status = 'published'"
        ).fetchall()
        unpublished = conn.execute(
            "SELECT count(*) FROM paper_sources WHERE record_number = 5"
        ).fetchone()[0]
    assert rejects == [
        (5, "check.papers", "papers: publication date is not in the future; not so for 2999-01-01")
    ]
    assert unpublished == 0


def test_each_unexpected_rows_query_runs_once(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    executed: list[str] = []
    execute_query = SqlAlchemyExecutionEngine.execute_query

    def recorded(self: SqlAlchemyExecutionEngine, query: Any, *args: Any, **kwargs: Any) -> Any:
        executed.append(str(query))
        return execute_query(self, query, *args, **kwargs)

    monkeypatch.setattr(SqlAlchemyExecutionEngine, "execute_query", recorded)

    outcome = load(EVERY_TABLE, settings, Progress(quiet=True))

    assert outcome.exit_code == EXIT_PUBLISHED
    schema = STAGING_SCHEMA
    # Each check's query as Great Expectations runs it: its batch is a subquery on the table.
    checks = [
        (table, *expectation.unexpected_rows_query.format(batch="\0").split("\0"))
        for table, expectations in suites(schema, max_paper_drop=settings.max_paper_drop).items()
        for expectation in expectations
        if isinstance(expectation, gxe.UnexpectedRowsExpectation)
    ]
    assert len(checks) > 50
    runs = {
        (table, *parts): sum(
            f"FROM {schema}.{table} " in statement and all(part in statement for part in parts)
            for statement in executed
        )
        for table, *parts in checks
    }
    assert set(runs.values()) == {1}, {check: n for check, n in runs.items() if n != 1}


@pytest.mark.parametrize(
    ("kind", "value", "flagged"),
    [
        ("doi", "10.1234/abcd_0001", False),
        ("doi", "10.1002/(sici)1097-4636(199812)43:4<1>3.0.co;2-x", False),
        ("paper_url", "en.wikipedia.org/wiki/a_(b)", False),
        ("openreview_id", "_r1xMH1BtvB_", False),
        ("arxiv_id", "hep-th/9901001", False),
        ("doi", "10.1234/abcd_0001)", True),
        ("doi", "10.1234/abcd\\_0001", True),
        ("paper_url", "github.com/inisis/chexpert)", True),
        ("paper_url", "x.org/paper.pdf.", True),
        ("arxiv_id", "2405.15738]", True),
        ("openreview_id", "<0JzWiigkUy", True),
        ("acl_id", "P19-1374/", True),
    ],
)
def test_an_identifier_with_markup_left_on_it_is_caught(
    database_url: str, kind: str, value: str, flagged: bool
) -> None:
    (check,) = [
        e
        for e in suites("any", max_paper_drop=0.5)["paper_identifiers"]
        if isinstance(e, gxe.UnexpectedRowsExpectation) and "no markup left" in e.description
    ]
    with psycopg.connect(database_url) as conn:
        conn.execute("CREATE TEMP TABLE identifiers (paper_key text, kind text, value text)")
        conn.execute("INSERT INTO identifiers VALUES ('k', %s, %s)", (kind, value))
        query = check.unexpected_rows_query.format(batch="identifiers")
        rows = conn.execute(query.replace("%", "%%")).fetchall()
    assert bool(rows) == flagged

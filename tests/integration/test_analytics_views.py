"""The analytics views on loaded samples of every kind of listing, checked against the base
tables joined, aggregated and ranked here: the long-form views have one row per row of the
table they widen, with the names joined in; the leaderboard ranks in the metric's direction."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import psycopg
import pytest

from etl.config import Settings
from etl.contracts import COST_METRICS, STATED_TAG_WAYS
from etl.pipeline import RunOutcome
from etl.transform.results.patterns import _COST_UNIT
from tests.conftest import SAMPLES_DIR
from tests.etl_process import run_etl_here

pytestmark = pytest.mark.slow


def _rows(url: str, query: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query).fetchall()


def _by_id(url: str, table: str, id_column: str, *columns: str) -> dict:
    return {
        row[0]: row[1:]
        for row in _rows(url, f"SELECT {id_column}, {', '.join(columns)} FROM {table}")
    }


@pytest.fixture(scope="module")
def url(every_kind_published: str) -> str:
    return every_kind_published


@pytest.fixture(scope="module")
def paper_keys(url: str) -> dict[int, str]:
    return {k: v[0] for k, v in _by_id(url, "papers", "paper_id", "paper_key").items()}


def test_paper_listings_has_each_paper_and_listing_with_its_names(
    url: str, paper_keys: dict[int, str]
) -> None:
    listings = _by_id(url, "listings", "listing_id", "listing_name")
    expected = Counter(
        (paper_keys[paper], listings[listing][0], position, upvotes)
        for paper, listing, position, upvotes in _rows(
            url, "SELECT paper_id, listing_id, position, upvotes FROM paper_listings"
        )
    )
    got = Counter(
        _rows(
            url, "SELECT paper_key, listing_name, position, upvotes FROM analytics.paper_listings"
        )
    )
    assert got == expected and sum(got.values()) > 100
    # Long form: a paper in several listings counts once in each.
    per_listing = _rows(
        url,
        "SELECT listing_name, count(DISTINCT paper_id) FROM analytics.paper_listings GROUP BY 1",
    )
    assert dict(per_listing) == dict(Counter(name for _, name, *_ in expected.elements()))


def test_listings_are_typed_by_the_files_they_come_from(url: str) -> None:
    formats = _rows(
        url,
        "SELECT DISTINCT pl.listing_id, ps.source_format, ps.source_file FROM paper_listings pl "
        "JOIN paper_sources ps ON ps.paper_id = pl.paper_id AND ps.source_file = pl.source_file",
    )
    listed = _by_id(
        url,
        "analytics.listings",
        "listing_id",
        "listing_kind",
        "listed_on",
        "listing_year",
        "papers",
    )
    kinds = {"hf-daily": "daily", "paperlists": "conference", "pwc-api": "conference"}
    for listing, source_format, source_file in formats:
        kind, listed_on, year, _ = listed[listing]
        assert kind == kinds.get(source_format, "listing")
        if kind == "daily":
            # A Daily Papers dump is named by its day.
            assert listed_on.isoformat() == Path(source_file).stem and year == listed_on.year
    assert {kind for kind, *_ in listed.values()} == {"daily", "conference", "listing"}
    papers = Counter(
        listing for _, listing in _rows(url, "SELECT paper_id, listing_id FROM paper_listings")
    )
    assert {listing: row[3] for listing, row in listed.items()} == papers
    in_long_form = _rows(
        url,
        "SELECT DISTINCT listing_id, listing_kind, listed_on, listing_year "
        "FROM analytics.paper_listings",
    )
    assert {row[0]: row[1:] for row in in_long_form} == {
        listing: row[:3] for listing, row in listed.items() if row[3]
    }


def _stated(origin: str, way: str | None) -> bool:
    return origin != "rule" or way is None or way in STATED_TAG_WAYS


def test_a_tag_is_stated_by_its_origin_and_way(url: str) -> None:
    rows = _rows(url, "SELECT origin, way, stated FROM paper_tags")
    assert all(stated == _stated(origin, way) for origin, way, stated in rows)
    # The samples have both: topics found once, kept but not stated, and stated ones.
    assert {stated for _, _, stated in rows} == {True, False}


def test_paper_tags_has_each_stated_tag_of_each_paper_once_with_its_origins(
    url: str, paper_keys: dict[int, str]
) -> None:
    tags = _by_id(url, "tags", "tag_id", "tag_slug", "kind", "is_source_keyword")
    origins: dict[tuple, list[str]] = {}
    best: dict[tuple, float] = {}
    ways: dict[tuple, str] = {}
    for paper, tag, origin, confidence, way in _rows(
        url, "SELECT paper_id, tag_id, origin, confidence, way FROM paper_tags"
    ):
        if not _stated(origin, way):
            continue
        key = (paper_keys[paper], *tags[tag])
        origins.setdefault(key, []).append(origin)
        best[key] = max(best.get(key, 0.0), confidence)
        if way is not None:
            ways[key] = way
    expected = Counter(
        (*key, tuple(sorted(found)), best[key], ways.get(key)) for key, found in origins.items()
    )
    got = Counter(
        (*row[:4], tuple(row[4]), row[5], row[6])
        for row in _rows(
            url,
            "SELECT paper_key, tag_slug, tag_kind, is_source_keyword, origins, confidence, way "
            "FROM analytics.paper_tags",
        )
    )
    assert got == expected
    # The way is the rule tagger's: every rule tag has one, no other origin's.
    assert {("rule" in row[4]) == (row[6] is not None) for row in got} == {True}
    # One row per paper and tag: some paper has a tag from two origins, and counts it once.
    assert any(len(found) > 1 for found in origins.values())
    assert sum(got.values()) == len(origins)


def test_a_rule_tag_found_by_the_title_is_named_by_its_papers_title(url: str) -> None:
    ways = Counter(
        (way, text.lower() in (title or "").lower())
        for title, text, way in _rows(
            url,
            "SELECT p.title, pt.matched_text, pt.way FROM paper_tags pt "
            "JOIN papers p USING (paper_id) WHERE pt.origin = 'rule'",
        )
    )
    assert ways[("title", True)] > 0 and ways[("title", False)] == 0


def test_tags_are_the_tags_some_paper_has(url: str) -> None:
    used = {tag for (tag,) in _rows(url, "SELECT tag_id FROM paper_tags")}
    tasks = {
        tag
        for (tag,) in _rows(url, "SELECT task_tag_id FROM results WHERE task_tag_id IS NOT NULL")
    }
    used |= tasks
    papers = Counter(
        tag
        for tag, _ in set(
            (tag, paper)
            for tag, paper, origin, way in _rows(
                url, "SELECT tag_id, paper_id, origin, way FROM paper_tags"
            )
            if _stated(origin, way)
        )
    )
    got = {tag: count for tag, count in _rows(url, "SELECT tag_id, papers FROM analytics.tags")}
    # A tag only some unstated rule tag gives, and no result, is no tag any paper has.
    assert got == {tag: papers[tag] for tag in used if papers[tag] or tag in tasks}
    unused = _rows(url, "SELECT count(*) FROM tags")[0][0] - len(used)
    assert unused > 1000  # the vocabulary's tasks no paper has, which the view leaves out


def test_paper_authors_has_each_author_in_order(url: str, paper_keys: dict[int, str]) -> None:
    authors = _by_id(url, "authors", "author_id", "name")
    expected = Counter(
        (paper_keys[paper], position, authors[author][0])
        for paper, position, author in _rows(
            url, "SELECT paper_id, position, author_id FROM paper_authors"
        )
    )
    got = Counter(
        _rows(url, "SELECT paper_key, position, author_name FROM analytics.paper_authors")
    )
    assert got == expected and sum(got.values()) > 0


def test_paper_repositories_has_each_link_with_its_host_and_kind(
    url: str, paper_keys: dict[int, str]
) -> None:
    repositories = _by_id(url, "repositories", "repository_id", "canonical_url", "host", "kind")
    expected = Counter(
        (paper_keys[paper], *repositories[repository], origin)
        for paper, repository, origin in _rows(
            url, "SELECT paper_id, repository_id, origin FROM paper_repositories"
        )
    )
    got = Counter(
        _rows(
            url,
            "SELECT paper_key, canonical_url, host, kind, origin FROM analytics.paper_repositories",
        )
    )
    assert got == expected and len({origin for *_, origin in got}) > 1


def test_the_leaderboard_ranks_scores_in_their_metrics_direction(url: str) -> None:
    groups: dict[tuple, list[tuple[int, float]]] = {}
    directions: dict[int, str | None] = {}
    for result, task, dataset, metric, direction, value, unit, scale in _rows(
        url,
        "SELECT result_id, task_tag_id, dataset_id, metric_id, direction, value, unit, scale "
        "FROM results JOIN metrics USING (metric_id) "
        "WHERE kind = 'score' AND dataset_id IS NOT NULL",
    ):
        on_scale = scale is not None
        compared = scale if on_scale else value
        groups.setdefault((task, dataset, metric, on_scale, None if on_scale else unit), []).append(
            (result, compared)
        )
        directions[result] = direction
    expected = {}
    for members in groups.values():
        for result, compared in members:
            direction = directions[result]
            if direction is None:
                expected[result] = None
            else:
                better = sum(
                    1
                    for _, other in members
                    if (other > compared if direction == "higher" else other < compared)
                )
                expected[result] = better + 1
    got = dict(_rows(url, "SELECT result_id, rank FROM analytics.leaderboard"))
    assert got == expected
    ranked = [rank for rank in got.values() if rank is not None]
    assert ranked.count(1) < len(ranked) and None in got.values()
    assert {origin for (origin,) in _rows(url, "SELECT origin FROM analytics.leaderboard")} == {
        "abstract",
        "leaderboard",
    }


def test_paper_overview_has_null_not_empty_names(url: str) -> None:
    empty = _rows(
        url,
        "SELECT count(*) FILTER (WHERE listing_names = '' OR tag_names = '' "
        "OR author_names = ''), count(*) FILTER (WHERE author_names IS NULL) "
        "FROM analytics.paper_overview",
    )
    without_authors = _rows(
        url,
        "SELECT count(*) FROM papers WHERE paper_id NOT IN (SELECT paper_id FROM paper_authors)",
    )
    assert empty[0] == (0, without_authors[0][0]) and without_authors[0][0] > 0


def test_paper_overview_counts_distinct_repositories_not_link_rows(url: str) -> None:
    repositories = _lists(url, "SELECT paper_id, repository_id FROM paper_repositories")
    got = dict(_rows(url, "SELECT paper_id, link_count FROM analytics.paper_overview"))
    assert got == {paper: len(set(repositories.get(paper, []))) for paper in got}
    # The samples link some papers to one repository from several fields or records.
    assert any(len(set(linked)) < len(linked) for linked in repositories.values())


@pytest.mark.parametrize("view", ["analytics.paper_overview", "analytics.paper_profile"])
def test_a_date_shows_its_precision_and_a_month_only_when_it_has_one(url: str, view: str) -> None:
    papers = {
        paper: (published, precision)
        for paper, published, precision in _rows(
            url, "SELECT paper_id, published_on, published_on_precision FROM papers"
        )
    }
    got = _rows(
        url,
        f"SELECT paper_id, published_on, published_on_precision, published_year, "
        f"published_month FROM {view}",
    )
    for paper, published, precision, year, month in got:
        assert (published, precision) == papers[paper]
        assert year == (published.year if published else None)
        assert month == (published.replace(day=1) if precision in ("day", "month") else None)
    assert {precision for _, _, precision, _, _ in got} == {"day", "month", "year", None}


def _lists(url: str, query: str) -> dict[int, list]:
    lists: dict[int, list] = {}
    for paper, item in _rows(url, query):
        lists.setdefault(paper, []).append(item)
    return lists


def test_paper_profile_lists_what_each_paper_has(url: str) -> None:
    authors = _lists(
        url,
        "SELECT pa.paper_id, a.name FROM paper_authors pa JOIN authors a USING (author_id) "
        "ORDER BY pa.paper_id, pa.position",
    )
    listings = _lists(
        url,
        "SELECT paper_id, listing_name FROM paper_listings JOIN listings USING (listing_id)",
    )
    tags = _lists(
        url, "SELECT paper_id, tag_name FROM paper_tags JOIN tags USING (tag_id) WHERE stated"
    )
    links = _rows(
        url,
        "SELECT paper_id, canonical_url, kind FROM paper_repositories "
        "JOIN repositories USING (repository_id)",
    )
    results = Counter(paper for (paper,) in _rows(url, "SELECT paper_id FROM results"))
    formats = _lists(url, "SELECT paper_id, source_format FROM paper_sources")

    def listed(items: list | None) -> list | None:
        return sorted(set(items)) if items else None

    expected = {
        paper: (
            authors.get(paper),
            sorted(listings[paper]) if paper in listings else None,
            listed(tags.get(paper)),
            listed([u for p, u, kind in links if p == paper and kind == "code"]),
            listed([u for p, u, kind in links if p == paper and kind != "code"]),
            results[paper],
            len(set(formats.get(paper, []))),
        )
        for (paper,) in _rows(url, "SELECT paper_id FROM papers")
    }
    got = {
        paper: tuple(rest)
        for paper, *rest in _rows(
            url,
            "SELECT paper_id, authors, listings, tags, code_repositories, other_links, results, "
            "source_formats FROM analytics.paper_profile",
        )
    }
    assert got == expected
    assert all(any(row[i] for row in got.values()) for i in range(5))


def test_freshness_names_the_last_publish_and_the_last_run(
    samples_loaded: tuple[RunOutcome, Settings],
) -> None:
    _, settings = samples_loaded
    loaded = settings.database_url
    again = run_etl_here(["load", *map(str, sorted(SAMPLES_DIR.glob("*.txt")))], loaded)
    assert again.returncode == 0, again.stderr
    runs = _rows(loaded, "SELECT run_id, status, finished_at FROM etl.runs ORDER BY run_id")
    assert [status for _, status, _ in runs] == ["published", "skipped"]
    papers = _rows(loaded, "SELECT count(*) FROM papers")[0][0]
    got = _rows(
        loaded,
        "SELECT last_published_run_id, last_published_at, last_published_rows_inserted > 0, "
        "last_run_id, last_run_status, published_runs, papers FROM analytics.freshness",
    )
    assert got == [(runs[0][0], runs[0][2], True, runs[1][0], "skipped", 1, papers)]


# The fact each analytics view names, one row each: what `count(*)` of the view must count.
def test_an_efficiency_result_is_one_of_a_cost_unit_or_measure(url: str) -> None:
    rows = _rows(
        url,
        "SELECT unit, metric_name, metric_text, is_efficiency FROM analytics.results_overview",
    )
    cost_unit = re.compile(_COST_UNIT)
    shown = [
        bool(unit and cost_unit.search(unit)) or metric in COST_METRICS
        for unit, metric, _, _ in rows
    ]
    # What its unit or stated metric shows is one; one that shows neither had its metric
    # found and withheld as too unsure to state ("3x faster": Speedup, by a way below the bar).
    assert all(is_efficiency for (*_, is_efficiency), cost in zip(rows, shown, strict=True) if cost)
    withheld = [row for row, cost in zip(rows, shown, strict=True) if row[3] and not cost]
    assert all(metric is None and text is None for _, metric, text, _ in withheld)
    assert withheld, "the samples hold speed-ups whose metric is withheld"
    # The samples report both: what runs cost ("2.5x faster", "3.5 GB") and what they score.
    assert {is_efficiency for *_, is_efficiency in rows} == {True, False}


VIEW_GRAINS = {
    "freshness": "1",
    "leaderboard": "result_id",
    "listings": "listing_id",
    "paper_authors": "paper_id, position",
    "paper_listings": "paper_id, listing_id",
    "paper_organizations": "paper_id, organization_id",
    "paper_overview": "paper_id",
    "paper_profile": "paper_id",
    "paper_repositories": "paper_id, repository_id, subpath, origin",
    "paper_tags": "paper_id, tag_id",
    "rejects": "reject_id",
    "results_overview": "result_id",
    "runs": "run_id",
    "tags": "tag_id",
}


def test_every_view_has_one_row_per_the_fact_it_names(url: str) -> None:
    views = {
        name
        for (name,) in _rows(
            url, "SELECT table_name FROM information_schema.views WHERE table_schema = 'analytics'"
        )
    }
    assert views == set(VIEW_GRAINS)
    counts = {
        view: _rows(
            url,
            f"SELECT count(*), count(DISTINCT ({grain}, 0)) FROM analytics.{view}",
        )[0]
        for view, grain in VIEW_GRAINS.items()
    }
    assert {view: rows for view, (rows, _) in counts.items()} == {
        view: facts for view, (_, facts) in counts.items()
    }
    # A leaderboard entry is one row however many rows of however many files list it.
    assert _rows(
        url,
        "SELECT count(*) FROM (SELECT task_name, dataset_name, metric_name, model_name, value, "
        "unit, scale, paper_id FROM analytics.leaderboard WHERE origin = 'leaderboard' "
        "GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING count(*) > 1) twice",
    ) == [(0,)]

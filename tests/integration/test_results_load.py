"""Results, vocabularies, tags and method names as published in Postgres."""

from pathlib import Path

import psycopg
import pytest

from etl.config import Settings
from etl.pipeline import EXIT_PUBLISHED, RunOutcome, load
from etl.progress import Progress

pytestmark = pytest.mark.slow


def _rows(url: str, query: str, params: tuple = ()) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query, params).fetchall()


def test_samples_publish_results_tags_and_method_names(
    samples_loaded: tuple[RunOutcome, Settings],
) -> None:
    outcome, settings = samples_loaded  # the samples' load into a fresh database
    database_url = settings.database_url
    assert outcome.exit_code == EXIT_PUBLISHED

    (results,) = _rows(database_url, "SELECT count(*) FROM results")[0]
    assert results == outcome.row_counts["results"]["staged"] >= 40
    # Every published span points at its text in the published abstract.
    mismatched = _rows(
        database_url,
        "SELECT r.result_id FROM results r JOIN papers p USING (paper_id) "
        "WHERE substr(p.abstract, r.span_start + 1, r.span_end - r.span_start) <> r.raw_text",
    )
    assert mismatched == []
    hits = _rows(
        database_url,
        "SELECT value, dataset_name, dataset_variant, kind FROM analytics.results_overview "
        "WHERE metric_name = 'Hits@1' ORDER BY value",
    )
    # DBP15K_ZH-EN and DBP15K_FR-EN are the curated DBP15K, each with its language pair.
    assert hits == [(7.6, "DBP15K", "zh-en", "improvement"), (73.7, "DBP15K", "fr-en", "score")]
    methods = dict(
        _rows(database_url, "SELECT method_name, 1 FROM papers WHERE method_name IS NOT NULL")
    )
    assert {"NeuSymEA", "SEPAL", "RelBench", "DreamRelation"} <= set(methods)
    (untagged,) = _rows(
        database_url,
        "SELECT count(*) FROM papers p WHERE NOT EXISTS "
        "(SELECT 1 FROM paper_tags t WHERE t.paper_id = p.paper_id)",
    )[0]
    (papers,) = _rows(database_url, "SELECT count(*) FROM papers")[0]
    assert untagged <= papers * 0.05


def test_metric_spellings_group_under_one_metric_in_sql(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    listing = tmp_path / "spellings.txt"
    listing.write_text(
        "Spellings\n"
        "We propose AlphaAlign for entity alignment across knowledge graphs, reaching 73.7% "
        "hit@1 on DBP15K_FR-EN and strong results.\n"
        "We propose BetaAlign for entity alignment across knowledge graphs, which achieves "
        "70.1% Hits@1 on DBP15K_FR-EN in all settings.\n"
        "We propose GammaAlign for entity alignment across knowledge graphs with an H@1 of "
        "0.66 on DBP15K_FR-EN, a new state of the art.\n"
    )
    assert load([listing], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    grouped = _rows(
        database_url,
        "SELECT m.metric_name, d.dataset_name, r.dataset_variant, count(*), "
        "round(avg(r.scale)::numeric, 3)::float8 "
        "FROM results r JOIN metrics m USING (metric_id) JOIN datasets d USING (dataset_id) "
        "GROUP BY 1, 2, 3",
    )
    assert grouped == [("Hits@1", "DBP15K", "fr-en", 3, round((0.737 + 0.701 + 0.66) / 3, 3))]
    spellings = _rows(
        database_url,
        "SELECT a.alias FROM metric_aliases a JOIN metrics m USING (metric_id) "
        "WHERE m.metric_name = 'Hits@1' ORDER BY 1",
    )
    assert {"hit@1", "Hits@1", "H@1"} <= {s for (s,) in spellings}


def test_derived_rows_follow_the_current_rules(
    samples_loaded: tuple[RunOutcome, Settings], sample_paths: list[Path]
) -> None:
    _, settings = samples_loaded  # the samples loaded into a fresh database
    database_url = settings.database_url
    # A result an older rule derived, which the current rules no longer find.
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "INSERT INTO results (paper_id, origin, value, kind, is_efficiency, raw_text, span_start,"
            " span_end, created_run_id, changed_run_id) "
            "SELECT paper_id, 'abstract', 1, 'other', false, substr(abstract, 1, 3), 0, 3, 1, 1 "
            "FROM papers ORDER BY paper_id LIMIT 1"
        )
    outcome = load(sample_paths, settings, Progress(quiet=True), reload=True)
    assert outcome.row_counts["results"]["deleted"] == 1
    assert _rows(database_url, "SELECT count(*) FROM results WHERE span_start = 0") == [(0,)]


# The abstract of the unit test of dataset ways (tests/unit/transform/test_results.py): a
# dataset named after the number (here one the vocabulary holds), one the sentence opens on,
# one carried from the last claim of the same metric, the benchmark the abstract evaluates
# on, and a speed-up with none.
WAYS_ABSTRACT = (
    "We propose WayNet for question answering over tables. We evaluate on the FooQA "
    "benchmark. Our model reaches 71.2% accuracy on CIFAR-10. On BazBench, it scores 64.0 F1. "
    "The same model gets 58.3% accuracy, a recall of 80.1%, and a 2.5x speedup over the "
    "baseline."
)


def test_published_results_say_how_their_dataset_was_decided(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    listing = tmp_path / "ways.txt"
    listing.write_text(f"Ways\n{WAYS_ABSTRACT}\n")
    assert load([listing], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    published = _rows(
        database_url,
        "SELECT raw_text, dataset_text, dataset_way FROM results WHERE origin = 'abstract' "
        "ORDER BY span_start",
    )
    assert published == [
        ("71.2%", "CIFAR-10", "after"),
        ("64.0", "BazBench", "opening"),
        # The dataset of an earlier claim of the same metric is right too seldom to be
        # stated, curated or not (same_metric:curated, same_metric:uncurated).
        ("58.3%", None, None),
        # The abstract's evaluation benchmark is right too seldom to be stated for a claim
        # whose sentence names none (WITHHELD_DATASET_WAYS): the claim is published alone.
        ("80.1%", None, None),
        ("2.5x", None, None),
    ]
    assert _rows(
        database_url,
        "SELECT raw_text, dataset_way FROM analytics.results_overview ORDER BY span_start",
    ) == [(raw_text, way) for raw_text, _, way in published]

    # A result published before the way was kept, and one a rule now decides another way:
    # loading again brings both to the rules, and changes no other row.
    with psycopg.connect(database_url) as conn:
        conn.execute("UPDATE results SET dataset_way = NULL WHERE raw_text = '71.2%'")
        conn.execute("UPDATE results SET dataset_way = 'carried' WHERE raw_text = '64.0'")
    (first_run,) = _rows(database_url, "SELECT max(changed_run_id) FROM results")[0]
    again = load([listing], settings, Progress(quiet=True), reload=True)
    assert again.exit_code == EXIT_PUBLISHED
    assert again.row_counts["results"]["updated"] == 2
    assert (
        _rows(
            database_url,
            "SELECT raw_text, dataset_text, dataset_way FROM results WHERE origin = 'abstract' "
            "ORDER BY span_start",
        )
        == published
    )
    assert _rows(
        database_url,
        "SELECT raw_text FROM results WHERE changed_run_id > %s ORDER BY span_start",
        (first_run,),
    ) == [("71.2%",), ("64.0",)]
    # Once more with the same data: nothing changes.
    unchanged = load([listing], settings, Progress(quiet=True), reload=True)
    assert unchanged.row_counts["results"]["updated"] == 0


def test_scores_of_two_resolutions_of_one_dataset_are_ranked_apart(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    listing = tmp_path / "variants.txt"
    listing.write_text(
        "Variants\n"
        "We propose FlowGen, a flow model for class-conditional image generation. FlowGen "
        "reaches an FID of 2.10 on ImageNet 256x256 and an FID of 3.40 on ImageNet 512x512.\n"
        "We propose PixelFlow, a pixel-space model for class-conditional image generation. "
        "It reaches an FID of 2.50 on ImageNet 256x256 and an FID of 2.90 on ImageNet "
        "512x512.\n"
    )
    assert load([listing], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    assert _rows(
        database_url,
        "SELECT raw_text, dataset_name, dataset_variant FROM analytics.results_overview "
        "ORDER BY value",
    ) == [
        ("2.10", "ImageNet-1K", "256x256"),
        ("2.50", "ImageNet-1K", "256x256"),
        ("2.90", "ImageNet-1K", "512x512"),
        ("3.40", "ImageNet-1K", "512x512"),
    ]
    # FID is lower-is-better: each resolution has its own leader, not one board of four.
    assert _rows(
        database_url,
        "SELECT dataset_variant, raw_text, rank FROM analytics.leaderboard "
        "ORDER BY dataset_variant, rank",
    ) == [
        ("256x256", "2.10", 1),
        ("256x256", "2.50", 2),
        ("512x512", "2.90", 1),
        ("512x512", "3.40", 2),
    ]


def test_a_bound_is_published_and_a_bounded_score_is_not_ranked(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    listing = tmp_path / "bounds.txt"
    listing.write_text(
        "Bounds\nBoundNet reaches 91.2% accuracy on CIFAR-10 and up to 95.3% accuracy on "
        "SVHN, at least 30 times faster than the baseline.\n"
    )
    assert load([listing], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    published = _rows(
        database_url,
        "SELECT raw_text, bound, rank_key IS NOT NULL FROM results ORDER BY span_start",
    )
    assert published == [("91.2%", None, True), ("95.3%", "<=", False), ("30 times", ">=", False)]
    assert _rows(
        database_url, "SELECT raw_text, bound FROM analytics.results_overview ORDER BY span_start"
    ) == [(raw_text, bound) for raw_text, bound, _ in published]
    # Listed on its leaderboard, unranked: "up to 95.3%" is not a score of 95.3%.
    assert _rows(
        database_url,
        "SELECT raw_text, rank FROM analytics.leaderboard ORDER BY raw_text",
    ) == [("91.2%", 1), ("95.3%", None)]

    # A result published before bounds were kept: loading again gives it its bound.
    with psycopg.connect(database_url) as conn:
        conn.execute("UPDATE results SET bound = NULL WHERE raw_text = '30 times'")
    again = load([listing], settings, Progress(quiet=True), reload=True)
    assert again.row_counts["results"]["updated"] == 1
    assert (
        _rows(
            database_url,
            "SELECT raw_text, bound, rank_key IS NOT NULL FROM results ORDER BY span_start",
        )
        == published
    )

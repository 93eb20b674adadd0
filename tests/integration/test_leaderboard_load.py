"""Leaderboards through the real pipeline into Postgres: a column's unit, metrics with their
direction, datasets under their curated names. The fixture is cut from the samples (see
tests/fixtures/pwc/ATTRIBUTION.md)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest

from etl.config import Settings
from etl.pipeline import EXIT_PUBLISHED, load
from etl.progress import Progress

pytestmark = pytest.mark.slow

UNITS = (
    Path(__file__).parents[1] / "fixtures" / "pwc" / "leaderboard-units" / "evaluation-tables.json"
)


def _rows(url: str, query: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query).fetchall()


@pytest.fixture(scope="module")
def loaded(
    scratch_database: Callable[..., AbstractContextManager[str]],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[str]:
    """A database with the fixture loaded, once for the module: its tests only read."""
    with scratch_database() as database_url:
        settings = replace(
            Settings.from_env({}),
            database_url=database_url,
            home=tmp_path_factory.mktemp("leaderboard") / "home",
            # Batches of two records: the reader must still hand over each table whole.
            batch_rows=2,
        )
        outcome = load([UNITS], settings, Progress(quiet=True))
        assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
        assert outcome.records_read == 18
        yield database_url


def test_every_value_of_a_column_has_the_unit_of_its_column(loaded: str) -> None:
    scales = _rows(
        loaded,
        "SELECT dataset_text, metric_text, raw_text, unit, round(scale::numeric, 6) "
        "FROM results WHERE origin = 'leaderboard' AND metric_text IN "
        "('MAP', 'Percentage error', 'Error rate') ORDER BY 1, 2, scale DESC, raw_text DESC",
    )
    assert [
        (d, m, raw, unit, None if scale is None else float(scale))
        for d, m, raw, unit, scale in scales
    ] == [
        # An error column with every value in [0, 1]: fractions or percentages, it does not
        # say, so no scale is stated.
        ("Imagenet Image Recognition", "Error rate", "0.16422", None, None),
        ("Imagenet Image Recognition", "Error rate", "0.07405", None, None),
        # Percent by its name, though no value reaches 1.
        ("MNIST handwritten digit recognition", "Percentage error", "0.45", "%", 0.0045),
        ("MNIST handwritten digit recognition", "Percentage error", "0.23", "%", 0.0023),
        ("MNIST handwritten digit recognition", "Percentage error", "0.21", "%", 0.0021),
        # Percent because other values of the column exceed 1: 0.91 ranks last.
        ("SemEval 2018 (Medical domain)", "MAP", "34.05", "%", 0.3405),
        ("SemEval 2018 (Medical domain)", "MAP", "20.75", "%", 0.2075),
        ("SemEval 2018 (Medical domain)", "MAP", "0.91", "%", 0.0091),
        ("Street View House Numbers (SVHN)", "Percentage error", "2.47", "%", 0.0247),
        ("Street View House Numbers (SVHN)", "Percentage error", "1.92", "%", 0.0192),
    ]
    mixed = _rows(
        loaded,
        "SELECT task_tag_id, dataset_text, metric_text FROM results WHERE origin = "
        "'leaderboard' GROUP BY 1, 2, 3 HAVING count(DISTINCT (unit, scale IS NULL)) > 1",
    )
    assert mixed == []


def test_papers_with_code_metrics_have_a_direction(loaded: str) -> None:
    metrics = _rows(
        loaded,
        "SELECT DISTINCT r.metric_text, m.metric_name, m.direction, m.is_share FROM results r "
        "JOIN metrics m USING (metric_id) WHERE r.origin = 'leaderboard' ORDER BY 1",
    )
    assert metrics == [
        ("% Test Accuracy", "Accuracy", "higher", True),
        ("% Train Accuracy", "Training Accuracy", "higher", True),
        ("Error rate", "Error Rate", "lower", True),
        ("MAP", "mAP", "higher", True),
        ("MRR", "MRR", "higher", True),
        # Model sizes ("24M", "220k"): published with their magnitude, no direction.
        ("Number of params", "Number of params", None, False),
        ("P@5", "Precision@5", "higher", True),
        ("Parameters", "Parameters", None, False),
        ("Percentage correct", "Accuracy", "higher", True),
        ("Percentage error", "Error Rate", "lower", True),
        ("Score", "Score", "higher", False),
        ("Test perplexity", "Perplexity", "lower", False),
        ("Validation perplexity", "Validation Perplexity", "lower", False),
    ]


def test_leaderboard_datasets_take_their_curated_names(loaded: str) -> None:
    datasets = _rows(
        loaded,
        "SELECT DISTINCT r.dataset_text, d.dataset_name FROM results r "
        "JOIN datasets d USING (dataset_id) WHERE r.origin = 'leaderboard' ORDER BY 1",
    )
    assert datasets == [
        ("Atari 2600 Breakout", "Atari 2600 Breakout"),
        ("CIFAR-10 Image Recognition", "CIFAR-10"),
        ("Imagenet Image Recognition", "ImageNet-1K"),
        ("MNIST handwritten digit recognition", "MNIST"),
        ("Penn Treebank", "Penn Treebank"),
        ("SNLI", "SNLI"),
        ("SemEval 2018 (Medical domain)", "SemEval 2018 (Medical domain)"),
        ("Street View House Numbers (SVHN)", "SVHN"),
    ]
    # The long names are aliases of the curated datasets, for lookups in SQL.
    aliases = _rows(
        loaded,
        "SELECT a.alias, d.dataset_name FROM dataset_aliases a JOIN datasets d "
        "USING (dataset_id) WHERE a.alias ILIKE '% %recognition' OR a.alias LIKE '%(SVHN)' "
        "ORDER BY 1",
    )
    assert aliases == [
        ("CIFAR-10 Image Recognition", "CIFAR-10"),
        ("Imagenet Image Recognition", "ImageNet-1K"),
        ("MNIST handwritten digit recognition", "MNIST"),
        ("Street View House Numbers (SVHN)", "SVHN"),
    ]

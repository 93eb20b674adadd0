"""Results extraction against the hand-checked golden tables of the sample listings.

tests/fixtures/golden/results_expected.tsv and results_not_expected.tsv were written by a
person reading the abstracts (see RESULTS_NOTES.md there), not by this code. The bounds below
are what the extractor reaches today; lowering one to make a change pass is a regression.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from etl.transform.results import extract_results
from etl.vocab.measures import load_datasets, load_listed_datasets, load_metrics
from tests.samples import sample_records, sample_texts
from tests.unit.transform import results_scoring
from tests.unit.transform.results_scoring import Scores, first_number, read_tsv

# Extraction over whole sets of real abstracts: seconds each.
pytestmark = pytest.mark.slow

GOLDEN = Path(__file__).parents[2] / "fixtures" / "golden"


def _rows(name: str) -> list[dict[str, str]]:
    return read_tsv(GOLDEN / name)


def sample_results() -> pl.DataFrame:
    """Results extracted from the sample listings, with file name and record number."""
    records = sample_records().select("file", "record", paper_key="abstract_hash")
    results = extract_results(
        sample_texts(), load_metrics(), load_datasets(), listed_datasets=load_listed_datasets()
    )
    return results.collect().join(records, on="paper_key").sort("file", "record", "span_start")


@pytest.fixture(scope="module")
def extracted() -> pl.DataFrame:
    return sample_results()


def score(extracted: pl.DataFrame) -> Scores:
    return results_scoring.score(
        extracted.to_dicts(),
        _rows("results_expected.tsv"),
        golden_key=lambda g: (g["file"], int(g["record"]), float(g["value"])),
        extracted_key=lambda e: (e["file"], e["record"], e["value"]),
    )


def test_value_precision_and_recall(extracted: pl.DataFrame) -> None:
    scores = score(extracted)
    assert scores.precision >= 0.97, scores.spurious
    assert scores.recall >= 0.95, scores.missed


def test_units_and_kinds_of_matched_results(extracted: pl.DataFrame) -> None:
    scores = score(extracted)
    assert scores.agreement("unit", "unit") == 1.0
    assert scores.agreement("kind", "kind") >= 0.95


def test_metric_and_dataset_attribution(extracted: pl.DataFrame) -> None:
    scores = score(extracted)
    assert scores.agreement("metric", "metric_name") >= 0.85
    # 0.73 since names in plain words stopped being stated: the samples' "Web" (a corpus
    # paired in order with WikiText-103) is one of the right ones lost; 0.60 since names the
    # vocabulary lacks, with no number in them, found after the claim stopped being stated
    # (right 17 times in 23 on the blind labelled sets: scripts/calibrate_dataset_ways.py);
    # 0.51 since those with a number in them stopped being stated too (right 59 times in 66
    # once heldout33-44 were labelled): the samples' "SemEval-2025 Task 4" is one lost.
    assert scores.agreement("dataset", "dataset_text") >= 0.51


def test_numbers_that_are_not_results_are_left_out(extracted: pl.DataFrame) -> None:
    expected = {
        (r["file"], int(r["record"]), float(r["value"])) for r in _rows("results_expected.tsv")
    }
    found = {(e["file"], e["record"], e["value"]) for e in extracted.to_dicts()}
    wrongly_found = []
    for row in _rows("results_not_expected.tsv"):
        key = (row["file"], int(row["record"]), first_number(row["text"]))
        if key in found and key not in expected:
            wrongly_found.append(row)
    assert wrongly_found == []


def test_every_span_round_trips_on_the_samples() -> None:
    texts = sample_texts()
    results = extract_results(texts, load_metrics(), load_datasets()).join(texts, on="paper_key")
    results = results.collect()
    assert results.height >= 40
    for row in results.iter_rows(named=True):
        assert row["abstract"][row["span_start"] : row["span_end"]] == row["raw_text"]

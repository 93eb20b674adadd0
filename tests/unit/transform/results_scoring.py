"""Scoring extracted results against a hand-labelled table (golden or held-out).

`.venv/bin/python -m tests.unit.transform.results_scoring` prints the figures of every
labelled set side by side (the results issue's targets are on these figures).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from etl.transform.results import (
    WITHHELD_DATASET_WAYS,
    WITHHELD_METRIC_WAYS,
    canonical_dataset,
    canonical_metric,
    extract_results,
)
from etl.transform.text import clean_text
from etl.vocab.measures import load_datasets, load_listed_datasets, load_metrics


def read_tsv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def first_number(text: str) -> float | None:
    """The first number written in digits in text, if any ("nine times" has none)."""
    return pl.Series([text]).str.extract(r"(\d+(?:\.\d+)?)", 1).cast(pl.Float64)[0]


@dataclass
class Scores:
    matched: list[tuple[dict, dict]]
    missed: list[dict]
    spurious: list[dict]

    @property
    def precision(self) -> float:
        return len(self.matched) / (len(self.matched) + len(self.spurious))

    @property
    def recall(self) -> float:
        return len(self.matched) / (len(self.matched) + len(self.missed))

    def agreement(self, golden_field: str, extracted_field: str) -> float:
        """Share of matched results whose field agrees (case-insensitive; both empty agrees)."""
        same = sum(
            (g[golden_field] or "").lower() == (e[extracted_field] or "").lower()
            for g, e in self.matched
        )
        return same / len(self.matched)


def score(
    extracted: list[dict],
    golden: list[dict],
    golden_key: Callable[[dict], tuple],
    extracted_key: Callable[[dict], tuple],
) -> Scores:
    """Pair each golden row with one extracted row of the same key (paper and value)."""
    pending = list(extracted)
    matched, missed = [], []
    for row in golden:
        hit = next((e for e in pending if extracted_key(e) == golden_key(row)), None)
        if hit is None:
            missed.append(row)
        else:
            pending.remove(hit)
            matched.append((row, hit))
    return Scores(matched=matched, missed=missed, spurious=pending)


def with_canonical_metrics(rows: list[dict], metrics: pl.DataFrame) -> list[dict]:
    """Golden rows with `metric_canonical`: the vocabulary's name for the labelled metric
    (labellers write "test error", the vocabulary says Error Rate), else the label itself."""
    labels = pl.DataFrame(
        {"metric": [r["metric"] or None for r in rows]}, schema={"metric": pl.String}
    )
    canonical = labels.select(canonical_metric(pl.col("metric"), metrics))["metric"].to_list()
    return [
        {**r, "metric_canonical": c or r["metric"]} for r, c in zip(rows, canonical, strict=True)
    ]


def _same(label: str | None, *found: str | None) -> bool:
    return bool(label) and any((label or "").lower() == (f or "").lower() for f in found)


@dataclass
class Figures:
    """What the results issue measures on a labelled set."""

    precision: float
    recall: float
    metric: float  # right metric, over matched labelled results that name one
    dataset: float  # right dataset, over matched labelled results that name one
    kind: float  # right kind, over matched results
    unsupported: float  # of matched results with a metric or dataset, a wrong one
    dataset_wrong: float  # of matched results with a dataset, a wrong one

    def line(self, name: str) -> str:
        return (
            f"{name:<10} P {self.precision:.3f}  R {self.recall:.3f}  metric {self.metric:.2f}"
            f"  dataset {self.dataset:.2f}  kind {self.kind:.2f}"
            f"  unsupported {self.unsupported:.3f}  dataset wrong {self.dataset_wrong:.3f}"
        )


def figures(scores: Scores) -> Figures:
    """Figures of matched pairs; a metric is right when the vocabulary names of label and
    extraction agree or the extracted phrase is the labelled one, a dataset when the phrase
    or the curated name agrees."""
    pairs = scores.matched
    metric_right = metrics_right(pairs, load_metrics())
    dataset_right = datasets_right(pairs, load_datasets())
    named = [i for i, (g, _) in enumerate(pairs) if g["metric"]]
    on_dataset = [i for i, (g, _) in enumerate(pairs) if g["dataset"]]
    filled = [i for i, (_, e) in enumerate(pairs) if e["metric_name"] or e["dataset_text"]]
    wrong = [
        i for i in filled
        if (pairs[i][1]["metric_name"] and not metric_right[i])
        or (pairs[i][1]["dataset_text"] and not dataset_right[i])
    ]  # fmt: skip
    stated_dataset = [i for i, (_, e) in enumerate(pairs) if e["dataset_text"]]
    return Figures(
        precision=scores.precision,
        recall=scores.recall,
        metric=sum(metric_right[i] for i in named) / max(len(named), 1),
        dataset=sum(dataset_right[i] for i in on_dataset) / max(len(on_dataset), 1),
        kind=scores.agreement("kind", "kind"),
        unsupported=len(wrong) / max(len(filled), 1),
        dataset_wrong=sum(not dataset_right[i] for i in stated_dataset)
        / max(len(stated_dataset), 1),
    )


def metrics_right(pairs: list[tuple[dict, dict]], metrics: pl.DataFrame) -> list[bool]:
    """Per matched pair (label, extracted): whether the extracted metric is the labelled
    one, as written or as the same vocabulary metric (no metric on either side is not right)."""
    return _named_right(pairs, "metric", canonical_metric(pl.col("metric"), metrics))


def datasets_right(pairs: list[tuple[dict, dict]], datasets: pl.DataFrame) -> list[bool]:
    """Per matched pair (label, extracted): whether the extracted dataset is the labelled
    one, as written or as the same curated dataset (no dataset on either side is not right)."""
    return _named_right(pairs, "dataset", canonical_dataset(pl.col("dataset"), datasets))


def _named_right(pairs: list[tuple[dict, dict]], field: str, canonical: pl.Expr) -> list[bool]:
    """Whether each extracted `field` (its `<field>_text` as written, its `<field>_name` in
    the vocabulary) is the labelled one: the phrase, or the name `canonical` gives the label."""
    labels = pl.DataFrame(
        {field: [g[field] or None for g, _ in pairs]}, schema={field: pl.String}
    ).select(canonical)[field]
    text, name = f"{field}_text", f"{field}_name"
    return [
        _same(g[field], e[text], e[name]) or _same(label_name, e[name])
        for (g, e), label_name in zip(pairs, labels, strict=True)
    ]


def labelled_set_scores(folder: Path) -> Scores:
    """Scores on a labelled set of abstracts (abstracts.jsonl and results_expected.tsv)."""
    return labelled_sets_scores([folder])[folder.name]


def labelled_sets_scores(
    folders: list[Path],
    withheld_dataset_ways: frozenset[str] = WITHHELD_DATASET_WAYS,
    withheld_metric_ways: frozenset[str] = WITHHELD_METRIC_WAYS,
) -> dict[str, Scores]:
    """Scores on each labelled set, by folder name, extracted in one run (a run costs seconds
    whatever its size, and results are extracted per abstract); datasets and metrics of the
    ways withheld are not stated, as in a load (none withheld: every way states its own)."""
    abstracts = {
        folder.name: [
            json.loads(line) for line in (folder / "abstracts.jsonl").read_text().splitlines()
        ]
        for folder in folders
    }
    papers = pl.LazyFrame(
        {
            "labelled_set": [name for name, rows in abstracts.items() for _ in rows],
            "paper_key": [a["id"] for rows in abstracts.values() for a in rows],
            "abstract": [a["abstract"] for rows in abstracts.values() for a in rows],
        }
    ).with_columns(
        # Ids are unique within a set, not across sets.
        paper_key=pl.concat_str("labelled_set", pl.lit("\t"), "paper_key"),
        abstract=clean_text(pl.col("abstract")),
    )
    metrics = load_metrics()
    extracted = (
        extract_results(
            papers.drop("labelled_set"),
            metrics,
            load_datasets(),
            listed_datasets=load_listed_datasets(),
            withheld_dataset_ways=withheld_dataset_ways,
            withheld_metric_ways=withheld_metric_ways,
        )
        .collect()
        .with_columns(pl.col("paper_key").str.split_exact("\t", 1).alias("key"))
        .unnest("key")
        .rename({"field_0": "labelled_set"})
        .with_columns(paper_key=pl.col("field_1"))
        .drop("field_1")
        .sort("labelled_set", "paper_key", "span_start")
    )
    return {
        folder.name: score(
            extracted.filter(pl.col("labelled_set") == folder.name).drop("labelled_set").to_dicts(),
            with_canonical_metrics(read_tsv(folder / "results_expected.tsv"), metrics),
            golden_key=lambda g: (g["id"], float(g["value"])),
            extracted_key=lambda e: (e["paper_key"], e["value"]),
        )
        for folder in folders
    }


if __name__ == "__main__":
    from tests.unit.transform import test_results_golden

    fixtures = Path(__file__).parents[2] / "fixtures"
    print(figures(test_results_golden.score(test_results_golden.sample_results())).line("golden"))
    for name in sorted(path.name for path in fixtures.glob("heldout*")):
        print(figures(labelled_set_scores(fixtures / name)).line(name))

"""Scoring extracted results against a hand-labelled table (golden or held-out)."""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from etl.transform.results import canonical_metric


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

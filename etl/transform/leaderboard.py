"""Leaderboard results: Papers with Code evaluation-table entries as result rows.

Values arrive as strings ("85.1%", "0.719", "81.2 ± 0.3", "-"): the number is the value, a
`%` makes it a percentage, a `±` part is a deviation and dropped, anything without a number
is no result. Metrics and datasets go through the same vocabularies as results found in
abstracts, so a leaderboard's "Hits@1" and an abstract's "hit@1" are one metric, and the
scale is kept honest: 85.1% and 0.851 of a share metric both have scale 0.851.
"""

from __future__ import annotations

import polars as pl

from etl.transform.identity import listing_slug
from etl.transform.results import canonical_metric
from etl.vocab.measures import alias_key

# A leading number, then optionally %, then the end or what may follow a value: a note
# mark (*, †), a deviation (± 0.3), a parenthesis, a second figure ("81.2/79.5").
_VALUE = r"^[\s\ufeff~]*([+\-−]?\d+(?:,\d{3})*(?:\.\d+)?)\s*(%)?\s*(?:[*+†‡/(]|±|$)"


def leaderboard_results(
    records: pl.LazyFrame, metrics: pl.DataFrame, datasets: pl.DataFrame
) -> pl.LazyFrame:
    """One result per parseable leaderboard entry of each record (record_key, task and
    model, value, unit, scale, kind score, metric and dataset names and texts)."""
    entries = (
        records.select("record_key", "leaderboard")
        .explode("leaderboard")
        .drop_nulls("leaderboard")
        .unnest("leaderboard")
    )
    number = pl.col("value_text").str.extract(_VALUE, 1)
    percent = pl.col("value_text").str.extract(_VALUE, 2).is_not_null()
    value = number.str.replace_all(",", "", literal=True).str.replace("−", "-").cast(pl.Float64)
    known_datasets = (
        datasets.explode("aliases")
        .select(dataset_key=alias_key(pl.col("aliases")), known_dataset="dataset_name")
        .unique("dataset_key", keep="first", maintain_order=True)
    )
    shares = metrics.filter(pl.col("is_share"))["metric_name"].implode()
    metric_name = pl.coalesce(canonical_metric(pl.col("metric"), metrics), pl.col("metric"))
    is_share = metric_name.is_in(shares) | metric_name.str.contains(
        r"^(?:Hits|Recall|Precision|NDCG|MAP|MRR|Accuracy|Success|pass)@|^Top-"
    )
    return (
        entries.filter(number.is_not_null())
        .with_columns(
            value=value,
            unit=pl.when(percent).then(pl.lit("%")),
            metric_name=metric_name,
            metric_text="metric",
            dataset_text="dataset",
            dataset_key=alias_key(pl.col("dataset")),
            task_slug=listing_slug(pl.col("task")),
            task_name="task",
        )
        .join(known_datasets.lazy(), on="dataset_key", how="left", maintain_order="left")
        .with_columns(
            dataset_name=pl.coalesce("known_dataset", "dataset_text"),
            scale=pl.when(percent)
            .then(pl.col("value") / 100)
            .when(is_share & pl.col("value").abs().le(1))
            .then(pl.col("value"))
            .when(is_share & pl.col("value").abs().le(100))
            .then(pl.col("value") / 100),
            value_low=pl.lit(None, pl.Float64),
            kind=pl.lit("score"),
            comparator=pl.lit(None, pl.String),
            raw_text=pl.col("value_text").str.strip_chars(),
        )
        # One result per metric of a row: a row's metric names are the keys of one object.
        .unique(["record_key", "metric_text"], keep="first", maintain_order=True)
        .select(
            "record_key",
            "task_slug",
            "task_name",
            "model_name",
            "value",
            "value_low",
            "unit",
            "scale",
            "kind",
            "metric_name",
            "metric_text",
            "dataset_name",
            "dataset_text",
            "comparator",
            "raw_text",
            "entered_on",
        )  # fmt: skip
    )

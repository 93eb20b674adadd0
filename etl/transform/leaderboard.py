"""Leaderboard results: Papers with Code evaluation-table entries as result rows.

Values arrive as strings ("85.1%", "0.719", "81.2 ± 0.3", "24M", "-"): the number is the
value, a `±` part is a deviation and dropped, a magnitude (`24M` parameters, `220k`) is the
value's unit, anything without a number is no result. Metrics and
datasets go through the same vocabularies as results found in abstracts, so a leaderboard's
"Hits@1" and an abstract's "hit@1" are one metric.

The unit is a column's, not a value's: every value of one metric in one leaderboard table
(same file, task, dataset with its subdataset) is on one scale, so `0.91` in a column that
also holds `34.05` is 0.91%, not 91%. A column is in percent when any of its values is
written with `%`, when its name says so ("Percentage error", "% Test Accuracy": MNIST's
0.21 is 0.21%), or when its metric is a share (accuracy, F1, Hits@k ...) and some value is
above 1 (and none above 100). A share column whose values all lie in [0, 1] holds fractions;
so does a column of one such value: one number cannot show its unit, and a share written
below 1 is far more often a fraction than a percentage under 1%. Any other column (scores,
perplexities, a share column with a value above 100) gets no scale. In percent, `unit` is
`%` and `scale` the value / 100; in fractions, `scale` is the value: "85.1%", "85.1" in a
percent column and 0.851 of a share metric all have scale 0.851. A column of counts written
with magnitudes in mixed sizes or cases (SNLI's "Parameters": "220k" and "3.0m") is in its
largest magnitude: 220k is 0.22 M there. The reader hands over a table's rows in one batch,
so a column is always seen whole.
"""

from __future__ import annotations

import polars as pl

from etl.transform.identity import listing_slug
from etl.transform.results import (
    PERCENT_MARK,
    canonical_dataset,
    canonical_metric,
    is_share_metric,
    percent_as_share,
)
from etl.vocab.measures import alias_key
from etl.vocab.metric_names import names_a_measure, part_of_data_rule

# A leading number, then optionally % or a magnitude (k, M, B, G in either case: "24M" or
# "3.0m" parameters), then the end or what may follow a value: a note mark (*, †), a doubt
# (?), a deviation (± 0.3), a parenthesis, a second figure ("81.2/79.5").
_VALUE = (
    r"^[\s\ufeff~]*([+\-−]?\d+(?:,\d{3})*(?:\.\d+)?)\s*(%|[kKmMbBgG]\b)?\s*"
    r"(?:[*+†‡/(?]|±|$)"
)
# Each magnitude as the column unit it is written as, and its size. Leaderboard magnitudes
# count parameters, FLOPs or samples, so a lower-case "m" is million, not milli.
_MAGNITUDE_SYMBOL = {"k": "k", "K": "k", "m": "M", "M": "M", "b": "B", "B": "B", "g": "G", "G": "G"}
_MAGNITUDE_SIZE = {"k": 1e3, "M": 1e6, "B": 1e9, "G": 1e9}
# One leaderboard table; with the metric, one column of it.
_TABLE = ["source_file", "task", "dataset"]


def _metric_names(
    entries: pl.LazyFrame, metrics: pl.DataFrame, datasets: pl.DataFrame
) -> pl.LazyFrame:
    """metric_name: the vocabulary's name for each column's metric, else the name as written.

    Two columns of one table never become one metric ("Accuracy" and "% Test Accuracy"):
    one row would then hold two values of a metric and keep only one. Such columns keep
    their written names, but for the one written as the metric's own name.

    A column named as a part of the data, not as a measure, has no metric (metric_text keeps
    its name): a split, a subset or an edition (etl.vocab.metric_names: "Dev", "Matched",
    "Senseval 2"), or a dataset, one the vocabulary knows ("MATH" beside "GSM8K") or its
    table's (RACE's "RACE-m"). Its values are of a metric the table does not say.
    """
    canonical = pl.coalesce(canonical_metric(pl.col("metric"), metrics), pl.col("metric"))
    merged = pl.col("metric").n_unique().over(*_TABLE, "metric_name") > 1
    written_as_name = alias_key(pl.col("metric")) == alias_key(pl.col("metric_name"))
    return entries.with_columns(metric_name=canonical).with_columns(
        metric_name=pl.when(_names_part_of_data(metrics, datasets))
        .then(pl.lit(None, pl.String))
        .when(merged & ~written_as_name)
        .then(pl.col("metric"))
        .otherwise(pl.col("metric_name"))
    )


def _names_part_of_data(metrics: pl.DataFrame, datasets: pl.DataFrame) -> pl.Expr:
    """Whether an entry's column (`metric`) is named as a part of its data (see
    _metric_names); never a name the vocabulary knows as a metric or one that says a
    measure (`DEV-F1`, `Rank-1`)."""
    column = pl.col("metric").str.strip_chars()
    column_key, table_key = alias_key(column), alias_key(pl.col("dataset"))
    # One name inside the other: RACE's "RACE-h", CoQA (Conversational ...)'s "CoQA", CNN /
    # Daily Mail's "Daily Mail".
    as_tables_dataset = (
        (column_key.str.len_chars() >= 3)
        & (table_key.str.len_chars() >= 3)
        & (
            column_key.str.contains(table_key, literal=True)
            | table_key.str.contains(column_key, literal=True)
        )
    )
    as_a_dataset = canonical_dataset(column, datasets).is_not_null() | as_tables_dataset
    return (
        canonical_metric(column, metrics).is_null()
        & ~names_a_measure(column)
        & (part_of_data_rule(column).is_not_null() | as_a_dataset)
    ).fill_null(False)


def _column_scale(entries: pl.LazyFrame, metrics: pl.DataFrame) -> pl.LazyFrame:
    """unit and scale of each value, decided for its whole column (see the module doc)."""
    column = [*_TABLE, "metric"]
    is_share = is_share_metric(pl.col("metric_name"), metrics)
    largest = pl.col("value").abs().max().over(column)
    in_percent = (
        pl.col("written_percent").any().over(column)
        | pl.col("metric").str.contains(PERCENT_MARK)
        | (is_share & (largest > 1) & (largest <= 100))
    )
    in_fractions = is_share & (largest <= 1)
    size = pl.col("magnitude").replace_strict(_MAGNITUDE_SIZE, default=None)
    column_size = size.max().over(column)
    column_magnitude = pl.col("magnitude").sort_by(size, descending=True).first().over(column)
    return entries.with_columns(
        value=pl.when(in_percent | size.is_null())
        .then(pl.col("value"))
        .otherwise(pl.col("value") * size / column_size),
        unit=pl.when(in_percent).then(pl.lit("%")).when(size.is_not_null()).then(column_magnitude),
        scale=pl.when(in_percent)
        .then(percent_as_share(pl.col("value")))
        .when(in_fractions)
        .then(pl.col("value")),
    )


def leaderboard_results(
    records: pl.LazyFrame, metrics: pl.DataFrame, datasets: pl.DataFrame
) -> pl.LazyFrame:
    """One result per parseable leaderboard entry of each record (record_key, source_file,
    leaderboard): task and model, value, unit, scale, kind score, metric and dataset names
    and texts."""
    entries = (
        records.select("record_key", "source_file", "leaderboard")
        .explode("leaderboard")
        .drop_nulls("leaderboard")
        .unnest("leaderboard")
    )
    number = pl.col("value_text").str.extract(_VALUE, 1)
    value = number.str.replace_all(",", "", literal=True).str.replace("−", "-").cast(pl.Float64)
    return (
        entries.filter(number.is_not_null())
        .with_columns(
            value=value,
            written_percent=pl.col("value_text").str.extract(_VALUE, 2) == "%",
            magnitude=pl.col("value_text")
            .str.extract(_VALUE, 2)
            .replace_strict(_MAGNITUDE_SYMBOL, default=None),
        )
        .pipe(_metric_names, metrics, datasets)
        .pipe(_column_scale, metrics)
        .with_columns(
            metric_text="metric",
            dataset_name=pl.coalesce(canonical_dataset(pl.col("dataset"), datasets), "dataset"),
            dataset_text="dataset",
            task_slug=listing_slug(pl.col("task")),
            task_name="task",
            value_low=pl.lit(None, pl.Float64),
            kind=pl.lit("score"),
            comparator=pl.lit(None, pl.String),
            comparator_value=pl.lit(None, pl.Float64),
            comparator_unit=pl.lit(None, pl.String),
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
            "comparator_value",
            "comparator_unit",
            "raw_text",
            "entered_on",
        )  # fmt: skip
    )

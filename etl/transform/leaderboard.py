"""Leaderboard results: Papers with Code evaluation-table entries as result rows.

Values arrive as strings ("85.1%", "0.719", "81.2 ± 0.3", "**67.3**", "24M", "-"): the
number is the value, read through markdown emphasis and after it footnote marks (`*`, `†`,
`[1]`, `¹`); a `±` part is the value's uncertainty (`value_uncertainty`, in the value's unit);
a magnitude (`24M` parameters, `220k`) is the value's unit. A value with no number ("-",
"Yes", "--*") is no result, and says so: leaderboard_value_rejects gives each a reject of
its own (rule `value.not_a_number`; its row is published with its other values). Metrics and
datasets go through the same vocabularies as results found in abstracts, so a leaderboard's
"Hits@1" and an abstract's "hit@1" are one metric.

The unit is a column's, not a value's: every value of one metric in one leaderboard table
(same file, task, dataset with its subdataset) is on one scale, so `0.91` in a column that
also holds `34.05` is 0.91%, not 91%. A column is in percent when any of its values is
written with `%`, when its name says so ("Percentage error", "% Test Accuracy": MNIST's
0.21 is 0.21%), or when its metric is a share (accuracy, F1, Hits@k ...) and some value is
above 1 (and none above 100). A column of a share where higher is better (accuracy, F1)
whose values all lie in [0, 1] holds fractions: a leaderboard's 0.805 F1 is not 0.8%. An error
column in [0, 1] gets no scale: error rates are written both ways (a test error of `0.31±0.01`
is 0.31%, DBpedia's 0.62 error 0.62%), the column cannot show which, and a stated scale
must be right. Any other column (scores,
perplexities, a share column with a value above 100) gets no scale. In percent, `unit` is
`%` and `scale` the value / 100; in fractions, `scale` is the value: "85.1%", "85.1" in a
percent column and 0.851 of a share metric all have scale 0.851. A column of counts written
with magnitudes in mixed sizes or cases (SNLI's "Parameters": "220k" and "3.0m") is in its
largest magnitude: 220k is 0.22 M there. The reader hands over a table's rows in one batch,
so a column is always seen whole.
"""

from __future__ import annotations

import polars as pl

from etl.contracts import VALUE_RULE_PREFIX, value_rejects
from etl.transform.identity import listing_slug
from etl.transform.results import (
    PERCENT_MARK,
    canonical_dataset,
    canonical_metric,
    is_efficiency_result,
    is_share_metric,
    percent_as_share,
)
from etl.vocab.measures import alias_key
from etl.vocab.metric_names import (
    head_word,
    head_word_direction,
    names_a_measure,
    part_of_data_rule,
)

# Markdown emphasis around a value (`**67.3**`, `_67.3_`, a code span): read through it.
_EMPHASIS = "*_`"
# A leading number, then optionally % or a magnitude (k, M, B, G in either case: "24M" or
# "3.0m" parameters), then the end or what may follow a value: the closing emphasis, a note
# mark (*, †, ‡, §, [1], ^a, ¹), a doubt (?), a deviation (± 0.3, +/- 0.3), a parenthesis,
# a second figure ("81.2/79.5").
_VALUE = (
    r"^[\s\ufeff~]*([+\-−]?\d+(?:,\d{3})*(?:\.\d+)?)\s*(%|[kKmMbBgG]\b)?\s*"
    r"(?:[*_`+†‡§¶/(?\[^¹²³⁴⁵⁶⁷⁸⁹⁰]|±|$)"
)
# The uncertainty written after a value: "81.2 ± 0.3", "81.2 +/- 0.3", "81.2 (±0.3)".
_UNCERTAINTY = r"(?:±|\+/?-)\s*(\d+(?:\.\d+)?)"
VALUE_NOT_A_NUMBER = f"{VALUE_RULE_PREFIX}not_a_number"
# A column counting a model's parameters ("Number of params", "Parameters", "# Params") says
# how big the model is, not how well it did: its values are of kind other, never ranked.
_MODEL_SIZE = r"(?i)^\W*(?:(?:number|no\.?|num) of |#\s*)?(?:params|parameters)\W*(?:\(.*\))?$"
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
    lower_is_better = pl.col("metric_name").is_in(
        metrics.filter(pl.col("direction") == "lower")["metric_name"].implode()
    ) | (head_word_direction(head_word(pl.col("metric_name"))) == "lower").fill_null(False)
    in_fractions = is_share & (largest <= 1) & ~lower_is_better
    size = pl.col("magnitude").replace_strict(_MAGNITUDE_SIZE, default=None)
    column_size = size.max().over(column)
    column_magnitude = pl.col("magnitude").sort_by(size, descending=True).first().over(column)
    # A count in the column's largest magnitude (220k in a column of millions is 0.22 M).
    resized = pl.when(in_percent | size.is_null()).then(1.0).otherwise(size / column_size)
    return entries.with_columns(
        value=pl.col("value") * resized,
        value_uncertainty=pl.col("value_uncertainty") * resized,
        unit=pl.when(in_percent).then(pl.lit("%")).when(size.is_not_null()).then(column_magnitude),
        scale=pl.when(in_percent)
        .then(percent_as_share(pl.col("value")))
        .when(in_fractions)
        .then(pl.col("value")),
    )


def _entries(records: pl.LazyFrame, *place: str) -> pl.LazyFrame:
    """One row per value of each record's leaderboard rows, with the record's key, file and
    the `place` columns asked for."""
    return (
        records.select("record_key", "source_file", *place, "leaderboard")
        .explode("leaderboard")
        .drop_nulls("leaderboard")
        .unnest("leaderboard")
    )


def _quoted(text: pl.Expr) -> pl.Expr:
    return pl.format("'{}'", text)


def _written_value() -> pl.Expr:
    return pl.col("value_text").str.strip_chars().str.strip_chars_start(_EMPHASIS)


def leaderboard_value_rejects(records: pl.LazyFrame) -> pl.LazyFrame:
    """A reject (REJECT_SCHEMA) for each value of a leaderboard row that holds no number
    ("-", "Yes", "--*"): the row is published with its other values, this one says why it
    is not."""
    return value_rejects(
        _entries(records, "record", "line", "source_record_id").filter(
            _written_value().str.extract(_VALUE, 1).is_null()
        ),
        VALUE_NOT_A_NUMBER,
        reason=pl.format(
            "{} / {}: the value of metric {} for model {} is {}, not a number",
            pl.col("task").fill_null("(no task)"),
            pl.col("dataset").fill_null("(no dataset)"),
            _quoted(pl.col("metric")),
            _quoted(pl.col("model_name")).fill_null("(unnamed)"),
            _quoted(pl.col("value_text")),
        ),
        raw_snippet="value_text",
    )


def leaderboard_results(
    records: pl.LazyFrame, metrics: pl.DataFrame, datasets: pl.DataFrame
) -> pl.LazyFrame:
    """One result per parseable leaderboard entry of each record (record_key, source_file,
    leaderboard): task and model, value, unit, scale, kind score, metric and dataset names
    and texts."""
    number = _written_value().str.extract(_VALUE, 1)
    value = number.str.replace_all(",", "", literal=True).str.replace("−", "-").cast(pl.Float64)
    return (
        _entries(records)
        .filter(number.is_not_null())
        .with_columns(
            value=value,
            value_uncertainty=pl.col("value_text")
            .str.extract(_UNCERTAINTY, 1)
            .cast(pl.Float64, strict=False),
            written_percent=_written_value().str.extract(_VALUE, 2) == "%",
            magnitude=_written_value()
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
            kind=pl.when(pl.col("metric").str.contains(_MODEL_SIZE))
            .then(pl.lit("other"))
            .otherwise(pl.lit("score")),
            comparator=pl.lit(None, pl.String),
            comparator_value=pl.lit(None, pl.Float64),
            comparator_unit=pl.lit(None, pl.String),
            raw_text=pl.col("value_text").str.strip_chars(),
        )
        .with_columns(is_efficiency=is_efficiency_result(pl.col("metric_name"), pl.col("unit")))
        # One result per metric of a row: a row's metric names are the keys of one object.
        .unique(["record_key", "metric_text"], keep="first", maintain_order=True)
        .select(
            "record_key",
            "task_slug",
            "task_name",
            "model_name",
            "value",
            "value_low",
            "value_uncertainty",
            "unit",
            "scale",
            "kind",
            "is_efficiency",
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

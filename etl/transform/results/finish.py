"""The finished rows: ranges collapsed to one claim, the span's text, comparators' own
numbers, and values as shares where the metric is one."""

from __future__ import annotations

import polars as pl

from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)
from etl.transform.results.metrics import (
    is_efficiency_result,
    is_share_metric,
    percent_as_share,
)
from etl.transform.results.neighbours import _number_written
from etl.transform.results.patterns import _COST_UNIT, _NUMBER, _UNIT_CANONICAL


def _collapse_ranges(claims: pl.LazyFrame) -> pl.LazyFrame:
    """`10-20%` is one claim: value 20, value_low 10, one span over both numbers.
    `from 45.2% to 67.8%` and `45.2% → 67.8%` are a change: the claim is the 67.8% (a score
    unless said otherwise), compared with 45.2%."""

    def previous(column: str) -> pl.Expr:
        return pl.col(column).shift(1).over("paper_key", "group")

    opens = (pl.col("in_range") | pl.col("in_change")).shift(-1).over("paper_key", "group")
    return claims.with_columns(
        value_low=pl.when(pl.col("in_range")).then(previous("value")),
        span_start=pl.when(pl.col("in_range"))
        .then(previous("span_start"))
        .otherwise(pl.col("span_start")),
        comparator=pl.when(pl.col("in_change"))
        .then(previous("raw_text"))
        .otherwise(pl.col("comparator")),
        kind=pl.when(
            pl.col("in_change")
            & (pl.col("kind") == "other")
            & ~pl.col("group_unit").rx.contains(_COST_UNIT).fill_null(False)
        )
        .then(pl.lit("score"))
        .otherwise(pl.col("kind")),
    ).filter(~opens.fill_null(False))


def _span_text() -> pl.Expr:
    return pl.col("abstract").str.slice(
        pl.col("span_start"), pl.col("span_end") - pl.col("span_start")
    )


# A comparator that opens with its number ("54.7% by TransE", "41.2", "(3.1x)"); a number
# inside a name ("GPT-4o", "Llama 3 8B") is not one.
_COMPARATOR_NUMBER = (
    rf"^[\s(~<>≈]*([+\-−]?(?:{_NUMBER}))\s*(%|×|x|times|-fold|pp|percentage points?)?(?:$|[^\w.])"
)


def _comparator_number(unit: pl.Expr, kind: pl.Expr) -> dict[str, pl.Expr]:
    """comparator_value and comparator_unit from the `comparator` column: the number it opens
    with, in the unit written with it, else in the result's own unit when the result is a
    score (a score is compared with another score of the same measure)."""
    number = pl.col("comparator").rx.extract(_COMPARATOR_NUMBER, 1)
    written = pl.col("comparator").rx.extract(_COMPARATOR_NUMBER, 2)
    return {
        "comparator_value": _number_written(number.rx.replace("−", "-", literal=True)),
        "comparator_unit": pl.when(number.is_null())
        .then(None)
        .when(written.is_not_null())
        .then(written.replace_strict(_UNIT_CANONICAL, default=written))
        .when(kind == "score")
        .then(unit),
    }


def _finish(claims: pl.LazyFrame, metrics: pl.DataFrame) -> pl.LazyFrame:
    number = _number_written(pl.col("number"))
    value = pl.when(pl.col("sign").is_in(["-", "−"])).then(-number).otherwise(number)
    unit = pl.col("group_unit")
    share_metric = is_share_metric(pl.col("metric_name"), metrics)
    scale = (
        pl.when(unit.is_in(["%", "pp"])).then(percent_as_share(pl.col("value")))
        .when(unit.is_null() & share_metric & pl.col("value").abs().le(1)).then(pl.col("value"))
        .when(unit.is_null() & share_metric & pl.col("value").abs().le(100))
        .then(percent_as_share(pl.col("value")))
    )  # fmt: skip
    return (
        claims.with_columns(
            value=value,
            span_start=pl.col("claim_start"),
            span_end=pl.col("unit_end"),
        )
        .with_columns(raw_text=_span_text())
        .pipe(_collapse_ranges)
        .with_columns(
            scale=scale,
            raw_text=_span_text(),
            is_efficiency=is_efficiency_result(pl.col("metric_name"), unit),
        )
        .with_columns(**_comparator_number(pl.col("group_unit"), pl.col("kind")))
        # A score in % outside 0-100 is not a share at all: the reading is wrong.
        .filter(
            ~(
                (pl.col("kind") == "score")
                & (pl.col("group_unit") == "%").fill_null(False)
                & ~pl.col("value").is_between(0, 100)
            )
        )
        .select(
            "paper_key",
            "span_start",
            "span_end",
            "raw_text",
            "value",
            "value_low",
            "bound",
            pl.col("group_unit").alias("unit"),
            "scale",
            "kind",
            "is_efficiency",
            "metric_name",
            "metric_text",
            "metric_way",
            "dataset_name",
            "dataset_text",
            "dataset_way",
            "comparator",
            "comparator_value",
            "comparator_unit",
        )  # fmt: skip
    )

"""Claims beside each other in a sentence: the number before and after, the text between
them, and the brackets that detail a comparator's number."""

from __future__ import annotations

import polars as pl

from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)

_IN_SENTENCE = ("paper_key", "sentence")


def _number_written(number: pl.Expr) -> pl.Expr:
    """The amount a number written with thousands separators ("1,204.5") stands for."""
    return number.rx.replace_all(",", "", literal=True).cast(pl.Float64)


def _last_match_group(text: pl.Expr, pattern: str) -> pl.Expr:
    """The first group of pattern's last match in text (null when none)."""
    return text.rx.extract_all(pattern).list.last().rx.extract(pattern, 1)


def _previous_in_sentence(column: str, claims_back: int = 1) -> pl.Expr:
    return pl.col(column).shift(claims_back).over(*_IN_SENTENCE, order_by="start")


def _next_in_sentence(column: str) -> pl.Expr:
    return pl.col(column).shift(-1).over(*_IN_SENTENCE, order_by="start")


def _since_previous_claim() -> pl.Expr:
    """The text between the number before in the sentence and this one (null for the
    first)."""
    previous_end = _previous_in_sentence("unit_end")
    return pl.col("abstract").str.slice(previous_end, pl.col("claim_start") - previous_end)


def _until_next_claim() -> pl.Expr:
    """The text between this number and the next in the sentence (null for the last)."""
    next_start = _next_in_sentence("claim_start")
    return pl.col("abstract").str.slice(pl.col("unit_end"), next_start - pl.col("unit_end"))


def _bracketed_after_comparators(numbers: pl.LazyFrame) -> pl.LazyFrame:
    """Numbers in the brackets after a comparator's number detail the comparator: "which
    achieves 3x overall FLOPs savings (3x for text, 2.8x for image)". The number before a
    bracket and those inside it form a run; the run's first number decides for all."""
    # Cut once: read twice, the window and the slice of the abstract would run twice.
    gap = pl.col("text_since_previous_number")
    opens_bracket = gap.rx.contains(r"^[^()]{0,60}\([^()]*$")
    stays_inside = gap.rx.contains(r"^[^()]{0,40}$") & pl.col("left").rx.contains(r"\([^()]*$")
    joins_run = (opens_bracket | stays_inside).fill_null(False)
    return (
        numbers.with_columns(text_since_previous_number=_since_previous_claim())
        .with_columns(run=(~joins_run).cum_sum().over(*_IN_SENTENCE, order_by="start"))
        .with_columns(
            is_comparator=pl.col("is_comparator")
            | pl.col("is_comparator").sort_by("start").first().over(*_IN_SENTENCE, "run")
        )
        .drop("run", "text_since_previous_number")
    )

"""Metric names: the vocabulary's alternation (`metric_pattern`), parametrised metric
families, the canonical name of a metric as written (`canonical_metric`) and percentages
as shares."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

import polars as pl

from etl.contracts import COST_METRICS
from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)
from etl.transform.results.patterns import _COST_UNIT
from etl.vocab.measures import alias_key


def _hyphens_as_spaces(escaped_alias: str) -> str:
    """A name of three words or more may join them with hyphens ("mean intersection-over-
    union", "word-error rate"); a shorter one so joined is as often part of a longer compound
    ("Entity-Hit-Rate") and is matched as written."""
    if escaped_alias.count("\\ ") < 2:
        return escaped_alias
    return escaped_alias.replace("\\ ", r"[\s\-]")


# "macro-AUC", "micro-averaged precision", "weighted F1": an average over classes other than
# the plain one is another metric. Read with the name, it is stated only where the
# vocabulary knows the average (Macro-F1), never as the plain metric.
_CLASS_AVERAGE = r"(?:(?i:macro|micro|weighted)(?:[\s\-]averaged?)?[\s\-])?"


def metric_pattern(metrics: pl.DataFrame) -> str:
    """One alternation over every alias of the metrics searched for in abstracts; short
    all-capital aliases (EM, IS, AP) and capitals with a small tail (SPIDEr, not the Spider
    benchmark nor SPIDER) only in that case, the rest in any case; parametrised families
    (Hits@k, top-k accuracy) too."""
    searched = metrics.filter(pl.col("in_abstracts"))
    aliases = sorted(
        {a for row in searched["aliases"].to_list() for a in row}, key=len, reverse=True
    )
    exact = [
        a
        for a in aliases
        if a.isupper() and len(a) <= 3 or re.fullmatch(r"[A-Z]{2,}[a-z]+(?:-[A-Z]+)?", a)
    ]
    # "chrF++": a name that ends in a symbol has no word boundary after it.
    symbol_end = [a for a in aliases if a not in exact and not a[-1].isalnum()]
    folded = [a for a in aliases if a not in exact and a not in symbol_end]
    families = [
        # Any measure at a cut-off: "Recall@10", "pass@1", "ILD@10", "F1@5".
        r"[a-z][a-z0-9\-]{0,9}\s?@\s?\d+(?:\.\d+)?",
        r"top-?\d+\s+(?:accuracy|acc|error|err)(?:\s+rates?)?",
    ]
    alternation = "|".join(
        # A name may be written in the plural: "FPRs", "BLEU scores", "record FIDs of 1.01".
        # "FLOPs savings", "memory saving": what is saved is named with the saving, so that
        # the phrase keeps the direction.
        [*families, "(?i:(?:" + "|".join(_hyphens_as_spaces(re.escape(a)) for a in folded) + ")s?"
         + _SAVING + "?)",
         *(re.escape(a) + "s?" for a in exact)]
    )  # fmt: skip
    symbol_ended = "".join(f"(?i:{re.escape(a)})|" for a in symbol_end)
    return (
        rf"\b{_CLASS_AVERAGE}"
        rf"(?:{symbol_ended}(?:(?i:{families[0]})|(?i:{families[1]})|{alternation})(?:\b|$))"
    )


# Parametrised metric families: pattern (case-insensitive, whole alias) -> canonical name.
METRIC_FAMILIES = {
    r"^(?:hits?|h)\s?@\s?(\d+(?:\.\d+)?)$": "Hits@${1}",
    r"^(?:recall|r)\s?@\s?(\d+(?:\.\d+)?)$": "Recall@${1}",
    r"^(?:precision|p)\s?@\s?(\d+(?:\.\d+)?)$": "Precision@${1}",
    r"^ndcg\s?@\s?(\d+(?:\.\d+)?)$": "NDCG@${1}",
    r"^map\s?@\s?(\d+(?:\.\d+)?)$": "MAP@${1}",
    r"^mrr\s?@\s?(\d+(?:\.\d+)?)$": "MRR@${1}",
    r"^acc\s?@\s?(\d+(?:\.\d+)?)$": "Accuracy@${1}",
    r"^success\s?@\s?(\d+(?:\.\d+)?)$": "Success@${1}",
    r"^pass\s?@\s?(\d+(?:\.\d+)?)$": "pass@${1}",
    r"^pass\s?\^\s?(\d+)$": "pass^${1}",
    r"^top[-\s]?(\d+)\s+(?:accuracy|acc)$": "Top-${1} Accuracy",
    r"^top[-\s]?(\d+)\s+(?:error|err)(?:\s+rates?)?$": "Top-${1} Error",
}
# The prefix of a family's canonical name: "Top-", "pass@", "pass^".
FAMILY_PREFIX = r"^(Top-|[A-Za-z]+[@^])"
# Direction and share-ness of each family, keyed by the canonical name's prefix.
FAMILY_FACTS = {"Top-": None, "Hits@": "higher", "Recall@": "higher", "Precision@": "higher",
                "NDCG@": "higher", "MAP@": "higher", "MRR@": "higher", "Accuracy@": "higher",
                "Success@": "higher", "pass@": "higher", "pass^": "higher"}  # fmt: skip

# A metric name (a leaderboard's column) that says its values are percentages: "% Test
# Accuracy", "Percentage error", "Accuracy (%)", "F1 in %". A % right after a digit belongs
# to the name ("P@10%": precision at the top 10%), not to the values.
PERCENT_MARK = r"(?i)^\s*%\s*|\s*\(\s*%\s*\)|\s+(?:in\s+)?%\s*$|\bper\s?cent(?:age)?\b\s*"
# Marks a table puts after a column's name to point at a note: "ROUGE-2*".
_NOTE_MARK = r"\s*[*†‡]+$"
# The test split is what a result is reported on unless said otherwise ("Test perplexity"
# is perplexity); a validation or training figure is another metric.
_TEST_SPLIT = r"(?i)^test\s+"
# "FLOPs savings": a saving of a measure is filed under the measure (its direction says what
# a gain on it is).
_SAVING = r"(?:\s+savings?)"
# "Avg accuracy", "Overall F1": a summary over parts of the data is the metric itself.
_SUMMARY = r"(?i)^(?:average|avg\.?|overall|relative|absolute)\s+"
_AVERAGED = r"(?i)^(macro|micro|weighted)[\s\-]averag(?:ed|e)\b"
# "AUC on 14 labels": what the metric was measured on is the dataset's business.
_MEASURED_ON = r"(?i)\s+on\s+\S.*$"
# "Bit per Character (BPC)", "EM (Quasar-T)": a name and, in parentheses, its abbreviation
# or the part of the data it was measured on.
_PARENTHESIS = r"^(.+?)\s*\(([^()]+)\)$"


def _metric_family(metric_text: pl.Expr) -> pl.Expr:
    lowered = metric_text.str.to_lowercase().str.strip_chars()
    family = pl.lit(None, dtype=pl.String)
    for pattern, name in reversed(METRIC_FAMILIES.items()):
        family = (
            pl.when(lowered.rx.contains(pattern))
            .then(lowered.rx.replace(pattern, name))
            .otherwise(family)
        )
    return family


def _by_alias(vocabulary: pl.DataFrame, name_column: str) -> Callable[[pl.Expr], pl.Expr]:
    """A lookup from text to the vocabulary name it is a spelling of (null when none)."""
    aliases = (
        vocabulary.explode("aliases")
        .select(key=alias_key(pl.col("aliases")), name=name_column)
        .unique("key", keep="first", maintain_order=True)
    )

    def by_alias(text: pl.Expr) -> pl.Expr:
        return alias_key(text).replace_strict(
            aliases["key"], aliases["name"], default=None, return_dtype=pl.String
        )

    return by_alias


def per_distinct(text: pl.Expr, derive: Callable[[pl.Expr], pl.Expr]) -> pl.Expr:
    """derive(text), worked out once per distinct value of text. A canonical name takes
    dozens of searches and lookups per value, and the texts of a batch's claims repeat: 21
    distinct metric texts among 22,321 claims of generated abstracts, 241 among 8,160 real.
    (Done on the column's values as a whole: written as one expression, `text.unique()`
    inside derive, the in-memory engine's common-subexpression pass mixed up the lengths.)"""

    def derived(values: pl.Series) -> pl.Series:
        distinct = values.unique(maintain_order=True)
        names = pl.select(derive(pl.lit(distinct))).to_series()
        return values.replace_strict(distinct, names, default=None, return_dtype=pl.String)

    return text.map_batches(derived, return_dtype=pl.String, is_elementwise=True)


def canonical_metric(metric_text: pl.Expr, metrics: pl.DataFrame) -> pl.Expr:
    """The vocabulary name of a metric as written, or its family's name, else null.

    A name not known as written is looked up again without what only decorates it: a note
    mark, a percent mark, the test split, a summary word ("Avg accuracy"), what it was
    measured on ("AUC on 14 labels"); then, for "name (text)", the name and then the text
    in parentheses.
    """
    return per_distinct(metric_text, functools.partial(_canonical_metric, metrics=metrics))


def _canonical_metric(metric_text: pl.Expr, metrics: pl.DataFrame) -> pl.Expr:
    by_alias = _by_alias(metrics, "metric_name")
    bare = (
        metric_text.rx.replace(_NOTE_MARK, "")
        .rx.replace_all(PERCENT_MARK, " ")
        .str.strip_chars()
        .rx.replace(_TEST_SPLIT, "")
        .rx.replace(_SUMMARY, "")
        .rx.replace(_MEASURED_ON, "")
        .rx.replace(_SAVING + "$", "")
    )
    return pl.coalesce(
        _metric_family(metric_text),
        by_alias(metric_text),
        _metric_family(bare),
        by_alias(bare),
        # "macro-average F1-score": the average named as a word of its own.
        by_alias(bare.rx.replace(_AVERAGED, "${1}")),
        by_alias(bare.rx.extract(_PARENTHESIS, 1)),
        by_alias(bare.rx.extract(_PARENTHESIS, 2)),
        # "F1 scores", "FPRs": a plural of a known name.
        by_alias(bare.rx.replace(r"(?i)(?:es|s)$", "")),
        by_alias(bare.rx.replace(r"(?i)s$", "")),
        # "pass^5 scores": a known name called a score.
        _metric_family(bare.rx.replace(r"(?i)\s+scores?$", "")),
        by_alias(bare.rx.replace(r"(?i)\s+scores?$", "")),
    )


def percent_as_share(value: pl.Expr) -> pl.Expr:
    """A value in percent as a share of one: 81.5 as 0.815, the decimal the paper wrote
    moved two places. Not `value / 100`: Polars divides a column of several rows by a
    constant through its reciprocal and a single value exactly, so 81.5 became 0.815 or
    0.8150000000000001 by how many rows were computed together. The product's last bit
    of error is rounded away at ten decimals, far below any share's precision."""
    return (value * 0.01).round(10)


def is_efficiency_result(metric_name: pl.Expr, unit: pl.Expr) -> pl.Expr:
    """Whether a result is what a run costs or how fast it goes: its metric one of
    COST_METRICS ("1.2x faster": Speedup) or its unit a cost's ("0.8 s", "4.0 GFLOPs", "3.5
    GB"), whatever its kind. Decided with the metric the rules found, before a metric too
    unsure to state is withheld: "3x faster" is an efficiency result with or without one."""
    return (metric_name.is_in(list(COST_METRICS)) | unit.rx.contains(_COST_UNIT)).fill_null(False)


def is_share_metric(metric_name: pl.Expr, metrics: pl.DataFrame) -> pl.Expr:
    """Whether a canonical metric name is a share (accuracy, F1, Hits@k ...): by the
    vocabulary, or by its family."""
    shares = metrics.filter(pl.col("is_share"))["metric_name"].implode()
    family = metric_name.rx.extract(FAMILY_PREFIX, 1)
    return metric_name.is_in(shares) | family.is_in(list(FAMILY_FACTS)).fill_null(False)

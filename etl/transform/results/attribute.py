"""Attribution of a claim: its metric, dataset, comparator and kind (ratio, improvement,
score, other)."""

from __future__ import annotations

import polars as pl

from etl.contracts import COST_METRICS
from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)
from etl.transform.results.dataset_claims import _attribute_datasets
from etl.transform.results.datasets import canonical_dataset
from etl.transform.results.inherit import _inherit_kinds, _inherit_metrics, _respective_metrics
from etl.transform.results.metrics import canonical_metric
from etl.transform.results.patterns import (
    _APPROXIMATE,
    _BENCHMARK_SUFFIX,
    _BRACKET_ON_AMOUNT,
    _CHANGES,
    _COMPARATOR_AFTER,
    _COMPARATOR_BASELINE_AFTER,
    _COMPARATOR_BEFORE,
    _COMPARATOR_BRACKETED_GAIN_BEFORE,
    _COMPARATOR_ELLIPSIS_BEFORE,
    _COMPARATOR_OUTPERFORMED_AFTER,
    _COMPARATOR_OVER_BEFORE,
    _COMPARED_WITH,
    _COST_UNIT,
    _IMPROVEMENT_AFTER,
    _IMPROVEMENT_BEFORE,
    _NEW_CLAUSE_BRACKET,
    _NEXT_RANKED,
    _OWN_SPLIT,
    _QUALIFIER,
    _SCORE_BEFORE,
    _SPENT,
    _SPLIT_WORD,
)


def _measure_cost_after(right: pl.Expr) -> pl.Expr:
    """Whether a share is what a measure loses or saves: "at a 20% nDCG@10 cost", "saving
    60% inference cost"; not "at half the cost", where the words before "cost" are no
    measure's."""
    measure = right.rx.extract(r"(?i)^\s*((?:[\w@\-]+\s+){0,3}?)(?:costs?|penalt(?:y|ies))\b", 1)
    return measure.is_not_null() & ~measure.rx.contains(
        r"(?i)\b(?:at|of|the|an?|half|in|for|with|to)\b"
    )


def _attribute(
    claims: pl.LazyFrame,
    metrics: pl.DataFrame,
    datasets: pl.DataFrame,
    metric_re: str,
    kept_names: str,
) -> pl.LazyFrame:
    """Dataset, comparator and kind of each claim, from its group's context; `metric_re`
    and `kept_names` are metric_pattern and _names_with_small_words of `metrics`."""
    left, right = pl.col("group_left"), pl.col("group_right")
    over = left.rx.extract(_COMPARATOR_OVER_BEFORE, 1)
    comparator = pl.coalesce(
        right.rx.extract(_COMPARATOR_AFTER, 1),
        right.rx.extract(_COMPARATOR_OUTPERFORMED_AFTER, 1),
        right.rx.extract(_COMPARATOR_BASELINE_AFTER, 1),
        left.rx.extract(_COMPARATOR_ELLIPSIS_BEFORE, 1),
        left.rx.extract(_COMPARATOR_BEFORE, 1),
        pl.when(~left.rx.contains(_NEW_CLAUSE_BRACKET)).then(
            # "over the base model with negligible (-0.05%": what follows "with" is no part
            # of the compared system; "gains over MLPs and acceleration over GNNs (90-126×)":
            # the bracket's is the nearest "over".
            left.rx.extract(_COMPARATOR_BRACKETED_GAIN_BEFORE, 1)
            .rx.replace(r"\s+with\b.*$", "")
            .rx.replace(rf"^.*{_COMPARED_WITH}", "")
        ),
        # "by over 50%, POPE by": "over" an amount qualifies it, it compares with nothing.
        pl.when(~over.rx.contains(r"^[+\-−~≈]?\d[\d.,]*\s?(?:%|x\b|×)").fill_null(False)).then(
            over
        ),
    )
    # "outperforms all baselines, surpassing Self Forcing by 19.3%": the nearest verb's.
    # "outperforms baselines, improving F2P rates by 8.6%": a participle clause after the
    # compared system says what improved, it is no part of the system's name; "compared to
    # fine-tuning and accelerating inference by 3.7x": the comparison was the claim before's.
    comparator = (
        comparator.rx.replace(r"^.*\b(?:outperform|surpass|beat|exceed)[a-z]*\s+", "")
        .rx.replace(r",\s+[a-z]+ing\s+[a-z].*$", "")
        # "outperforms CLIPScore in accuracy by": what it is beaten in is no part of it.
        .rx.replace(r"\s+in\s+(?:[a-z][\w\-@]*\s+){0,2}[a-z][\w\-@]*$", "")
        # "over the baseline by 5.1% for A and by 4.0% for B": the second amount's comparator
        # is the first's, not the words up to it.
        .rx.replace(r"\s+by\s+(?:[a-z]+\s+){0,2}?[+\-]?\d.*$", "")
        # "Compared with existing approaches, FASTER can reduce the FLOPs by": a fronted
        # comparison ends where the clause it opens begins.
        .rx.replace(
            r",\s+(?:[\w\-]+\s+){1,3}?(?:can|could|will|may|might|also|further|reduces?|"
            r"improves?|achieves?|increases?|boosts?|cuts?|lowers?|raises?|speeds?)\b.*$",
            "",
        )
        .str.strip_chars()
    )
    comparator = pl.when(~comparator.rx.contains(r"\s+and\s+[a-z]+ing\s+[a-z]+")).then(comparator)
    # "89.5% intersection over union": the "over" inside a measure's name compares nothing.
    in_metric_name = (
        pl.col("metric_text")
        .str.to_lowercase()
        .str.ends_with(pl.concat_str(pl.lit(" over "), comparator.str.to_lowercase()))
    )
    comparator = pl.when(~in_metric_name.fill_null(False)).then(comparator)
    # "+2.89 outperforming the MAE of competing methods": a name the comparator opens with
    # is what is compared (here a model), not the number's measure.
    metric_in_comparator = (
        comparator.str.to_lowercase()
        .str.strip_prefix("the ")
        .str.starts_with(pl.col("metric_text").str.to_lowercase())
        .fill_null(False)
    )
    # "on average over 3 runs", "over 12 benchmarks": what a number is averaged over.
    comparator = pl.when(
        ~comparator.rx.contains(
            r"^\d[\d,]*\s+(?:\w+\s+)?(?:runs?|seeds?|trials?|episodes?|samples?|tasks?|datasets?|"
            r"benchmarks?|languages?|domains?|settings?)$"
        )
    ).then(comparator)
    improvement = (
        (pl.col("sign") == "+")
        | left.rx.contains(r"(?:Delta|Δ)\s?$")
        | left.rx.contains(_IMPROVEMENT_BEFORE)
        | right.rx.contains(_IMPROVEMENT_AFTER)
        | pl.col("group_unit").is_in(["%", "pp"]) & _measure_cost_after(right)
        # "achieves a higher mIoU of 3.1% than the best network": by how much it is higher.
        | left.rx.contains(
            rf"(?i)\b(?:higher|lower|better|greater)\s+(?:[\w\-@]+\s+){{0,3}}?of\s+(?:{_QUALIFIER}\s+)?$"
        )
        & right.rx.contains(r"^\s*than\b")
        # "reduces hallucinations (up to ~25%)": how much a verb changed it, in brackets.
        | left.rx.contains(rf"{_CHANGES}(?:[\w\-]+\s+){{0,3}}{_BRACKET_ON_AMOUNT}")
        # "keeps accuracy within 5% of the original model": a gap to another's number.
        | left.rx.contains(rf"(?i)\bwithin\s+{_APPROXIMATE}$")
        & right.rx.contains(r"^\s*(?:absolute\s+|relative\s+)?of\b")
    )
    # "performance can fluctuate by up to 20%": a spread, not a gain; "recovering over 99% of
    # performance gains": a share of a gain.
    not_a_gain = left.rx.contains(
        rf"(?i)\b(?:fluctuat|var(?:y|ies|ied)|differ|deviat)[a-z]*\s+by\s+(?:{_QUALIFIER}\s+)?"
        + _APPROXIMATE
        + "$"
    ) | right.rx.contains(
        r"(?i)^\s*of\s+(?:the\s+|its\s+|their\s+)?(?:[\w\-]+\s+){0,2}?(?:gains?|improvements?)\b"
    )
    kind = (
        # "a speedup of 2 orders of magnitude": a factor, written as a power of ten.
        pl.when(pl.col("group_unit").is_in(["x", "orders of magnitude"])).then(pl.lit("ratio"))
        .when(pl.col("group_unit").str.starts_with("/")).then(pl.lit("score"))
        .when(improvement).then(pl.lit("improvement"))
        # "peak memory drops to 3.5 GB", "runs at 23.6 FPS": a cost or a rate, not a score.
        .when(pl.col("group_unit").rx.contains(_COST_UNIT).fill_null(False)).then(pl.lit("other"))
        .when((pl.col("group_unit") == "%") & right.rx.contains(
            rf"^\s*of\s+(?:the\s+|its\s+|their\s+)?(?:[\w\-]+\s+){{0,2}}?{_SPENT}"
            r"(?:\s*[,;.)]|\s+(?:required|needed|used|spent|of|for|compared|than)\b|\s*$)"
        )).then(pl.lit("other"))
        .when(pl.col("metric_text").is_not_null() | left.rx.contains(_SCORE_BEFORE)
              | left.rx.contains(_NEXT_RANKED)
              | right.rx.contains(r"(?i)^\s*(?:vs\.?|versus)\s*\d"))
        .then(pl.lit("score"))
        .otherwise(pl.lit("other"))
    )  # fmt: skip
    return (
        claims.with_columns(
            comparator=comparator,
            kind=kind,
            metric_text=pl.when(~metric_in_comparator).then("metric_text"),
            metric_alias=pl.when(~metric_in_comparator).then("metric_alias"),
            metric_way=pl.when(~metric_in_comparator).then("metric_way"),
            # "46.0% on BrowseComp", "PRMBench (65.5%)": a share on a named benchmark is what
            # was scored there, unless the list it stands in says otherwise.
            on_benchmark=(
                (pl.col("group_unit") == "%")
                | pl.col("group_unit").is_null() & pl.col("number").rx.contains(".", literal=True)
            )
            & (
                right.rx.contains(r"^\s*on\s+(?:the\s+)?[A-Z]")
                | left.rx.contains(rf"\b{_BENCHMARK_SUFFIX}\s*\(\s*$")
            ),
        )
        .pipe(_inherit_metrics, metric_re, kept_names)
        .pipe(_respective_metrics, metric_re)
        .pipe(_attribute_datasets, metric_re, datasets)
        .pipe(_inherit_kinds)
        # Where a spread or a share of a gain was measured is found as for any claim.
        .with_columns(kind=pl.when(not_a_gain).then(pl.lit("other")).otherwise("kind"))
        .with_columns(
            metric_name=pl.coalesce(
                canonical_metric(pl.col("metric_alias"), metrics),
                canonical_metric(pl.col("metric_text"), metrics),
            ),
        )
        # One phrase before a bracketed amount is what it measures or where: the dataset
        # vocabulary's name is where ("MATH-500 (87.42%"), and so is one word named as data
        # are, with a number or a capital inside, that the measure vocabulary lacks
        # ("Caltech-101 (95.67%", "tieredImageNet (78.74%"); another is what ("a faster
        # Evaluation Time (71.28s)", "BLEU-4 (35.2").
        .with_columns(
            one_phrase=(
                pl.col("dataset_text").str.to_lowercase()
                == pl.col("metric_text").str.to_lowercase()
            ).fill_null(False)
        )
        .with_columns(
            # Looked up only where the phrases are one (a lookup of every claim costs).
            known_dataset=canonical_dataset(
                pl.when("one_phrase").then(pl.col("dataset_text")), datasets
            ).is_not_null()
            | (
                pl.col("one_phrase")
                & pl.col("metric_name").is_null()
                & _named_as_data(pl.col("dataset_text"))
            )
        )
        .with_columns(
            # "43.6% mIoU on ADE20K with only 4.0 GFLOPs": an amount in a cost unit is of
            # that cost; a measure of quality named near it is another number's.
            *(
                pl.when(
                    ~(
                        pl.col("group_unit").rx.contains(_COST_UNIT).fill_null(False)
                        & ~pl.col("metric_name").is_in(COST_METRICS).fill_null(True)
                    )
                    & ~(pl.col("one_phrase") & pl.col("known_dataset"))
                    # "on A, B, and Caltech-101 (63.42%, ...": a name of data is no measure.
                    & ~(
                        pl.col("metric_name").is_null()
                        & _named_as_data(pl.col("metric_text")).fill_null(False)
                    )
                )
                .then(pl.col(c))
                .alias(c)
                for c in ("metric_name", "metric_text", "metric_alias", "metric_way")
            ),
            # "On ModelNet40, Net-S with 0.31 GFLOPs achieves 93.6%", "42 FPS on DAVIS": an
            # amount in a cost unit (operations, time, memory, frames or tokens a second) is
            # what the system costs, not a score on the data it ran on (every labelled set
            # writes such amounts without a dataset but one of some forty).
            *(
                pl.when(
                    (~pl.col("one_phrase") | pl.col("known_dataset"))
                    & ~pl.col("group_unit").rx.contains(_COST_UNIT).fill_null(False)
                )
                .then(pl.col(c))
                .alias(c)
                for c in ("dataset_text", "dataset_way")
            ),
        )
        .drop("one_phrase", "known_dataset")
        .pipe(_split_as_written)
        .with_columns(
            # A name the vocabulary does not know, without the split it was written with; a
            # split written alone is of the dataset found for it.
            dataset_name=pl.coalesce(
                canonical_dataset(pl.col("dataset_text"), datasets),
                canonical_dataset(pl.col("split_of"), datasets),
                pl.col("split_of"),
                # "BraTS's test set": the split of BraTS.
                pl.col("dataset_text").rx.replace(_OWN_SPLIT + "$", ""),
            ),
        )
        .drop("split_of")
    )


# One word named as data are, not as a measure: a capitalised word and a number of two
# digits or more ("Caltech-101", "Flowers-102"; not "Top-1"), or a capitalised name after a
# lower-case prefix of two letters or more ("tieredImageNet", "nuScenes"; not "mIoU"), unless
# the prefix is a statistic's ("meanDice", "macroF1").
_NAMED_AS_DATA = r"^(?:[A-Z][a-z]+(?:[A-Z][a-z]+)*-\d{2,}|[a-z]{2,6}[A-Z][A-Za-z\d]*)$"
_STATISTIC_PREFIX = r"^(?:mean|avg|average|macro|micro|weighted|max|min|top|sum)[A-Z]"


def _named_as_data(phrase: pl.Expr) -> pl.Expr:
    return phrase.rx.contains(_NAMED_AS_DATA) & ~phrase.rx.contains(_STATISTIC_PREFIX)


# A split written alone right after a claim: "4% on test-clean", "81.2% accuracy on the dev
# set".
_SPLIT_AFTER = (
    r"^\s*(?:[\w\-@]+\s+){0,2}?on\s+(?:the\s+)?"
    rf"({_SPLIT_WORD}(?:-(?:clean|other|std|dev))?"
    r"(?:\s+(?:set|split))?)\b(\s+of\b)?"
)


def _split_as_written(claims: pl.LazyFrame) -> pl.LazyFrame:
    """A claim on a split written alone ("WERs of 1.75% on test-clean") keeps the split as
    its dataset text, and the dataset found for it (the one the abstract evaluates on) in
    `split_of`, for its name."""
    written = pl.col("group_right").rx.extract_groups(_SPLIT_AFTER)
    # "on the test split of Foo-2": the split's dataset is named, and is the dataset text.
    split = pl.when((pl.col("group_size") == 1) & written.struct[1].is_null()).then(
        written.struct[0]
    )
    on_split = split.is_not_null() & pl.col("dataset_text").is_not_null()
    return claims.with_columns(
        split_of=pl.when(on_split).then("dataset_text"),
        dataset_text=pl.when(on_split).then(split).otherwise("dataset_text"),
    )

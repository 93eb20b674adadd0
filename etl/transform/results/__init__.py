"""Reported results: the quantitative claims in an abstract, each tied to its exact text span.

"achieving 73.7% hit@1 accuracy on DBP15K_FR-EN", "a 70.68x speedup", "BLEU scores of 17.79
and 28.33 on the Turkish-English and Portuguese-English" become rows with value, unit, scale,
kind, metric, dataset, comparator and the character span of the number in the clean abstract.

How, in vectorised Polars:
1. every number in an abstract, with its character offsets (the abstract is cut into
   `non-digits + number` pieces; cumulative lengths give the offsets);
2. its surroundings: sign, unit right after it (%, x, times, GMACs ...), the text before and
   after it (the "left" and "right" context, cut at sentence ends);
3. which numbers are claims: a unit, or a metric right next to them; numbers inside names
   (Qwen2.5-72B, top-10, DBP15K), sizes (22M, 3B), settings ("with only 1% pairs"),
   standard deviations and comparators' own numbers ("vs. 54.7%") are not;
4. lists and ranges ("11.48% and 11.71%", "78.4/82.1%", "10-20%") share a unit, a metric
   and, in order, a list of datasets;
5. attribution: metric (right after, else just before), dataset ("on X", "from X"),
   comparator ("vs. X", "over X", "outperforms X by"), kind (ratio, improvement, score,
   other).
Precision comes first: a number whose role is unclear is left out.
"""

from __future__ import annotations

import polars as pl

from etl.contracts import DATASET_WAYS
from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)
from etl.transform.results.attribute import _attribute
from etl.transform.results.bounds import _with_bounds
from etl.transform.results.dataset_trust import (
    WITHHELD_DATASET_WAYS,
    dataset_claim_kind,
    dataset_name_kind,
    withheld_way,
)
from etl.transform.results.datasets import _abstract_datasets, canonical_dataset
from etl.transform.results.finish import _finish
from etl.transform.results.metric_names import _name_metrics, _names_with_small_words
from etl.transform.results.metric_trust import WITHHELD_METRIC_WAYS, metric_claim_kind
from etl.transform.results.metrics import (
    FAMILY_FACTS,
    FAMILY_PREFIX,
    METRIC_FAMILIES,
    PERCENT_MARK,
    canonical_metric,
    is_efficiency_result,
    is_share_metric,
    metric_pattern,
    percent_as_share,
)
from etl.transform.results.neighbours import _bracketed_after_comparators
from etl.transform.results.numbers import _candidates, _lists, _number_offsets
from etl.transform.results.patterns import (
    _BYTES,
    _CHANGE_START,
    _CHANGING_VERB,
    _COMPARATIVE,
    _COMPARATOR_NUMBER_BEFORE,
    _COMPARED_NUMBER_IN_BRACKET_BEFORE,
    _COMPARED_NUMBER_IN_LIST_BEFORE,
    _CONDITION,
    _CONDITION_BEFORE,
    _CONTRAST_NUMBER_BEFORE,
    _DATA_SHARE_AFTER,
    _DATA_SHARE_BEFORE,
    _LENGTH_OR_ANGLE_UNITS,
    _MORE_OR_LESS,
    _MULTIPLE_OVER_BRACKET,
    _NEW_CLAUSE_BRACKET,
    _NEXT_RANKED,
    _NOT_A_CLAIM_AFTER,
    _OPERATING_POINT_AFTER,
    _OPERATING_POINT_BEFORE,
    _OWN_SIDE_OF_CONTRAST,
    _PARAMETERS_CUT_BY,
    _QUALIFIER,
    _REFERENCE_LEVEL_BEFORE,
    _REFERENCE_WORD,
    _RESOURCE_SHARE_AFTER,
    _RESOURCE_SHARE_BEFORE,
    _ROUND_NUMBER,
    _SCALED_BY,
    _SETTING_AFTER,
    _SETTING_BEFORE,
    _SIZE_AFTER,
    _TRAINED_ON,
)
from etl.transform.results.variants import _with_dataset_variants

__all__ = [
    "DATASET_WAYS",
    "FAMILY_FACTS",
    "FAMILY_PREFIX",
    "METRIC_FAMILIES",
    "PERCENT_MARK",
    "WITHHELD_DATASET_WAYS",
    "WITHHELD_METRIC_WAYS",
    "canonical_dataset",
    "canonical_metric",
    "dataset_claim_kind",
    "dataset_name_kind",
    "extract_results",
    "is_efficiency_result",
    "is_share_metric",
    "metric_claim_kind",
    "metric_pattern",
    "percent_as_share",
    "withheld_way",
]


def _series_members(numbers: pl.LazyFrame, metric_re: str) -> pl.LazyFrame:
    """`in_series`: whether a number follows, after "for/on/in" and a few words, the number
    before it, as the next member of a series that opens with a measure the vocabulary knows
    ("F1 of 0.76 on NewsQA, 0.80 on TriviaQA, and 0.85 on SearchQA"; not "a learning rate
    of 0.1 for the encoder, 0.01 for the decoder")."""
    follows = pl.col("gap").rx.contains(
        r"^\s+(?:for|on|in)\s+[^.;\d]{1,80}?,\s+(?:and\s+)?$"
    ) & pl.col("right").rx.contains(r"^\s+(?:for|on|in)\s")
    series = (~follows.fill_null(False)).cum_sum().over("paper_key")
    opening_measure = pl.col("metric_text").first().over("paper_key", series)
    return numbers.with_columns(
        in_series=(
            follows & opening_measure.rx.contains(rf"(?i)(?:^|\s)(?:{metric_re})$")
        ).fill_null(False)
    )


def extract_results(
    papers: pl.LazyFrame,
    metrics: pl.DataFrame,
    datasets: pl.DataFrame,
    *,
    listed_datasets: pl.DataFrame | None = None,
    withheld_dataset_ways: frozenset[str] = WITHHELD_DATASET_WAYS,
    withheld_metric_ways: frozenset[str] = WITHHELD_METRIC_WAYS,
) -> pl.LazyFrame:
    """Result rows for every paper (`paper_key`, clean `abstract`); see the module doc. A
    dataset decided by one of `withheld_dataset_ways` is not stated (calibration states
    every way, to measure each); `listed_datasets` (etl.vocab.Vocabulary.listed_datasets)
    tells the names of known benchmarks the curated `datasets` lack from other names."""
    # Built once: two long alternations over the vocabulary, searched by every stage below.
    metric_re, kept_names = metric_pattern(metrics), _names_with_small_words(metrics)
    numbers = _lists(_candidates(_number_offsets(papers), papers, metric_re))
    unit = pl.col("group_unit")
    left = pl.col("group_left")
    after_unit_right = pl.col("right")
    plain_score_before = left.rx.contains(r"(?i)\bscores?\s+(?:of|=|:)\s*$")

    flags = {
        # "an MPJPE of 45.0 mm": a length or an angle is a measurement only when a measure the
        # vocabulary knows names it (not "high-quality 360° videos").
        "is_measurement": pl.when(unit.is_in(_LENGTH_OR_ANGLE_UNITS).fill_null(False))
        .then(pl.col("metric_text").rx.contains(rf"(?i)(?:^|\s)(?:{metric_re})$"))
        .otherwise(unit.is_not_null() | pl.col("metric_text").is_not_null())
        | plain_score_before
        # "achieves 77.5 on AIME, 96.2 on MATH 500": a decimal on a named benchmark;
        # "26.94 average score", "+6.8 on the challenging EgoSchema dataset": a decimal that
        # is called a score or written as a gain; "from 12.13 to 19.58": a decimal's change.
        | pl.col("number").rx.contains(".", literal=True)
        & (
            # After the number, or after the list it ends: "for 8.43, 5.96 and 10.60 on X".
            pl.concat_str(after_unit_right, pl.lit("\n"), pl.col("group_right")).rx.contains(
                r"(?m)^\s*(?:(?:(?:average|overall|mean|total|final|absolute|relative)\s+)?"
                r"(?:scores?|gains?|improvements?)\b|"
                r"on\s+(?:the\s+)?[A-Z][\w\-]*[A-Z0-9]|"
                # "0.15-0.30 higher correlation coefficients".
                r"(?:higher|lower|better|worse)\s+[a-z])"
            )
            # "improves the average performance ... by up to 2.04".
            | left.rx.contains(
                rf"(?i)\b(?:{_CHANGING_VERB})[a-z]*\b[^.;]{{0,120}}\bby\s+(?:{_QUALIFIER}\s+)?$"
            )
            | (pl.col("sign") == "+")
            # "the best baseline reaches 37.2", "a new record of 85.5": said to be reached.
            | left.rx.contains(
                r"(?i)\b(?:reach(?:es|ed|ing)?|achiev(?:es|ed|ing)|attain(?:s|ed|ing)?|"
                r"scor(?:es|ed|ing)|records?\s+of)\s+(?:only\s+|just\s+|an?\s+)?$"
            )
            | pl.col("in_change").any().over("paper_key", "group")
            | left.rx.contains(_NEXT_RANKED)
            # "Dice scores of 0.76 for the enhancing tumor, 0.80 for the core, and 0.85 for
            # the whole": the next decimals of a series, each for its own part, after one
            # whose measure the vocabulary knows.
            | pl.col("in_series")
        ),
        "is_deviation": pl.col("sign") == "±",
        # "over the baseline (+7.5% on X)": a signed number is the gain, not the baseline's.
        # "surpasses PPO on AIME 2024 (46.28% vs. 45.25%)": the first number of a bracketed
        # comparison is the paper's own.
        "is_comparator": (
            left.rx.contains(_COMPARATOR_NUMBER_BEFORE)
            | left.rx.contains(_CONTRAST_NUMBER_BEFORE) & ~left.rx.contains(_OWN_SIDE_OF_CONTRAST)
            | left.rx.contains(_COMPARED_NUMBER_IN_BRACKET_BEFORE)
            | left.rx.contains(_COMPARED_NUMBER_IN_LIST_BEFORE)
            | left.rx.where_contains(_REFERENCE_WORD)
            .rx.contains(_REFERENCE_LEVEL_BEFORE)
            .fill_null(False)
            # "..., whereas the logistic loss counterpart has accuracies of 63.5%, 19.3%": what
            # the compared system reaches, in a clause of its own.
            | left.rx.contains(
                r"(?i)\b(?:whereas|while)\s+(?:the|its|their)\s+(?:[\w\-]+\s+){0,5}?"
                r"(?:counterparts?|baselines?)\s+(?:has|have|had|achiev[a-z]*|obtain[a-z]*|"
                r"reach[a-z]*|gets?|got|scores?|scored)\b(?:[^.;]|\.\d)*$"
            )
            # "X predicts accuracy (r=0.69), while model size does not (r=0.07)": the
            # statistic of what does not is the contrast.
            | pl.col("left").rx.contains(
                r"(?i)\b(?:while|whereas|but)\b[^.;()]{0,60}\b(?:does|do|did|is|are|was|were)"
                r"\s+not\s*\(\s*(?:(?:partial\s+)?r|ρ)\s*[=<>]\s*$"
            )
            # "lag human performance (56%) by 10 points": the reference a gap is measured from.
            | left.rx.contains(r"\(\s*$")
            & after_unit_right.rx.contains(rf"^\s*\)\s+by\s+(?:{_QUALIFIER}\s+)?[+\-]?\d")
        )
        & ~pl.col("sign").is_in(["+", "-", "−"]).fill_null(False)
        # "increased from the initial 85.9% to 91.9%": a change from a start called so is
        # the paper's result, where it ends; its start is no compared system's figure.
        & ~(
            pl.col("in_change").any().over("paper_key", "group")
            & left.rx.contains(rf"(?i)\bfrom\s+(?:the|an?|its|their)\s+{_CHANGE_START}\s+$")
        )
        # "X outperforms all baselines and scores 3.98": what X, not the baselines, reaches.
        & ~left.rx.contains(
            r"(?i)\b(?:outperform|surpass|beat|exceed)[a-z]*\s+[^.;,]{0,30}?\bbaselines?\b"
            r"[^.;,]{0,40}?\band\s+(?:achiev|reach|obtain|scor|attain|get)[a-z]*\s+(?:only\s+)?$"
        )
        & ~after_unit_right.rx.contains(r"(?i)^\s*(?:vs\.?|versus)\s")
        # "outperform o1-preview at our task (11% higher)": the margin, not its number.
        & ~after_unit_right.rx.contains(
            rf"(?i)^\s*(?:{_MORE_OR_LESS}|{_COMPARATIVE}|better|worse)\b"
        )
        & ~left.rx.contains(_NEW_CLAUSE_BRACKET)
        # "inference acceleration over GNNs (90-126×)": a multiple in brackets after what a
        # change or a comparative is over is that multiple, not the compared system's own
        # (as "surpassing Medusa (2.2x)" is).
        & ~(
            (pl.col("unit") == "x").any().over("paper_key", "group")
            & left.rx.contains(_MULTIPLE_OVER_BRACKET)
        ),
        "is_setting": left.rx.contains(_SCALED_BY)
        # "to achieve a target F1 score of 90.5", "time to a target accuracy of 75.9%": the
        # level a run is timed to is set, not reached.
        # (Each looked for only where a cheap test says it may be: they run on every number.)
        | left.rx.where_contains("(?i)target")
        .rx.contains(r"(?i)\b(?:a|the)\s+target\s+(?:[\w\-@]+\s+){0,3}?(?:of|=|:)\s*$")
        .fill_null(False)
        # "using a learning rate of 0.0005", "weight decay = 0.01": a hyperparameter is set.
        | left.rx.where_contains(r"(?i)learning rate|weight decay|dropout|momentum")
        .rx.contains(
            r"(?i)\b(?:learning\s+rates?|weight\s+decay|dropout(?:\s+rates?)?|momentum)\s*"
            r"(?:of|=|:|is|was|set\s+to|to)?\s*$"
        )
        .fill_null(False)
        # "consumer GPUs with 24GB memory": the memory of the hardware a run is given.
        | pl.when(unit.rx.contains(rf"^(?:{_BYTES})$"))
        .then(left)
        .rx.contains(
            r"(?i)\b(?:GPUs?|cards?|devices?|accelerators?)\s+with\s+(?:only\s+|just\s+)?$"
        )
        .fill_null(False)
        # "1920x1080, 30 fps videos": the frame rate of the media given or made.
        | (unit == "FPS")
        & after_unit_right.rx.contains(
            r"(?i)^\s*(?:videos?|clips?|footage|streams?|sequences?|recordings?)\b"
        )
        | (
            left.rx.contains(_SETTING_BEFORE)
            & after_unit_right.rx.contains(_SETTING_AFTER)
            # "while using 79.1% fewer tokens": how much less a run needs is a result.
            & ~after_unit_right.rx.contains(rf"(?i)^\s*(?:{_MORE_OR_LESS})\b")
        )
        | (
            (unit == "%")
            & left.rx.contains(_RESOURCE_SHARE_BEFORE)
            & after_unit_right.rx.contains(_RESOURCE_SHARE_AFTER)
        )
        | (
            (unit == "%")
            & left.rx.contains(_DATA_SHARE_BEFORE)
            & after_unit_right.rx.contains(_DATA_SHARE_AFTER)
        )
        # "a LLaMA-7B with 81.4% pruning", "with a 30x compression rate": what a compared
        # run is given.
        | pl.col("left").rx.contains(r"(?i)\bwith\s+(?:an?\s+)?(?:only\s+)?$")
        & after_unit_right.rx.contains(_CONDITION)
        | (
            pl.col("left").rx.contains(r"(?i)\b(?:at|under)\s+(?:an?\s+)?$")
            & (
                after_unit_right.rx.contains(_CONDITION)
                # "recovers 93% of the model at 0.02% pre-training tokens".
                | (unit == "%") & after_unit_right.rx.contains(_SETTING_AFTER)
            )
        )
        | pl.col("number").rx.contains(_ROUND_NUMBER)
        & (
            left.rx.contains(_OPERATING_POINT_BEFORE)
            | pl.col("left").rx.contains(r"(?i)\bat\s+(?:an?\s+)?$")
            & after_unit_right.rx.contains(_OPERATING_POINT_AFTER)
        )
        # "trained on 10x more forward reasoning": how much a compared run was given.
        | left.rx.contains(_TRAINED_ON + r"\s+$") & (unit == "x")
        # "at approximately 5,000ms", "within 80 GB", "under a future receptive field of 160
        # ms": a budget a result is compared at.
        | (
            pl.col("left").rx.contains(
                rf"(?i)\b(?:at|within)\s+(?:{_QUALIFIER}\s+)?$|"
                r"\bunder\s+(?:an?|the)\s+(?:[\w\-]+\s+){1,4}?of\s+$"
            )
            & unit.rx.contains(rf"^(?:ms|{_BYTES})$")
        )
        # "(0.25% poisoning rate)": a rate the experiment sets.
        | (unit == "%")
        & after_unit_right.rx.contains(
            r"(?i)^\s*(?:poisoning|injection|masking|mask|dropout|mixing)\s+(?:rates?|ratios?)\b"
        )
        # "configurable pruning rates up to 35%", "at a sparsity ratio of 50%".
        # "achieves a state-of-the-art compression ratio of 18%" is a result.
        | left.rx.contains(_CONDITION_BEFORE)
        & ~left.rx.contains(
            r"(?i)\b(?:achiev|attain|reach|yield|obtain|deliver)[a-z]*\s+(?:an?\s+|the\s+)?"
            r"(?:[\w\-]+\s+){0,3}?(?:pruning|sparsity|compression|quantization)\s"
        )
        # "above a 3% overall-accuracy floor", "within a +/- 10 pp margin": a bound the
        # evaluation sets ("wins by a 5% margin" is a result).
        | (
            left.rx.contains(r"(?i)\b(?:a|an|the)\s+(?:\+/-\s*)?$")
            & ~left.rx.contains(r"(?i)\bby\s+(?:a|an|the)\s+(?:\+/-\s*)?$")
            & after_unit_right.rx.contains(
                r"(?i)^\s*(?:[\w\-]+\s+){0,2}?(?:floor|threshold|cut-?off|margin|tolerance)\b"
            )
        ),
        "is_size": unit.is_in(["x", "%"])
        & (after_unit_right.rx.contains(_SIZE_AFTER) | left.rx.contains(_PARAMETERS_CUT_BY))
        # "42.4 GB of data", "20,476 files (up to 20GB)": an amount of bytes is a size unless
        # it is what memory a run takes.
        | unit.rx.contains(rf"^(?:{_BYTES})$").fill_null(False)
        & ~left.rx.contains(r"(?i)\b(?:memory|VRAM|RAM|footprint|usage|cache|peak)\b")
        & ~after_unit_right.rx.contains(r"(?i)^\s*(?:of\s+)?(?:memory|VRAM|RAM|peak|GPU)\b"),
        "is_qualifier": pl.col("unit").is_in(["x", "%"])
        & after_unit_right.rx.contains(_NOT_A_CLAIM_AFTER)
        # "bootstrap CI [-0.90, +0.06]": the bounds of an interval.
        | left.rx.contains(r"(?i)\b(?:CIs?|intervals?)\s*[\[(][^\[\]()]*$"),
    }
    claims = (
        numbers.pipe(_name_metrics, metric_re, kept_names, datasets)
        .pipe(_series_members, metric_re)
        .with_columns(**{name: flag.fill_null(False) for name, flag in flags.items()})
        # "2-3x fewer parameters": a range is a size when its upper end says so; "energy MAE
        # by 4 to 42": a range of bare numbers measures what its lower end does.
        .with_columns(
            is_size=pl.col("is_size")
            | pl.col("is_size").any().over("paper_key", "group")
            & pl.col("in_range").any().over("paper_key", "group"),
            is_measurement=pl.col("is_measurement")
            | pl.col("is_measurement").any().over("paper_key", "group")
            & pl.col("in_range").any().over("paper_key", "group"),
        )
        .pipe(_bracketed_after_comparators)
        .filter(
            pl.col("is_measurement")
            & ~pl.col("is_deviation")
            & ~pl.col("is_comparator")
            & ~pl.col("is_setting")
            & ~pl.col("is_size")
            & ~pl.col("is_qualifier")
        )
    )
    # Computed once, read twice: the claims, and which abstracts hold one.
    claims = claims.cache()
    # Found once per abstract, only of the abstracts that hold a claim (a third of them).
    abstract_datasets = _abstract_datasets(
        papers.select("paper_key", "abstract")
        .unique("paper_key")
        .join(claims.select("paper_key"), on="paper_key", how="semi")
    )
    return (
        claims.join(abstract_datasets, on="paper_key", how="left", maintain_order="left")
        .pipe(_attribute, metrics, datasets, metric_re, kept_names)
        .pipe(_with_bounds)
        .pipe(_finish, metrics)
        .pipe(_withhold_datasets, withheld_dataset_ways, datasets, listed_datasets)
        .pipe(_withhold_metrics, withheld_metric_ways)
        .pipe(_with_dataset_variants)
    )


def _withhold_metrics(results: pl.LazyFrame, ways: frozenset[str]) -> pl.LazyFrame:
    """No metric where the way that decided it is not sure enough to state one for its kind
    of phrase (`after:unknown`). After the claims are attributed: a withheld metric still
    tells what a claim is and where it was measured."""
    if not ways:
        return results
    withheld = withheld_way(pl.col("metric_way"), metric_claim_kind(), ways)
    return _unstated(results, withheld, "metric")


def _withhold_datasets(
    results: pl.LazyFrame,
    ways: frozenset[str],
    datasets: pl.DataFrame,
    listed: pl.DataFrame | None,
) -> pl.LazyFrame:
    """No dataset where the way that decided it is not sure enough to state one (a way, or
    a way for a kind of name: `carried:uncurated`)."""
    if not ways:
        return results
    withheld = withheld_way(pl.col("dataset_way"), dataset_claim_kind(datasets, listed), ways)
    return _unstated(results, withheld, "dataset")


def _unstated(results: pl.LazyFrame, withheld: pl.Expr, fact: str) -> pl.LazyFrame:
    """The `fact` (metric or dataset: its name, text and way) left null where `withheld`;
    the claim's text stays in `raw_text` (its span)."""
    return results.with_columns(
        pl.when(~withheld).then(pl.col(name)).alias(name)
        for name in (f"{fact}_name", f"{fact}_text", f"{fact}_way")
    )

"""Metrics and kinds a claim takes from its neighbours: "respectively" lists of measures,
and the metric or kind of the claim before or after in the same sentence."""

from __future__ import annotations

import polars as pl

from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)
from etl.transform.results.datasets import _listed, _one_claim
from etl.transform.results.metric_names import (
    _NOT_MEASURES,
    _PHRASE_WORD,
    _leading_words_dropped,
    metric_way,
)
from etl.transform.results.neighbours import (
    _IN_SENTENCE,
    _last_match_group,
    _next_in_sentence,
    _number_written,
    _previous_in_sentence,
    _since_previous_claim,
    _until_next_claim,
)
from etl.transform.results.patterns import (
    _CHANGING_VERB,
    _GAIN_WORD,
    _LONE_COMPARATIVE,
    _QUALIFIER,
)

# Between two members of a list whose members each name their dataset: "by up to 77% on
# LIBERO-Pro manipulation, 72% on Robosuite, and 32% on ...", "gains of 8.0% on WebArena and".
_LIST_MEMBER_GAP = (
    # "by 7.82 BLEU and 1.46 CometScore": the measure's name may stand in the gap; "gains of
    # 9 BLEU points over A and up to 2.08 BLEU over B": and what each member is over or
    # with ("3.69% without EOS and 4.78% with EOS").
    r"^\s*(?:[A-Za-z][\w\-@^]*\s+)?(?:points?\s+)?(?:\([^()]{1,40}\)\s*)?"
    r"(?:(?:on|in|for|across|over|than|with|without|under)\s+[^.;,]{1,60}?)?\s*"
    r"(?:,\s*(?:and\s+)?|\band\s+)(?:up\s+to\s+|about\s+|around\s+|nearly\s+)?"
    # "(AID: 95.85% and NWPU: 94.09%)": the next member's label.
    r"(?:[A-Z][\w\-]*\s*:\s*)?$"
)


# "error metrics (EPE and Fl-all)": the measures a general name stands for, in brackets.
_NAMED_MEASURES = r"\b(?:metrics|measures|scores)\s*\(([^()]{1,60})\)"


# "respectively" later in the sentence (a decimal point does not end it: "BarNet-v1.5").
_RESPECTIVELY_AFTER = r"(?i)^(?:[^.;]|\.\d)*\brespectively\b"


def _respective_metrics(claims: pl.LazyFrame, metric_re: str) -> pl.LazyFrame:
    """A list of claims said to be respective takes, in order, the measures named in brackets
    before it: "reduces the error metrics (EPE and Fl-all) by 6.3% and 10.5% ...,
    respectively", or right after it: "by 17% and 14% in terms of BLEU-4 and PARENT F-score,
    respectively". A list of claims also takes, in order, as many names the vocabulary knows
    listed right before it: "PSNR, SSIM and LPIPS of 31.2, 0.91 and 0.12"."""
    respective = ~_one_claim() & pl.col("group_right").rx.contains(_RESPECTIVELY_AFTER)
    measures = _listed(_last_match_group(pl.col("group_left"), _NAMED_MEASURES))
    # The names listed right after the claims up to "respectively", and the word leading in.
    named_after_list = (
        r"(?i)^\s*(in\s+terms\s+of|in|on|for|across)\s+(?:the\s+)?([^.;()]{1,80}?),?\s+"
        r"respectively\b"
    )
    leading_word = pl.col("group_right").rx.extract(named_after_list, 1).str.to_lowercase()
    named_after = _listed(pl.col("group_right").rx.extract(named_after_list, 2))
    # "by 17% and 14% in terms of BLEU-4 and PARENT F-score, respectively": after "in", each
    # name holds a known one. "improvements of 12.9%, 10.9% and 6.3% on BLEU, ROUGE-L and
    # METEOR, respectively": after "on", "for" or "across", where datasets are listed too
    # ("on A and B, respectively"), the vocabulary knows them whole, all but at most one
    # ("SBERT" after three it knows).
    each_holds_known = named_after.list.eval(
        pl.element().rx.contains(rf"(?:{metric_re})")
    ).list.all()
    known_whole = named_after.list.eval(
        pl.element().rx.contains(rf"^(?:{metric_re})$")
    ).list.sum() >= pl.max_horizontal(pl.lit(2), named_after.list.len() - 1)
    measures_after = pl.when(
        pl.when(leading_word.str.starts_with("in")).then(each_holds_known).otherwise(known_whole)
    ).then(named_after)
    # "in BLEU, ROUGE-1 and ROUGE-L scores (54.1%, 43.5% and 40.8%)", "PSNR, SSIM and LPIPS
    # of 31.2, 0.91 and 0.12": names the vocabulary knows, listed right before as many
    # numbers, pair with them in order.
    known_list = (
        rf"((?:{metric_re})(?:\s*,\s*(?:{metric_re}))*\s*,?\s+and\s+(?:{metric_re}))"
        r"(?:\s+(?i:scores?|metrics?|values?))?"
    )
    listed_right_before = _listed(
        pl.col("group_left")
        .rx.where_contains(r"(?i)\band\s+\S+(?:\s+\S+)?\s*(?:of|are|were|[:=(])?\s*$")
        .rx.extract(known_list + r"\s*(?:of|are|were|[:=])?\s*\(?\s*$", 1)
    )
    # "the AUROC, AUPRC, and Brier score improved to 0.89, 0.48, and 0.17, respectively":
    # before claims said to be respective, a few words may stand between. (Searched only
    # there: the search is costly.)
    listed_before_respective = _listed(
        pl.when(respective)
        .then(pl.col("group_left"))
        .rx.extract(known_list + r"[^,;.()]{0,40}$", 1)
    )
    # In a list of changes ("from 0.87 to 0.89, 0.43 to 0.48, ..."), the ends are the claims.
    group = ("paper_key", "group")
    changes = pl.col("in_change").any().over(group)
    claims_in_group = (
        pl.when(changes).then(pl.col("in_change").sum().over(group)).otherwise(pl.col("group_size"))
    )
    claim_index = (
        pl.when(changes)
        .then(pl.col("in_change").cast(pl.Int32).cum_sum().over(group) - 1)
        .otherwise(pl.col("member"))
    )
    listed = pl.coalesce(listed_right_before, listed_before_respective)
    named_in_brackets = pl.when(respective & (measures.list.len() == pl.col("group_size"))).then(
        measures.list.get(pl.col("member"), null_on_oob=True)
    )
    listed_before = pl.when(
        ~_one_claim() & (listed.list.len() == claims_in_group) & (pl.col("in_change") | ~changes)
    ).then(listed.list.get(claim_index, null_on_oob=True))
    named_after_claims = pl.when(
        respective & (measures_after.list.len() == pl.col("group_size"))
    ).then(measures_after.list.get(pl.col("member"), null_on_oob=True))
    return (
        claims.with_columns(
            respective_measure=pl.coalesce(named_in_brackets, listed_before, named_after_claims),
            # Calibrated apart: the names listed before need no "respectively".
            respective_way=pl.when(named_in_brackets.is_null() & listed_before.is_not_null())
            .then(metric_way("listed_before"))
            .when(named_in_brackets.is_not_null() | named_after_claims.is_not_null())
            .then(metric_way("respective")),
        )
        .with_columns(
            metric_text=pl.coalesce("respective_measure", "metric_text"),
            metric_way=pl.coalesce("respective_way", "metric_way"),
            metric_alias=pl.when(pl.col("respective_measure").is_null())
            .then("metric_alias")
            .when(pl.col("respective_measure").rx.contains(rf"^(?:{metric_re})$"))
            .then("respective_measure"),
        )
        .drop("respective_measure", "respective_way")
    )


def _inherit_kinds(claims: pl.LazyFrame) -> pl.LazyFrame:
    """A list member with no cue of its own takes the kind of the members before it, when
    they have one unit: in "12.1% accuracy on A, 20.3% on B" both are scores; after a gain,
    members are gains. A share still without a kind is a score when it was measured on
    named data."""
    continues_list = (
        _previous_in_sentence("group_unit").eq_missing(pl.col("group_unit"))
    ) & _since_previous_claim().rx.contains(_LIST_MEMBER_GAP)
    cued = pl.when(pl.col("kind") != "other").then(pl.col("kind"))
    return (
        claims.with_columns(
            member_run=(~continues_list.fill_null(False))
            .cum_sum()
            .over(*_IN_SENTENCE, order_by="start")
        )
        .with_columns(
            # After a gain ("gains of 8.0% on WebArena and 12.2% on AndroidWorld") the
            # members are gains too, though the clause's verb reads as a score's.
            kind=pl.when(
                pl.col("kind").is_in(["score", "other"])
                & (pl.col("kind") == "improvement")
                .cum_max()
                .over(*_IN_SENTENCE, "member_run", order_by="start")
            )
            .then(pl.lit("improvement"))
            .otherwise(
                pl.coalesce(
                    cued,
                    cued.forward_fill().over(*_IN_SENTENCE, "member_run", order_by="start"),
                    "kind",
                )
            )
        )
        .with_columns(
            kind=pl.when(
                (pl.col("kind") == "other")
                & (
                    pl.col("on_benchmark")
                    # "in terms of MAP, 92.9%, on WikiQA": a share measured on named data is
                    # a score there.
                    | pl.col("dataset_text").is_not_null()
                    & (pl.col("group_unit") == "%")
                    & pl.col("sign").is_null()
                    # "72.7% of long-term users favoring X": a share of a population.
                    & ~pl.col("group_right").rx.contains(r"^\s*of\s")
                    & (_number_written(pl.col("number")) <= 100)
                )
            )
            .then(pl.lit("score"))
            .otherwise("kind")
        )
        .drop("member_run", "on_benchmark")
    )


# The longest respective lists paired member by member: "A, B, C and D ... respectively".
_RESPECTIVE_LIST_MOST = 5


def _taken_by(measure: pl.Expr, way: str) -> pl.Expr:
    """Another claim's measure (metric_alias, metric_text, metric_way), taken by the way
    named; null where there is none to take. (The measure is read once: it is a window.)"""
    return measure.struct.with_fields(metric_way=metric_way(way))


def _inherit_metrics(claims: pl.LazyFrame, metric_re: str, kept_names: str) -> pl.LazyFrame:
    """A claim that names no metric takes the one the member before it in a list with the
    same unit names: "by 7.82 BLEU and 1.46", "FLOPs savings of 3.7x overall, 2.6x for
    text"; percentage points are points of a percentage ("accuracy
    of 64.5%, outperforming X by 6.6 percentage points"). Else the known metric its sentence
    says is changed before it: "SPOC boosts the accuracy of Llama-3.1-8B ..., achieving
    absolute gains of 8.8%". A comparative alone ("1.7x faster") is the metric only when no
    earlier claim names one of speed or cost: "improves training efficiency by converging
    4.4x faster than A and 1.7x faster than B"."""
    comparative = pl.col("metric_text").rx.contains(_LONE_COMPARATIVE).fill_null(False)
    written = pl.struct("metric_alias", "metric_text", "metric_way")
    named = pl.when(pl.col("metric_text").is_not_null() & ~comparative).then(written)
    unit = pl.col("group_unit").replace("pp", "%").fill_null("")
    # Only to a member of the same list ("by 7.82 BLEU and 1.46", "77% on A, 72% on B"): 18
    # right in 19 on the labelled sets. Taken by any later claim of the sentence, an earlier
    # claim's metric was right 57 times in 71 (a clause about something else: "while
    # preserving model utility within 1.5%" took ASR), and in a parallel clause ("Net-T
    # attains 70.4%", "beating the best prior model by 1.2%", "followed by B (0.64)") 22 in
    # 25: below the bar of a stated fact, so the claim keeps no metric.
    # The member before must be the claim right before: "6.8 times lower theoretical FLOPs,
    # and run faster 21 and 33 times" gave 33 times the FLOPs of the list before 21.
    # A list said to be respective pairs its members, in order, with as many claims right
    # before it when each of those has a measure, named or taken from the member before ("an
    # accuracy of 94.7%, an AUC of 96.8% and an AUPR of 86.8%, improvements of 2.4%, 4.1% and
    # 24.9% respectively"; a gain in % may be of a score without a unit: "bpb of 1.05 and
    # 0.95, gains of 8.7% and 5.4% respectively"); else a member takes only what its own list
    # names: past a member that names none, an earlier claim's measure is not theirs.
    respective = pl.col("group_right").rx.contains(_RESPECTIVELY_AFTER).fill_null(False)
    paired = pl.when(
        pl.col("list_partner").is_not_null().all().over(*_IN_SENTENCE, "list_run")
    ).then("list_partner")
    inherited = (
        pl.when(~respective & pl.col("continues_list"))
        .then(named.forward_fill().over(*_IN_SENTENCE, unit, order_by="start"))
        .when(respective)
        .then(pl.coalesce(paired, pl.when("continues_list").then("list_measure")))
    )
    # "raises accuracy to 69.3% and improves average performance ... by 5.7 points": a
    # measure named since the claim before, however general, is not the earlier metric.
    # "an 11% performance decline", "16% more efficiency": nor is a general measure written
    # right after the claim.
    inherited = pl.when(
        ~pl.col("text_since_previous_claim")
        .rx.contains(r"(?i)\b(?:performance|results?|scores?)\b")
        .fill_null(False)
        & ~pl.col("group_right").rx.contains(
            r"(?i)^\s*(?:(?:more|less|higher|lower|better|worse)\s+)?"
            r"(?:performance|efficiency|results?|scores?|quality)\b"
        )
        # "43.1% RayIoU and 39.8% mIoU on A, 42.6% RayIoU on B", "+0.92 in MIoU, +0.87 in
        # MPrecision": nor when the claim is followed by a name of its own measure that the
        # vocabulary lacks.
        & ~pl.col("group_right").rx.contains(
            r"^\s*[A-Z][A-Za-z0-9@\-]*[A-Z][A-Za-z0-9@\-]*\s+(?:on|in|for)\s|"
            # (A name "in" brings is a measure's when a measure's word ends it, not a
            # dataset's: "14% in RefCOCO, 24% in RefCOCO+".)
            r"^\s*in\s+[A-Z][A-Za-z0-9@\-]*(?:Precision|Recall|Accuracy|IoU|Score|Error|Rate)"
            r"(?:\s+(?:and|on|for)\b|\s*[,;.]|$)"
        )
    ).then(inherited)
    # "11.8% top-5 error, yet is 20% faster than AlexNet": a comparative of speed takes an
    # earlier claim's measure only when that measures speed or cost ("improves training
    # efficiency by converging 4.4x faster").
    inherited = pl.when(
        ~comparative
        | inherited.struct.field("metric_text").rx.contains(
            r"(?i)efficien|speed|throughput|latency|time|fast|cost|flops|memory|runtime"
        )
    ).then(inherited)
    # "a 27.5% reduction in regurgitation (from 8.7 to 6.3)": numbers in the bracket right
    # after a claim detail it, in whatever unit.
    detailing = pl.when(
        pl.col("text_since_previous_claim")
        .rx.contains(r"^[^()]{0,40}\(\s*(?:from\s+(?:[\d.,]+\s?%?\s+to\s+)?)?$")
        .fill_null(False)
    ).then(_previous_in_sentence("metric_struct"))
    # The measure that the nearest changing verb before the claim, or change "of" or "in"
    # something, names (not "increases recommendation accuracy, with relative improvements
    # reaching 12.25%"): "improves the accuracy ... from 31.49 to 49.83 while reducing error
    # percentage from 25.43% to 14.71%" changes no accuracy at its end.
    nearest_change = pl.col("group_left").rx.extract(
        rf"(?s)^.*\b((?i:{_CHANGING_VERB})(?:(?:e|es|ed|ing|s|ting)?\s|[a-z]*\s+(?:of|in)\s).*)$",
        1,
    )
    changed_metric = nearest_change.rx.extract(
        rf"^(?i:{_CHANGING_VERB})[a-z]*\s+(?:the\s+|its\s+|their\s+)?"
        rf"((?:{_PHRASE_WORD}\s+){{0,2}}?(?:{metric_re}))(?:\s+(?:of|on|for|in|across|by)\b|[,;]|$)",
        1,
    )
    # "achieves a higher rate of satisfying user preferences, outperforming X by 6.1%",
    # "substantial gains in the overall score, outperforming baselines by up to 41.5%": the
    # measure the sentence says is higher is the one the margin is in.
    higher_measure = pl.col("group_left").rx.extract(
        r"\b(?:higher|lower|(?:gains?|improvements?)\s+in(?:\s+the)?)\s+"
        r"([a-z][\w\-]*(?:\s+[a-z][\w\-@]*){0,4}?)\s*,\s+(?:outperform|surpass|beat|exceed)[a-z]*"
        rf"\b[^.;]{{0,80}}\bby\s+(?:{_QUALIFIER}\s+)?$",
        1,
    )
    # "achieves competitive success rates, with up to a 10% improvement".
    with_gain = pl.col("group_left").rx.extract(
        rf"\b((?:{_PHRASE_WORD}\s+){{0,2}}?(?:{metric_re}))\s*,\s+with\s+(?:{_QUALIFIER}\s+)?(?:an?\s+)?$",
        1,
    )
    higher_measure = pl.coalesce(
        higher_measure,
        pl.when(pl.col("kind") == "improvement").then(
            _leading_words_dropped(with_gain, kept_names)
        ),
    )
    higher = pl.when(
        higher_measure.is_not_null() & ~higher_measure.rx.contains(rf"(?i)^(?:{_NOT_MEASURES})$")
    ).then(
        pl.struct(
            metric_alias=higher_measure.rx.extract(f"({metric_re})", 1),
            metric_text=higher_measure,
            metric_way=metric_way("higher_measure"),
        )
    )
    # "with lower extra computational cost, such as 90.7% on X": a number given as an example
    # illustrates the claim (its performance), not the measure changed before it.
    example = pl.col("group_left").rx.contains(
        r"(?i)\b(?:such\s+as|e\.g\.,?|for\s+example|for\s+instance)\s+(?:[^.;]|\.\d)*$"
    )
    # "a 4.7% improvement in answering accuracy, and ... a 7.5% boost in base MLLMs' VQA
    # performance": a gain that says what it is in names its own measure, however general.
    own_gain_in = pl.col("group_right").rx.contains(rf"^\s*(?:[a-z\-]+\s+)?{_GAIN_WORD}\s+in\s")
    # "improves top-10 and top-20 accuracy by 15.6% and 14.4% respectively": measures changed
    # together pair with the claims said to be respective, not with a claim after them.
    one_changed = ~changed_metric.rx.contains(r"\b(?:and|or)\b|,").fill_null(False)
    changed = pl.when(
        changed_metric.is_not_null()
        & one_changed
        & (pl.col("kind") != "ratio")
        & ~example
        & ~own_gain_in
    ).then(
        pl.struct(metric_alias=changed_metric.rx.extract(f"({metric_re})", 1),
                  metric_text=_leading_words_dropped(changed_metric, kept_names),
                  metric_way=metric_way("changed_before"))
    )  # fmt: skip
    # "surpasses A by 5.74% and B by 20.84% F1 score": in two parallel changes, the measure
    # written after the second is the first's too.
    parallel = pl.when(
        pl.col("text_until_next_claim")
        .rx.contains(r"^\s*,?\s*and\s+(?:[\w\-.+]+\s+){1,6}?by\s+$")
        .fill_null(False)
        & pl.col("group_left").rx.contains(r"\bby\s+$")
    ).then(_next_in_sentence("metric_struct"))
    # "improves A by 8.2 accuracy points and B by 5.6%": and the first's is the second's.
    parallel_before = pl.when(
        pl.col("text_since_previous_claim")
        .rx.contains(r"^\s+[A-Za-z][\w\-]*(?:\s+[a-z]+)?\s*,?\s*and\s+(?:[\w\-.+]+\s+){1,6}?by\s+$")
        .fill_null(False)
        & pl.col("group_left").rx.contains(r"\bby\s+$")
    ).then(_previous_in_sentence("metric_struct"))
    # "nDCG@10 = 0.828, outperforming dense-only by 6.1%": a share by which a score without a
    # unit beats another is a change of that score.
    unitless_named = pl.when(pl.col("group_unit").is_null()).then(named)
    relative_change = pl.when(
        (pl.col("kind") == "improvement") & (pl.col("group_unit") == "%") & ~comparative
    ).then(unitless_named.forward_fill().over(*_IN_SENTENCE, order_by="start"))
    found = pl.coalesce(
        named,
        _taken_by(parallel, "parallel"),
        _taken_by(parallel_before, "parallel"),
        higher,
        _taken_by(inherited, "list_member"),
        _taken_by(detailing, "detailing"),
        _taken_by(relative_change, "relative_change"),
        changed,
        pl.when(comparative).then(written),
    )
    return (
        claims.with_columns(
            text_since_previous_claim=_since_previous_claim(),
            text_until_next_claim=_until_next_claim(),
        )
        .with_columns(
            continues_list=pl.col("text_since_previous_claim")
            .rx.contains(_LIST_MEMBER_GAP)
            .fill_null(False)
            & (unit.shift(1).over(*_IN_SENTENCE, order_by="start") == unit).fill_null(False)
        )
        .with_columns(
            list_run=(~pl.col("continues_list")).cum_sum().over(*_IN_SENTENCE, order_by="start")
        )
        .with_columns(list_size=pl.len().over(*_IN_SENTENCE, "list_run"))
        .with_columns(metric_struct=named)
        .with_columns(
            # What a member of a list names, or the member before it: "82.6% on GSM8K and
            # 40.6% on MATH".
            list_measure=pl.coalesce(
                "metric_struct",
                pl.when("continues_list").then(
                    pl.col("metric_struct")
                    .forward_fill()
                    .over(*_IN_SENTENCE, "list_run", order_by="start")
                ),
            )
        )
        .with_columns(
            list_partner=pl.coalesce(
                pl.when(pl.col("list_size") == size).then(
                    _previous_in_sentence("list_measure", size)
                )
                for size in range(2, _RESPECTIVE_LIST_MOST + 1)
            )
        )
        .with_columns(
            metric_alias=found.struct.field("metric_alias"),
            metric_text=found.struct.field("metric_text"),
            metric_way=found.struct.field("metric_way"),
        )
        # "(from 12.9 to 8.9)": the after of a change measures what its before does.
        .with_columns(
            group_start=pl.struct("metric_alias", "metric_text")
            .first()
            .over("paper_key", "group", order_by="start")
        )
        .with_columns(
            metric_way=pl.when(pl.col("metric_text").is_null())
            .then(
                pl.when(pl.col("group_start").struct.field("metric_text").is_not_null()).then(
                    metric_way("change_start")
                )
            )
            .otherwise("metric_way"),
            **{
                name: pl.coalesce(name, pl.col("group_start").struct.field(name))
                for name in ("metric_alias", "metric_text")
            },
        )
        .drop(
            "metric_struct",
            "group_start",
            "text_since_previous_claim",
            "text_until_next_claim",
            "continues_list",
            "list_run",
            "list_size",
            "list_measure",
            "list_partner",
        )
    )

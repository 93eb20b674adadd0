"""The candidate numbers of an abstract: their character offsets, their surroundings (sign,
unit, left and right context) and the lists and ranges they form."""

from __future__ import annotations

import polars as pl

from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)
from etl.transform.results.patterns import (
    _CHANGE_SEPARATOR,
    _CHANGE_START,
    _GPU_TIME,
    _LIST_SEPARATOR,
    _LONG_TIME,
    _LONG_TIME_TAKEN_BEFORE,
    _MEDIA_LENGTH_AFTER,
    _NUMBER,
    _QUALIFIER,
    _RANGE_SEPARATOR,
    _SECONDS,
    _SENTENCE_END,
    _TIME_TAKEN_AFTER,
    _TIME_TAKEN_BEFORE,
    _UNIT,
    _UNIT_CANONICAL,
    LEFT_CHARS,
    RIGHT_CHARS,
)


def _number_offsets(papers: pl.LazyFrame) -> pl.LazyFrame:
    """One row per number in each abstract: its text and [start, end) character offsets."""
    pieces = papers.select(
        "paper_key", piece=pl.col("abstract").rx.extract_all(rf"(?s)\D*?(?:{_NUMBER})")
    ).explode("piece")
    return (
        pieces.drop_nulls("piece")
        .with_columns(
            end=pl.col("piece").str.len_chars().cum_sum().over("paper_key").cast(pl.Int32),
            number=pl.col("piece").rx.extract(rf"((?:{_NUMBER}))$", 1),
        )
        .with_columns(start=pl.col("end") - pl.col("number").str.len_chars().cast(pl.Int32))
        .drop("piece")
    )


def _slice_whole_words(text: pl.Expr, start: pl.Expr | int, chars: int) -> pl.Expr:
    """At most `chars` characters of text from `start`, less a word the cut splits: "on
    accelerating Ne" of "NeRF" would be another name."""
    longer = text.str.slice(start, chars + 1)
    return (
        pl.when(longer.str.len_chars() > chars)
        .then(longer.rx.replace(r"\S*$", ""))
        .otherwise(longer)
    )


def _context(abstract: pl.Expr, start: pl.Expr, end: pl.Expr) -> dict[str, pl.Expr]:
    # One character more on the left, to see whether the cut splits a word, which is left
    # out then.
    left_from = pl.max_horizontal(start - LEFT_CHARS - 1, pl.lit(0))
    left = abstract.str.slice(left_from, start - left_from)
    left = pl.when(left_from > 0).then(left.rx.replace(r"^\S*", "")).otherwise(left)
    right = _slice_whole_words(abstract, end, RIGHT_CHARS)
    # Context stops at a sentence end: ". " followed by a capital, or ";". Markup around
    # the number is no part of either side ("a **60.29%** win rate"), nor is the mark of an
    # example before it ("speedups (e.g. up to 4.7x").
    return {
        "left": left.rx.replace(r"^.*(?:[.!?]\s+([A-Z(])|;\s+)", "$1")
        .rx.replace(r"\*{1,2}$", "")
        .rx.replace(r"\(\s*(?:e\.\s?g\.|i\.\s?e\.),?\s+([^()]{0,20})$", "(${1}"),
        # "90% (on average) of memory bandwidth", "3.7% on average on ARC-Challenge": how
        # it was averaged is no part of what follows.
        "right": right.rx.replace(r"(?:[.!?]\s+[A-Z(]|;\s).*$", "")
        .rx.replace(r"^\*{1,2}", "")
        .rx.replace(r"^(\s*)(?:\(on\s+average\)|on\s+average\b,?)", "$1"),
    }


def _slice_before(text: pl.Expr, end: pl.Expr, chars: int) -> pl.Expr:
    start = pl.max_horizontal(end - chars, pl.lit(0))
    return text.str.slice(start, end - start)


# How far the cheap look at every number reads, before and after it.
_NEAR_BEFORE, _NEAR_AFTER = 60, 40


def _candidates(numbers: pl.LazyFrame, papers: pl.LazyFrame, metric_re: str) -> pl.LazyFrame:
    """Numbers that may be claims, with sign, unit and the text around them.

    A cheap look at a few characters next to every number comes first; only numbers with a
    unit, a decimal point, or a list or range continuing after them get the costlier full
    context (most numbers in abstracts are years, counts and parts of names).
    """
    abstract = pl.col("abstract")
    # The cheap look reads at most _NEAR_BEFORE characters before a number and _NEAR_AFTER
    # after it: that much of the abstract is cut once per number, and each look slices it
    # (a slice of the abstract walks it from its start, and there are a dozen looks).
    near, near_from = pl.col("near"), pl.col("near_from")

    def before(chars: int) -> pl.Expr:
        if chars > _NEAR_BEFORE:
            raise ValueError(f"a cheap look reads at most {_NEAR_BEFORE} characters before")
        return _slice_before(near, pl.col("start") - near_from, chars)

    just_before = before(3)
    just_after = near.str.slice(pl.col("end") - near_from, _NEAR_AFTER)
    # "averaging 4.92/5", "scores 3.98 out of 5": a rating out of a scale's top, for a
    # decimal (whole numbers over a number are counts: "20/20 tasks", "8 out of 9").
    rating_scale = pl.when(pl.col("number").rx.contains(".", literal=True)).then(
        just_after.rx.extract(
            r"^((?:/|\s+out\s+of\s+)(?:5|7|10|20|25|50|100))(?:[^\d.,]|[.,](?:\D|$)|$)", 1
        )
    )

    def time_taken(unit: str, taken_before: str, taken_after: str | None = None) -> pl.Expr:
        """The `unit` of time right after the number, when the words before it (or after
        it) say a run takes that long and it is no length of media."""
        # Looked at only around a number followed by the unit: the looks cost, and few are.
        time = just_after.rx.where_contains(rf"^{unit}")
        taken = pl.when(time.is_not_null()).then(before(40)).rx.contains(
            taken_before
        ) & ~time.rx.contains(rf"^{unit}{_MEDIA_LENGTH_AFTER}")
        if taken_after is not None:
            taken = taken | time.rx.contains(taken_after)
        return pl.when(taken).then(time.rx.extract(rf"^({unit})", 1))

    seconds_taken = time_taken(_SECONDS, _TIME_TAKEN_BEFORE, _TIME_TAKEN_AFTER)
    long_time_taken = time_taken(_LONG_TIME, _LONG_TIME_TAKEN_BEFORE)
    # "by 10+ points": a "+" before the unit means at least; it is kept in the claim's span.
    unit_text = pl.coalesce(
        just_after.rx.extract(rf"^(\+?\s?(?:{_UNIT}))", 1),
        rating_scale,
        seconds_taken,
        long_time_taken,
    )
    # "up to 2.5 speedup": a speed-up is a multiple, written or not.
    bare_speedup = unit_text.is_null() & just_after.rx.contains(r"^\s(?i:speed-?ups?)\b")
    # "2 - 6 times": a dash with spaces on both sides after a number joins a range; it is
    # not the second number's sign.
    sign = pl.when(~before(6).rx.contains(r"\d\s?(?:%|[xX×])?\s[\-−]\s$")).then(
        just_before.rx.extract(r"(?:^|[\s(\[:=])([+\-−±])\s?$", 1)
    )
    # "lowest cost ($0.34)": an amount of money, its unit before it.
    dollars = just_before.str.ends_with("$")
    sign_chars = (
        pl.when(sign.is_in(["+", "-", "−"]))
        .then(just_before.rx.extract(r"([+\-−]\s?)$", 1).str.len_chars())
        .otherwise(0)
        .cast(pl.Int32)
    )
    # "(FID 12, IS 210)": a whole number right after a metric's name is its value.
    after_metric = before(30).rx.contains(rf"(?:{metric_re})\)?\s*[=:]?\s*$")
    # "gains of 9 BLEU points": a whole number of a measure's points.
    metric_points = just_after.rx.contains(rf"^\s(?:{metric_re})\s+points?\b")
    # "reduces memory by a factor of 2.6": a multiple written out in words before it.
    # Not a bound ("within a factor of 5") nor a fraction ("a factor of 1/α").
    factor_of = before(30).rx.contains(
        rf"\bfactor\s+of\s+(?:{_QUALIFIER}\s+)?(?:\d[\d.]*\s?(?:-|–|to)\s?)?$"
    ) & ~(before(60).rx.contains(r"(?i)\bwithin\s+an?\s[^.;]*$") | just_after.str.starts_with("/"))
    # "81. 5%": a decimal the source broke with a space; its whole part is read with it.
    broken_whole = before(6).rx.extract(r"(?:^|[^\d.,])(\d{1,3})\.\s$", 1)
    mends_decimal = (
        broken_whole.is_not_null()
        & unit_text.is_not_null()
        & ~pl.col("number").rx.contains(".", literal=True)
    )
    may_be_claim = (
        unit_text.is_not_null()
        | dollars
        | factor_of
        | bare_speedup
        | pl.col("number").rx.contains(".", literal=True)
        # "2~20%": a tilde between two numbers joins a range, as a dash does.
        | just_after.rx.contains(r"^\s*(?:/|,|and|or|-|–|~|∼|～|to)\s*[+\-−]?\d")
        # "by 4 to 42": the upper end of a range of bare numbers (not a length of time the
        # unit rules above did not take: "videos of only 10-20 seconds length").
        | before(6).rx.contains(r"\d\s?(?:-|–|to)\s?$")
        & ~just_after.rx.contains(
            r"^\s?(?:secs?|seconds?|mins?|minutes?|hrs?|hours?|days?|weeks?|months?|years?)\b"
        )
        | after_metric
        | metric_points
    )
    with_text = (
        numbers.join(
            papers.select("paper_key", "abstract"),
            on="paper_key",
            how="left",
            maintain_order="left",
        )
        .with_columns(near_from=pl.max_horizontal(pl.col("start") - _NEAR_BEFORE, pl.lit(0)))
        .with_columns(near=abstract.str.slice(near_from, pl.col("end") + _NEAR_AFTER - near_from))
    )
    # Glued to letters, a number is part of a name or a size: Qwen2.5-72B, top-10, 22M, 3-tensor,
    # "CODE‑15%" (a non-breaking hyphen).
    after_unit_dash = before(6).rx.contains(r"\d\s?(?:x|X|×)\s?[\-–]\s?$")
    # "(Δ11%)", cleaned to "(Delta11%)": the sign of a difference, not a name.
    after_delta = before(6).rx.contains(r"(?:Delta|Δ)$")
    glued = (
        (
            just_before.rx.contains(r"(?:[A-Za-z_@^]|[A-Za-z][\-.‐‑])$")
            & ~after_unit_dash
            & ~after_delta
        )
        | (just_after.rx.contains(r"^(?:[A-Za-z]|-[A-Za-z])") & unit_text.is_null())
        # "an A100-80GB GPU", "Llama3-70B": after a name that ends in digits and a hyphen.
        | before(8).rx.contains(r"[A-Za-z]\w*\d-$")
        # "7-13B models", "(5-7G)": the lower end of a range of sizes, the upper one glued
        # to its count's letter.
        | just_after.rx.contains(r"^[\-–]\d+(?:\.\d+)?[BMKGT]\b")
        # "mAP@IoU=0.5", "at IoU=0.7": the threshold a measure is taken at is its name's.
        | before(12).rx.contains(r"(?:@[A-Za-z]+|\bIoU)\s?(?:=|>=|≥)\s?$")
        # ".3" of "1.2.3", "...": a decimal without its whole part stands on its own.
        | pl.col("number").str.starts_with(".") & ~just_before.rx.contains(r"(?:^|[\s(=])$")
    )
    # "on a 5-point Likert scale", "a 3.8 subjective 5-point mean opinion score": the size
    # of a rating scale is a setting (not "a 5-point margin").
    scale_size = just_after.rx.contains(
        r"^-points?\s+(?:[\w\-]+\s+){0,3}?(?i:scales?|likert|ratings?|rubrics?|mean\s+opinion|MOS)\b"
    )
    # "256 x 256": the second factor of a product of sizes.
    second_factor = before(4).rx.contains(r"\d\s?[xX×]\s?$")
    # A bare decimal right after a capitalised name is its version: SQuAD 2.0, Claude Opus
    # 4.7. After a metric's name it is a value: BLEU 28.3.
    word_before = before(24).rx.extract(r"(\S+)\s$", 1)
    # "on S3DIS 6 fold", "5-fold cross-validation": folds of an evaluation are a setting.
    folds = just_after.rx.contains(r"^[\s\-]fold\b") & (
        word_before.rx.contains(r"^[A-Z0-9][\w\-]*$").fill_null(False)
        | just_after.rx.contains(r"^[\s\-]fold\s+(?:cross|CV\b)")
    )
    version = (
        unit_text.is_null()
        & word_before.rx.contains(r"^[A-Z][\w\-]*$")
        & ~word_before.rx.contains(rf"^(?:{metric_re})$")
    )
    return (
        with_text.filter(
            may_be_claim
            & ~glued
            & ~second_factor
            & ~version.fill_null(False)
            & ~scale_size
            & ~folds
        )
        .with_columns(
            number=pl.when(mends_decimal)
            .then(pl.concat_str(broken_whole, pl.lit("."), pl.col("number")))
            .otherwise("number"),
            start=pl.when(mends_decimal)
            .then(pl.col("start") - broken_whole.str.len_chars().cast(pl.Int32) - 2)
            .otherwise("start"),
        )
        .with_columns(
            sign=sign,
            unit=pl.when(dollars)
            .then(pl.lit("$"))
            .when(factor_of & unit_text.is_null() | bare_speedup)
            .then(pl.lit("x"))
            .otherwise(
                unit_text.str.strip_chars_start("+")
                .str.strip_chars()
                .rx.replace(r"^out\s+of\s+", "/")
                .rx.replace(r"^absolute\s+", "")
                .rx.replace(r"\s+", " ")
                .replace(_UNIT_CANONICAL)
                # In one spelling, without the accelerator's name.
                .rx.replace(rf"^{_GPU_TIME}$", "GPU ${1}s")
            ),
            claim_start=pl.col("start") - sign_chars - dollars.cast(pl.Int32),
            # "50%+ and 100%+ increases": a "+" after the unit means at least; the claim
            # ends after it.
            unit_end=pl.col("end")
            + unit_text.str.len_chars().fill_null(0).cast(pl.Int32)
            + (
                unit_text.is_not_null()
                & abstract.str.slice(pl.col("end") + unit_text.str.len_chars(), 2).rx.contains(
                    r"^\+(?:[\s,;.)]|$)"
                )
            ).cast(pl.Int32),
        )
        .with_columns(
            **_context(abstract, pl.col("claim_start"), pl.col("unit_end")),
            sentence=abstract.str.slice(0, pl.col("start")).rx.count_matches(_SENTENCE_END),
        )
        .drop("near", "near_from")
    )


# "ranges from", "varied from": what follows is the bounds of a range.
_RANGES_FROM = r"(?i)\b(?:rang|var)(?:e|es|ed|ing|ies|ied|y)\s+from"
# An amount in a list: "0.87", "45.2%", "+1.3".
_LISTED_AMOUNT = r"[+\-−]?\d+(?:\.\d+)?\s?%?"


def _lists(numbers: pl.LazyFrame) -> pl.LazyFrame:
    """Group numbers of one list, range or change; members inherit the unit of the last one.

    A unit-less whole number joins a list only through "/" ("20/20"): in "23.6 FPS on iPhone
    8 and 125 FPS" the 8 is part of a name, not a second measurement in FPS.
    """

    def previous(column: str) -> pl.Expr:
        return pl.col(column).shift(1).over("paper_key")

    # The gap and the number before are read by several rules: each is cut once, a column
    # (inline, the window and the slice of the abstract would run once per rule).
    gap, previous_left = pl.col("gap"), pl.col("previous_left")
    bare_whole_before = pl.col("bare_whole_before")
    # "(71.28s, 8% faster)": numbers with units of their own, not the same, are no one list.
    own_units_differ = previous("unit").is_not_null() & (pl.col("unit") != previous("unit"))
    # "a chrF++ score of 46.80 and 18.19 BLEU score": a score named before one number and
    # another after the next are two measures, no one list.
    scores_apart = previous_left.rx.contains(r"(?i)\bscores?\s+of\s*$") & pl.col(
        "right"
    ).rx.contains(r"^\s*[A-Za-z][\w\-+@]*\s+scores?\b")
    in_list = (
        gap.rx.contains(_LIST_SEPARATOR)
        & (~bare_whole_before | gap.rx.contains(r"^\s*/\s*$"))
        & ~own_units_differ.fill_null(False)
        & ~scores_apart.fill_null(False)
    )
    in_change = gap.rx.contains(_CHANGE_SEPARATOR) | (
        # "from 9%-36% to within 5%", "from 45.2% to about 67.8%".
        # "dropping from 100% in the initial stage to only 20%": with where each was.
        gap.rx.contains(
            r"^\s*(?:(?:in|at|on|for|after|during)\s+(?:[\w\-]+\s+){0,3})?"
            r"to(?:\s+(?:within|about|around|approximately|only|just|nearly|roughly)|"
            # "raises the AUC from 0.7 to a significantly high level of 0.9".
            r"\s+(?:an?|the)\s+(?:[a-z\-]+\s+){0,3}?(?:level|value|high|low)\s+of)?\s*$"
        )
        # "from 9%-36% to within 5%": what changed may be a range; "from the initial 85.9%
        # to 91.9%": the start may be called so.
        & previous_left.rx.contains(
            rf"(?i)\bfrom\s*(?:(?:the|an?|its|their)\s+)?(?:{_CHANGE_START}\s+)?"
            r"(?:[+\-−]?\d+(?:\.\d+)?\s?%?\s*(?:-|–|—|to)\s*)?$"
        )
        # "Pass@1 ranges from 27.5% to 62.6%": the bounds of a range, not a change.
        & ~previous_left.rx.contains(_RANGES_FROM + r"\s*$")
        # "improved from 0.87 to 0.89, 0.43 to 0.48, and 0.37 to 0.17": the next pairs of a
        # list of changes are changes too.
        # (Read only after a "to": the search is costlier than the others.)
        | pl.when(gap.rx.contains(r"^\s*to\s*$"))
        .then(previous_left)
        .rx.contains(
            rf"(?i)\bfrom\s+(?:{_LISTED_AMOUNT}\s*(?:to|→|->)\s*{_LISTED_AMOUNT}\s*"
            r"(?:,\s*(?:and\s+)?|\s+and\s+))+$"
        )
        .fill_null(False)
        & ~previous_left.rx.contains(_RANGES_FROM + r"\b")
    )
    in_range = gap.rx.contains(_RANGE_SEPARATOR) & ~in_change
    return (
        numbers.with_columns(
            gap=pl.col("abstract").str.slice(
                previous("unit_end"), pl.col("claim_start") - previous("unit_end")
            ),
            previous_left=previous("left"),
            bare_whole_before=previous("unit").is_null()
            & ~previous("number").rx.contains(".", literal=True),
        )
        .with_columns(
            joins_previous=(in_list | in_range | in_change).fill_null(False),
            in_range=in_range.fill_null(False),
            in_change=in_change.fill_null(False),
        )
        .with_columns(group=(~pl.col("joins_previous")).cum_sum().over("paper_key"))
        .with_columns(
            group_unit=pl.col("unit").drop_nulls().last().over("paper_key", "group"),
            group_size=pl.len().over("paper_key", "group"),
            member=pl.int_range(pl.len()).over("paper_key", "group"),
            group_left=pl.col("left").first().over("paper_key", "group"),
            group_right=pl.col("right").last().over("paper_key", "group"),
        )
        .drop("previous_left", "bare_whole_before")
    )

"""The bound a claim's number is stated with: "under 4%" is a value below 4%, "at least 30
times" one of 30 or more, "about 5x" one near 5. The value stays the number written; the
bound says which side of it the paper's figure is on (etl.contracts.RESULT_BOUNDS)."""

from __future__ import annotations

import polars as pl

from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)

# Words and marks right before a number, by the bound they state. A word is whole ("over",
# not "moreover"); what may follow it before the number is an article with a word ("up to a
# notable 5.5%", "more than a 2x") or an approximate mark ("up to ~25%", "at least ∼16.7%"),
# which the firmer bound before it overrides.
_BOUND_WORDS = {
    "<": r"under|below|less\s+than|fewer\s+than|lower\s+than|smaller\s+than|shorter\s+than",
    "<=": r"up\s+to|at\s+most|less\s+than\s+or\s+equal\s+to|no\s+more\s+than|"
    r"not\s+more\s+than|as\s+much\s+as|within",
    ">": r"over|above|more\s+than|greater\s+than|higher\s+than|larger\s+than|exceeding|"
    r"in\s+excess\s+of|beyond|upwards\s+of",
    ">=": r"at\s+least|greater\s+than\s+or\s+equal\s+to|no\s+less\s+than|not\s+less\s+than|"
    r"no\s+fewer\s+than|a\s+minimum\s+of",
    "~": r"about|around|approximately|roughly|nearly|almost|close\s+to|circa",
}
_BOUND_MARKS = {"<": "<", "<=": "≤|<=|≲", ">": ">", ">=": "≥|>=|≳", "~": "~|≈|∼|～"}
_BEFORE_THE_NUMBER = r"(?:an?\s+(?:[a-z]+\s+)?)?(?:[~≈∼～]\s*)?"


def _bound_before(left: pl.Expr) -> pl.Expr:
    """The bound the words or mark at the end of `left` (the text right before a number)
    state, or null."""
    bound = pl.lit(None, pl.String)
    # The last to match wins: "up to ~25%" is <=, "no more than 5%" <= and not >.
    for name in ("~", "<", ">", "<=", ">="):
        said = left.rx.contains(
            rf"(?i)(?:^|[^\w\-])(?:{_BOUND_WORDS[name]})\s+{_BEFORE_THE_NUMBER}$"
        ) | left.rx.contains(rf"(?:{_BOUND_MARKS[name]})\s*$")
        bound = pl.when(said).then(pl.lit(name)).otherwise(bound)
    return bound


def _with_bounds(claims: pl.LazyFrame) -> pl.LazyFrame:
    """`bound` of each claim: from the words right before it (not the separator that opens
    a range's upper end: "2.17x ~ 2.82x"), else from those before the list or range it
    belongs to ("up to 24.4% and 29.3%", "up to 3-5x"), else ">=" for a "+" after its number
    or unit ("10+ points", "50%+")."""
    claim_text = pl.col("abstract").str.slice(
        pl.col("claim_start"), pl.col("unit_end") - pl.col("claim_start")
    )
    return claims.with_columns(
        bound=pl.coalesce(
            pl.when(~pl.col("in_range")).then(_bound_before(pl.col("left"))),
            _bound_before(pl.col("group_left")),
            pl.when(claim_text.rx.contains(r"\d\s?[%x×]?\+")).then(pl.lit(">=")),
        )
    )

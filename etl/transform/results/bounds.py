"""The bound a claim's number is stated with: "under 4%" is a value below 4%, "at least 30
times" one of 30 or more, "about 5x" one near 5. The value stays the number written; the
bound says which side of it the paper's figure is on (etl.contracts.RESULT_BOUNDS)."""

from __future__ import annotations

import re

import polars as pl

from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)

# Words and marks right before a number, by the bound they state. A word is whole ("over",
# not "moreover"); what may follow it before the number is an article with a word ("up to a
# notable 5.5%", "more than a 2x") or an approximate mark ("up to ~25%", "at least ∼16.7%"),
# which the firmer bound before it overrides. The longest phrase that ends there is read:
# "no more than 5%" is <=, not >.
_BOUND_WORDS = {
    "<": ("under", "below", "less than", "fewer than", "lower than", "smaller than",
          "shorter than"),
    "<=": ("up to", "at most", "less than or equal to", "no more than", "not more than",
           "as much as", "within"),
    ">": ("over", "above", "more than", "greater than", "higher than", "larger than",
          "exceeding", "in excess of", "beyond", "upwards of"),
    ">=": ("at least", "greater than or equal to", "no less than", "not less than",
           "no fewer than", "a minimum of"),
    "~": ("about", "around", "approximately", "roughly", "nearly", "almost", "close to",
          "circa"),
}  # fmt: skip
_BOUND_MARKS = {"<=": ("≤", "<=", "≲"), ">=": ("≥", ">=", "≳"), "<": ("<",), ">": (">",),
                "~": ("~", "≈", "∼", "～")}  # fmt: skip
_BOUND_OF = {
    said: bound
    for table in (_BOUND_WORDS, _BOUND_MARKS)
    for bound, phrases in table.items()
    for said in phrases
}


def _alternation(phrases: list[str]) -> str:
    """Phrases as one alternation, longest first (the regex takes the first that matches),
    any run of spaces between their words."""
    return "|".join(
        r"\s+".join(re.escape(word) for word in phrase.split())
        for phrase in sorted(phrases, key=len, reverse=True)
    )


_WORDS_BEFORE = (
    r"(?i)(?:^|[^\w\-])("
    + _alternation([p for phrases in _BOUND_WORDS.values() for p in phrases])
    + r")\s+(?:an?\s+(?:[a-z]+\s+)?)?(?:[~≈∼～]\s*)?$"
)
_MARK_BEFORE = "(" + _alternation([m for marks in _BOUND_MARKS.values() for m in marks]) + r")\s*$"


def _bound_before(left: pl.Expr) -> pl.Expr:
    """The bound the words or mark at the end of `left` (the text right before a number)
    state, or null."""
    said = pl.coalesce(
        left.rx.extract(_WORDS_BEFORE, 1).str.to_lowercase().rx.replace_all(r"\s+", " "),
        left.rx.extract(_MARK_BEFORE, 1),
    )
    return said.replace_strict(_BOUND_OF, default=None, return_dtype=pl.String)


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

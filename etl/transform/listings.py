"""The listing dimension: what each listing is, read from its records' format and its name.

A listing's kind follows the format of its records (a Daily Papers dump is a day's listing, a
conference list a conference, a text file a plain listing).
Its date and year are the last ISO date (`Daily Papers 2025-01-10`) or, failing that, the
last four-digit year (`NeurIPS 2025 Papers`) in its name; its venue is the name before that
date or year (`NeurIPS`, `Daily Papers`). A conference without a year in its name is its own
venue; a plain listing without one has no venue, since its name may be anything.
"""

from __future__ import annotations

import polars as pl

from etl.contracts import BATCH_SCHEMAS, LISTING_KIND_OF_FORMAT

_DATE = r"\b((?:19|20)\d{2})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\b"
_YEAR = r"\b((?:19|20)\d{2})\b"


def _venue_before(name: pl.Expr, marker: str) -> pl.Expr:
    """The name's text before the last match of `marker`, trimmed of separators; null when
    nothing stands before it."""
    before = name.str.replace(rf"^(.*){marker}.*$", "$1").str.strip_chars(" -_,:;|/()[]")
    return pl.when(before != "").then(before)


def listing_dimension(listings: pl.LazyFrame) -> pl.LazyFrame:
    """listing_slug, listing_name and source_format in; the listings batch table out, with
    listing_kind, venue, listing_year and listed_on typed."""
    name = pl.col("listing_name")
    listed_on = name.str.extract_all(_DATE).list.last().str.to_date("%Y-%m-%d", strict=False)
    year_in_name = name.str.extract_all(_YEAR).list.last().cast(pl.Int16)
    kind = pl.col("source_format").replace_strict(
        LISTING_KIND_OF_FORMAT, default="listing", return_dtype=pl.String
    )
    return (
        listings.with_columns(listing_kind=kind, listed_on=listed_on)
        .with_columns(
            listing_year=pl.coalesce(pl.col("listed_on").dt.year().cast(pl.Int16), year_in_name),
            venue=pl.when(pl.col("listed_on").is_not_null())
            .then(_venue_before(name, _DATE))
            .when(year_in_name.is_not_null())
            .then(_venue_before(name, _YEAR))
            .when(pl.col("listing_kind") == "conference")
            .then(name),
        )
        .select(BATCH_SCHEMAS["listings"].names())
    )

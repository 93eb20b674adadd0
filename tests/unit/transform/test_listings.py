"""The listing dimension: kind from the records' format, day, year and venue from the name."""

from datetime import date

import polars as pl
import pytest

from etl.contracts import BATCH_SCHEMAS
from etl.transform.listings import listing_dimension

# (listing_name, source_format) -> (listing_kind, venue, listing_year, listed_on)
CASES = [
    ("Daily Papers 2025-01-10", "hf-daily", ("daily", "Daily Papers", 2025, date(2025, 1, 10))),
    ("COLM 2025", "paperlists", ("conference", "COLM", 2025, None)),
    ("NeurIPS 2025 Papers", "listing", ("listing", "NeurIPS", 2025, None)),
    # A conference list whose year nothing gives: the conference is its own venue.
    (
        "Advances in Neural Information Processing Systems",
        "paperlists",
        ("conference", "Advances in Neural Information Processing Systems", None, None),
    ),
    # A plain listing may be named anything: no year, no venue.
    ("Reading group picks", "listing", ("listing", None, None, None)),
    ("2024 favourites", "listing", ("listing", None, 2024, None)),
    ("ICML 2023 - accepted", "listing", ("listing", "ICML", 2023, None)),
    # No such day: the year still stands.
    ("Weekly digest: 2026-02-29", "listing", ("listing", "Weekly digest", 2026, None)),
    ("Weekly digest: 2026-03-02", "listing", ("listing", "Weekly digest", 2026, date(2026, 3, 2))),
    # Numbers that are no year are not taken for one.
    ("Top 1000 papers", "listing", ("listing", None, None, None)),
]


@pytest.mark.parametrize(("name", "source_format", "expected"), CASES, ids=[c[0] for c in CASES])
def test_listing_dimension(name: str, source_format: str, expected: tuple) -> None:
    listings = pl.LazyFrame(
        {"listing_slug": ["a-slug"], "listing_name": [name], "source_format": [source_format]}
    )
    out = listing_dimension(listings).collect()
    assert out.schema == BATCH_SCHEMAS["listings"]
    row = out.row(0, named=True)
    assert (row["listing_kind"], row["venue"], row["listing_year"], row["listed_on"]) == expected

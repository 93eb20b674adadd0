"""Listings become a dimension: kind, venue, year and day, typed columns filled at load (the
listings published before are filled here by the same transform), with analytics.listings
and analytics.paper_listings v2 showing them.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-03 08:30:00.000000+00:00
"""

from collections.abc import Sequence

import polars as pl
import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0017"
down_revision: str | Sequence[str] | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = (
    sa.Column(
        "listing_kind",
        sa.Text(),
        nullable=True,
        comment="What the listing is, by the format of its records: daily (a day of Daily "
        "Papers), conference (a conference list or proceeding), leaderboard, or listing (a "
        "plain listing file).",
    ),
    sa.Column(
        "venue",
        sa.Text(),
        nullable=True,
        comment="The name before its date or year (`NeurIPS`, `Daily Papers`); a conference "
        "without a year in its name is its own venue; null for a plain listing without one.",
    ),
    sa.Column(
        "listing_year",
        sa.SmallInteger(),
        nullable=True,
        comment="The year of the listing: of its date, else the last four-digit year in its "
        "name; null when its name has neither.",
    ),
    sa.Column(
        "listed_on",
        sa.Date(),
        nullable=True,
        comment="The day of the listing, when its name ends in one (a Daily Papers day); null "
        "for a conference or a listing known by its year only.",
    ),
)

LISTING_KINDS = ("daily", "conference", "leaderboard", "listing")

# A copy of etl.transform.listings.listing_dimension as it was at this revision (a migration must
# not change when the code does): the kind by the records' format, the day, year and venue from
# the name.
_LISTING_KIND_OF_FORMAT = {
    "hf-daily": "daily",
    "paperlists": "conference",
    "pwc-api": "conference",
    "pwc-evaluation": "leaderboard",
    "listing": "listing",
    "arxiv": "listing",
}
_DATE = r"\b((?:19|20)\d{2})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\b"
_YEAR = r"\b((?:19|20)\d{2})\b"


def _venue_before(name: pl.Expr, marker: str) -> pl.Expr:
    before = name.str.replace(rf"^(.*){marker}.*$", "$1").str.strip_chars(" -_,:;|/()[]")
    return pl.when(before != "").then(before)


def listing_dimension(listings: pl.LazyFrame) -> pl.LazyFrame:
    name = pl.col("listing_name")
    listed_on = name.str.extract_all(_DATE).list.last().str.to_date("%Y-%m-%d", strict=False)
    year_in_name = name.str.extract_all(_YEAR).list.last().cast(pl.Int16)
    kind = pl.col("source_format").replace_strict(
        _LISTING_KIND_OF_FORMAT, default="listing", return_dtype=pl.String
    )
    return listings.with_columns(listing_kind=kind, listed_on=listed_on).with_columns(
        listing_year=pl.coalesce(pl.col("listed_on").dt.year().cast(pl.Int16), year_in_name),
        venue=pl.when(pl.col("listed_on").is_not_null())
        .then(_venue_before(name, _DATE))
        .when(year_in_name.is_not_null())
        .then(_venue_before(name, _YEAR))
        .when(pl.col("listing_kind") == "conference")
        .then(name),
    )


# Each published listing with the format of one of its records (the earliest format name
# when several formats list it, as a load keeps the first record's).
PUBLISHED_LISTINGS = """
SELECT DISTINCT ON (li.listing_id) li.listing_slug, li.listing_name, ps.source_format
FROM listings AS li
LEFT JOIN paper_listings AS pl USING (listing_id)
LEFT JOIN paper_sources AS ps ON ps.paper_id = pl.paper_id AND ps.source_file = pl.source_file
ORDER BY li.listing_id, ps.source_format
"""


def _fill_published_listings() -> None:
    connection = op.get_bind()
    published = connection.exec_driver_sql(PUBLISHED_LISTINGS).fetchall()
    if not published:
        return
    frame = pl.LazyFrame(
        [tuple(row) for row in published],
        schema={"listing_slug": pl.String, "listing_name": pl.String, "source_format": pl.String},
        orient="row",
    )
    connection.execute(
        sa.text(
            "UPDATE listings SET listing_kind = :listing_kind, venue = :venue, "
            "listing_year = :listing_year, listed_on = :listed_on "
            "WHERE listing_slug = :listing_slug"
        ),
        listing_dimension(frame).collect().to_dicts(),
    )


def upgrade() -> None:
    for column in COLUMNS:
        op.add_column("listings", column)
    _fill_published_listings()
    op.alter_column("listings", "listing_kind", nullable=False)
    kinds = ", ".join(f"'{kind}'" for kind in LISTING_KINDS)
    op.create_check_constraint("listing_kind_known", "listings", f"listing_kind IN ({kinds})")
    op.create_check_constraint(
        "listing_year_plausible", "listings", "listing_year BETWEEN 1900 AND 2099"
    )
    for view, version in (("analytics.listings", 1), ("analytics.paper_listings", 2)):
        for statement in view_statements(view, version):
            op.execute(statement)


def downgrade() -> None:
    op.execute("DROP VIEW analytics.listings")
    # A view cannot lose columns in place; analytics.paper_profile does not use it.
    op.execute("DROP VIEW analytics.paper_listings")
    for statement in view_statements("analytics.paper_listings", 1):
        op.execute(statement)
    for column in reversed(COLUMNS):
        op.drop_column("listings", column.name)

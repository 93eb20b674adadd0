"""Dates that show their precision and links counted per repository: analytics.paper_overview
v5 and analytics.paper_profile v2 show published_on_precision with published_year and
published_month (null when the date is known to the year only), and paper_overview's
link_count counts distinct repositories and pages, not link rows. Listings made from a Papers
with Code `proceeding` or `conference` slug go: those slugs are ids of Papers with Code pages,
not listings (etl.extract.pwc_api no longer makes them).

Revision ID: 0024
Revises: 0026
Create Date: 2026-12-04 14:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0024"
down_revision: str | Sequence[str] | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# (view, version before, version after). Columns are added in the middle and a column changes
# meaning, so each view is dropped and created again rather than replaced.
VIEWS = (("analytics.paper_overview", 4, 5), ("analytics.paper_profile", 1, 2))

# Links of a paper to a listing that a Papers with Code API record made (the pwc-api format's
# name as stored at this revision), then the listings no other record lists a paper in.
PWC_API_LISTING_ROWS = """
SELECT pl.paper_id, pl.listing_id FROM public.paper_listings AS pl
JOIN public.paper_sources AS ps ON ps.paper_id = pl.paper_id AND ps.source_file = pl.source_file
WHERE ps.source_format = 'pwc-api'
"""
DROP_PWC_API_LISTINGS = (
    f"CREATE TEMPORARY TABLE pwc_api_listing_rows ON COMMIT DROP AS {PWC_API_LISTING_ROWS}",
    "DELETE FROM public.paper_listings AS pl USING pwc_api_listing_rows AS d "
    "WHERE pl.paper_id = d.paper_id AND pl.listing_id = d.listing_id",
    "DELETE FROM public.listings AS li WHERE li.listing_id IN "
    "(SELECT listing_id FROM pwc_api_listing_rows) AND NOT EXISTS "
    "(SELECT 1 FROM public.paper_listings AS pl WHERE pl.listing_id = li.listing_id)",
    "DROP TABLE pwc_api_listing_rows",
)


# Papers with Code records make no listing: a conference listing is a conference list's.
LISTING_KIND_COMMENTS = (
    "What the listing is, by the format of its records: daily (a day of Daily Papers), "
    "conference (a conference list or proceeding), leaderboard, or listing (a plain listing "
    "file).",
    "What the listing is, by the format of its records: daily (a day of Daily Papers), "
    "conference (a conference list), leaderboard, or listing (a plain listing file).",
)


def _comment_listing_kind(version_index: int) -> None:
    op.alter_column(
        "listings",
        "listing_kind",
        comment=LISTING_KIND_COMMENTS[version_index],
        existing_type=sa.Text(),
        existing_nullable=False,
    )


def _recreate(version_index: int) -> None:
    for view, *versions in VIEWS:
        op.execute(f"DROP VIEW {view}")
        for statement in view_statements(view, versions[version_index]):
            op.execute(statement)


def upgrade() -> None:
    for statement in DROP_PWC_API_LISTINGS:
        op.execute(statement)
    _recreate(1)
    _comment_listing_kind(1)


def downgrade() -> None:
    # The Papers with Code listings dropped are not made again: a load of their files would.
    _recreate(0)
    _comment_listing_kind(0)

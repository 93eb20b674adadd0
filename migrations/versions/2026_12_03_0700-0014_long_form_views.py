"""Analytics views in long form: one row per paper and listing, tag, author and repository
link, so that BI tools group and count on them rather than on analytics.paper_overview's
joined strings. Created after the reader role, whose default privileges cover them.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-03 07:00:00.000000+00:00
"""

from collections.abc import Sequence

from alembic import op

from etl.sql_files import view_statements

revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

VIEWS = (
    "analytics.paper_listings",
    "analytics.paper_tags",
    "analytics.paper_authors",
    "analytics.paper_repositories",
)


def upgrade() -> None:
    for view in VIEWS:
        for statement in view_statements(view, 1):
            op.execute(statement)


def downgrade() -> None:
    for view in reversed(VIEWS):
        op.execute(f"DROP VIEW {view}")

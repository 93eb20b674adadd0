"""analytics.paper_profile (one row per paper with its lists) and analytics.freshness (one row:
the last publish and the last run, from analytics.runs).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-03 08:00:00.000000+00:00
"""

from collections.abc import Sequence

from alembic import op

from etl.sql_files import view_statements

revision: str = "0016"
down_revision: str | Sequence[str] | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

VIEWS = ("analytics.paper_profile", "analytics.freshness")


def upgrade() -> None:
    for view in VIEWS:
        for statement in view_statements(view, 1):
            op.execute(statement)


def downgrade() -> None:
    for view in reversed(VIEWS):
        op.execute(f"DROP VIEW {view}")

"""analytics.results_overview v9 counts minutes, hours and days among the units of what a run
costs (is_efficiency): the results rules read "trains in only 12 hours", "it takes 30 minutes
to process", "requires 1 hour of training" as results in those units. Only the view's
expression and comments change.

Revision ID: 0041
Revises: 0040
Create Date: 2026-12-06 08:00:00.000000+00:00
"""

from collections.abc import Sequence

from alembic import op

from etl.sql_files import view_statements

revision: str = "0041"
down_revision: str | Sequence[str] | None = "0040"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for sql in view_statements("analytics.results_overview", 9):
        op.execute(sql)


def downgrade() -> None:
    for sql in view_statements("analytics.results_overview", 8):
        op.execute(sql)

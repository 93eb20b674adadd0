"""analytics.results_overview v4: leaderboard values whose row names no paper stay in it
(their paper columns null), with the value's uncertainty, the precision, year and month of
the paper's date, and the row each leaderboard value came from.

Revision ID: 0029
Revises: 0027
Create Date: 2026-12-04 15:00:00.000000+00:00
"""

from collections.abc import Sequence

from alembic import op

from etl.sql_files import view_statements

revision: str = "0029"
down_revision: str | Sequence[str] | None = "0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for sql in view_statements("analytics.results_overview", 4):
        op.execute(sql)


def downgrade() -> None:
    # v4 appended columns: v3 is made again from scratch.
    op.execute("DROP VIEW analytics.results_overview")
    for sql in view_statements("analytics.results_overview", 3):
        op.execute(sql)

"""analytics.results_overview gains the paper's title, arXiv id and date, the metric and
dataset as written, the share flag and the leaderboard's entry date (v3); analytics.leaderboard
ranks scores in their metric's direction; analytics.paper_overview's joined names are null,
not '', when there are none (v4).

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-03 07:30:00.000000+00:00
"""

from collections.abc import Sequence

from alembic import op

from etl.sql_files import view_statements

revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _apply(view: str, version: int) -> None:
    for statement in view_statements(view, version):
        op.execute(statement)


def upgrade() -> None:
    _apply("analytics.results_overview", 3)  # appends columns: replaced in place
    _apply("analytics.paper_overview", 4)  # the same columns
    _apply("analytics.leaderboard", 1)


def downgrade() -> None:
    op.execute("DROP VIEW analytics.leaderboard")
    _apply("analytics.paper_overview", 3)
    # A view cannot lose columns in place.
    op.execute("DROP VIEW analytics.results_overview")
    _apply("analytics.results_overview", 2)

"""analytics.results_overview v8 appends is_efficiency: whether a result is what a run costs
or how fast it goes (its unit a cost's, GFLOPs, GB, ms, s, FPS, tokens/s, GPU hours, $; or its
metric one of etl.contracts.COST_METRICS), whatever its kind, so that a chart keeps efficiency
results apart from what a method scores. Derived in the view from each result's unit and
metric: no table changes.

Revision ID: 0038
Revises: 0037
Create Date: 2026-12-06 03:30:00.000000+00:00
"""

from collections.abc import Sequence

from alembic import op

from etl.sql_files import view_statements

revision: str = "0038"
down_revision: str | Sequence[str] | None = "0037"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for sql in view_statements("analytics.results_overview", 8):
        op.execute(sql)


def downgrade() -> None:
    # v8 appended a column: v7 is made again from scratch.
    op.execute("DROP VIEW analytics.results_overview")
    for sql in view_statements("analytics.results_overview", 7):
        op.execute(sql)

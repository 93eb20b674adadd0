"""results.metric_way: the rule that decided an abstract result's metric_text (after, before,
list_member, respective ...), so that analysts can see how each metric was decided;
results.is_efficiency: whether a result is what a run costs or how fast it goes, decided with
the metric the rules found before a metric too unsure to state is withheld; and
analytics.results_overview v10, which reads the one and shows the other.

is_efficiency is filled for the results already published as v9 read it (a cost unit, or a
metric of the cost metrics); metric_way stays null for them until they are derived again
(`etl rederive`): the way is the rules', and a migration runs none of them.

Revision ID: 0042
Revises: 0041
Create Date: 2026-12-06 14:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0042"
down_revision: str | Sequence[str] | None = "0041"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Copies of etl.schema.METRIC_WAY_COMMENT and IS_EFFICIENCY_COMMENT as this revision wrote
# them: a migration imports no code that may change.
METRIC_WAY_COMMENT = (
    "For an abstract result, the rule that decided metric_text: after (the phrase right "
    'after the number, "64% win rate"), before (right before it, "win rate of 64%"), '
    "list_member (the measure of the member before it in a list), respective (the measures "
    'named for a "respectively" list), or another rule of etl.contracts.METRIC_WAYS. Rules '
    "differ in precision, by whether the vocabulary knows the phrase "
    "(scripts/calibrate_metric_ways.py measures each; a way right less than 0.95 of the time "
    "states no metric, so it is not seen here). Null when metric_text is null, and for "
    "leaderboard results, whose metric is the leaderboard's own field; null too for abstract "
    "results published before the way was kept, until they are derived again (etl rederive)."
)
IS_EFFICIENCY_COMMENT = (
    "Whether the result is what a run costs or how fast it goes: its unit a cost's (GFLOPs, "
    "GB, ms, s, minutes, hours, days, FPS, tokens/s, GPU hours, $) or the metric the rules "
    "found one of etl.contracts.COST_METRICS (Speedup, Latency, Memory, FLOPs, ...), "
    'whatever its kind ("2.5x faster" is a ratio, "40% less memory" an improvement). Decided '
    'before a metric too unsure to state is withheld: "3x faster" is one with or without '
    "its metric."
)
# analytics.results_overview v9's is_efficiency, for the results published before this
# revision.
IS_EFFICIENCY_OF_PUBLISHED = """
UPDATE results
SET is_efficiency = coalesce(
    unit ~ '^(GB|GiB|MiB|s|ms|minutes|hours|days|FPS|tokens?/s|GPU (hours|days)|\\$)$'
    OR unit ~* 'flops$'
    OR unit ~ 'MACs?$'
    OR metric_id IN (
        SELECT metric_id FROM metrics
        WHERE metric_name IN ('Speedup', 'Throughput', 'Latency', 'Memory', 'FLOPs', 'MACs',
                              'Runtime', 'Energy', 'Monetary Cost', 'Token Usage')
    ),
    false
)
"""


def upgrade() -> None:
    op.add_column(
        "results",
        sa.Column("metric_way", sa.Text(), nullable=True, comment=METRIC_WAY_COMMENT),
    )
    op.add_column(
        "results",
        sa.Column("is_efficiency", sa.Boolean(), nullable=True, comment=IS_EFFICIENCY_COMMENT),
    )
    op.execute(IS_EFFICIENCY_OF_PUBLISHED)
    op.alter_column("results", "is_efficiency", nullable=False)
    for sql in view_statements("analytics.results_overview", 10):
        op.execute(sql)


def downgrade() -> None:
    # v10 appended a column: v9 is made again from scratch, before the columns it read go.
    op.execute("DROP VIEW analytics.results_overview")
    for sql in view_statements("analytics.results_overview", 9):
        op.execute(sql)
    op.drop_column("results", "is_efficiency")
    op.drop_column("results", "metric_way")

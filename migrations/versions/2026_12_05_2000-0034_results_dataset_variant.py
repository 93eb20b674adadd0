"""results.dataset_variant: the resolution or split an abstract result's dataset is written
with ("ImageNet 256x256" 256x256, "COCO test-dev" test-dev, "validation set" val), so that
FID at 256 and at 512 pixels, or a validation and a test-server score, are not ranked against
each other: analytics.leaderboard v5 ranks within a variant too, and the index
ix_results_leaderboard_order it walks is made again with the variant after the dataset.
analytics.results_overview v7 shows the column.

Results published before this revision keep a null variant until they are derived again
(`etl rederive`): the variant is the rules', and a migration runs none of them.

Revision ID: 0034
Revises: 0033
Create Date: 2026-12-05 20:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0034"
down_revision: str | Sequence[str] | None = "0033"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# A copy of etl.schema.DATASET_VARIANT_COMMENT as this revision wrote it: a migration imports
# no code that may change.
DATASET_VARIANT_COMMENT = (
    "For an abstract result, the resolution or split its dataset is written with (256x256 for "
    '"ImageNet 256x256" or "ImageNet-256", test-dev for "COCO test-dev", val for "the '
    'validation set"): the same dataset measured another way, so analytics.leaderboard '
    "ranks scores only within one variant. Null when none is written (a plain test set is "
    "none), when no dataset is stated, and for leaderboard results; null too for abstract "
    "results published before the variant was kept, until they are derived again (etl "
    "rederive)."
)
# A leaderboard's expressions, then the key: the order analytics.leaderboard ranks in, before
# (revision 0020's) and after this revision.
LEADERBOARD_ORDER_BEFORE = (
    "coalesce(task_tag_id, 0), dataset_id, metric_id, (scale IS NOT NULL), "
    "coalesce(CASE WHEN scale IS NULL THEN unit END, ''), rank_key"
)
LEADERBOARD_ORDER = (
    "coalesce(task_tag_id, 0), dataset_id, coalesce(dataset_variant, ''), metric_id, "
    "(scale IS NOT NULL), coalesce(CASE WHEN scale IS NULL THEN unit END, ''), rank_key"
)


def _leaderboard_order_index(order: str) -> None:
    op.execute(
        f"CREATE INDEX ix_results_leaderboard_order ON public.results ({order}) "
        "WHERE rank_key IS NOT NULL"
    )


def upgrade() -> None:
    op.add_column(
        "results",
        sa.Column("dataset_variant", sa.Text(), nullable=True, comment=DATASET_VARIANT_COMMENT),
    )
    op.drop_index("ix_results_leaderboard_order", table_name="results")
    _leaderboard_order_index(LEADERBOARD_ORDER)
    for name, version in (("analytics.leaderboard", 5), ("analytics.results_overview", 7)):
        for sql in view_statements(name, version):
            op.execute(sql)


def downgrade() -> None:
    # v5 and v7 appended a column: the versions before are made again from scratch, before
    # the column they read goes.
    for name, version in (("analytics.leaderboard", 4), ("analytics.results_overview", 6)):
        op.execute(f"DROP VIEW {name}")
        for sql in view_statements(name, version):
            op.execute(sql)
    op.drop_index("ix_results_leaderboard_order", table_name="results")
    _leaderboard_order_index(LEADERBOARD_ORDER_BEFORE)
    op.drop_column("results", "dataset_variant")

"""results.dataset_way: the rule that decided an abstract result's dataset_text (after,
opening, carried, same_metric, evaluation_dataset ...), so that analysts can see how each
dataset was decided and keep to the rules measured precise; and analytics.results_overview v5,
which shows it.

Results published before this revision keep a null way until they are derived again
(`etl rederive`): the way is the rules', and a migration runs none of them.

Revision ID: 0032
Revises: 0031
Create Date: 2026-12-04 23:30:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0032"
down_revision: str | Sequence[str] | None = "0031"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# A copy of etl.schema.DATASET_WAY_COMMENT as this revision wrote it: a migration imports no
# code that may change.
DATASET_WAY_COMMENT = (
    "For an abstract result, the rule that decided dataset_text: after (named right "
    'after the number, "73.7% on DBP15K"), opening (the sentence opens on it, "On '
    'COCO, ..."), carried (from an earlier claim close by in the same sentence), '
    "same_metric (from the abstract's last earlier claim with the same metric), "
    "evaluation_dataset (the one benchmark the abstract says it evaluates on, not "
    "named in the claim's sentence), evaluated_here (what the claim's sentence says it "
    "evaluates on), respectively_earlier (paired in order with the claims before a "
    '"respectively" list), or another rule of etl.contracts.DATASET_WAYS. Rules differ '
    "in precision (scripts/calibrate_dataset_ways.py measures each; a way right less than "
    "0.95 of the time states no dataset, so it is not seen here): filter on it to "
    "keep the surer ones. Null when dataset_text is null, and for leaderboard results, "
    "whose dataset is the leaderboard's own field; null too for abstract results "
    "published before the way was kept, until they are derived again (etl rederive)."
)


def upgrade() -> None:
    op.add_column(
        "results",
        sa.Column("dataset_way", sa.Text(), nullable=True, comment=DATASET_WAY_COMMENT),
    )
    for sql in view_statements("analytics.results_overview", 5):
        op.execute(sql)


def downgrade() -> None:
    # v5 appended a column: v4 is made again from scratch, before the column it reads goes.
    op.execute("DROP VIEW analytics.results_overview")
    for sql in view_statements("analytics.results_overview", 4):
        op.execute(sql)
    op.drop_column("results", "dataset_way")

"""Leaderboards ranked as they are read, not rewritten by every publish: results.rank_key (a
score's place in its leaderboard's order, best first, from its metric's direction) and the
index ix_results_leaderboard_order keep each leaderboard in order, and analytics.leaderboard
v3 ranks by walking it. results.leaderboard_rank, the trigger noting changed leaderboards and
etl.leaderboard_changes go: a publish re-ranked every leaderboard it touched, rewriting a
million rows at a million papers for a load that touched them all, where a score now writes
only itself.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-03 20:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import context, op

from etl.sql_files import view_statements

revision: str = "0020"
down_revision: str | Sequence[str] | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

RANK_KEY = """
CREATE FUNCTION etl.leaderboard_rank_key(
    kind text, dataset_id bigint, direction text, value double precision,
    scale double precision
) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN kind = 'score' AND dataset_id IS NOT NULL THEN
        CASE direction WHEN 'higher' THEN -coalesce(scale, value)
                       WHEN 'lower' THEN coalesce(scale, value) END
    END
$$
"""
RANK_KEY_COMMENT = (
    "A score's place in the order of its leaderboard (its task, dataset and metric, values "
    "measured alike), best first: the value compared (scale for shares, else value), "
    "negated where higher is better; analytics.leaderboard ranks scores by it. Null for "
    "other results and where the metric's direction is unknown."
)
# A leaderboard's expressions, then the key: the order analytics.leaderboard v3 ranks in.
LEADERBOARD_ORDER = (
    "coalesce(task_tag_id, 0), dataset_id, metric_id, (scale IS NOT NULL), "
    "coalesce(CASE WHEN scale IS NULL THEN unit END, ''), rank_key"
)
TRIGGERS = ("results_ranked_rows_deleted", "results_ranked_rows_updated")


def upgrade() -> None:
    op.execute(RANK_KEY)
    op.execute(
        "COMMENT ON FUNCTION etl.leaderboard_rank_key(text, bigint, text, double precision, "
        "double precision) IS 'results.rank_key of a result of this kind, dataset, metric "
        "direction, value and scale.'"
    )
    op.add_column(
        "results",
        sa.Column("rank_key", sa.Float(), nullable=True, comment=RANK_KEY_COMMENT),
    )
    op.execute(
        "UPDATE public.results AS r SET rank_key = etl.leaderboard_rank_key(r.kind, "
        "r.dataset_id, m.direction, r.value, r.scale) FROM public.metrics AS m "
        "WHERE m.metric_id = r.metric_id AND r.kind = 'score' AND r.dataset_id IS NOT NULL"
    )
    op.execute(
        f"CREATE INDEX ix_results_leaderboard_order ON public.results ({LEADERBOARD_ORDER}) "
        "WHERE rank_key IS NOT NULL"
    )
    for sql in view_statements("analytics.leaderboard", 3):
        op.execute(sql)
    for trigger in TRIGGERS:
        op.execute(f"DROP TRIGGER {trigger} ON public.results")
    op.execute("DROP FUNCTION etl.note_leaderboard_changes()")
    op.drop_table("leaderboard_changes", schema="etl")
    op.drop_column("results", "leaderboard_rank")


def downgrade() -> None:
    # Revision 0018 made what this one drops (the kept rank, the trigger and its table, view
    # v2) and ranked every score: its upgrade, frozen like this one, makes them again.
    context.script.get_revision("0018").module.upgrade()
    op.drop_index("ix_results_leaderboard_order", table_name="results")
    op.drop_column("results", "rank_key")
    op.execute(
        "DROP FUNCTION etl.leaderboard_rank_key(text, bigint, text, double precision, "
        "double precision)"
    )

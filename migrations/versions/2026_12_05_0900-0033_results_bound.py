"""results.bound: the side of value an abstract's figure is on, as the words before it say
("under 4%" <, "up to 2x" <=, "over 90%" >, "at least 30 times" >=, "about 5%" ~), so that
a bound is not read as the figure itself; and analytics.results_overview v6, which shows it.
etl.leaderboard_rank_key takes the bound: a figure stated as a bound (other than ~) gets no
rank_key, so analytics.leaderboard lists it unranked.

Results published before this revision keep a null bound until they are derived again
(`etl rederive`): the bound is the rules', and a migration runs none of them.

Revision ID: 0033
Revises: 0032
Create Date: 2026-12-05 09:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import context, op

from etl.sql_files import view_statements

revision: str = "0033"
down_revision: str | Sequence[str] | None = "0032"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Copies of etl.schema.BOUND_COMMENT and etl.contracts.RESULT_BOUNDS as this revision wrote
# them: a migration imports no code that may change.
BOUND_COMMENT = (
    "For an abstract result, the side of value the figure is on, as the words before it "
    'say: < ("under 4%", "less than", "<"), <= ("up to", "at most", "≤"), > ("over", '
    '"more than", ">"), >= ("at least", "no less than", "10+"), ~ ("about", "roughly", '
    '"~"). Null for a figure stated as it is, and for leaderboard results; null too for '
    "abstract results published before the bound was kept, until they are derived again "
    "(etl rederive). Compare or rank values only where it is null or ~."
)
BOUNDS = ("<", "<=", ">", ">=", "~")
RANK_KEY = """
CREATE FUNCTION etl.leaderboard_rank_key(
    kind text, dataset_id bigint, direction text, value double precision,
    scale double precision, bound text
) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN kind = 'score' AND dataset_id IS NOT NULL
                     AND (bound IS NULL OR bound = '~') THEN
        CASE direction WHEN 'higher' THEN -coalesce(scale, value)
                       WHEN 'lower' THEN coalesce(scale, value) END
    END
$$
"""
RANK_KEY_SIGNATURE = "text, bigint, text, double precision, double precision"
# results.rank_key's comment before and after this revision (etl.schema.RANK_KEY_COMMENT).
RANK_KEY_COMMENT_BEFORE = (
    "A score's place in the order of its leaderboard (its task, dataset and metric, values "
    "measured alike), best first: the value compared (scale for shares, else value), "
    "negated where higher is better; analytics.leaderboard ranks scores by it. Null for "
    "other results and where the metric's direction is unknown."
)
RANK_KEY_COMMENT = (
    "A score's place in the order of its leaderboard (its task, dataset and metric, values "
    "measured alike), best first: the value compared (scale for shares, else value), "
    "negated where higher is better; analytics.leaderboard ranks scores by it. Null for "
    "other results, where the metric's direction is unknown, and for a figure stated as a "
    "bound (bound other than ~: not the figure itself)."
)


def upgrade() -> None:
    op.execute(f"DROP FUNCTION etl.leaderboard_rank_key({RANK_KEY_SIGNATURE})")
    op.execute(RANK_KEY)
    op.execute(
        f"COMMENT ON FUNCTION etl.leaderboard_rank_key({RANK_KEY_SIGNATURE}, text) IS "
        "'results.rank_key of a result of this kind, dataset, metric direction, value, scale "
        "and bound (none for a figure stated as a bound other than ~).'"
    )
    op.add_column("results", sa.Column("bound", sa.Text(), nullable=True, comment=BOUND_COMMENT))
    op.create_check_constraint(
        op.f("ck_results_bound_known"),
        "results",
        "bound IN (" + ", ".join(f"'{b}'" for b in BOUNDS) + ")",
    )
    op.alter_column(
        "results",
        "rank_key",
        existing_type=sa.Float(),
        existing_nullable=True,
        comment=RANK_KEY_COMMENT,
        existing_comment=RANK_KEY_COMMENT_BEFORE,
    )
    for sql in view_statements("analytics.results_overview", 6):
        op.execute(sql)


def downgrade() -> None:
    # v6 appended a column: v5 is made again from scratch, before the column it reads goes.
    op.execute("DROP VIEW analytics.results_overview")
    for sql in view_statements("analytics.results_overview", 5):
        op.execute(sql)
    op.alter_column(
        "results",
        "rank_key",
        existing_type=sa.Float(),
        existing_nullable=True,
        comment=RANK_KEY_COMMENT_BEFORE,
        existing_comment=RANK_KEY_COMMENT,
    )
    op.drop_constraint(op.f("ck_results_bound_known"), "results", type_="check")
    op.drop_column("results", "bound")
    op.execute(f"DROP FUNCTION etl.leaderboard_rank_key({RANK_KEY_SIGNATURE}, text)")
    # Revision 0020 made the function without the bound: its text, frozen there, again.
    op.execute(context.script.get_revision("0020").module.RANK_KEY)
    op.execute(
        f"COMMENT ON FUNCTION etl.leaderboard_rank_key({RANK_KEY_SIGNATURE}) IS "
        "'results.rank_key of a result of this kind, dataset, metric direction, value and "
        "scale.'"
    )

"""Leaderboard ranks kept by publish: results.leaderboard_rank, ranked again by every publish
for the leaderboards its changes touch (sql/publish/leaderboard_ranks.sql), with a trigger on
results noting in etl.leaderboard_changes the leaderboards of the ranked rows a statement
deleted or updated; analytics.leaderboard v2 reads the kept rank. At a million papers v1's
window over every score took 3.4 s for a first page of the view.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-03 09:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0018"
down_revision: str | Sequence[str] | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The rows as they were before a DELETE or UPDATE statement on results: the leaderboards of
# those that were ranked. Statement-level, and ALWAYS: a bulk publish writes results with
# session_replication_role = replica, under which ordinary triggers do not fire.
NOTE_CHANGES = """
CREATE FUNCTION etl.note_leaderboard_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO etl.leaderboard_changes (task_key, dataset_id, metric_id, on_scale, unit_key)
    SELECT DISTINCT coalesce(task_tag_id, 0), dataset_id, metric_id, scale IS NOT NULL,
           coalesce(CASE WHEN scale IS NULL THEN unit END, '')
    FROM rows_before
    WHERE leaderboard_rank IS NOT NULL;
    RETURN NULL;
END
$$
"""
TRIGGERS = {"results_ranked_rows_deleted": "DELETE", "results_ranked_rows_updated": "UPDATE"}

# Every score ranked once, in its metric's direction, within its task, dataset and metric
# measured alike (what publish then kept current, from a statement it has since dropped: a
# migration carries its own copy).
RANK_EVERY_SCORE = """
WITH ranked AS (
    SELECT r.result_id,
           CASE m.direction
               WHEN 'higher' THEN rank() OVER (
                   PARTITION BY coalesce(r.task_tag_id, 0), r.dataset_id, r.metric_id,
                                r.scale IS NOT NULL,
                                coalesce(CASE WHEN r.scale IS NULL THEN r.unit END, '')
                   ORDER BY coalesce(r.scale, r.value) DESC)
               WHEN 'lower' THEN rank() OVER (
                   PARTITION BY coalesce(r.task_tag_id, 0), r.dataset_id, r.metric_id,
                                r.scale IS NOT NULL,
                                coalesce(CASE WHEN r.scale IS NULL THEN r.unit END, '')
                   ORDER BY coalesce(r.scale, r.value) ASC)
           END AS leaderboard_rank
    FROM public.results AS r
    JOIN public.metrics AS m USING (metric_id)
    WHERE r.kind = 'score' AND r.dataset_id IS NOT NULL
)
UPDATE public.results AS r
SET leaderboard_rank = ranked.leaderboard_rank
FROM ranked
WHERE r.result_id = ranked.result_id
  AND r.leaderboard_rank IS DISTINCT FROM ranked.leaderboard_rank
"""


def upgrade() -> None:
    op.add_column(
        "results",
        sa.Column(
            "leaderboard_rank",
            sa.BigInteger(),
            nullable=True,
            comment="A score's rank among the scores of its task, dataset and metric measured "
            "alike (shares on their scale, other values in one unit), in the metric's "
            "direction (1 = best; ties share a rank); kept current by every publish for the "
            "leaderboards its changes touch; null for other results and where the direction "
            "is unknown.",
        ),
    )
    op.create_table(
        "leaderboard_changes",
        sa.Column(
            "task_key",
            sa.BigInteger(),
            nullable=False,
            comment="The leaderboard's task: results.task_tag_id, 0 for none.",
        ),
        sa.Column("dataset_id", sa.BigInteger(), nullable=False, comment="Its dataset."),
        sa.Column("metric_id", sa.BigInteger(), nullable=False, comment="Its metric."),
        sa.Column(
            "on_scale",
            sa.Boolean(),
            nullable=False,
            comment="Whether its values are shares on a scale (else values in one unit).",
        ),
        sa.Column(
            "unit_key",
            sa.Text(),
            nullable=False,
            comment="Their unit when not shares; '' for none.",
        ),
        schema="etl",
        comment="Leaderboards a publish changed rows of by deleting or updating them, noted by "
        "a trigger on results from the rows as they were, so that the publish ranks them "
        "again (see results.leaderboard_rank); emptied by the same transaction.",
    )
    op.execute(NOTE_CHANGES)
    for trigger, event in TRIGGERS.items():
        op.execute(
            f"CREATE TRIGGER {trigger} AFTER {event} ON public.results "
            "REFERENCING OLD TABLE AS rows_before FOR EACH STATEMENT "
            "EXECUTE FUNCTION etl.note_leaderboard_changes()"
        )
        op.execute(f"ALTER TABLE public.results ENABLE ALWAYS TRIGGER {trigger}")
    op.execute(RANK_EVERY_SCORE)
    for sql in view_statements("analytics.leaderboard", 2):
        op.execute(sql)


def downgrade() -> None:
    for sql in view_statements("analytics.leaderboard", 1):
        op.execute(sql.replace("CREATE VIEW", "CREATE OR REPLACE VIEW", 1))
    for trigger in TRIGGERS:
        op.execute(f"DROP TRIGGER {trigger} ON public.results")
    op.execute("DROP FUNCTION etl.note_leaderboard_changes()")
    op.drop_table("leaderboard_changes", schema="etl")
    op.drop_column("results", "leaderboard_rank")

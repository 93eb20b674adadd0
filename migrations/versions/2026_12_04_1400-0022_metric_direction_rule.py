"""Metrics say how their direction was decided (metrics.direction_rule): from the vocabulary,
from a parametrised family (Hits@k), or from the head word of the name (Validation AUC by
AUC), which gives a direction to the leaderboard columns the vocabulary does not list.

A direction published before this revision came from the vocabulary or from a family: a
name of a family is said to be the family's, any other the vocabulary's (a curated name of
a family, Top-1 Error, is the vocabulary's again from the next load, which stages every
curated metric).

Revision ID: 0022
Revises: 0023
Create Date: 2026-12-04 14:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | Sequence[str] | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DIRECTION_RULE_COMMENT = (
    'How the direction was decided: vocabulary (etl/vocab/metrics.csv); family "<prefix>" (a '
    'parametrised family, family "Hits@"; Top-k is lower-better when its name says Error); '
    'head word "<word>" (the word of the name that says what kind of measure it is: '
    'Validation AUC by head word "AUC", ANS-EM by "exact match"; etl/vocab/metric_names.py). '
    "Null when the direction is unknown."
)
# The families that gave directions before this revision, by the prefix of their names
# (etl.transform.results.FAMILY_FACTS as it was).
FAMILY_PREFIXES = (
    "Top-", "Hits@", "Recall@", "Precision@", "NDCG@", "MAP@", "MRR@", "Accuracy@",
    "Success@", "pass@", "pass^",
)  # fmt: skip


def upgrade() -> None:
    op.add_column(
        "metrics",
        sa.Column("direction_rule", sa.Text(), nullable=True, comment=DIRECTION_RULE_COMMENT),
    )
    prefix = "substring(metric_name FROM '^(Top-|[A-Za-z]+[@^])')"
    families = ", ".join(f"'{family}'" for family in FAMILY_PREFIXES)
    op.execute(
        f"UPDATE metrics SET direction_rule = CASE WHEN {prefix} IN ({families}) "
        f"THEN format('family \"%s\"', {prefix}) ELSE 'vocabulary' END "
        "WHERE direction IS NOT NULL"
    )
    op.create_check_constraint(
        "direction_rule_iff_direction", "metrics", "(direction IS NULL) = (direction_rule IS NULL)"
    )


def downgrade() -> None:
    op.drop_constraint(op.f("ck_metrics_direction_rule_iff_direction"), "metrics", type_="check")
    op.drop_column("metrics", "direction_rule")

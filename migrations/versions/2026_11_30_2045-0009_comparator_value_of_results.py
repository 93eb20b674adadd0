"""Results carry their comparator's number and unit (results.comparator_value, comparator_unit),
so that a gain can be checked against the baseline it was measured from.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-30 20:45:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "results",
        sa.Column(
            "comparator_value",
            sa.Double(),
            nullable=True,
            comment='The number of the comparator, when it is written with one (54.7 for "54.7% by TransE", 41.2 for "from 41.2% to 50.3%"); else null.',
        ),
    )
    op.add_column(
        "results",
        sa.Column(
            "comparator_unit",
            sa.Text(),
            nullable=True,
            comment="The unit of comparator_value: as written with it, else the result's own unit when the result is a score; null when unknown.",
        ),
    )


def downgrade() -> None:
    op.drop_column("results", "comparator_unit")
    op.drop_column("results", "comparator_value")

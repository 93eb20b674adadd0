"""The comment of etl.runs.row_counts names the deletes it has held since rules could change
(rows a record no longer gives are deleted at publish).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01 23:30:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ROW_COUNTS = "Per table: rows staged, inserted, updated and deleted by this run."
ROW_COUNTS_BEFORE = "Per table: rows staged, inserted and updated by this run."


def _comment(comment: str, existing: str) -> None:
    op.alter_column(
        "runs",
        "row_counts",
        schema="etl",
        comment=comment,
        existing_comment=existing,
        existing_type=JSONB(),
        existing_nullable=False,
        existing_server_default=sa.text("'{}'::jsonb"),
    )


def upgrade() -> None:
    _comment(ROW_COUNTS, ROW_COUNTS_BEFORE)


def downgrade() -> None:
    _comment(ROW_COUNTS_BEFORE, ROW_COUNTS)

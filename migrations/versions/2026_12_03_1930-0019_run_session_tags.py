"""Runs record the tag their database sessions carry (etl.runs.session_tag), so that a load
which finds an earlier run dead can end the sessions that run left at work.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-03 19:30:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | Sequence[str] | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "runs",
        sa.Column(
            "session_tag",
            sa.Text(),
            nullable=True,
            comment="The tag ending the application_name of the run's database sessions "
            "(`paperhouse <tag>`, `paperhouse-gate <tag>`): how a later load finds the "
            "sessions of this run still at work after it died, to end them. Null for runs "
            "before it was kept.",
        ),
        schema="etl",
    )


def downgrade() -> None:
    op.drop_column("runs", "session_tag", schema="etl")

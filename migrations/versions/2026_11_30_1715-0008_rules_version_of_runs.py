"""Runs record the version of the rules that derived what they published (etl.runs.rules_version),
so that a database derived by older rules can say so; runs of `etl rederive` are commands too.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-30 17:15:27.833270+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "runs",
        sa.Column(
            "rules_version",
            sa.Text(),
            nullable=True,
            comment="Digest of the rules (transform modules and vocabularies) that derived the run's links, results, tags and method names; rows published under another version change with `etl rederive`. Null for runs before it was kept.",
        ),
        schema="etl",
    )
    op.alter_column(
        "runs",
        "command",
        existing_type=sa.TEXT(),
        comment="What was run: load (input files) or rederive (links, results, tags and method names derived again from what is published).",
        existing_comment="What was run, e.g. `load`.",
        existing_nullable=False,
        schema="etl",
    )


def downgrade() -> None:
    op.alter_column(
        "runs",
        "command",
        existing_type=sa.TEXT(),
        comment="What was run, e.g. `load`.",
        existing_comment="What was run: load (input files) or rederive (links, results, tags and method names derived again from what is published).",
        existing_nullable=False,
        schema="etl",
    )
    op.drop_column("runs", "rules_version", schema="etl")

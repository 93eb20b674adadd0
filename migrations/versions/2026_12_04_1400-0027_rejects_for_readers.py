"""Readers see why something is missing: analytics.rejects, the quarantine without the raw
input it quotes, which the paperhouse_reader role reads (default privileges on the analytics
schema, migration 0013, grant it). etl.rejects gains the source's own id of the record
(source_record_id) and, for a record a quality check set aside, the check (check_name).

Rejects recorded before keep both null, except the check of a check.<table> reject, which
its reason names ("<table>: <check>; not so for <value>").

Revision ID: 0027
Revises: 0028
Create Date: 2026-12-04 14:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0027"
down_revision: str | Sequence[str] | None = "0028"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "rejects",
        sa.Column(
            "source_record_id",
            sa.Text(),
            nullable=True,
            comment="The source's own id of the record (arXiv id, OpenReview id, a "
            "leaderboard row's JSON Pointer), when the record gives one; null for a record "
            "too broken to say and for whole files.",
        ),
        schema="etl",
    )
    op.add_column(
        "rejects",
        sa.Column(
            "check_name",
            sa.Text(),
            nullable=True,
            comment="The quality check the record failed, for rules check.<table>; null for "
            "the others.",
        ),
        schema="etl",
    )
    op.execute(
        "UPDATE etl.rejects SET check_name = substring(reason FROM "
        "'^[a-z_]+: (.*?); not so for ') WHERE rule LIKE 'check.%'"
    )
    for statement in view_statements("analytics.rejects", 1):
        op.execute(statement)


def downgrade() -> None:
    op.execute("DROP VIEW analytics.rejects")
    op.drop_column("rejects", "check_name", schema="etl")
    op.drop_column("rejects", "source_record_id", schema="etl")

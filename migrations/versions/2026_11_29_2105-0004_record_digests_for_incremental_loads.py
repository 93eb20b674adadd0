"""Record digests on paper_sources, so that a new version of a loaded file publishes only
the records that changed.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29 21:05:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SHA256_BEFORE = "sha256 of the file version the record was read from."
SHA256_AFTER = (
    "sha256 of the file version the record was read from (a record found unchanged in a "
    "later version of the file keeps the version it was first read from)."
)


def upgrade() -> None:
    op.add_column(
        "paper_sources",
        sa.Column(
            "record_digest",
            sa.Text(),
            nullable=True,
            comment="Digest of what the record says (every field read, its place aside): when a new version of the file is loaded, a record with the same digest at the same place is skipped as unchanged. Null for records loaded before digests were kept.",
        ),
    )
    op.alter_column(
        "paper_sources",
        "source_sha256",
        existing_type=sa.Text(),
        existing_nullable=False,
        comment=SHA256_AFTER,
        existing_comment=SHA256_BEFORE,
    )


def downgrade() -> None:
    op.alter_column(
        "paper_sources",
        "source_sha256",
        existing_type=sa.Text(),
        existing_nullable=False,
        comment=SHA256_BEFORE,
        existing_comment=SHA256_AFTER,
    )
    op.drop_column("paper_sources", "record_digest")

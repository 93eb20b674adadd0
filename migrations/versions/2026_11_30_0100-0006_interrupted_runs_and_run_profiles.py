"""Runs can be `interrupted`: a load that died (killed, or its database connection lost)
cannot record its own end; the next load, once it holds the load lock, marks it so. A
published run keeps a profile (abstracts, results per kind) for the next run's
distribution checks.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30 01:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_STATUSES_BEFORE = ("running", "published", "blocked", "failed", "skipped")
_COMMENT_BEFORE = (
    "running, published (changes visible), blocked (a critical check failed), failed (bad "
    "input or an error; nothing published) or skipped (every input file was already loaded)."
)
_COMMENT_AFTER = (
    "running, published (changes visible), blocked (a critical check failed), failed (bad "
    "input or an error; nothing published), skipped (every input file was already loaded) or "
    "interrupted (the process died or lost its connection; nothing published)."
)

_PROFILE_COMMENT = (
    "Of a published run, what the next run's distribution checks compare with: staged papers "
    "with an abstract (abstracts) and results found in abstracts per kind "
    "(abstract_results_by_kind)."
)


def _statuses(statuses: tuple[str, ...], comment: str, previous_comment: str) -> None:
    allowed = ", ".join(f"'{status}'" for status in statuses)
    op.execute("ALTER TABLE etl.runs DROP CONSTRAINT ck_runs_status_known")
    op.execute(
        f"ALTER TABLE etl.runs ADD CONSTRAINT ck_runs_status_known CHECK (status IN ({allowed}))"
    )
    op.alter_column(
        "runs",
        "status",
        existing_type=sa.TEXT(),
        comment=comment,
        existing_comment=previous_comment,
        existing_nullable=False,
        schema="etl",
    )


def upgrade() -> None:
    _statuses((*_STATUSES_BEFORE, "interrupted"), _COMMENT_AFTER, _COMMENT_BEFORE)
    op.add_column(
        "runs",
        sa.Column(
            "profile",
            postgresql.JSONB(astext_type=sa.Text()),
            nullable=True,
            comment=_PROFILE_COMMENT,
        ),
        schema="etl",
    )


def downgrade() -> None:
    op.drop_column("runs", "profile", schema="etl")
    op.execute(
        "UPDATE etl.runs SET status = 'failed', error = coalesce(error, 'interrupted') "
        "WHERE status = 'interrupted'"
    )
    _statuses(_STATUSES_BEFORE, _COMMENT_BEFORE, _COMMENT_AFTER)

"""Papers name what they introduce from the title when the abstract mentions the title's
name and introduces something else by name (a part, a dataset or a benchmark of the work):
the comments of papers.method_name and method_name_origin say so.

Names already published change when the papers are loaded or rederived again.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01 09:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

METHOD_NAME = 'The name of the method, model, dataset or benchmark the paper introduces: the name its title opens with ("MALT: Improving Reasoning ...") when the abstract mentions it and introduces something else by name, else the name the abstract introduces ("we propose NeuSymEA"), else the title\'s; null when neither names one. method_name_origin says which.'
METHOD_NAME_BEFORE = 'The name of the method, model, dataset or benchmark the abstract introduces ("we propose NeuSymEA"), else the name the title opens with ("MALT: Improving Reasoning ..."); null when neither names one. method_name_origin says which.'
ORIGIN = "Where method_name was read: abstract (a clause that introduces it) or title (the one token before the title's colon, when the abstract names nothing or names something else and mentions the title's name); null when method_name is."
ORIGIN_BEFORE = "Where method_name was read: abstract (a clause that introduces it) or title (the one token before the title's colon, when the abstract names nothing); null when method_name is."


def _comment(column: str, comment: str, existing: str) -> None:
    op.alter_column(
        "papers",
        column,
        comment=comment,
        existing_comment=existing,
        existing_type=sa.Text(),
        existing_nullable=True,
    )


def upgrade() -> None:
    _comment("method_name", METHOD_NAME, METHOD_NAME_BEFORE)
    _comment("method_name_origin", ORIGIN, ORIGIN_BEFORE)


def downgrade() -> None:
    _comment("method_name", METHOD_NAME_BEFORE, METHOD_NAME)
    _comment("method_name_origin", ORIGIN_BEFORE, ORIGIN)

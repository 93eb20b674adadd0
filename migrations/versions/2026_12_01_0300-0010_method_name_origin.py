"""Papers say where their method name was read (papers.method_name_origin): the abstract, or
the title's opening token when the abstract names nothing.

Names published before this revision were all read from abstracts.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01 03:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "papers",
        sa.Column(
            "method_name_origin",
            sa.Text(),
            nullable=True,
            comment="Where method_name was read: abstract (a clause that introduces it) or title (the one token before the title's colon, when the abstract names nothing); null when method_name is.",
        ),
    )
    op.execute("UPDATE papers SET method_name_origin = 'abstract' WHERE method_name IS NOT NULL")
    op.create_check_constraint(
        "method_name_has_origin", "papers", "(method_name IS NULL) = (method_name_origin IS NULL)"
    )
    op.create_check_constraint(
        "method_name_origin_known", "papers", "method_name_origin IN ('abstract', 'title')"
    )
    op.alter_column(
        "papers",
        "method_name",
        comment='The name of the method, model, dataset or benchmark the abstract introduces ("we propose NeuSymEA"), else the name the title opens with ("MALT: Improving Reasoning ..."); null when neither names one. method_name_origin says which.',
        existing_comment='The name of the method, model, dataset or benchmark the abstract introduces ("we propose NeuSymEA"); null when it introduces none by name.',
        existing_type=sa.Text(),
        existing_nullable=True,
    )


def downgrade() -> None:
    op.alter_column(
        "papers",
        "method_name",
        comment='The name of the method, model, dataset or benchmark the abstract introduces ("we propose NeuSymEA"); null when it introduces none by name.',
        existing_comment='The name of the method, model, dataset or benchmark the abstract introduces ("we propose NeuSymEA"), else the name the title opens with ("MALT: Improving Reasoning ..."); null when neither names one. method_name_origin says which.',
        existing_type=sa.Text(),
        existing_nullable=True,
    )
    op.execute("UPDATE papers SET method_name = NULL WHERE method_name_origin = 'title'")
    op.drop_constraint(op.f("ck_papers_method_name_origin_known"), "papers", type_="check")
    op.drop_constraint(op.f("ck_papers_method_name_has_origin"), "papers", type_="check")
    op.drop_column("papers", "method_name_origin")

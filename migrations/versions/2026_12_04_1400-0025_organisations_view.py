"""analytics.paper_organizations (one row per paper and organisation), and organisation keys
as the organisation rules make them (comment of organizations.organization_key).

Rows published before keep their keys: `etl load --reload` of their files links their papers
to the organisations their names are now and removes the former ones (see README:
Organisations).

Revision ID: 0025
Revises: 0029
Create Date: 2026-12-04 14:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0025"
down_revision: str | Sequence[str] | None = "0029"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

VIEW = "analytics.paper_organizations"
KEY_COMMENT = (
    "Natural key: the name's letters and digits without accents, lowercased, without "
    '"the", "and", "at", a trailing legal form or a plural\'s s, the words run together; '
    "aliases (etl/vocab/organization_aliases.csv) take their organisation's key."
)
FORMER_KEY_COMMENT = "Natural key: the name without accents, lowercased, spaces collapsed."


def upgrade() -> None:
    op.alter_column(
        "organizations",
        "organization_key",
        comment=KEY_COMMENT,
        existing_comment=FORMER_KEY_COMMENT,
        existing_type=sa.Text(),
        existing_nullable=False,
    )
    for statement in view_statements(VIEW, 1):
        op.execute(statement)


def downgrade() -> None:
    op.execute(f"DROP VIEW {VIEW}")
    op.alter_column(
        "organizations",
        "organization_key",
        comment=FORMER_KEY_COMMENT,
        existing_comment=KEY_COMMENT,
        existing_type=sa.Text(),
        existing_nullable=False,
    )

"""paper_tags.way: how the rule tagger found a tag (title, repeated, opening, once, example,
area_of_tag, area_of_tags), so that analysts can see how each tag was decided and keep to
the surer ways; analytics.paper_tags v3 shows it.

Rule tags published before this revision keep a null way until they are derived again
(`etl rederive`): the way is the tagger's, and a migration runs none of it.

Revision ID: 0035
Revises: 0034
Create Date: 2026-12-06 00:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0035"
down_revision: str | Sequence[str] | None = "0034"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# A copy of etl.schema.TAG_WAY_COMMENT as this revision wrote it: a migration imports no code
# that may change.
TAG_WAY_COMMENT = (
    "For a rule tag, how the tagger found it: title (the paper's title names it as the "
    "abstract does), repeated (mentioned in two or more places of the abstract), opening "
    "(once, in its first two sentences), once (once, later), example (only given as an "
    "example, in a paper nothing else tags), "
    "area_of_tag (a research area brought by one of its tags, mentioned in the opening or "
    "more than once) or area_of_tags (an area two of whose tags are mentioned in passing). "
    "The ways differ in how often they are right (scripts/calibrate_tag_ways.py measures "
    "each on the judged audits, docs/calibration/tag_ways.tsv): filter on it to keep the "
    "surer ones. Null for tags from authors and sources, and for rule tags published before "
    "the way was kept, until they are derived again (etl rederive)."
)


def upgrade() -> None:
    op.add_column("paper_tags", sa.Column("way", sa.Text(), nullable=True, comment=TAG_WAY_COMMENT))
    for sql in view_statements("analytics.paper_tags", 3):
        op.execute(sql)


def downgrade() -> None:
    # v3 appended a column: v2 is made again from scratch, before the column it reads goes.
    op.execute("DROP VIEW analytics.paper_tags")
    for sql in view_statements("analytics.paper_tags", 2):
        op.execute(sql)
    op.drop_column("paper_tags", "way")

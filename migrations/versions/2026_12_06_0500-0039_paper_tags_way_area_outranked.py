"""paper_tags.way gains area_outranked: an area a paper's tags bring while another of its areas
is named by the title or by more tags mentioned twice (an NLP area an LLM brings to a vision
paper). It is not a stated way, so paper_tags.stated (computed from origin and way) leaves
such an area out of the analytics views without a change to them. Only the column's comment
changes here; `etl rederive` gives published tags the new way.

Revision ID: 0039
Revises: 0038
Create Date: 2026-12-06 05:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0039"
down_revision: str | Sequence[str] | None = "0038"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Copies of etl.schema.TAG_WAY_COMMENT as revisions 0035 and this one wrote it: a migration
# imports no code that may change.
_SHARED_TAIL = (
    "The ways differ in how often they are right (scripts/calibrate_tag_ways.py measures "
    "each on the judged audits, docs/calibration/tag_ways.tsv): filter on it to keep the "
    "surer ones. Null for tags from authors and sources, and for rule tags published before "
    "the way was kept, until they are derived again (etl rederive)."
)
_SHARED_HEAD = (
    "For a rule tag, how the tagger found it: title (the paper's title names it as the "
    "abstract does), repeated (mentioned in two or more places of the abstract), opening "
    "(once, in its first two sentences), once (once, later), example (only given as an "
    "example, in a paper nothing else tags), "
)
TAG_WAY_COMMENT_0035 = (
    _SHARED_HEAD
    + "area_of_tag (a research area brought by one of its tags, mentioned in the opening or "
    "more than once) or area_of_tags (an area two of whose tags are mentioned in passing). "
    + _SHARED_TAIL
)
TAG_WAY_COMMENT = (
    _SHARED_HEAD
    + "area_of_tag (a research area brought by one of its tags, mentioned in the opening or "
    "more than once), area_of_tags (an area two of whose tags are mentioned in passing) or "
    "area_outranked (such an area when another area of the paper's is named by the title "
    "or by more tags mentioned twice: an NLP area an LLM brings to a vision paper). " + _SHARED_TAIL
)


def _comment(new: str, old: str) -> None:
    op.alter_column(
        "paper_tags",
        "way",
        existing_type=sa.Text(),
        existing_nullable=True,
        comment=new,
        existing_comment=old,
    )


def upgrade() -> None:
    _comment(TAG_WAY_COMMENT, TAG_WAY_COMMENT_0035)


def downgrade() -> None:
    _comment(TAG_WAY_COMMENT_0035, TAG_WAY_COMMENT)

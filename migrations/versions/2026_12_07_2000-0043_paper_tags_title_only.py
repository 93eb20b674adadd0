"""paper_tags.way gains title_only: a topic the paper's title names and its abstract does not
("Monocular Depth Estimation with ..." over an abstract on depth from a single image), unless
it follows a word of means ("with", "via", "using"). The judged audits show such topics right
167 times in 175 (docs/calibration/tag_ways.tsv): above the bar, but stating them would raise
the share of stated tags wrong, so the way is not stated and paper_tags.stated (computed from
origin and way) leaves them out without a change. Only the comments of paper_tags.way and
analytics.paper_tags.way (v6) change here; `etl rederive` gives published papers their
title-only topics.

Revision ID: 0043
Revises: 0042
Create Date: 2026-12-07 20:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0043"
down_revision: str | Sequence[str] | None = "0042"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Copies of etl.schema.TAG_WAY_COMMENT as revision 0040 and this one wrote it: a migration
# imports no code that may change.
_HEAD = (
    "For a rule tag, how the tagger found it: title (the paper's title names it as the "
    "abstract does, or, for an area, names the kind of data it works on: Video, Speech, "
    "Robots), "
)
_TAIL = (
    "repeated (mentioned in two or more places of the abstract), opening "
    "(once, in its first two sentences), once (once, later), example (only given as an "
    "example, in a paper nothing else tags), "
    "area_of_tag (a research area brought by one of its tags, mentioned in the opening or "
    "more than once), area_of_tags (an area two of whose tags are mentioned in passing) or "
    "area_outranked (such an area when another area of the paper's is named by the title "
    "or by more tags mentioned twice: an NLP area an LLM brings to a vision paper). "
    "The ways differ in how often they are right (scripts/calibrate_tag_ways.py measures "
    "each on the judged audits, docs/calibration/tag_ways.tsv): filter on it to keep the "
    "surer ones. Null for tags from authors and sources, and for rule tags published before "
    "the way was kept, until they are derived again (etl rederive)."
)
TAG_WAY_COMMENT_0040 = _HEAD + _TAIL
TAG_WAY_COMMENT = (
    _HEAD + "title_only (a topic the title names and the abstract does not, not after a word "
    "of means such as with, via or using; not stated), " + _TAIL
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
    _comment(TAG_WAY_COMMENT, TAG_WAY_COMMENT_0040)
    for sql in view_statements("analytics.paper_tags", 6):
        op.execute(sql)


def downgrade() -> None:
    _comment(TAG_WAY_COMMENT_0040, TAG_WAY_COMMENT)
    for sql in view_statements("analytics.paper_tags", 5):
        op.execute(sql)

"""paper_tags.stated: whether a tag is stated as the paper's. Tags from authors and sources
are; a rule tag is when its way is title, repeated, area_of_tag or area_of_tags. A topic the
rule tagger found once (in the opening or later) or only as an example stays in paper_tags
with the words that gave it, and the analytics views and the report leave it out: the judged
audits show such tags right about three times in four, the stated ways about 19 in 20
(docs/calibration/tag_ways.tsv). A generated column: rederiving a way restates the tag.

analytics.paper_tags v4, analytics.tags v2, analytics.paper_overview v7 and
analytics.paper_profile v3 keep to stated tags. Rule tags published before their way was kept
(a null way) are stated until they are derived again (`etl rederive`).

Revision ID: 0037
Revises: 0036
Create Date: 2026-12-06 03:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0037"
down_revision: str | Sequence[str] | None = "0036"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Copies of etl.schema.TAG_STATED_COMMENT and TAG_STATED_SQL as this revision wrote them: a
# migration imports no code that may change.
TAG_STATED_COMMENT = (
    "Whether the tag is stated as the paper's: always for tags from authors and sources; for "
    "a rule tag, when its way is title, repeated, area_of_tag or area_of_tags (the ways the "
    "judged audits show right about 19 times in 20, docs/calibration/tag_ways.tsv). A topic "
    "mentioned once or only as an example is kept here with the words that gave it, but not "
    "stated: the analytics views leave it out. A rule tag published before its way was kept "
    "is stated until it is derived again (etl rederive). Computed from origin and way."
)
TAG_STATED_SQL = (
    "origin <> 'rule' OR way IS NULL OR way IN ('title', 'repeated', 'area_of_tag', 'area_of_tags')"
)
VIEWS = {
    "analytics.paper_tags": 4,
    "analytics.tags": 2,
    "analytics.paper_overview": 7,
    "analytics.paper_profile": 3,
}


def upgrade() -> None:
    op.add_column(
        "paper_tags",
        sa.Column(
            "stated",
            sa.Boolean(),
            sa.Computed(TAG_STATED_SQL, persisted=True),
            nullable=False,
            comment=TAG_STATED_COMMENT,
        ),
    )
    for view, version in VIEWS.items():
        for sql in view_statements(view, version):
            op.execute(sql)


def downgrade() -> None:
    # The earlier versions read no `stated`; two of them were written as CREATE VIEW.
    op.execute("DROP VIEW analytics.tags")
    op.execute("DROP VIEW analytics.paper_profile")
    for view, version in VIEWS.items():
        for sql in view_statements(view, version - 1):
            op.execute(sql)
    op.drop_column("paper_tags", "stated")

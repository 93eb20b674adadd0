"""papers.method_name_way: how a paper's method name was read (title, or in the abstract
introduced, named, appositive, our_artefact, our_proposed), so that analysts can see how each
name was decided; analytics.paper_overview v6 shows it.

Names read from the title get their way here; names from an abstract published before this
revision keep a null way until they are derived again (`etl rederive`): the way is the
rules', and a migration runs none of them.

Revision ID: 0036
Revises: 0035
Create Date: 2026-12-06 00:30:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0036"
down_revision: str | Sequence[str] | None = "0035"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# A copy of etl.schema.METHOD_NAME_WAY_COMMENT as this revision wrote it: a migration imports
# no code that may change.
METHOD_NAME_WAY_COMMENT = (
    "How method_name was read: title (the one token before the title's colon), or in the "
    'abstract introduced (after an introducing verb: "we propose X"), named (after a '
    'naming word: "a model called X"), appositive ("X, a framework for ..."), '
    'our_artefact ("our framework X") or our_proposed ("our proposed X"). The ways '
    "differ in how often they are right (scripts/calibrate_method_name_ways.py measures "
    "each on the judged audits, docs/calibration/method_name_ways.tsv). Null when "
    "method_name is, and for names from an abstract published before the way was kept, "
    "until they are derived again (etl rederive)."
)
WAYS = ("title", "introduced", "named", "appositive", "our_artefact", "our_proposed")


def upgrade() -> None:
    op.add_column(
        "papers",
        sa.Column("method_name_way", sa.Text(), nullable=True, comment=METHOD_NAME_WAY_COMMENT),
    )
    op.execute("UPDATE papers SET method_name_way = 'title' WHERE method_name_origin = 'title'")
    op.create_check_constraint(
        "method_name_way_known",
        "papers",
        "method_name_way IN ({})".format(", ".join(f"'{way}'" for way in WAYS)),
    )
    op.create_check_constraint(
        "method_name_way_has_name", "papers", "method_name_way IS NULL OR method_name IS NOT NULL"
    )
    for sql in view_statements("analytics.paper_overview", 6):
        op.execute(sql)


def downgrade() -> None:
    # v6 appended a column: v5 is made again from scratch, before the column it reads goes.
    op.execute("DROP VIEW analytics.paper_overview")
    for sql in view_statements("analytics.paper_overview", 5):
        op.execute(sql)
    op.drop_constraint(op.f("ck_papers_method_name_way_has_name"), "papers", type_="check")
    op.drop_constraint(op.f("ck_papers_method_name_way_known"), "papers", type_="check")
    op.drop_column("papers", "method_name_way")

"""Leaderboard entries are facts of their own: a row whose paper cannot be identified is
published with its paper unknown (paper_sources.paper_id and results.paper_id null, only for
leaderboard rows), values keep their reported uncertainty (results.value_uncertainty), and
analytics.leaderboard v4 shows one row per entry however many files list it (with every
row as its sources) and the precision of the paper's date.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-04 14:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0021"
down_revision: str | Sequence[str] | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SOURCES_PAPER_COMMENT = (
    "The paper the record is about; null for a leaderboard row that names no paper "
    "paperhouse can identify (its values are published as results with no paper)."
)
EVIDENCE_COMMENT = (
    "What joined the record to its paper (null when it has none): the strongest kind of "
    "identifier it shares with the paper's other records or known identifiers (arxiv_id, doi, "
    "acl_id, openreview_id, pwc_id, paper_url, title, abstract_fingerprint); for a paper's "
    "only record, its own strongest. For records published before evidence was kept, the "
    "paper's strongest identifier."
)
SOURCES_COMMENT = (
    "Provenance: every source record behind a paper, so each field can be traced (and every "
    "leaderboard row, its paper known or not)."
)
RESULTS_PAPER_COMMENT = (
    "The paper that reports it; null for a leaderboard value whose row names no paper "
    "paperhouse can identify."
)
UNCERTAINTY_COMMENT = (
    "The uncertainty reported with the value (0.3 for 81.2 ± 0.3), in the value's unit; null "
    "when none is given."
)


def upgrade() -> None:
    op.alter_column("paper_sources", "paper_id", nullable=True, comment=SOURCES_PAPER_COMMENT)
    op.alter_column("paper_sources", "match_evidence", nullable=True, comment=EVIDENCE_COMMENT)
    op.create_check_constraint(
        "paper_unknown_only_for_leaderboard_rows",
        "paper_sources",
        "paper_id IS NOT NULL OR source_format = 'pwc-evaluation'",
    )
    op.create_check_constraint(
        "match_evidence_iff_paper", "paper_sources", "(paper_id IS NULL) = (match_evidence IS NULL)"
    )
    op.create_index(
        "ix_paper_sources_paper_unknown",
        "paper_sources",
        ["changed_run_id"],
        postgresql_where=sa.text("paper_id IS NULL"),
    )
    op.create_table_comment("paper_sources", SOURCES_COMMENT)
    op.alter_column("results", "paper_id", nullable=True, comment=RESULTS_PAPER_COMMENT)
    op.add_column(
        "results",
        sa.Column("value_uncertainty", sa.Double(), nullable=True, comment=UNCERTAINTY_COMMENT),
    )
    op.create_check_constraint(
        "paper_unknown_only_for_leaderboards",
        "results",
        "paper_id IS NOT NULL OR origin = 'leaderboard'",
    )
    op.create_index(
        "ix_results_paper_unknown",
        "results",
        ["changed_run_id"],
        postgresql_where=sa.text("paper_id IS NULL"),
    )
    # v4 adds columns in the middle of v3's: a view is replaced in place only when its
    # columns are kept in order.
    op.execute("DROP VIEW analytics.leaderboard")
    for sql in view_statements("analytics.leaderboard", 4):
        op.execute(sql)


def downgrade() -> None:
    op.execute("DROP VIEW analytics.leaderboard")
    for sql in view_statements("analytics.leaderboard", 3):
        op.execute(sql)
    # Entries of unknown papers have no place in the schema before.
    op.execute("DELETE FROM public.results WHERE paper_id IS NULL")
    op.execute("DELETE FROM public.paper_sources WHERE paper_id IS NULL")
    op.drop_index("ix_results_paper_unknown", table_name="results")
    op.drop_constraint("ck_results_paper_unknown_only_for_leaderboards", "results")
    op.drop_column("results", "value_uncertainty")
    op.alter_column("results", "paper_id", nullable=False, comment="The paper that reports it.")
    op.drop_index("ix_paper_sources_paper_unknown", table_name="paper_sources")
    op.drop_constraint("ck_paper_sources_match_evidence_iff_paper", "paper_sources")
    op.drop_constraint("ck_paper_sources_paper_unknown_only_for_leaderboard_rows", "paper_sources")
    op.alter_column("paper_sources", "match_evidence", nullable=False)
    op.alter_column(
        "paper_sources", "paper_id", nullable=False, comment="The paper the record is about."
    )
    op.create_table_comment(
        "paper_sources",
        "Provenance: every source record behind a paper, so each field can be traced.",
    )

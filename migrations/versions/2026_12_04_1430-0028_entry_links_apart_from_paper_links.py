"""A leaderboard entry's links apart from its paper's: entry_repositories holds Papers with
Code's code links (an implementation of the entry's model, often a third party's) and every
link of a row whose paper is unknown, each on its row (paper_sources); the code links
published as the paper's move there. A PDF, wherever it is kept, and a paper's page on
Papers with Code are links of kind paper, not project pages.

Revision ID: 0028
Revises: 0021
Create Date: 2026-12-04 14:30:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0028"
down_revision: str | Sequence[str] | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# What repositories of kind project_page are papers (etl.transform.repos, as of this revision).
_PAPER_DOCUMENT = (
    "kind = 'project_page' AND (canonical_url ~* '\\.pdf$' "
    "OR canonical_url ~* '^https?://paperswithcode\\.com/paper(/|$)')"
)


def upgrade() -> None:
    op.create_table(
        "entry_repositories",
        sa.Column(
            "source_file", sa.Text(), nullable=False, comment="Input file of the leaderboard row."
        ),
        sa.Column(
            "record_number",
            sa.Integer(),
            nullable=False,
            comment="The row's record number in source_file (as in paper_sources).",
        ),
        sa.Column(
            "repository_id",
            sa.BigInteger(),
            sa.ForeignKey("repositories.repository_id"),
            nullable=False,
            comment="The repository or page linked to.",
        ),
        sa.Column(
            "subpath",
            sa.Text(),
            nullable=True,
            comment="Part of the link below the repository; null when the link is the "
            "repository itself.",
        ),
        sa.Column(
            "source_field",
            sa.Text(),
            nullable=False,
            comment="The row's field that gave the link: code_links, or paper_url / "
            "paper_title for a row whose paper is unknown.",
        ),
        sa.Column(
            "raw_url",
            sa.Text(),
            nullable=False,
            comment="The link as written in the source, minus sentence punctuation glued to "
            "its end.",
        ),
        sa.Column(
            "created_run_id",
            sa.BigInteger(),
            sa.ForeignKey("etl.runs.run_id"),
            nullable=False,
            comment="The load run that first published this row.",
        ),
        sa.Column(
            "changed_run_id",
            sa.BigInteger(),
            sa.ForeignKey("etl.runs.run_id"),
            nullable=False,
            comment="The load run that last inserted or changed this row.",
        ),
        sa.ForeignKeyConstraint(
            ["source_file", "record_number"],
            ["paper_sources.source_file", "paper_sources.record_number"],
            ondelete="CASCADE",
        ),
        sa.UniqueConstraint(
            "source_file",
            "record_number",
            "repository_id",
            "subpath",
            name="uq_entry_repositories_row_repository_path",
            postgresql_nulls_not_distinct=True,
        ),
        comment="Links a leaderboard row gives for its entry rather than for its paper: "
        "Papers with Code's code links (an implementation of the entry's model, often by a "
        "third party), and every link of a row whose paper is unknown. A paper's own links "
        "are in paper_repositories.",
    )
    op.create_index("ix_entry_repositories_repository_id", "entry_repositories", ["repository_id"])
    # The code links of leaderboard rows published as their papers' move to their rows.
    op.execute(
        """INSERT INTO entry_repositories (source_file, record_number, repository_id, subpath,
                                           source_field, raw_url, created_run_id,
                                           changed_run_id)
        SELECT DISTINCT ON (pr.source_file, pr.record_number, pr.repository_id, pr.subpath)
               pr.source_file, pr.record_number, pr.repository_id, pr.subpath,
               pr.source_field, pr.raw_url, pr.created_run_id, pr.changed_run_id
        FROM paper_repositories pr
        JOIN paper_sources ps USING (source_file, record_number)
        WHERE ps.source_format = 'pwc-evaluation' AND pr.source_field = 'code_links'
        ORDER BY pr.source_file, pr.record_number, pr.repository_id, pr.subpath"""
    )
    op.execute(
        """DELETE FROM paper_repositories pr USING paper_sources ps
        WHERE ps.source_file = pr.source_file AND ps.record_number = pr.record_number
          AND ps.source_format = 'pwc-evaluation' AND pr.source_field = 'code_links'"""
    )
    op.execute(f"UPDATE repositories SET kind = 'paper' WHERE {_PAPER_DOCUMENT}")


def downgrade() -> None:
    # Entry links go back to the papers of their rows (a row of no paper has none).
    op.execute(
        """INSERT INTO paper_repositories (paper_id, repository_id, subpath, origin,
                                           source_field, raw_url, source_file, record_number,
                                           created_run_id, changed_run_id)
        SELECT DISTINCT ON (ps.paper_id, e.repository_id, e.subpath)
               ps.paper_id, e.repository_id, e.subpath, 'source-field', e.source_field,
               e.raw_url, e.source_file, e.record_number, e.created_run_id, e.changed_run_id
        FROM entry_repositories e JOIN paper_sources ps USING (source_file, record_number)
        WHERE ps.paper_id IS NOT NULL
        ORDER BY ps.paper_id, e.repository_id, e.subpath, e.source_file, e.record_number
        ON CONFLICT DO NOTHING"""
    )
    op.drop_table("entry_repositories")

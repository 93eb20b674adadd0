"""Create the core schema: papers, listings, repositories, the run ledger and quarantine.

Revision ID: 0001
Revises:
Create Date: 2026-11-29 17:15:12.385550+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from etl.sql_files import view_statements

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # IF NOT EXISTS: migrations/env.py makes it first, for Alembic's version table.
    op.execute("CREATE SCHEMA IF NOT EXISTS etl")
    op.execute(
        "COMMENT ON SCHEMA etl IS 'paperhouse bookkeeping: the run ledger and the quarantine.'"
    )
    op.execute("CREATE SCHEMA analytics")
    op.execute("COMMENT ON SCHEMA analytics IS 'Views for BI tools and ad-hoc SQL.'")
    op.create_table(
        "runs",
        sa.Column(
            "run_id",
            sa.BigInteger(),
            sa.Identity(always=False),
            nullable=False,
            comment="Run identifier; published rows point at it.",
        ),
        sa.Column("command", sa.Text(), nullable=False, comment="What was run, e.g. `load`."),
        sa.Column(
            "status",
            sa.Text(),
            nullable=False,
            comment="running, published (changes visible), blocked (a critical check failed) or failed (bad input or an error; nothing published).",
        ),
        sa.Column(
            "started_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
            comment="When the run started.",
        ),
        sa.Column(
            "finished_at",
            sa.DateTime(timezone=True),
            nullable=True,
            comment="When the run ended; null while it runs.",
        ),
        sa.Column(
            "input_files",
            postgresql.JSONB(astext_type=sa.Text()),
            server_default=sa.text("'[]'::jsonb"),
            nullable=False,
            comment="Input files: path as given, sha256, size in bytes, format, records read.",
        ),
        sa.Column(
            "row_counts",
            postgresql.JSONB(astext_type=sa.Text()),
            server_default=sa.text("'{}'::jsonb"),
            nullable=False,
            comment="Per table: rows staged, inserted and updated by this run.",
        ),
        sa.Column(
            "rejected_count",
            sa.Integer(),
            server_default="0",
            nullable=False,
            comment="Records and files quarantined in etl.rejects by this run.",
        ),
        sa.Column(
            "validation",
            postgresql.JSONB(astext_type=sa.Text()),
            nullable=True,
            comment="Outcome of the quality gate: every check with table, severity, success and unexpected count.",
        ),
        sa.Column("error", sa.Text(), nullable=True, comment="Why the run failed, for people."),
        sa.Column(
            "code_version",
            sa.Text(),
            nullable=False,
            comment="paperhouse version (and git commit when known) that ran.",
        ),
        sa.CheckConstraint(
            "(finished_at IS NULL) = (status = 'running')",
            name=op.f("ck_runs_finished_when_not_running"),
        ),
        sa.CheckConstraint(
            "status IN ('running', 'published', 'blocked', 'failed')",
            name=op.f("ck_runs_status_known"),
        ),
        sa.PrimaryKeyConstraint("run_id", name=op.f("pk_runs")),
        schema="etl",
        comment="The run ledger: one row per load, whatever its outcome.",
    )
    op.create_table(
        "rejects",
        sa.Column(
            "reject_id",
            sa.BigInteger(),
            sa.Identity(always=False),
            nullable=False,
            comment="Reject identifier.",
        ),
        sa.Column(
            "run_id", sa.BigInteger(), nullable=False, comment="The run that quarantined the input."
        ),
        sa.Column("source_file", sa.Text(), nullable=False, comment="Input file, path as given."),
        sa.Column(
            "record_number",
            sa.Integer(),
            nullable=True,
            comment="1-based record ordinal in the file; null when the whole file was rejected.",
        ),
        sa.Column(
            "line_number",
            sa.Integer(),
            nullable=True,
            comment="1-based line in the file where the problem is, when known.",
        ),
        sa.Column(
            "rule",
            sa.Text(),
            nullable=False,
            comment="Machine-readable name of the rule that rejected it, e.g. file.not_utf8.",
        ),
        sa.Column("reason", sa.Text(), nullable=False, comment="What is wrong, for people."),
        sa.Column(
            "raw_snippet",
            sa.Text(),
            nullable=True,
            comment="The start of the offending input, for diagnosis.",
        ),
        sa.CheckConstraint("line_number > 0", name=op.f("ck_rejects_line_number_positive")),
        sa.CheckConstraint("record_number > 0", name=op.f("ck_rejects_record_number_positive")),
        sa.ForeignKeyConstraint(
            ["run_id"], ["etl.runs.run_id"], name=op.f("fk_rejects_run_id_runs"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("reject_id", name=op.f("pk_rejects")),
        schema="etl",
        comment="Quarantine: input files and records a run could not use, with the reason.",
    )
    op.create_index(op.f("ix_rejects_run_id"), "rejects", ["run_id"], unique=False, schema="etl")
    op.create_table(
        "listings",
        sa.Column(
            "listing_id",
            sa.BigInteger(),
            sa.Identity(always=False),
            nullable=False,
            comment="Surrogate key of the listing.",
        ),
        sa.Column(
            "listing_slug",
            sa.Text(),
            nullable=False,
            comment="Natural key: the name lowercased, runs of other characters turned into '-'.",
        ),
        sa.Column(
            "listing_name",
            sa.Text(),
            nullable=False,
            comment="Name as the source gives it, e.g. `NeurIPS 2025 Papers`.",
        ),
        sa.Column(
            "created_run_id",
            sa.BigInteger(),
            nullable=False,
            comment="The load run that first published this row.",
        ),
        sa.Column(
            "changed_run_id",
            sa.BigInteger(),
            nullable=False,
            comment="The load run that last inserted or changed this row.",
        ),
        sa.CheckConstraint(
            "listing_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'", name=op.f("ck_listings_slug_format")
        ),
        sa.ForeignKeyConstraint(
            ["changed_run_id"], ["etl.runs.run_id"], name=op.f("fk_listings_changed_run_id_runs")
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"], ["etl.runs.run_id"], name=op.f("fk_listings_created_run_id_runs")
        ),
        sa.PrimaryKeyConstraint("listing_id", name=op.f("pk_listings")),
        sa.UniqueConstraint("listing_slug", name=op.f("uq_listings_listing_slug")),
        comment="A place papers are listed: a conference, a day of Daily Papers, a reading list.",
    )
    op.create_table(
        "papers",
        sa.Column(
            "paper_id",
            sa.BigInteger(),
            sa.Identity(always=False),
            nullable=False,
            comment="Surrogate key of the paper.",
        ),
        sa.Column(
            "paper_key",
            sa.Text(),
            nullable=False,
            comment="Natural key: the strongest identifier known, e.g. abstract:<fingerprint>.",
        ),
        sa.Column(
            "abstract_fingerprint",
            sa.Text(),
            nullable=False,
            comment="sha256 (hex, first 32 digits) of the abstract lowercased with everything but letters and digits removed: equal for the same abstract in any listing.",
        ),
        sa.Column(
            "title", sa.Text(), nullable=True, comment="Title; null when no source gave one."
        ),
        sa.Column(
            "abstract",
            sa.Text(),
            nullable=False,
            comment="Clean abstract: LaTeX resolved, whitespace collapsed. Text spans point here.",
        ),
        sa.Column(
            "abstract_source",
            sa.Text(),
            nullable=False,
            comment="The abstract exactly as the first source that published it wrote it.",
        ),
        sa.Column(
            "created_run_id",
            sa.BigInteger(),
            nullable=False,
            comment="The load run that first published this row.",
        ),
        sa.Column(
            "changed_run_id",
            sa.BigInteger(),
            nullable=False,
            comment="The load run that last inserted or changed this row.",
        ),
        sa.CheckConstraint("abstract <> ''", name=op.f("ck_papers_abstract_not_empty")),
        sa.CheckConstraint("paper_key <> ''", name=op.f("ck_papers_paper_key_not_empty")),
        sa.ForeignKeyConstraint(
            ["changed_run_id"], ["etl.runs.run_id"], name=op.f("fk_papers_changed_run_id_runs")
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"], ["etl.runs.run_id"], name=op.f("fk_papers_created_run_id_runs")
        ),
        sa.PrimaryKeyConstraint("paper_id", name=op.f("pk_papers")),
        sa.UniqueConstraint("paper_key", name=op.f("uq_papers_paper_key")),
        comment="One row per real paper, however many listings mention it.",
    )
    op.create_index(
        op.f("ix_papers_abstract_fingerprint"), "papers", ["abstract_fingerprint"], unique=False
    )
    op.create_table(
        "repositories",
        sa.Column(
            "repository_id",
            sa.BigInteger(),
            sa.Identity(always=False),
            nullable=False,
            comment="Surrogate key of the repository or page.",
        ),
        sa.Column(
            "repository_key",
            sa.Text(),
            nullable=False,
            comment="Natural key: canonical URL without scheme, lowercased (hosts treat case alike), e.g. github.com/owner/name.",
        ),
        sa.Column(
            "canonical_url",
            sa.Text(),
            nullable=False,
            comment="Canonical URL: lowercase host without www, no .git, no trailing punctuation, no sub-path (that is on the link); https except for plain pages, which keep the scheme they were given.",
        ),
        sa.Column("host", sa.Text(), nullable=False, comment="Host name, e.g. github.com."),
        sa.Column(
            "owner",
            sa.Text(),
            nullable=True,
            comment="Owning user or organisation (GitLab: the group path); null for plain pages.",
        ),
        sa.Column(
            "name",
            sa.Text(),
            nullable=True,
            comment="Repository, model, dataset, collection or space name; null for plain pages.",
        ),
        sa.Column(
            "kind",
            sa.Text(),
            nullable=False,
            comment="code, organization, model, dataset, collection, space, anonymous_review, paper or project_page.",
        ),
        sa.Column(
            "created_run_id",
            sa.BigInteger(),
            nullable=False,
            comment="The load run that first published this row.",
        ),
        sa.Column(
            "changed_run_id",
            sa.BigInteger(),
            nullable=False,
            comment="The load run that last inserted or changed this row.",
        ),
        sa.CheckConstraint(
            "canonical_url ~ '^https?://'", name=op.f("ck_repositories_canonical_url_http")
        ),
        sa.CheckConstraint(
            "kind IN ('code', 'organization', 'model', 'dataset', 'collection', 'space', 'anonymous_review', 'paper', 'project_page')",
            name=op.f("ck_repositories_kind_known"),
        ),
        sa.ForeignKeyConstraint(
            ["changed_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_repositories_changed_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_repositories_created_run_id_runs"),
        ),
        sa.PrimaryKeyConstraint("repository_id", name=op.f("pk_repositories")),
        sa.UniqueConstraint("repository_key", name=op.f("uq_repositories_repository_key")),
        comment="Code repositories, models, datasets and pages that papers link to, one row each.",
    )
    op.create_table(
        "paper_listings",
        sa.Column("paper_id", sa.BigInteger(), nullable=False, comment="The paper."),
        sa.Column(
            "listing_id", sa.BigInteger(), nullable=False, comment="The listing it appears in."
        ),
        sa.Column(
            "position",
            sa.Integer(),
            nullable=False,
            comment="1-based order of the paper in the listing's source file.",
        ),
        sa.Column("source_file", sa.Text(), nullable=False, comment="Input file, path as given."),
        sa.Column(
            "source_line",
            sa.Integer(),
            nullable=False,
            comment="1-based line of the paper's record in that file.",
        ),
        sa.Column(
            "created_run_id",
            sa.BigInteger(),
            nullable=False,
            comment="The load run that first published this row.",
        ),
        sa.Column(
            "changed_run_id",
            sa.BigInteger(),
            nullable=False,
            comment="The load run that last inserted or changed this row.",
        ),
        sa.CheckConstraint("position > 0", name=op.f("ck_paper_listings_position_positive")),
        sa.CheckConstraint("source_line > 0", name=op.f("ck_paper_listings_source_line_positive")),
        sa.ForeignKeyConstraint(
            ["changed_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_paper_listings_changed_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_paper_listings_created_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["listing_id"],
            ["listings.listing_id"],
            name=op.f("fk_paper_listings_listing_id_listings"),
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["papers.paper_id"], name=op.f("fk_paper_listings_paper_id_papers")
        ),
        sa.PrimaryKeyConstraint("paper_id", "listing_id", name=op.f("pk_paper_listings")),
        comment="Which papers appear in which listings, with their place in the source.",
    )
    op.create_index(
        op.f("ix_paper_listings_listing_id"), "paper_listings", ["listing_id"], unique=False
    )
    op.create_table(
        "paper_repositories",
        sa.Column(
            "paper_repository_id",
            sa.BigInteger(),
            sa.Identity(always=False),
            nullable=False,
            comment="Surrogate key of the link.",
        ),
        sa.Column("paper_id", sa.BigInteger(), nullable=False, comment="The paper that links."),
        sa.Column(
            "repository_id",
            sa.BigInteger(),
            nullable=False,
            comment="The repository or page linked to.",
        ),
        sa.Column(
            "subpath",
            sa.Text(),
            nullable=True,
            comment="Part of the link below the repository, e.g. tree/main/semeval25; null when the link is the repository itself.",
        ),
        sa.Column(
            "origin",
            sa.Text(),
            nullable=False,
            comment="Where the link was found: abstract (the abstract text).",
        ),
        sa.Column(
            "raw_url",
            sa.Text(),
            nullable=False,
            comment="The link as written in the source, minus sentence punctuation glued to its end.",
        ),
        sa.Column(
            "created_run_id",
            sa.BigInteger(),
            nullable=False,
            comment="The load run that first published this row.",
        ),
        sa.Column(
            "changed_run_id",
            sa.BigInteger(),
            nullable=False,
            comment="The load run that last inserted or changed this row.",
        ),
        sa.CheckConstraint(
            "origin IN ('abstract')", name=op.f("ck_paper_repositories_origin_known")
        ),
        sa.ForeignKeyConstraint(
            ["changed_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_paper_repositories_changed_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_paper_repositories_created_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["papers.paper_id"], name=op.f("fk_paper_repositories_paper_id_papers")
        ),
        sa.ForeignKeyConstraint(
            ["repository_id"],
            ["repositories.repository_id"],
            name=op.f("fk_paper_repositories_repository_id_repositories"),
        ),
        sa.PrimaryKeyConstraint("paper_repository_id", name=op.f("pk_paper_repositories")),
        sa.UniqueConstraint(
            "paper_id",
            "repository_id",
            "subpath",
            "origin",
            name=op.f("uq_paper_repositories_paper_id_repository_id_subpath_origin"),
            postgresql_nulls_not_distinct=True,
        ),
        comment="Links from papers to repositories and pages, with where they were found.",
    )
    op.create_index(
        op.f("ix_paper_repositories_repository_id"),
        "paper_repositories",
        ["repository_id"],
        unique=False,
    )

    create_paper_overview_view()


def downgrade() -> None:
    op.execute("DROP VIEW analytics.paper_overview")
    op.drop_index(op.f("ix_paper_repositories_repository_id"), table_name="paper_repositories")
    op.drop_table("paper_repositories")
    op.drop_index(op.f("ix_paper_listings_listing_id"), table_name="paper_listings")
    op.drop_table("paper_listings")
    op.drop_table("repositories")
    op.drop_index(op.f("ix_papers_abstract_fingerprint"), table_name="papers")
    op.drop_table("papers")
    op.drop_table("listings")
    op.drop_index(op.f("ix_rejects_run_id"), table_name="rejects", schema="etl")
    op.drop_table("rejects", schema="etl")
    op.drop_table("runs", schema="etl")
    op.execute("DROP SCHEMA analytics")
    # The etl schema stays: it holds Alembic's version table, which outlives every revision.


def create_paper_overview_view() -> None:
    for statement in view_statements("analytics.paper_overview", 1):
        op.execute(statement)

"""Add identifiers, source provenance, authors, organisations, leaderboard results and
incremental loads.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29 18:12:01.887679+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "authors",
        sa.Column(
            "author_id",
            sa.BigInteger(),
            sa.Identity(always=False),
            nullable=False,
            comment="Surrogate key of the author.",
        ),
        sa.Column(
            "author_key",
            sa.Text(),
            nullable=False,
            comment="Natural key: the name without accents, lowercased, spaces collapsed. Two people of one name are one row here: names are all sources give.",
        ),
        sa.Column("name", sa.Text(), nullable=False, comment="Name as first written by a source."),
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
        sa.ForeignKeyConstraint(
            ["changed_run_id"], ["etl.runs.run_id"], name=op.f("fk_authors_changed_run_id_runs")
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"], ["etl.runs.run_id"], name=op.f("fk_authors_created_run_id_runs")
        ),
        sa.PrimaryKeyConstraint("author_id", name=op.f("pk_authors")),
        sa.UniqueConstraint("author_key", name=op.f("uq_authors_author_key")),
        comment="Authors, by name.",
    )
    op.create_table(
        "loaded_files",
        sa.Column(
            "sha256",
            sa.Text(),
            nullable=False,
            comment="sha256 of the file's bytes: the same content is loaded once, whatever its name.",
        ),
        sa.Column("source_file", sa.Text(), nullable=False, comment="Path as given when loaded."),
        sa.Column("format", sa.Text(), nullable=False, comment="The format it was read as."),
        sa.Column("size_bytes", sa.BigInteger(), nullable=False, comment="Size in bytes."),
        sa.Column("records", sa.Integer(), nullable=False, comment="Records read from it."),
        sa.Column("rejected", sa.Integer(), nullable=False, comment="Records quarantined from it."),
        sa.Column("run_id", sa.BigInteger(), nullable=False, comment="The run that published it."),
        sa.ForeignKeyConstraint(
            ["run_id"], ["etl.runs.run_id"], name=op.f("fk_loaded_files_run_id_runs")
        ),
        sa.PrimaryKeyConstraint("sha256", name=op.f("pk_loaded_files")),
        schema="etl",
        comment="Input files whose content has been published: loading one again is skipped.",
    )
    op.create_table(
        "organizations",
        sa.Column(
            "organization_id",
            sa.BigInteger(),
            sa.Identity(always=False),
            nullable=False,
            comment="Surrogate key of the organisation.",
        ),
        sa.Column(
            "organization_key",
            sa.Text(),
            nullable=False,
            comment="Natural key: the name without accents, lowercased, spaces collapsed.",
        ),
        sa.Column("name", sa.Text(), nullable=False, comment="Name as first written by a source."),
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
        sa.ForeignKeyConstraint(
            ["changed_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_organizations_changed_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_organizations_created_run_id_runs"),
        ),
        sa.PrimaryKeyConstraint("organization_id", name=op.f("pk_organizations")),
        sa.UniqueConstraint("organization_key", name=op.f("uq_organizations_organization_key")),
        comment="Organisations: submitting organisations and authors' affiliations.",
    )
    op.create_table(
        "paper_authors",
        sa.Column("paper_id", sa.BigInteger(), nullable=False, comment="The paper."),
        sa.Column(
            "position",
            sa.Integer(),
            nullable=False,
            comment="1-based place of the author in the paper's author list.",
        ),
        sa.Column("author_id", sa.BigInteger(), nullable=False, comment="The author."),
        sa.Column(
            "affiliation",
            sa.Text(),
            nullable=True,
            comment="The author's affiliation on this paper, when the source gives it.",
        ),
        sa.Column(
            "source_format",
            sa.Text(),
            nullable=False,
            comment="Format of the source the author list comes from (the first in precedence order that lists authors).",
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
            "source_format IN ('arxiv', 'paperlists', 'pwc-api', 'hf-daily', 'pwc-evaluation', 'listing')",
            name=op.f("ck_paper_authors_source_format_known"),
        ),
        sa.CheckConstraint("position > 0", name=op.f("ck_paper_authors_position_positive")),
        sa.ForeignKeyConstraint(
            ["author_id"], ["authors.author_id"], name=op.f("fk_paper_authors_author_id_authors")
        ),
        sa.ForeignKeyConstraint(
            ["changed_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_paper_authors_changed_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_paper_authors_created_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["papers.paper_id"], name=op.f("fk_paper_authors_paper_id_papers")
        ),
        sa.PrimaryKeyConstraint("paper_id", "position", name=op.f("pk_paper_authors")),
        comment="Each paper's authors, in order, with affiliations. No other personal data.",
    )
    op.create_index(
        op.f("ix_paper_authors_author_id"), "paper_authors", ["author_id"], unique=False
    )
    op.create_table(
        "paper_organizations",
        sa.Column("paper_id", sa.BigInteger(), nullable=False, comment="The paper."),
        sa.Column("organization_id", sa.BigInteger(), nullable=False, comment="The organisation."),
        sa.Column(
            "origin",
            sa.Text(),
            nullable=False,
            comment="source (the source names it as the paper's organisation) or affiliation (an author's affiliation).",
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
            "origin IN ('source', 'affiliation')", name=op.f("ck_paper_organizations_origin_known")
        ),
        sa.ForeignKeyConstraint(
            ["changed_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_paper_organizations_changed_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_paper_organizations_created_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.organization_id"],
            name=op.f("fk_paper_organizations_organization_id_organizations"),
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["papers.paper_id"], name=op.f("fk_paper_organizations_paper_id_papers")
        ),
        sa.PrimaryKeyConstraint(
            "paper_id", "organization_id", "origin", name=op.f("pk_paper_organizations")
        ),
        comment="Which organisations a paper is from, and how we know.",
    )
    op.create_index(
        op.f("ix_paper_organizations_organization_id"),
        "paper_organizations",
        ["organization_id"],
        unique=False,
    )
    op.create_table(
        "paper_sources",
        sa.Column("source_file", sa.Text(), nullable=False, comment="Input file, path as given."),
        sa.Column(
            "record_number",
            sa.Integer(),
            nullable=False,
            comment="1-based ordinal of the record in that file.",
        ),
        sa.Column(
            "paper_id", sa.BigInteger(), nullable=False, comment="The paper the record is about."
        ),
        sa.Column("source_format", sa.Text(), nullable=False, comment="The format of the file."),
        sa.Column(
            "source_sha256",
            sa.Text(),
            nullable=False,
            comment="sha256 of the file version the record was read from.",
        ),
        sa.Column("line_number", sa.Integer(), nullable=True, comment="1-based line, when known."),
        sa.Column(
            "source_record_id",
            sa.Text(),
            nullable=True,
            comment="The source's own id for the record (arXiv id, OpenReview id, PwC id ...).",
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
            "source_format IN ('arxiv', 'paperlists', 'pwc-api', 'hf-daily', 'pwc-evaluation', 'listing')",
            name=op.f("ck_paper_sources_source_format_known"),
        ),
        sa.ForeignKeyConstraint(
            ["changed_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_paper_sources_changed_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_paper_sources_created_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["papers.paper_id"], name=op.f("fk_paper_sources_paper_id_papers")
        ),
        sa.PrimaryKeyConstraint("source_file", "record_number", name=op.f("pk_paper_sources")),
        comment="Provenance: every source record behind a paper, so each field can be traced.",
    )
    op.create_index(op.f("ix_paper_sources_paper_id"), "paper_sources", ["paper_id"], unique=False)
    op.add_column(
        "paper_listings",
        sa.Column(
            "upvotes",
            sa.Integer(),
            nullable=True,
            comment="Upvotes on the listing (Daily Papers), when the source counts them.",
        ),
    )
    op.add_column(
        "paper_listings",
        sa.Column(
            "comment_count",
            sa.Integer(),
            nullable=True,
            comment="Comments on the listing (Daily Papers), when the source counts them.",
        ),
    )
    op.add_column(
        "paper_listings",
        sa.Column(
            "decision",
            sa.Text(),
            nullable=True,
            comment="The venue's decision as given: Poster, Oral, Spotlight, Reject, Withdraw ...",
        ),
    )
    op.alter_column(
        "paper_listings",
        "source_line",
        existing_type=sa.INTEGER(),
        nullable=True,
        comment="1-based line of the paper's record in that file, when the format has lines.",
        existing_comment="1-based line of the paper's record in that file.",
    )
    op.add_column(
        "paper_repositories",
        sa.Column(
            "source_field",
            sa.Text(),
            nullable=True,
            comment="The source record's field that gave the link (githubRepo, projectPage, github, code_links ...); null for links found in the abstract.",
        ),
    )
    op.alter_column(
        "paper_repositories",
        "origin",
        existing_type=sa.TEXT(),
        comment="Where the link was found: abstract (the abstract text) or source-field (a field of the source record, named in source_field).",
        existing_comment="Where the link was found: abstract (the abstract text).",
        existing_nullable=False,
    )
    op.alter_column(
        "paper_tags",
        "origin",
        existing_type=sa.TEXT(),
        comment="Who said so: rule (paperhouse's tagger on the abstract), author (the paper's own keywords) or source (keywords or categories the source assigned).",
        existing_comment="Who said so: rule (paperhouse's tagger on the abstract).",
        existing_nullable=False,
    )
    op.add_column(
        "papers",
        sa.Column(
            "arxiv_id",
            sa.Text(),
            nullable=True,
            comment="arXiv identifier without version (2405.15738, hep-th/9901001).",
        ),
    )
    op.add_column(
        "papers",
        sa.Column("doi", sa.Text(), nullable=True, comment="DOI, lowercase, no resolver URL."),
    )
    op.add_column(
        "papers",
        sa.Column("openreview_id", sa.Text(), nullable=True, comment="OpenReview forum id."),
    )
    op.add_column(
        "papers",
        sa.Column(
            "pwc_id",
            sa.Text(),
            nullable=True,
            comment="Papers with Code paper id (the slug of its page).",
        ),
    )
    op.add_column(
        "papers",
        sa.Column(
            "title_key",
            sa.Text(),
            nullable=True,
            comment="The title lowercased with everything but letters and digits removed: how papers without a shared identifier are matched.",
        ),
    )
    op.add_column(
        "papers",
        sa.Column(
            "published_on",
            sa.Date(),
            nullable=True,
            comment="Publication date (first arXiv version, else the source's date).",
        ),
    )
    op.add_column(
        "papers",
        sa.Column(
            "metadata_source",
            sa.Text(),
            server_default="listing",
            nullable=False,
            comment="Format of the source whose title, abstract and date are published: the first of arxiv, paperlists, pwc-api, hf-daily, pwc-evaluation, listing that has them.",
        ),
    )
    op.alter_column(
        "papers",
        "abstract_fingerprint",
        existing_type=sa.TEXT(),
        nullable=True,
        existing_comment="sha256 (hex, first 32 digits) of the abstract lowercased with everything but letters and digits removed: equal for the same abstract in any listing.",
    )
    op.alter_column(
        "papers",
        "abstract",
        existing_type=sa.TEXT(),
        nullable=True,
        comment="Clean abstract: LaTeX resolved, whitespace collapsed. Text spans point here. Null when no source gave one.",
        existing_comment="Clean abstract: LaTeX resolved, whitespace collapsed. Text spans point here.",
    )
    op.alter_column(
        "papers",
        "abstract_source",
        existing_type=sa.TEXT(),
        nullable=True,
        comment="The abstract exactly as the source that gave it wrote it.",
        existing_comment="The abstract exactly as the first source that published it wrote it.",
    )
    op.create_index(op.f("ix_papers_title_key"), "papers", ["title_key"], unique=False)
    op.create_unique_constraint(op.f("uq_papers_arxiv_id"), "papers", ["arxiv_id"])
    op.create_unique_constraint(op.f("uq_papers_doi"), "papers", ["doi"])
    op.create_unique_constraint(op.f("uq_papers_openreview_id"), "papers", ["openreview_id"])
    op.create_unique_constraint(op.f("uq_papers_pwc_id"), "papers", ["pwc_id"])
    op.add_column(
        "results",
        sa.Column(
            "task_tag_id",
            sa.BigInteger(),
            nullable=True,
            comment="The task (a tag of kind task) of a leaderboard result; null for abstracts.",
        ),
    )
    op.add_column(
        "results",
        sa.Column(
            "model_name",
            sa.Text(),
            nullable=True,
            comment="The model a leaderboard result is for, as the leaderboard names it.",
        ),
    )
    op.alter_column(
        "results",
        "origin",
        existing_type=sa.TEXT(),
        comment="Where it was found: abstract (the paper's abstract text) or leaderboard (a structured leaderboard such as Papers with Code's evaluation tables).",
        existing_comment="Where it was found: abstract (the paper's abstract text).",
        existing_nullable=False,
    )
    op.alter_column(
        "results",
        "raw_text",
        existing_type=sa.TEXT(),
        comment="The exact text of the claim: for an abstract result the abstract's characters at the span; for a leaderboard result the value as the table wrote it.",
        existing_comment="The exact text of the claim: equals the abstract's characters at the span.",
        existing_nullable=False,
    )
    op.alter_column(
        "results",
        "span_start",
        existing_type=sa.INTEGER(),
        nullable=True,
        comment="0-based character offset in papers.abstract where raw_text starts; substr(abstract, span_start + 1, span_end - span_start) = raw_text. Null for leaderboard results.",
        existing_comment="0-based character offset in papers.abstract where raw_text starts; substr(abstract, span_start + 1, span_end - span_start) = raw_text.",
    )
    op.alter_column(
        "results",
        "span_end",
        existing_type=sa.INTEGER(),
        nullable=True,
        existing_comment="0-based character offset in papers.abstract just after raw_text.",
    )
    op.create_index(op.f("ix_results_task_tag_id"), "results", ["task_tag_id"], unique=False)
    op.create_index(
        "uq_results_leaderboard_entry",
        "results",
        ["paper_id", "task_tag_id", "dataset_id", "metric_id", "model_name"],
        unique=True,
        postgresql_where=sa.text("origin = 'leaderboard'"),
        postgresql_nulls_not_distinct=True,
    )
    op.create_foreign_key(
        op.f("fk_results_task_tag_id_tags"), "results", "tags", ["task_tag_id"], ["tag_id"]
    )
    op.alter_column(
        "tags",
        "kind",
        existing_type=sa.TEXT(),
        comment="task (Papers with Code task), area (research area), keyword (curated, or given by authors and sources) or arxiv-category (cs.LG ...).",
        existing_comment="task (Papers with Code task), area (research area) or keyword (curated).",
        existing_nullable=False,
    )
    op.alter_column(
        "runs",
        "status",
        existing_type=sa.TEXT(),
        comment="running, published (changes visible), blocked (a critical check failed), failed (bad input or an error; nothing published) or skipped (every input file was already loaded).",
        existing_comment="running, published (changes visible), blocked (a critical check failed) or failed (bad input or an error; nothing published).",
        existing_nullable=False,
        schema="etl",
    )

    replace_checks(CHECKS_AFTER)
    for view, version in (("analytics.paper_overview", 3), ("analytics.results_overview", 2)):
        for statement in view_statements(view, version):
            op.execute(statement)


def downgrade() -> None:
    # Views cannot lose columns in place: back to the previous versions.
    op.execute("DROP VIEW analytics.results_overview")
    op.execute("DROP VIEW analytics.paper_overview")
    replace_checks(CHECKS_BEFORE)
    op.alter_column(
        "runs",
        "status",
        existing_type=sa.TEXT(),
        comment="running, published (changes visible), blocked (a critical check failed) or failed (bad input or an error; nothing published).",
        existing_comment="running, published (changes visible), blocked (a critical check failed), failed (bad input or an error; nothing published) or skipped (every input file was already loaded).",
        existing_nullable=False,
        schema="etl",
    )
    op.alter_column(
        "tags",
        "kind",
        existing_type=sa.TEXT(),
        comment="task (Papers with Code task), area (research area) or keyword (curated).",
        existing_comment="task (Papers with Code task), area (research area), keyword (curated, or given by authors and sources) or arxiv-category (cs.LG ...).",
        existing_nullable=False,
    )
    op.drop_constraint(op.f("fk_results_task_tag_id_tags"), "results", type_="foreignkey")
    op.drop_index(
        "uq_results_leaderboard_entry",
        table_name="results",
        postgresql_where=sa.text("origin = 'leaderboard'"),
        postgresql_nulls_not_distinct=True,
    )
    op.drop_index(op.f("ix_results_task_tag_id"), table_name="results")
    op.alter_column(
        "results",
        "span_end",
        existing_type=sa.INTEGER(),
        nullable=False,
        existing_comment="0-based character offset in papers.abstract just after raw_text.",
    )
    op.alter_column(
        "results",
        "span_start",
        existing_type=sa.INTEGER(),
        nullable=False,
        comment="0-based character offset in papers.abstract where raw_text starts; substr(abstract, span_start + 1, span_end - span_start) = raw_text.",
        existing_comment="0-based character offset in papers.abstract where raw_text starts; substr(abstract, span_start + 1, span_end - span_start) = raw_text. Null for leaderboard results.",
    )
    op.alter_column(
        "results",
        "raw_text",
        existing_type=sa.TEXT(),
        comment="The exact text of the claim: equals the abstract's characters at the span.",
        existing_comment="The exact text of the claim: for an abstract result the abstract's characters at the span; for a leaderboard result the value as the table wrote it.",
        existing_nullable=False,
    )
    op.alter_column(
        "results",
        "origin",
        existing_type=sa.TEXT(),
        comment="Where it was found: abstract (the paper's abstract text).",
        existing_comment="Where it was found: abstract (the paper's abstract text) or leaderboard (a structured leaderboard such as Papers with Code's evaluation tables).",
        existing_nullable=False,
    )
    op.drop_column("results", "model_name")
    op.drop_column("results", "task_tag_id")
    op.drop_constraint(op.f("uq_papers_pwc_id"), "papers", type_="unique")
    op.drop_constraint(op.f("uq_papers_openreview_id"), "papers", type_="unique")
    op.drop_constraint(op.f("uq_papers_doi"), "papers", type_="unique")
    op.drop_constraint(op.f("uq_papers_arxiv_id"), "papers", type_="unique")
    op.drop_index(op.f("ix_papers_title_key"), table_name="papers")
    op.alter_column(
        "papers",
        "abstract_source",
        existing_type=sa.TEXT(),
        nullable=False,
        comment="The abstract exactly as the first source that published it wrote it.",
        existing_comment="The abstract exactly as the source that gave it wrote it.",
    )
    op.alter_column(
        "papers",
        "abstract",
        existing_type=sa.TEXT(),
        nullable=False,
        comment="Clean abstract: LaTeX resolved, whitespace collapsed. Text spans point here.",
        existing_comment="Clean abstract: LaTeX resolved, whitespace collapsed. Text spans point here. Null when no source gave one.",
    )
    op.alter_column(
        "papers",
        "abstract_fingerprint",
        existing_type=sa.TEXT(),
        nullable=False,
        existing_comment="sha256 (hex, first 32 digits) of the abstract lowercased with everything but letters and digits removed: equal for the same abstract in any listing.",
    )
    op.drop_column("papers", "metadata_source")
    op.drop_column("papers", "published_on")
    op.drop_column("papers", "title_key")
    op.drop_column("papers", "pwc_id")
    op.drop_column("papers", "openreview_id")
    op.drop_column("papers", "doi")
    op.drop_column("papers", "arxiv_id")
    op.alter_column(
        "paper_tags",
        "origin",
        existing_type=sa.TEXT(),
        comment="Who said so: rule (paperhouse's tagger on the abstract).",
        existing_comment="Who said so: rule (paperhouse's tagger on the abstract), author (the paper's own keywords) or source (keywords or categories the source assigned).",
        existing_nullable=False,
    )
    op.alter_column(
        "paper_repositories",
        "origin",
        existing_type=sa.TEXT(),
        comment="Where the link was found: abstract (the abstract text).",
        existing_comment="Where the link was found: abstract (the abstract text) or source-field (a field of the source record, named in source_field).",
        existing_nullable=False,
    )
    op.drop_column("paper_repositories", "source_field")
    op.alter_column(
        "paper_listings",
        "source_line",
        existing_type=sa.INTEGER(),
        nullable=False,
        comment="1-based line of the paper's record in that file.",
        existing_comment="1-based line of the paper's record in that file, when the format has lines.",
    )
    op.drop_column("paper_listings", "decision")
    op.drop_column("paper_listings", "comment_count")
    op.drop_column("paper_listings", "upvotes")
    op.drop_index(op.f("ix_paper_sources_paper_id"), table_name="paper_sources")
    op.drop_table("paper_sources")
    op.drop_index(op.f("ix_paper_organizations_organization_id"), table_name="paper_organizations")
    op.drop_table("paper_organizations")
    op.drop_index(op.f("ix_paper_authors_author_id"), table_name="paper_authors")
    op.drop_table("paper_authors")
    op.drop_table("organizations")
    op.drop_table("loaded_files", schema="etl")
    op.drop_table("authors")
    for view, version in (("analytics.paper_overview", 2), ("analytics.results_overview", 1)):
        for statement in view_statements(view, version):
            op.execute(statement)


# Check constraints whose allowed values this revision widens, and new ones:
# (table, constraint, condition before or None, condition after).
_CHECKS = [
    ("etl.runs", "ck_runs_status_known",
     "status IN ('running', 'published', 'blocked', 'failed')",
     "status IN ('running', 'published', 'blocked', 'failed', 'skipped')"),
    ("paper_repositories", "ck_paper_repositories_origin_known",
     "origin IN ('abstract')", "origin IN ('abstract', 'source-field')"),
    ("paper_repositories", "ck_paper_repositories_source_field_iff_origin",
     None, "(origin = 'source-field') = (source_field IS NOT NULL)"),
    ("results", "ck_results_origin_known",
     "origin IN ('abstract')", "origin IN ('abstract', 'leaderboard')"),
    ("results", "ck_results_span_iff_abstract",
     None, "(origin = 'abstract') = (span_start IS NOT NULL AND span_end IS NOT NULL)"),
    ("tags", "ck_tags_kind_known",
     "kind IN ('task', 'area', 'keyword')",
     "kind IN ('task', 'area', 'keyword', 'arxiv-category')"),
    ("paper_tags", "ck_paper_tags_origin_known",
     "origin IN ('rule')", "origin IN ('rule', 'author', 'source')"),
    ("papers", "ck_papers_has_title_or_abstract",
     None, "title IS NOT NULL OR abstract IS NOT NULL"),
    ("papers", "ck_papers_metadata_source_known",
     None, "metadata_source IN ('arxiv', 'paperlists', 'pwc-api', 'hf-daily', "
     "'pwc-evaluation', 'listing')"),
]  # fmt: skip
CHECKS_BEFORE = [(table, name, before) for table, name, before, _ in _CHECKS]
CHECKS_AFTER = [(table, name, after) for table, name, _, after in _CHECKS]


def replace_checks(checks: list[tuple[str, str, str | None]]) -> None:
    for table, name, condition in checks:
        op.execute(f"ALTER TABLE {table} DROP CONSTRAINT IF EXISTS {name}")
        if condition is not None:
            op.execute(f"ALTER TABLE {table} ADD CONSTRAINT {name} CHECK ({condition})")

"""The published schema as SQLAlchemy Core tables.

Migrations in migrations/versions are the truth; this module mirrors them so that
`alembic check` can prove the two agree, and so code can name tables without string literals.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import JSONB

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

ETL_SCHEMA = "etl"
ANALYTICS_SCHEMA = "analytics"

RUN_STATUSES = ("running", "published", "blocked", "failed")
REPOSITORY_KINDS = (
    "code",
    "organization",
    "model",
    "dataset",
    "collection",
    "space",
    "anonymous_review",
    "paper",
    "project_page",
)
LINK_ORIGINS = ("abstract",)

metadata = sa.MetaData(naming_convention=NAMING_CONVENTION)


def _in(column: str, values: tuple[str, ...]) -> str:
    quoted = ", ".join(f"'{v}'" for v in values)
    return f"{column} IN ({quoted})"


def _run_columns() -> list[sa.Column]:
    return [
        sa.Column(
            "created_run_id",
            sa.BigInteger,
            sa.ForeignKey(f"{ETL_SCHEMA}.runs.run_id"),
            nullable=False,
            comment="The load run that first published this row.",
        ),
        sa.Column(
            "changed_run_id",
            sa.BigInteger,
            sa.ForeignKey(f"{ETL_SCHEMA}.runs.run_id"),
            nullable=False,
            comment="The load run that last inserted or changed this row.",
        ),
    ]


runs = sa.Table(
    "runs",
    metadata,
    sa.Column(
        "run_id",
        sa.BigInteger,
        sa.Identity(always=False),
        primary_key=True,
        comment="Run identifier; published rows point at it.",
    ),
    sa.Column("command", sa.Text, nullable=False, comment="What was run, e.g. `load`."),
    sa.Column(
        "status",
        sa.Text,
        nullable=False,
        comment="running, published (changes visible), blocked (a critical check failed) "
        "or failed (bad input or an error; nothing published).",
    ),
    sa.Column(
        "started_at",
        sa.DateTime(timezone=True),
        nullable=False,
        server_default=sa.func.now(),
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
        JSONB,
        nullable=False,
        server_default=sa.text("'[]'::jsonb"),
        comment="Input files: path as given, sha256, size in bytes, format, records read.",
    ),
    sa.Column(
        "row_counts",
        JSONB,
        nullable=False,
        server_default=sa.text("'{}'::jsonb"),
        comment="Per table: rows staged, inserted and updated by this run.",
    ),
    sa.Column(
        "rejected_count",
        sa.Integer,
        nullable=False,
        server_default="0",
        comment="Records and files quarantined in etl.rejects by this run.",
    ),
    sa.Column(
        "validation",
        JSONB,
        nullable=True,
        comment="Outcome of the quality gate: every check with table, severity, success "
        "and unexpected count.",
    ),
    sa.Column("error", sa.Text, nullable=True, comment="Why the run failed, for people."),
    sa.Column(
        "code_version",
        sa.Text,
        nullable=False,
        comment="paperhouse version (and git commit when known) that ran.",
    ),
    sa.CheckConstraint(_in("status", RUN_STATUSES), name="status_known"),
    sa.CheckConstraint(
        "(finished_at IS NULL) = (status = 'running')", name="finished_when_not_running"
    ),
    schema=ETL_SCHEMA,
    comment="The run ledger: one row per load, whatever its outcome.",
)

rejects = sa.Table(
    "rejects",
    metadata,
    sa.Column(
        "reject_id",
        sa.BigInteger,
        sa.Identity(always=False),
        primary_key=True,
        comment="Reject identifier.",
    ),
    sa.Column(
        "run_id",
        sa.BigInteger,
        sa.ForeignKey(f"{ETL_SCHEMA}.runs.run_id", ondelete="CASCADE"),
        nullable=False,
        index=True,
        comment="The run that quarantined the input.",
    ),
    sa.Column("source_file", sa.Text, nullable=False, comment="Input file, path as given."),
    sa.Column(
        "record_number",
        sa.Integer,
        nullable=True,
        comment="1-based record ordinal in the file; null when the whole file was rejected.",
    ),
    sa.Column(
        "line_number",
        sa.Integer,
        nullable=True,
        comment="1-based line in the file where the problem is, when known.",
    ),
    sa.Column(
        "rule",
        sa.Text,
        nullable=False,
        comment="Machine-readable name of the rule that rejected it, e.g. file.not_utf8.",
    ),
    sa.Column("reason", sa.Text, nullable=False, comment="What is wrong, for people."),
    sa.Column(
        "raw_snippet",
        sa.Text,
        nullable=True,
        comment="The start of the offending input, for diagnosis.",
    ),
    sa.CheckConstraint("record_number > 0", name="record_number_positive"),
    sa.CheckConstraint("line_number > 0", name="line_number_positive"),
    schema=ETL_SCHEMA,
    comment="Quarantine: input files and records a run could not use, with the reason.",
)

papers = sa.Table(
    "papers",
    metadata,
    sa.Column(
        "paper_id",
        sa.BigInteger,
        sa.Identity(always=False),
        primary_key=True,
        comment="Surrogate key of the paper.",
    ),
    sa.Column(
        "paper_key",
        sa.Text,
        nullable=False,
        unique=True,
        comment="Natural key: the strongest identifier known, e.g. abstract:<fingerprint>.",
    ),
    sa.Column(
        "abstract_fingerprint",
        sa.Text,
        nullable=False,
        index=True,
        comment="sha256 (hex, first 32 digits) of the abstract lowercased with everything "
        "but letters and digits removed: equal for the same abstract in any listing.",
    ),
    sa.Column("title", sa.Text, nullable=True, comment="Title; null when no source gave one."),
    sa.Column(
        "abstract",
        sa.Text,
        nullable=False,
        comment="Clean abstract: LaTeX resolved, whitespace collapsed. Text spans point here.",
    ),
    sa.Column(
        "abstract_source",
        sa.Text,
        nullable=False,
        comment="The abstract exactly as the first source that published it wrote it.",
    ),
    *_run_columns(),
    sa.CheckConstraint("abstract <> ''", name="abstract_not_empty"),
    sa.CheckConstraint("paper_key <> ''", name="paper_key_not_empty"),
    comment="One row per real paper, however many listings mention it.",
)

listings = sa.Table(
    "listings",
    metadata,
    sa.Column(
        "listing_id",
        sa.BigInteger,
        sa.Identity(always=False),
        primary_key=True,
        comment="Surrogate key of the listing.",
    ),
    sa.Column(
        "listing_slug",
        sa.Text,
        nullable=False,
        unique=True,
        comment="Natural key: the name lowercased, runs of other characters turned into '-'.",
    ),
    sa.Column(
        "listing_name",
        sa.Text,
        nullable=False,
        comment="Name as the source gives it, e.g. `NeurIPS 2025 Papers`.",
    ),
    *_run_columns(),
    sa.CheckConstraint("listing_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'", name="slug_format"),
    comment="A place papers are listed: a conference, a day of Daily Papers, a reading list.",
)

paper_listings = sa.Table(
    "paper_listings",
    metadata,
    sa.Column(
        "paper_id",
        sa.BigInteger,
        sa.ForeignKey("papers.paper_id"),
        primary_key=True,
        comment="The paper.",
    ),
    sa.Column(
        "listing_id",
        sa.BigInteger,
        sa.ForeignKey("listings.listing_id"),
        primary_key=True,
        index=True,
        comment="The listing it appears in.",
    ),
    sa.Column(
        "position",
        sa.Integer,
        nullable=False,
        comment="1-based order of the paper in the listing's source file.",
    ),
    sa.Column("source_file", sa.Text, nullable=False, comment="Input file, path as given."),
    sa.Column(
        "source_line",
        sa.Integer,
        nullable=False,
        comment="1-based line of the paper's record in that file.",
    ),
    *_run_columns(),
    sa.CheckConstraint("position > 0", name="position_positive"),
    sa.CheckConstraint("source_line > 0", name="source_line_positive"),
    comment="Which papers appear in which listings, with their place in the source.",
)

repositories = sa.Table(
    "repositories",
    metadata,
    sa.Column(
        "repository_id",
        sa.BigInteger,
        sa.Identity(always=False),
        primary_key=True,
        comment="Surrogate key of the repository or page.",
    ),
    sa.Column(
        "repository_key",
        sa.Text,
        nullable=False,
        unique=True,
        comment="Natural key: canonical URL without scheme, lowercased (hosts treat case "
        "alike), e.g. github.com/owner/name.",
    ),
    sa.Column(
        "canonical_url",
        sa.Text,
        nullable=False,
        comment="Canonical URL: lowercase host without www, no .git, no trailing "
        "punctuation, no sub-path (that is on the link); https except for plain pages, "
        "which keep the scheme they were given.",
    ),
    sa.Column("host", sa.Text, nullable=False, comment="Host name, e.g. github.com."),
    sa.Column(
        "owner",
        sa.Text,
        nullable=True,
        comment="Owning user or organisation (GitLab: the group path); null for plain pages.",
    ),
    sa.Column(
        "name",
        sa.Text,
        nullable=True,
        comment="Repository, model, dataset, collection or space name; null for plain pages.",
    ),
    sa.Column(
        "kind",
        sa.Text,
        nullable=False,
        comment="code, organization, model, dataset, collection, space, anonymous_review, "
        "paper or project_page.",
    ),
    *_run_columns(),
    sa.CheckConstraint(_in("kind", REPOSITORY_KINDS), name="kind_known"),
    sa.CheckConstraint("canonical_url ~ '^https?://'", name="canonical_url_http"),
    comment="Code repositories, models, datasets and pages that papers link to, one row each.",
)

paper_repositories = sa.Table(
    "paper_repositories",
    metadata,
    sa.Column(
        "paper_repository_id",
        sa.BigInteger,
        sa.Identity(always=False),
        primary_key=True,
        comment="Surrogate key of the link.",
    ),
    sa.Column(
        "paper_id",
        sa.BigInteger,
        sa.ForeignKey("papers.paper_id"),
        nullable=False,
        comment="The paper that links.",
    ),
    sa.Column(
        "repository_id",
        sa.BigInteger,
        sa.ForeignKey("repositories.repository_id"),
        nullable=False,
        index=True,
        comment="The repository or page linked to.",
    ),
    sa.Column(
        "subpath",
        sa.Text,
        nullable=True,
        comment="Part of the link below the repository, e.g. tree/main/semeval25; null "
        "when the link is the repository itself.",
    ),
    sa.Column(
        "origin",
        sa.Text,
        nullable=False,
        comment="Where the link was found: abstract (the abstract text).",
    ),
    sa.Column(
        "raw_url",
        sa.Text,
        nullable=False,
        comment="The link as written in the source, minus sentence punctuation glued to its end.",
    ),
    *_run_columns(),
    sa.UniqueConstraint(
        "paper_id",
        "repository_id",
        "subpath",
        "origin",
        postgresql_nulls_not_distinct=True,
    ),
    sa.CheckConstraint(_in("origin", LINK_ORIGINS), name="origin_known"),
    comment="Links from papers to repositories and pages, with where they were found.",
)

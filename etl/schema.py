"""The published schema as SQLAlchemy Core tables.

Migrations in migrations/versions are the truth; this module mirrors them so that
`alembic check` can prove the two agree, and so code can name tables without string literals.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import ARRAY, JSONB

from etl.contracts import (
    DATE_PRECISIONS,
    IDENTIFIER_KINDS,
    LINK_ORIGINS,
    LISTING_KINDS,
    MATCH_EVIDENCE,
    MERGE_EVIDENCE,
    METHOD_NAME_ORIGINS,
    METHOD_NAME_WAYS,
    METRIC_DIRECTIONS,
    ORGANIZATION_ORIGINS,
    PWC_EVALUATION_FORMAT,
    REPOSITORY_KINDS,
    RESULT_BOUNDS,
    RESULT_KINDS,
    RESULT_ORIGINS,
    RUN_STATUSES,
    SOURCE_FORMATS,
    STATED_TAG_WAYS,
    STRONG_IDENTIFIER_KINDS,
    TAG_KINDS,
    TAG_ORIGINS,
)

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

ETL_SCHEMA = "etl"
ANALYTICS_SCHEMA = "analytics"

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
    sa.Column(
        "command",
        sa.Text,
        nullable=False,
        comment="What was run: load (input files) or rederive (links, results, tags and method "
        "names derived again from what is published).",
    ),
    sa.Column(
        "status",
        sa.Text,
        nullable=False,
        comment="running, published (changes visible), blocked (a critical check failed), "
        "failed (bad input or an error; nothing published), skipped (every input file was "
        "already loaded) or interrupted (the process died or lost its connection; nothing "
        "published).",
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
        comment="Per table: rows staged, inserted, updated and deleted by this run.",
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
        "profile",
        JSONB,
        nullable=True,
        comment="Of a published run, what the next run's distribution checks compare with: "
        "staged papers with an abstract (abstracts) and results found in abstracts per kind "
        "(abstract_results_by_kind).",
    ),
    sa.Column(
        "code_version",
        sa.Text,
        nullable=False,
        comment="paperhouse version (and git commit when known) that ran.",
    ),
    sa.Column(
        "rules_version",
        sa.Text,
        nullable=True,
        comment="Digest of the rules (transform modules and vocabularies) that derived the "
        "run's links, results, tags and method names; rows published under another version "
        "change with `etl rederive`. Null for runs before it was kept.",
    ),
    sa.Column(
        "session_tag",
        sa.Text,
        nullable=True,
        comment="The tag ending the application_name of the run's database sessions "
        "(`paperhouse <tag>`, `paperhouse-gate <tag>`): how a later load finds the sessions "
        "of this run still at work after it died, to end them. Null for runs before it was "
        "kept.",
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
    sa.Column(
        "source_record_id",
        sa.Text,
        nullable=True,
        comment="The source's own id of the record (arXiv id, OpenReview id, a leaderboard "
        "row's JSON Pointer), when the record gives one; null for a record too broken to say "
        "and for whole files.",
    ),
    sa.Column(
        "check_name",
        sa.Text,
        nullable=True,
        comment="The quality check the record failed, for rules check.<table>; null for the "
        "others.",
    ),
    sa.CheckConstraint("record_number > 0", name="record_number_positive"),
    sa.CheckConstraint("line_number > 0", name="line_number_positive"),
    schema=ETL_SCHEMA,
    comment="Quarantine: input files and records a run could not use, with the reason.",
)

# Kept word for word in migration 0036, which added the column.
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
        nullable=True,
        index=True,
        comment="sha256 (hex, first 32 digits) of the abstract lowercased with everything "
        "but letters and digits removed: equal for the same abstract in any listing.",
    ),
    sa.Column(
        "arxiv_id",
        sa.Text,
        nullable=True,
        unique=True,
        comment="arXiv identifier without version (2405.15738, hep-th/9901001).",
    ),
    sa.Column(
        "doi", sa.Text, nullable=True, unique=True, comment="DOI, lowercase, no resolver URL."
    ),
    sa.Column(
        "acl_id",
        sa.Text,
        nullable=True,
        unique=True,
        comment="ACL Anthology id (D17-1120, 2020.acl-main.1), from an anthology URL.",
    ),
    sa.Column(
        "openreview_id",
        sa.Text,
        nullable=True,
        unique=True,
        comment="OpenReview forum id.",
    ),
    sa.Column(
        "pwc_id",
        sa.Text,
        nullable=True,
        unique=True,
        comment="Papers with Code paper id (the slug of its page).",
    ),
    sa.Column(
        "paper_url",
        sa.Text,
        nullable=True,
        unique=True,
        comment="The paper's own page or PDF as host/path (no scheme, no www), when a source "
        "names the paper only by a link that carries no other identifier.",
    ),
    sa.Column(
        "title_key",
        sa.Text,
        nullable=True,
        index=True,
        comment="The title lowercased with everything but letters and digits removed: how "
        "papers without a shared identifier are matched.",
    ),
    sa.Column("title", sa.Text, nullable=True, comment="Title; null when no source gave one."),
    sa.Column(
        "abstract",
        sa.Text,
        nullable=True,
        comment="Clean abstract: LaTeX resolved, whitespace collapsed. Text spans point here. "
        "Null when no source gave one.",
    ),
    sa.Column(
        "abstract_source",
        sa.Text,
        nullable=True,
        comment="The abstract exactly as the source that gave it wrote it.",
    ),
    sa.Column(
        "published_on",
        sa.Date,
        nullable=True,
        comment="Publication date, as precise as published_on_precision says: the first day "
        "of the month or year when only those are known (first arXiv version, else the "
        "source's date, else the month of the arXiv id, else a venue's year).",
    ),
    sa.Column(
        "published_on_precision",
        sa.Text,
        nullable=True,
        comment="day, month or year: how much of published_on is known (a conference list "
        "gives a year, an arXiv id a month). Null when published_on is.",
    ),
    sa.Column(
        "metadata_source",
        sa.Text,
        nullable=False,
        server_default="listing",
        comment="Format of the source whose title, abstract and date are published: the "
        "first of arxiv, paperlists, pwc-api, hf-daily, pwc-evaluation, listing that has them.",
    ),
    sa.Column(
        "method_name",
        sa.Text,
        nullable=True,
        comment="The name of the method, model, dataset or benchmark the paper introduces: the "
        'name its title opens with ("MALT: Improving Reasoning ...") when the abstract mentions '
        "it and introduces something else by name, else the name the abstract introduces "
        '("we propose NeuSymEA"), else the title\'s; null when neither names one. '
        "method_name_origin says which.",
    ),
    sa.Column(
        "method_name_origin",
        sa.Text,
        nullable=True,
        comment="Where method_name was read: abstract (a clause that introduces it) or title "
        "(the one token before the title's colon, when the abstract names nothing or names "
        "something else and mentions the title's name); null when method_name is.",
    ),
    sa.Column("method_name_way", sa.Text, nullable=True, comment=METHOD_NAME_WAY_COMMENT),
    *_run_columns(),
    sa.CheckConstraint("abstract <> ''", name="abstract_not_empty"),
    sa.CheckConstraint("paper_key <> ''", name="paper_key_not_empty"),
    sa.CheckConstraint(
        "num_nonnulls(title, abstract, arxiv_id, doi, acl_id, openreview_id, pwc_id, "
        "paper_url) > 0",
        name="has_identity",
    ),
    sa.CheckConstraint(
        "(published_on IS NULL) = (published_on_precision IS NULL)", name="date_has_precision"
    ),
    sa.CheckConstraint(_in("published_on_precision", DATE_PRECISIONS), name="date_precision_known"),
    sa.CheckConstraint(
        "(method_name IS NULL) = (method_name_origin IS NULL)", name="method_name_has_origin"
    ),
    sa.CheckConstraint(
        _in("method_name_origin", METHOD_NAME_ORIGINS), name="method_name_origin_known"
    ),
    sa.CheckConstraint(_in("method_name_way", METHOD_NAME_WAYS), name="method_name_way_known"),
    sa.CheckConstraint(
        "method_name_way IS NULL OR method_name IS NOT NULL", name="method_name_way_has_name"
    ),
    sa.CheckConstraint(_in("metadata_source", SOURCE_FORMATS), name="metadata_source_known"),
    comment="One row per real paper, however many listings mention it.",
    # Rows (two abstracts) kept whole and uncompressed up to 8 KB: see migration 0005.
    postgresql_with={"toast_tuple_target": 8160},
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
    sa.Column(
        "listing_kind",
        sa.Text,
        nullable=False,
        comment="What the listing is, by the format of its records: daily (a day of Daily "
        "Papers), conference (a conference list), leaderboard, or listing (a "
        "plain listing file).",
    ),
    sa.Column(
        "venue",
        sa.Text,
        nullable=True,
        comment="The name before its date or year (`NeurIPS`, `Daily Papers`); a conference "
        "without a year in its name is its own venue; null for a plain listing without one.",
    ),
    sa.Column(
        "listing_year",
        sa.SmallInteger,
        nullable=True,
        comment="The year of the listing: of its date, else the last four-digit year in its "
        "name; null when its name has neither.",
    ),
    sa.Column(
        "listed_on",
        sa.Date,
        nullable=True,
        comment="The day of the listing, when its name ends in one (a Daily Papers day); null "
        "for a conference or a listing known by its year only.",
    ),
    *_run_columns(),
    sa.CheckConstraint("listing_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'", name="slug_format"),
    sa.CheckConstraint(_in("listing_kind", LISTING_KINDS), name="listing_kind_known"),
    sa.CheckConstraint("listing_year BETWEEN 1900 AND 2099", name="listing_year_plausible"),
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
        nullable=True,
        comment="1-based line of the paper's record in that file, when the format has lines.",
    ),
    sa.Column(
        "upvotes",
        sa.Integer,
        nullable=True,
        comment="Upvotes on the listing (Daily Papers), when the source counts them.",
    ),
    sa.Column(
        "comment_count",
        sa.Integer,
        nullable=True,
        comment="Comments on the listing (Daily Papers), when the source counts them.",
    ),
    sa.Column(
        "decision",
        sa.Text,
        nullable=True,
        comment="The venue's decision as given: Poster, Oral, Spotlight, Reject, Withdraw ...",
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
        comment="Where the link was found: abstract (the abstract text) or source-field (a "
        "field of the source record, named in source_field).",
    ),
    sa.Column(
        "source_field",
        sa.Text,
        nullable=True,
        comment="The source record's field that gave the link (githubRepo, projectPage, "
        "github, code_links ...); null for links found in the abstract.",
    ),
    sa.Column(
        "raw_url",
        sa.Text,
        nullable=False,
        comment="The link as written in the source, minus sentence punctuation glued to its end.",
    ),
    sa.Column(
        "source_file",
        sa.Text,
        nullable=True,
        comment="Input file of the source record whose text or field gave the link (the "
        "first in precedence order when several did); null for links published before this "
        "was kept.",
    ),
    sa.Column(
        "record_number",
        sa.Integer,
        nullable=True,
        comment="That record's number in source_file (as in paper_sources).",
    ),
    *_run_columns(),
    sa.UniqueConstraint(
        "paper_id",
        "repository_id",
        "subpath",
        "origin",
        postgresql_nulls_not_distinct=True,
    ),
    # A record read again finds the links it gave.
    sa.Index(None, "source_file", "record_number"),
    sa.CheckConstraint(_in("origin", LINK_ORIGINS), name="origin_known"),
    sa.CheckConstraint(
        "(origin = 'source-field') = (source_field IS NOT NULL)", name="source_field_iff_origin"
    ),
    comment="Links from papers to repositories and pages, with where they were found.",
)


METRIC_DIRECTION_RULE_COMMENT = (
    'How the direction was decided: vocabulary (etl/vocab/metrics.csv); family "<prefix>" (a '
    'parametrised family, family "Hits@"; Top-k is lower-better when its name says Error); '
    'head word "<word>" (the word of the name that says what kind of measure it is: '
    'Validation AUC by head word "AUC", ANS-EM by "exact match"; etl/vocab/metric_names.py). '
    "Null when the direction is unknown."
)

metrics = sa.Table(
    "metrics",
    metadata,
    sa.Column(
        "metric_id",
        sa.BigInteger,
        sa.Identity(always=False),
        primary_key=True,
        comment="Surrogate key of the metric.",
    ),
    sa.Column(
        "metric_key",
        sa.Text,
        nullable=False,
        unique=True,
        comment="Natural key: the name lowercased without spaces, hyphens, underscores or dots.",
    ),
    sa.Column(
        "metric_name",
        sa.Text,
        nullable=False,
        comment="Canonical name, e.g. Hits@1, Top-1 Accuracy, BLEU.",
    ),
    sa.Column(
        "direction",
        sa.Text,
        nullable=True,
        comment="higher or lower: which way is better; null when unknown.",
    ),
    sa.Column(
        "direction_rule",
        sa.Text,
        nullable=True,
        comment=METRIC_DIRECTION_RULE_COMMENT,
    ),
    sa.Column(
        "is_share",
        sa.Boolean,
        nullable=False,
        comment="Whether values are shares (0-1, or percentages of 1), so results.scale applies.",
    ),
    *_run_columns(),
    sa.CheckConstraint(
        "direction IS NULL OR " + _in("direction", METRIC_DIRECTIONS), name="direction_known"
    ),
    sa.CheckConstraint(
        "(direction IS NULL) = (direction_rule IS NULL)", name="direction_rule_iff_direction"
    ),
    comment="Metric vocabulary: one row per metric, whatever spelling a source uses.",
)

metric_aliases = sa.Table(
    "metric_aliases",
    metadata,
    sa.Column(
        "alias_key",
        sa.Text,
        primary_key=True,
        comment="The alias lowercased without spaces, hyphens, underscores or dots.",
    ),
    sa.Column("alias", sa.Text, nullable=False, comment="A spelling, e.g. hit@1, H@1."),
    sa.Column(
        "metric_id",
        sa.BigInteger,
        sa.ForeignKey("metrics.metric_id"),
        nullable=False,
        index=True,
        comment="The metric the spelling stands for.",
    ),
    *_run_columns(),
    comment="Spellings of metrics seen in sources or curated, and the metric each stands for.",
)

datasets = sa.Table(
    "datasets",
    metadata,
    sa.Column(
        "dataset_id",
        sa.BigInteger,
        sa.Identity(always=False),
        primary_key=True,
        comment="Surrogate key of the dataset.",
    ),
    sa.Column(
        "dataset_key",
        sa.Text,
        nullable=False,
        unique=True,
        comment="Natural key: the name lowercased without spaces, hyphens, underscores or dots.",
    ),
    sa.Column(
        "dataset_name",
        sa.Text,
        nullable=False,
        comment="Canonical name (curated), or the name as first written in a source.",
    ),
    *_run_columns(),
    comment="Datasets and benchmarks results are measured on.",
)

dataset_aliases = sa.Table(
    "dataset_aliases",
    metadata,
    sa.Column(
        "alias_key",
        sa.Text,
        primary_key=True,
        comment="The alias lowercased without spaces, hyphens, underscores or dots.",
    ),
    sa.Column("alias", sa.Text, nullable=False, comment="A spelling, e.g. IN-1K, ImageNet."),
    sa.Column(
        "dataset_id",
        sa.BigInteger,
        sa.ForeignKey("datasets.dataset_id"),
        nullable=False,
        index=True,
        comment="The dataset the spelling stands for.",
    ),
    *_run_columns(),
    comment="Spellings of datasets seen in sources or curated, and the dataset each stands for.",
)

# A leaderboard is the scores of one task, dataset (and variant) and metric measured alike
# (shares on their scale, other values in one unit). These expressions, then rank_key, are
# the order of the index ix_results_leaderboard_order: analytics.leaderboard ranks each
# leaderboard as it is read, walking that index (its window is written with the same
# expressions). Written as Postgres writes them back, which is what `alembic check` compares.
LEADERBOARD_ORDER = (
    "COALESCE(task_tag_id, 0::bigint)",
    "dataset_id",
    "COALESCE(dataset_variant, ''::text)",
    "metric_id",
    "(scale IS NOT NULL)",
    "COALESCE(\nCASE\n    WHEN scale IS NULL THEN unit\n    ELSE NULL::text\nEND, ''::text)",
    "rank_key",
)
# Kept word for word in migration 0033, which last changed it.
RANK_KEY_COMMENT = (
    "A score's place in the order of its leaderboard (its task, dataset and metric, values "
    "measured alike), best first: the value compared (scale for shares, else value), "
    "negated where higher is better; analytics.leaderboard ranks scores by it. Null for "
    "other results, where the metric's direction is unknown, and for a figure stated as a "
    "bound (bound other than ~: not the figure itself)."
)

# Kept word for word in migration 0032, which added the column.
DATASET_WAY_COMMENT = (
    "For an abstract result, the rule that decided dataset_text: after (named right after the "
    'number, "73.7% on DBP15K"), opening (the sentence opens on it, "On COCO, ..."), '
    "carried (from an earlier claim close by in the same sentence), same_metric (from the "
    "abstract's last earlier claim with the same metric), evaluation_dataset (the one "
    "benchmark the abstract says it evaluates on, not named in the claim's sentence), "
    "evaluated_here (what the claim's sentence says it evaluates on), respectively_earlier "
    '(paired in order with the claims before a "respectively" list), or another rule of '
    "etl.contracts.DATASET_WAYS. Rules differ in precision "
    "(scripts/calibrate_dataset_ways.py measures each; a way right less than 0.95 of the "
    "time states no dataset, so it is not seen here): filter on it to keep the surer ones. "
    "Null when dataset_text is null, and for leaderboard results, whose dataset is the "
    "leaderboard's own field; null too for abstract results published before the way was "
    "kept, until they are derived again (etl rederive)."
)

# Kept word for word in migration 0042, which added the column.
METRIC_WAY_COMMENT = (
    "For an abstract result, the rule that decided metric_text: after (the phrase right "
    'after the number, "64% win rate"), before (right before it, "win rate of 64%"), '
    "list_member (the measure of the member before it in a list), respective (the measures "
    'named for a "respectively" list), or another rule of etl.contracts.METRIC_WAYS. Rules '
    "differ in precision, by whether the vocabulary knows the phrase "
    "(scripts/calibrate_metric_ways.py measures each; a way right less than 0.95 of the time "
    "states no metric, so it is not seen here). Null when metric_text is null, and for "
    "leaderboard results, whose metric is the leaderboard's own field; null too for abstract "
    "results published before the way was kept, until they are derived again (etl rederive)."
)
IS_EFFICIENCY_COMMENT = (
    "Whether the result is what a run costs or how fast it goes: its unit a cost's (GFLOPs, "
    "GB, ms, s, minutes, hours, days, FPS, tokens/s, GPU hours, $) or the metric the rules "
    "found one of etl.contracts.COST_METRICS (Speedup, Latency, Memory, FLOPs, ...), "
    'whatever its kind ("2.5x faster" is a ratio, "40% less memory" an improvement). Decided '
    'before a metric too unsure to state is withheld: "3x faster" is one with or without '
    "its metric."
)

# Kept word for word in migration 0043, which last wrote it.
TAG_WAY_COMMENT = (
    "For a rule tag, how the tagger found it: title (the paper's title names it as the "
    "abstract does, or, for an area, names the kind of data it works on: Video, Speech, "
    "Robots), title_only (a topic the title names and the abstract does not, not after a "
    "word of means such as with, via or using; not stated), repeated (mentioned in two or "
    "more places of the abstract), opening (once, in its first two sentences), once (once, "
    "later), example (only given as an "
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

# Kept word for word in migration 0037, which added the column.
TAG_STATED_COMMENT = (
    "Whether the tag is stated as the paper's: always for tags from authors and sources; for "
    "a rule tag, when its way is title, repeated, area_of_tag or area_of_tags (the ways the "
    "judged audits show right about 19 times in 20, docs/calibration/tag_ways.tsv). A topic "
    "mentioned once or only as an example is kept here with the words that gave it, but not "
    "stated: the analytics views leave it out. A rule tag published before its way was kept "
    "is stated until it is derived again (etl rederive). Computed from origin and way."
)
# The expression behind paper_tags.stated, from STATED_TAG_WAYS (migration 0037 keeps a copy).
TAG_STATED_SQL = "origin <> 'rule' OR way IS NULL OR " + _in("way", STATED_TAG_WAYS)

# Kept word for word in migration 0033, which added the column.
BOUND_COMMENT = (
    "For an abstract result, the side of value the figure is on, as the words before it "
    'say: < ("under 4%", "less than", "<"), <= ("up to", "at most", "≤"), > ("over", '
    '"more than", ">"), >= ("at least", "no less than", "10+"), ~ ("about", "roughly", '
    '"~"). Null for a figure stated as it is, and for leaderboard results; null too for '
    "abstract results published before the bound was kept, until they are derived again "
    "(etl rederive). Compare or rank values only where it is null or ~."
)

# Kept word for word in migration 0034, which added the column.
DATASET_VARIANT_COMMENT = (
    "For an abstract result, the resolution or split its dataset is written with (256x256 for "
    '"ImageNet 256x256" or "ImageNet-256", test-dev for "COCO test-dev", val for "the '
    'validation set"): the same dataset measured another way, so analytics.leaderboard '
    "ranks scores only within one variant. Null when none is written (a plain test set is "
    "none), when no dataset is stated, and for leaderboard results; null too for abstract "
    "results published before the variant was kept, until they are derived again (etl "
    "rederive)."
)

results = sa.Table(
    "results",
    metadata,
    sa.Column(
        "result_id",
        sa.BigInteger,
        sa.Identity(always=False),
        primary_key=True,
        comment="Surrogate key of the result.",
    ),
    sa.Column(
        "paper_id",
        sa.BigInteger,
        sa.ForeignKey("papers.paper_id"),
        nullable=True,
        comment="The paper that reports it; null for a leaderboard value whose row names no "
        "paper paperhouse can identify.",
    ),
    sa.Column(
        "origin",
        sa.Text,
        nullable=False,
        comment="Where it was found: abstract (the paper's abstract text) or leaderboard (a "
        "structured leaderboard such as Papers with Code's evaluation tables).",
    ),
    sa.Column(
        "task_tag_id",
        sa.BigInteger,
        sa.ForeignKey("tags.tag_id"),
        nullable=True,
        index=True,
        comment="The task (a tag of kind task) of a leaderboard result; null for abstracts.",
    ),
    sa.Column(
        "model_name",
        sa.Text,
        nullable=True,
        comment="The model a leaderboard result is for, as the leaderboard names it.",
    ),
    sa.Column(
        "value",
        sa.Double,
        nullable=False,
        comment="The number as reported (73.7 for 73.7%); the upper bound of a range.",
    ),
    sa.Column(
        "value_low",
        sa.Double,
        nullable=True,
        comment="The lower bound when a range is reported (10 for 10-20%); else null.",
    ),
    sa.Column("bound", sa.Text, nullable=True, comment=BOUND_COMMENT),
    sa.Column("dataset_variant", sa.Text, nullable=True, comment=DATASET_VARIANT_COMMENT),
    sa.Column(
        "value_uncertainty",
        sa.Double,
        nullable=True,
        comment="The uncertainty reported with the value (0.3 for 81.2 ± 0.3), in the "
        "value's unit; null when none is given.",
    ),
    sa.Column(
        "unit",
        sa.Text,
        nullable=True,
        comment="% , x (multiple), pp (percentage points), a unit such as GMACs or ms; null "
        "for a plain number.",
    ),
    sa.Column(
        "scale",
        sa.Double,
        nullable=True,
        comment="The value as a share (0.737 for 73.7%, or for 0.737 of a share metric); "
        "null when the value is not a share. Compare results of one metric on this.",
    ),
    sa.Column(
        "kind",
        sa.Text,
        nullable=False,
        comment="score (an absolute result), improvement (a gain or reduction), ratio "
        "(speed-ups, multiples) or other (another measured share or quantity).",
    ),
    sa.Column("is_efficiency", sa.Boolean, nullable=False, comment=IS_EFFICIENCY_COMMENT),
    sa.Column(
        "metric_id",
        sa.BigInteger,
        sa.ForeignKey("metrics.metric_id"),
        nullable=True,
        index=True,
        comment="The metric named with the number; null when none is named.",
    ),
    sa.Column(
        "dataset_id",
        sa.BigInteger,
        sa.ForeignKey("datasets.dataset_id"),
        nullable=True,
        index=True,
        comment="The dataset or benchmark it is measured on; null when none is named.",
    ),
    sa.Column("metric_text", sa.Text, nullable=True, comment="The metric as written."),
    sa.Column("metric_way", sa.Text, nullable=True, comment=METRIC_WAY_COMMENT),
    sa.Column("dataset_text", sa.Text, nullable=True, comment="The dataset as written."),
    sa.Column(
        "dataset_way",
        sa.Text,
        nullable=True,
        comment=DATASET_WAY_COMMENT,
    ),
    sa.Column(
        "comparator",
        sa.Text,
        nullable=True,
        comment='What it is compared with, as written ("54.7% by TransE"); null if unstated.',
    ),
    sa.Column(
        "comparator_value",
        sa.Double,
        nullable=True,
        comment="The number of the comparator, when it is written with one (54.7 for "
        '"54.7% by TransE", 41.2 for "from 41.2% to 50.3%"); else null.',
    ),
    sa.Column(
        "comparator_unit",
        sa.Text,
        nullable=True,
        comment="The unit of comparator_value: as written with it, else the result's own unit "
        "when the result is a score; null when unknown.",
    ),
    sa.Column(
        "raw_text",
        sa.Text,
        nullable=False,
        comment="The exact text of the claim: for an abstract result the abstract's "
        "characters at the span; for a leaderboard result the value as the table wrote it.",
    ),
    sa.Column(
        "span_start",
        sa.Integer,
        nullable=True,
        comment="0-based character offset in papers.abstract where raw_text starts; "
        "substr(abstract, span_start + 1, span_end - span_start) = raw_text. Null for "
        "leaderboard results.",
    ),
    sa.Column(
        "span_end",
        sa.Integer,
        nullable=True,
        comment="0-based character offset in papers.abstract just after raw_text.",
    ),
    sa.Column(
        "source_file",
        sa.Text,
        nullable=True,
        comment="For a leaderboard result, the input file of its leaderboard row; with "
        "record_number and metric_text it names the value. Null for abstract results (and "
        "leaderboard results published before rows were tracked).",
    ),
    sa.Column(
        "record_number",
        sa.Integer,
        nullable=True,
        comment="For a leaderboard result, the row's record number in source_file (as in "
        "paper_sources).",
    ),
    sa.Column(
        "entered_on",
        sa.Date,
        nullable=True,
        comment="For a leaderboard result, the date the leaderboard gives its entry (when it "
        "was entered, not when the paper was published); null when it gives none.",
    ),
    sa.Column(
        "rank_key",
        sa.Float,
        nullable=True,
        comment=RANK_KEY_COMMENT,
    ),
    *_run_columns(),
    sa.UniqueConstraint("paper_id", "origin", "span_start", "span_end"),
    sa.Index(
        "uq_results_leaderboard_value",
        "source_file",
        "record_number",
        "metric_text",
        unique=True,
        postgresql_where=sa.text("origin = 'leaderboard'"),
    ),
    sa.Index(
        "ix_results_leaderboard_order",
        *(
            expression if expression.isidentifier() else sa.text(expression)
            for expression in LEADERBOARD_ORDER
        ),
        postgresql_where=sa.text("rank_key IS NOT NULL"),
    ),
    sa.CheckConstraint(_in("kind", RESULT_KINDS), name="kind_known"),
    sa.CheckConstraint(_in("bound", RESULT_BOUNDS), name="bound_known"),
    sa.CheckConstraint(_in("origin", RESULT_ORIGINS), name="origin_known"),
    sa.CheckConstraint("0 <= span_start AND span_start < span_end", name="span_ordered"),
    sa.CheckConstraint(
        "(origin = 'abstract') = (span_start IS NOT NULL AND span_end IS NOT NULL)",
        name="span_iff_abstract",
    ),
    sa.CheckConstraint(
        "paper_id IS NOT NULL OR origin = 'leaderboard'", name="paper_unknown_only_for_leaderboards"
    ),
    sa.Index(
        "ix_results_paper_unknown", "changed_run_id", postgresql_where=sa.text("paper_id IS NULL")
    ),
    sa.CheckConstraint(
        "value > '-Infinity'::float8 AND value < 'Infinity'::float8", name="value_finite"
    ),
    comment="Quantitative results papers report, each pointing at the text it came from.",
)

tags = sa.Table(
    "tags",
    metadata,
    sa.Column(
        "tag_id",
        sa.BigInteger,
        sa.Identity(always=False),
        primary_key=True,
        comment="Surrogate key of the tag.",
    ),
    sa.Column(
        "tag_slug",
        sa.Text,
        nullable=False,
        unique=True,
        comment="Natural key: lowercase ASCII words joined by '-', e.g. link-prediction; for a "
        "keyword of its own, the key of its name (case, punctuation and plurals folded, "
        "e.g. multiagentsystem).",
    ),
    sa.Column("tag_name", sa.Text, nullable=False, comment="Display name, e.g. Link Prediction."),
    sa.Column(
        "kind",
        sa.Text,
        nullable=False,
        comment="task (Papers with Code task), area (research area), keyword (curated, or "
        "given by authors and sources) or arxiv-category (cs.LG ...).",
    ),
    sa.Column(
        "parent_slug",
        sa.Text,
        nullable=True,
        comment="tag_slug of the parent task in the taxonomy, when it has one.",
    ),
    sa.Column(
        "area_slug",
        sa.Text,
        nullable=True,
        comment="tag_slug of the research area the task belongs to, when known.",
    ),
    sa.Column(
        "is_source_keyword",
        sa.Boolean,
        nullable=False,
        comment="True for a keyword as authors or a source wrote it that matches no tag of the "
        "vocabulary (one paper's wording, often); false for Papers with Code and leaderboard "
        "tasks, research areas, curated keywords and arXiv categories.",
    ),
    *_run_columns(),
    sa.CheckConstraint(_in("kind", TAG_KINDS), name="kind_known"),
    comment="Topics papers are tagged with, from the Papers with Code taxonomy and a curated list.",
)

paper_tags = sa.Table(
    "paper_tags",
    metadata,
    sa.Column(
        "paper_id",
        sa.BigInteger,
        sa.ForeignKey("papers.paper_id"),
        primary_key=True,
        comment="The tagged paper.",
    ),
    sa.Column(
        "tag_id",
        sa.BigInteger,
        sa.ForeignKey("tags.tag_id"),
        primary_key=True,
        index=True,
        comment="The tag.",
    ),
    sa.Column(
        "origin",
        sa.Text,
        primary_key=True,
        comment="Who said so: rule (paperhouse's tagger on the abstract), author (the "
        "paper's own keywords) or source (keywords or categories the source assigned).",
    ),
    sa.Column(
        "confidence",
        sa.Double,
        nullable=False,
        comment="How sure the origin is, in (0, 1].",
    ),
    sa.Column(
        "matched_text",
        sa.Text,
        nullable=True,
        comment="The words in the abstract that gave the tag, as written.",
    ),
    sa.Column("way", sa.Text, nullable=True, comment=TAG_WAY_COMMENT),
    sa.Column(
        "stated",
        sa.Boolean,
        sa.Computed(TAG_STATED_SQL, persisted=True),
        nullable=False,
        comment=TAG_STATED_COMMENT,
    ),
    *_run_columns(),
    sa.CheckConstraint(_in("origin", TAG_ORIGINS), name="origin_known"),
    sa.CheckConstraint("confidence > 0 AND confidence <= 1", name="confidence_in_range"),
    comment="Which papers carry which tags, from which origin, how confidently.",
)


loaded_files = sa.Table(
    "loaded_files",
    metadata,
    sa.Column(
        "sha256",
        sa.Text,
        primary_key=True,
        comment="sha256 of the file's bytes: the same content is loaded once, whatever its name.",
    ),
    sa.Column("source_file", sa.Text, nullable=False, comment="Path as given when loaded."),
    sa.Column("format", sa.Text, nullable=False, comment="The format it was read as."),
    sa.Column("size_bytes", sa.BigInteger, nullable=False, comment="Size in bytes."),
    sa.Column("records", sa.Integer, nullable=False, comment="Records read from it."),
    sa.Column("rejected", sa.Integer, nullable=False, comment="Records quarantined from it."),
    sa.Column(
        "run_id",
        sa.BigInteger,
        sa.ForeignKey(f"{ETL_SCHEMA}.runs.run_id"),
        nullable=False,
        comment="The run that published it.",
    ),
    schema=ETL_SCHEMA,
    comment="Input files whose content has been published: loading one again is skipped.",
)

paper_sources = sa.Table(
    "paper_sources",
    metadata,
    sa.Column(
        "source_file",
        sa.Text,
        primary_key=True,
        comment="Input file, path as given.",
    ),
    sa.Column(
        "record_number",
        sa.Integer,
        primary_key=True,
        comment="1-based ordinal of the record in that file.",
    ),
    sa.Column(
        "paper_id",
        sa.BigInteger,
        sa.ForeignKey("papers.paper_id"),
        nullable=True,
        index=True,
        comment="The paper the record is about; null for a leaderboard row that names no "
        "paper paperhouse can identify (its values are published as results with no paper).",
    ),
    sa.Column("source_format", sa.Text, nullable=False, comment="The format of the file."),
    sa.Column(
        "source_sha256",
        sa.Text,
        nullable=False,
        comment="sha256 of the file version the record was read from (a record found "
        "unchanged in a later version of the file keeps the version it was first read from).",
    ),
    sa.Column("line_number", sa.Integer, nullable=True, comment="1-based line, when known."),
    sa.Column(
        "source_record_id",
        sa.Text,
        nullable=True,
        comment="The source's own id for the record (arXiv id, OpenReview id, PwC id ...).",
    ),
    sa.Column(
        "record_digest",
        sa.Text,
        nullable=True,
        comment="Digest of what the record says (every field read, its place aside): when a "
        "new version of the file is loaded, a record with the same digest at the same place "
        "is skipped as unchanged. Null for records loaded before digests were kept.",
    ),
    sa.Column(
        "match_evidence",
        sa.Text,
        nullable=True,
        comment="What joined the record to its paper (null when it has none): the strongest "
        "kind of identifier it "
        "shares with the paper's other records or known identifiers (arxiv_id, doi, acl_id, "
        "openreview_id, pwc_id, paper_url, title, abstract_fingerprint); for a paper's only "
        "record, its own strongest. For records published before evidence was kept, the "
        "paper's strongest identifier.",
    ),
    *_run_columns(),
    sa.CheckConstraint(_in("source_format", SOURCE_FORMATS), name="source_format_known"),
    sa.CheckConstraint(_in("match_evidence", MATCH_EVIDENCE), name="match_evidence_known"),
    sa.CheckConstraint(
        f"paper_id IS NOT NULL OR source_format = '{PWC_EVALUATION_FORMAT}'",
        name="paper_unknown_only_for_leaderboard_rows",
    ),
    sa.CheckConstraint(
        "(paper_id IS NULL) = (match_evidence IS NULL)", name="match_evidence_iff_paper"
    ),
    # The foreign-key check of a publish finds the rows of no paper a run wrote by this.
    sa.Index(
        "ix_paper_sources_paper_unknown",
        "changed_run_id",
        postgresql_where=sa.text("paper_id IS NULL"),
    ),
    comment="Provenance: every source record behind a paper, so each field can be traced "
    "(and every leaderboard row, its paper known or not).",
)

entry_repositories = sa.Table(
    "entry_repositories",
    metadata,
    sa.Column("source_file", sa.Text, nullable=False, comment="Input file of the leaderboard row."),
    sa.Column(
        "record_number",
        sa.Integer,
        nullable=False,
        comment="The row's record number in source_file (as in paper_sources).",
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
        comment="Part of the link below the repository; null when the link is the repository "
        "itself.",
    ),
    sa.Column(
        "source_field",
        sa.Text,
        nullable=False,
        comment="The row's field that gave the link: code_links, or paper_url / paper_title "
        "for a row whose paper is unknown.",
    ),
    sa.Column(
        "raw_url",
        sa.Text,
        nullable=False,
        comment="The link as written in the source, minus sentence punctuation glued to its end.",
    ),
    *_run_columns(),
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
    comment="Links a leaderboard row gives for its entry rather than for its paper: Papers with "
    "Code's code links (an implementation of the entry's model, often by a third party), and "
    "every link of a row whose paper is unknown. A paper's own links are in "
    "paper_repositories.",
)

paper_identifiers = sa.Table(
    "paper_identifiers",
    metadata,
    sa.Column(
        "paper_id",
        sa.BigInteger,
        sa.ForeignKey("papers.paper_id"),
        nullable=False,
        index=True,
        comment="The paper.",
    ),
    sa.Column(
        "kind",
        sa.Text,
        nullable=False,
        comment="arxiv_id, doi, acl_id, openreview_id, pwc_id, paper_url (each names one "
        "paper), title_key or abstract_fingerprint (may be shared by different papers).",
    ),
    sa.Column(
        "value",
        sa.Text,
        nullable=False,
        comment="The identifier, normalised as in papers (a title key is the title's letters "
        "and digits, lowercased).",
    ),
    sa.Column(
        "year_low",
        sa.Integer,
        nullable=True,
        comment="For a title key, the earliest year the source record giving it allows for the "
        "paper (a venue's year admits the year before it): papers of one title in years "
        "apart are different papers. Null for other kinds, and for records with no date.",
    ),
    sa.Column(
        "year_high",
        sa.Integer,
        nullable=True,
        comment="For a title key, the latest year the source record giving it allows.",
    ),
    *_run_columns(),
    sa.UniqueConstraint(
        "kind", "value", "paper_id", "year_low", "year_high", postgresql_nulls_not_distinct=True
    ),
    sa.Index(
        "uq_paper_identifiers_strong_value",
        "kind",
        "value",
        unique=True,
        postgresql_where=sa.text(_in("kind", STRONG_IDENTIFIER_KINDS)),
    ),
    sa.CheckConstraint(_in("kind", IDENTIFIER_KINDS), name="kind_known"),
    sa.CheckConstraint("year_low <= year_high", name="years_ordered"),
    comment="Every identifier any source record gave a paper, with the years it allows: how "
    "records of later loads find the paper (the same rules as records of one load).",
)

merge_candidates = sa.Table(
    "merge_candidates",
    metadata,
    sa.Column(
        "paper_id",
        sa.BigInteger,
        sa.ForeignKey("papers.paper_id"),
        primary_key=True,
        comment="The published paper the linking record was attached to (for a retitled "
        "resubmission, the later of the two).",
    ),
    sa.Column(
        "other_paper_id",
        sa.BigInteger,
        sa.ForeignKey("papers.paper_id"),
        primary_key=True,
        index=True,
        comment="Another published paper the record's identifiers also point to, or that has "
        "the same authors and a near-identical abstract.",
    ),
    sa.Column(
        "evidence",
        sa.Text,
        nullable=False,
        comment="The kind of identifier the record shares with the other paper, or "
        "authors_and_abstract: the same author list, in order, and near-identical abstracts.",
    ),
    sa.Column(
        "source_file",
        sa.Text,
        nullable=False,
        comment="Input file of the record (for authors_and_abstract, a record of paper_id).",
    ),
    sa.Column(
        "record_number", sa.Integer, nullable=False, comment="The record's number in the file."
    ),
    sa.Column(
        "run_id",
        sa.BigInteger,
        sa.ForeignKey(f"{ETL_SCHEMA}.runs.run_id", ondelete="CASCADE"),
        nullable=False,
        comment="The run that found the pair.",
    ),
    sa.Column(
        "abstract_similarity",
        sa.Float,
        nullable=True,
        comment="For authors_and_abstract: the share of the two abstracts' three-word "
        "sequences they have in common (Jaccard, 0 to 1); null for other evidence.",
    ),
    sa.CheckConstraint("paper_id <> other_paper_id", name="two_papers"),
    sa.CheckConstraint(_in("evidence", MERGE_EVIDENCE), name="evidence_known"),
    schema=ETL_SCHEMA,
    comment="Published papers that may be one paper: a record linked both and was attached "
    "to one, or they have the same authors and near-identical abstracts under different "
    "titles (a resubmission retitled); the pair waits here for review. Papers are never "
    "merged silently.",
)

author_lists = sa.Table(
    "author_lists",
    metadata,
    sa.Column(
        "paper_id",
        sa.BigInteger,
        sa.ForeignKey("papers.paper_id", ondelete="CASCADE"),
        primary_key=True,
        comment="The published paper.",
    ),
    sa.Column(
        "author_ids",
        ARRAY(sa.BigInteger),
        nullable=False,
        comment="Its authors' author_id, in the order of paper_authors.position.",
    ),
    # A hash index: an equality lookup, and no size limit (a collaboration's list of thousands
    # of authors is longer than a B-tree entry may be).
    sa.Index("ix_author_lists_author_ids", "author_ids", postgresql_using="hash"),
    schema=ETL_SCHEMA,
    comment="Each published paper's author list, in order, as one array (kept by publish from "
    "paper_authors): what finds the papers of the same authors as a run's paper through one "
    "index lookup.",
)

authors = sa.Table(
    "authors",
    metadata,
    sa.Column(
        "author_id",
        sa.BigInteger,
        sa.Identity(always=False),
        primary_key=True,
        comment="Surrogate key of the author.",
    ),
    sa.Column(
        "author_key",
        sa.Text,
        nullable=False,
        unique=True,
        comment="Natural key: the name without accents, lowercased, spaces collapsed. Two "
        "people of one name are one row here: names are all sources give.",
    ),
    sa.Column("name", sa.Text, nullable=False, comment="Name as first written by a source."),
    *_run_columns(),
    comment="Authors, by name.",
)

paper_authors = sa.Table(
    "paper_authors",
    metadata,
    sa.Column(
        "paper_id",
        sa.BigInteger,
        sa.ForeignKey("papers.paper_id"),
        primary_key=True,
        comment="The paper.",
    ),
    sa.Column(
        "position",
        sa.Integer,
        primary_key=True,
        comment="1-based place of the author in the paper's author list.",
    ),
    sa.Column(
        "author_id",
        sa.BigInteger,
        sa.ForeignKey("authors.author_id"),
        nullable=False,
        index=True,
        comment="The author.",
    ),
    sa.Column(
        "affiliation",
        sa.Text,
        nullable=True,
        comment="The author's affiliation on this paper, when the source gives it.",
    ),
    sa.Column(
        "source_format",
        sa.Text,
        nullable=False,
        comment="Format of the source the author list comes from (the first in precedence "
        "order that lists authors).",
    ),
    *_run_columns(),
    sa.CheckConstraint("position > 0", name="position_positive"),
    sa.CheckConstraint(_in("source_format", SOURCE_FORMATS), name="source_format_known"),
    comment="Each paper's authors, in order, with affiliations. No other personal data.",
)

organizations = sa.Table(
    "organizations",
    metadata,
    sa.Column(
        "organization_id",
        sa.BigInteger,
        sa.Identity(always=False),
        primary_key=True,
        comment="Surrogate key of the organisation.",
    ),
    sa.Column(
        "organization_key",
        sa.Text,
        nullable=False,
        unique=True,
        comment="Natural key: the name's letters and digits without accents, lowercased, "
        'without "the", "and", "at", a trailing legal form or a plural\'s s, the words run '
        "together; aliases (etl/vocab/organization_aliases.csv) take their organisation's key.",
    ),
    sa.Column("name", sa.Text, nullable=False, comment="Name as first written by a source."),
    *_run_columns(),
    comment="Organisations: submitting organisations and authors' affiliations.",
)

paper_organizations = sa.Table(
    "paper_organizations",
    metadata,
    sa.Column(
        "paper_id",
        sa.BigInteger,
        sa.ForeignKey("papers.paper_id"),
        primary_key=True,
        comment="The paper.",
    ),
    sa.Column(
        "organization_id",
        sa.BigInteger,
        sa.ForeignKey("organizations.organization_id"),
        primary_key=True,
        index=True,
        comment="The organisation.",
    ),
    sa.Column(
        "origin",
        sa.Text,
        primary_key=True,
        comment="source (the source names it as the paper's organisation) or affiliation "
        "(an author's affiliation).",
    ),
    *_run_columns(),
    sa.CheckConstraint(_in("origin", ORGANIZATION_ORIGINS), name="origin_known"),
    comment="Which organisations a paper is from, and how we know.",
)

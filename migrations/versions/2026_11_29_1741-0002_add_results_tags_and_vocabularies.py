"""Add results, the metric and dataset vocabularies, tags and method names.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 17:41:05.641503+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "datasets",
        sa.Column(
            "dataset_id",
            sa.BigInteger(),
            sa.Identity(always=False),
            nullable=False,
            comment="Surrogate key of the dataset.",
        ),
        sa.Column(
            "dataset_key",
            sa.Text(),
            nullable=False,
            comment="Natural key: the name lowercased without spaces, hyphens, underscores or dots.",
        ),
        sa.Column(
            "dataset_name",
            sa.Text(),
            nullable=False,
            comment="Canonical name (curated), or the name as first written in a source.",
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
        sa.ForeignKeyConstraint(
            ["changed_run_id"], ["etl.runs.run_id"], name=op.f("fk_datasets_changed_run_id_runs")
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"], ["etl.runs.run_id"], name=op.f("fk_datasets_created_run_id_runs")
        ),
        sa.PrimaryKeyConstraint("dataset_id", name=op.f("pk_datasets")),
        sa.UniqueConstraint("dataset_key", name=op.f("uq_datasets_dataset_key")),
        comment="Datasets and benchmarks results are measured on.",
    )
    op.create_table(
        "metrics",
        sa.Column(
            "metric_id",
            sa.BigInteger(),
            sa.Identity(always=False),
            nullable=False,
            comment="Surrogate key of the metric.",
        ),
        sa.Column(
            "metric_key",
            sa.Text(),
            nullable=False,
            comment="Natural key: the name lowercased without spaces, hyphens, underscores or dots.",
        ),
        sa.Column(
            "metric_name",
            sa.Text(),
            nullable=False,
            comment="Canonical name, e.g. Hits@1, Top-1 Accuracy, BLEU.",
        ),
        sa.Column(
            "direction",
            sa.Text(),
            nullable=True,
            comment="higher or lower: which way is better; null when unknown.",
        ),
        sa.Column(
            "is_share",
            sa.Boolean(),
            nullable=False,
            comment="Whether values are shares (0-1, or percentages of 1), so results.scale applies.",
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
            "direction IS NULL OR direction IN ('higher', 'lower')",
            name=op.f("ck_metrics_direction_known"),
        ),
        sa.ForeignKeyConstraint(
            ["changed_run_id"], ["etl.runs.run_id"], name=op.f("fk_metrics_changed_run_id_runs")
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"], ["etl.runs.run_id"], name=op.f("fk_metrics_created_run_id_runs")
        ),
        sa.PrimaryKeyConstraint("metric_id", name=op.f("pk_metrics")),
        sa.UniqueConstraint("metric_key", name=op.f("uq_metrics_metric_key")),
        comment="Metric vocabulary: one row per metric, whatever spelling a source uses.",
    )
    op.create_table(
        "tags",
        sa.Column(
            "tag_id",
            sa.BigInteger(),
            sa.Identity(always=False),
            nullable=False,
            comment="Surrogate key of the tag.",
        ),
        sa.Column(
            "tag_slug",
            sa.Text(),
            nullable=False,
            comment="Natural key: lowercase ASCII words joined by '-', e.g. link-prediction.",
        ),
        sa.Column(
            "tag_name", sa.Text(), nullable=False, comment="Display name, e.g. Link Prediction."
        ),
        sa.Column(
            "kind",
            sa.Text(),
            nullable=False,
            comment="task (Papers with Code task), area (research area) or keyword (curated).",
        ),
        sa.Column(
            "parent_slug",
            sa.Text(),
            nullable=True,
            comment="tag_slug of the parent task in the taxonomy, when it has one.",
        ),
        sa.Column(
            "area_slug",
            sa.Text(),
            nullable=True,
            comment="tag_slug of the research area the task belongs to, when known.",
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
        sa.CheckConstraint("kind IN ('task', 'area', 'keyword')", name=op.f("ck_tags_kind_known")),
        sa.ForeignKeyConstraint(
            ["changed_run_id"], ["etl.runs.run_id"], name=op.f("fk_tags_changed_run_id_runs")
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"], ["etl.runs.run_id"], name=op.f("fk_tags_created_run_id_runs")
        ),
        sa.PrimaryKeyConstraint("tag_id", name=op.f("pk_tags")),
        sa.UniqueConstraint("tag_slug", name=op.f("uq_tags_tag_slug")),
        comment="Topics papers are tagged with, from the Papers with Code taxonomy and a curated list.",
    )
    op.create_table(
        "dataset_aliases",
        sa.Column(
            "alias_key",
            sa.Text(),
            nullable=False,
            comment="The alias lowercased without spaces, hyphens, underscores or dots.",
        ),
        sa.Column("alias", sa.Text(), nullable=False, comment="A spelling, e.g. IN-1K, ImageNet."),
        sa.Column(
            "dataset_id",
            sa.BigInteger(),
            nullable=False,
            comment="The dataset the spelling stands for.",
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
        sa.ForeignKeyConstraint(
            ["changed_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_dataset_aliases_changed_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_dataset_aliases_created_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["dataset_id"],
            ["datasets.dataset_id"],
            name=op.f("fk_dataset_aliases_dataset_id_datasets"),
        ),
        sa.PrimaryKeyConstraint("alias_key", name=op.f("pk_dataset_aliases")),
        comment="Spellings of datasets seen in sources or curated, and the dataset each stands for.",
    )
    op.create_index(
        op.f("ix_dataset_aliases_dataset_id"), "dataset_aliases", ["dataset_id"], unique=False
    )
    op.create_table(
        "metric_aliases",
        sa.Column(
            "alias_key",
            sa.Text(),
            nullable=False,
            comment="The alias lowercased without spaces, hyphens, underscores or dots.",
        ),
        sa.Column("alias", sa.Text(), nullable=False, comment="A spelling, e.g. hit@1, H@1."),
        sa.Column(
            "metric_id",
            sa.BigInteger(),
            nullable=False,
            comment="The metric the spelling stands for.",
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
        sa.ForeignKeyConstraint(
            ["changed_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_metric_aliases_changed_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_metric_aliases_created_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["metric_id"], ["metrics.metric_id"], name=op.f("fk_metric_aliases_metric_id_metrics")
        ),
        sa.PrimaryKeyConstraint("alias_key", name=op.f("pk_metric_aliases")),
        comment="Spellings of metrics seen in sources or curated, and the metric each stands for.",
    )
    op.create_index(
        op.f("ix_metric_aliases_metric_id"), "metric_aliases", ["metric_id"], unique=False
    )
    op.create_table(
        "paper_tags",
        sa.Column("paper_id", sa.BigInteger(), nullable=False, comment="The tagged paper."),
        sa.Column("tag_id", sa.BigInteger(), nullable=False, comment="The tag."),
        sa.Column(
            "origin",
            sa.Text(),
            nullable=False,
            comment="Who said so: rule (paperhouse's tagger on the abstract).",
        ),
        sa.Column(
            "confidence", sa.Double(), nullable=False, comment="How sure the origin is, in (0, 1]."
        ),
        sa.Column(
            "matched_text",
            sa.Text(),
            nullable=True,
            comment="The words in the abstract that gave the tag, as written.",
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
        sa.CheckConstraint("origin IN ('rule')", name=op.f("ck_paper_tags_origin_known")),
        sa.CheckConstraint(
            "confidence > 0 AND confidence <= 1", name=op.f("ck_paper_tags_confidence_in_range")
        ),
        sa.ForeignKeyConstraint(
            ["changed_run_id"], ["etl.runs.run_id"], name=op.f("fk_paper_tags_changed_run_id_runs")
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"], ["etl.runs.run_id"], name=op.f("fk_paper_tags_created_run_id_runs")
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["papers.paper_id"], name=op.f("fk_paper_tags_paper_id_papers")
        ),
        sa.ForeignKeyConstraint(
            ["tag_id"], ["tags.tag_id"], name=op.f("fk_paper_tags_tag_id_tags")
        ),
        sa.PrimaryKeyConstraint("paper_id", "tag_id", "origin", name=op.f("pk_paper_tags")),
        comment="Which papers carry which tags, from which origin, how confidently.",
    )
    op.create_index(op.f("ix_paper_tags_tag_id"), "paper_tags", ["tag_id"], unique=False)
    op.create_table(
        "results",
        sa.Column(
            "result_id",
            sa.BigInteger(),
            sa.Identity(always=False),
            nullable=False,
            comment="Surrogate key of the result.",
        ),
        sa.Column(
            "paper_id", sa.BigInteger(), nullable=False, comment="The paper that reports it."
        ),
        sa.Column(
            "origin",
            sa.Text(),
            nullable=False,
            comment="Where it was found: abstract (the paper's abstract text).",
        ),
        sa.Column(
            "value",
            sa.Double(),
            nullable=False,
            comment="The number as reported (73.7 for 73.7%); the upper bound of a range.",
        ),
        sa.Column(
            "value_low",
            sa.Double(),
            nullable=True,
            comment="The lower bound when a range is reported (10 for 10-20%); else null.",
        ),
        sa.Column(
            "unit",
            sa.Text(),
            nullable=True,
            comment="% , x (multiple), pp (percentage points), a unit such as GMACs or ms; null for a plain number.",
        ),
        sa.Column(
            "scale",
            sa.Double(),
            nullable=True,
            comment="The value as a share (0.737 for 73.7%, or for 0.737 of a share metric); null when the value is not a share. Compare results of one metric on this.",
        ),
        sa.Column(
            "kind",
            sa.Text(),
            nullable=False,
            comment="score (an absolute result), improvement (a gain or reduction), ratio (speed-ups, multiples) or other (another measured share or quantity).",
        ),
        sa.Column(
            "metric_id",
            sa.BigInteger(),
            nullable=True,
            comment="The metric named with the number; null when none is named.",
        ),
        sa.Column(
            "dataset_id",
            sa.BigInteger(),
            nullable=True,
            comment="The dataset or benchmark it is measured on; null when none is named.",
        ),
        sa.Column("metric_text", sa.Text(), nullable=True, comment="The metric as written."),
        sa.Column("dataset_text", sa.Text(), nullable=True, comment="The dataset as written."),
        sa.Column(
            "comparator",
            sa.Text(),
            nullable=True,
            comment='What it is compared with, as written ("54.7% by TransE"); null if unstated.',
        ),
        sa.Column(
            "raw_text",
            sa.Text(),
            nullable=False,
            comment="The exact text of the claim: equals the abstract's characters at the span.",
        ),
        sa.Column(
            "span_start",
            sa.Integer(),
            nullable=False,
            comment="0-based character offset in papers.abstract where raw_text starts; substr(abstract, span_start + 1, span_end - span_start) = raw_text.",
        ),
        sa.Column(
            "span_end",
            sa.Integer(),
            nullable=False,
            comment="0-based character offset in papers.abstract just after raw_text.",
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
            "kind IN ('score', 'improvement', 'ratio', 'other')", name=op.f("ck_results_kind_known")
        ),
        sa.CheckConstraint("origin IN ('abstract')", name=op.f("ck_results_origin_known")),
        sa.CheckConstraint(
            "value > '-Infinity'::float8 AND value < 'Infinity'::float8",
            name=op.f("ck_results_value_finite"),
        ),
        sa.CheckConstraint(
            "0 <= span_start AND span_start < span_end", name=op.f("ck_results_span_ordered")
        ),
        sa.ForeignKeyConstraint(
            ["changed_run_id"], ["etl.runs.run_id"], name=op.f("fk_results_changed_run_id_runs")
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"], ["etl.runs.run_id"], name=op.f("fk_results_created_run_id_runs")
        ),
        sa.ForeignKeyConstraint(
            ["dataset_id"], ["datasets.dataset_id"], name=op.f("fk_results_dataset_id_datasets")
        ),
        sa.ForeignKeyConstraint(
            ["metric_id"], ["metrics.metric_id"], name=op.f("fk_results_metric_id_metrics")
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["papers.paper_id"], name=op.f("fk_results_paper_id_papers")
        ),
        sa.PrimaryKeyConstraint("result_id", name=op.f("pk_results")),
        sa.UniqueConstraint(
            "paper_id",
            "origin",
            "span_start",
            "span_end",
            name=op.f("uq_results_paper_id_origin_span_start_span_end"),
        ),
        comment="Quantitative results papers report, each pointing at the text it came from.",
    )
    op.create_index(op.f("ix_results_dataset_id"), "results", ["dataset_id"], unique=False)
    op.create_index(op.f("ix_results_metric_id"), "results", ["metric_id"], unique=False)
    op.add_column(
        "papers",
        sa.Column(
            "method_name",
            sa.Text(),
            nullable=True,
            comment='The name of the method, model, dataset or benchmark the abstract introduces ("we propose NeuSymEA"); null when it introduces none by name.',
        ),
    )

    create_views()


def downgrade() -> None:
    drop_views()
    op.drop_column("papers", "method_name")
    op.drop_index(op.f("ix_results_metric_id"), table_name="results")
    op.drop_index(op.f("ix_results_dataset_id"), table_name="results")
    op.drop_table("results")
    op.drop_index(op.f("ix_paper_tags_tag_id"), table_name="paper_tags")
    op.drop_table("paper_tags")
    op.drop_index(op.f("ix_metric_aliases_metric_id"), table_name="metric_aliases")
    op.drop_table("metric_aliases")
    op.drop_index(op.f("ix_dataset_aliases_dataset_id"), table_name="dataset_aliases")
    op.drop_table("dataset_aliases")
    op.drop_table("tags")
    op.drop_table("metrics")
    op.drop_table("datasets")


def _apply(view: str, version: int) -> None:
    for statement in view_statements(view, version):
        op.execute(statement)


def create_views() -> None:
    # v2 only appends columns, so CREATE OR REPLACE keeps v1's dependants working.
    _apply("analytics.paper_overview", 2)
    _apply("analytics.results_overview", 1)


def drop_views() -> None:
    op.execute("DROP VIEW analytics.results_overview")
    # A view cannot lose columns in place: back to v1 by dropping and recreating it.
    op.execute("DROP VIEW analytics.paper_overview")
    _apply("analytics.paper_overview", 1)

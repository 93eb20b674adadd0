"""One rule set for identity, and provenance for every value: identifiers every source record
gave a paper (paper_identifiers) so that later loads match by the same rules as one load;
what joined each record to its paper (paper_sources.match_evidence); published papers a
record linked together, for review (etl.merge_candidates); ACL Anthology ids and paper URLs
as identifiers; dates with their precision; leaderboard results keyed by their source row
(source_file, record_number, metric_text) instead of paper, task, dataset, metric and model,
which dropped values; links with the record that gave them.

Existing rows: published dates are day-precise; every published paper's identifiers (arXiv
id, DOI, OpenReview id, PwC id, title key with the year of its date, abstract fingerprint)
seed paper_identifiers; a source record's evidence is its paper's strongest identifier;
leaderboard results and links keep null provenance.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30 16:46:50.546800+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_PUBLISHED_ON_BEFORE = "Publication date (first arXiv version, else the source's date)."
_HAS_TITLE_OR_ABSTRACT = "title IS NOT NULL OR abstract IS NOT NULL"
_HAS_IDENTITY = (
    "num_nonnulls(title, abstract, arxiv_id, doi, acl_id, openreview_id, pwc_id, paper_url) > 0"
)
_EVIDENCE = (
    "'arxiv_id', 'doi', 'acl_id', 'openreview_id', 'pwc_id', 'paper_url', 'title', "
    "'abstract_fingerprint'"
)


def upgrade() -> None:
    op.create_table(
        "merge_candidates",
        sa.Column(
            "paper_id",
            sa.BigInteger(),
            nullable=False,
            comment="The published paper the linking record was attached to.",
        ),
        sa.Column(
            "other_paper_id",
            sa.BigInteger(),
            nullable=False,
            comment="Another published paper the record's identifiers also point to.",
        ),
        sa.Column(
            "evidence",
            sa.Text(),
            nullable=False,
            comment="The kind of identifier the record shares with the other paper.",
        ),
        sa.Column("source_file", sa.Text(), nullable=False, comment="Input file of the record."),
        sa.Column(
            "record_number",
            sa.Integer(),
            nullable=False,
            comment="The record's number in the file.",
        ),
        sa.Column(
            "run_id", sa.BigInteger(), nullable=False, comment="The run that found the pair."
        ),
        sa.CheckConstraint(
            "evidence IN ('arxiv_id', 'doi', 'acl_id', 'openreview_id', 'pwc_id', 'paper_url', 'title', 'abstract_fingerprint')",
            name=op.f("ck_merge_candidates_evidence_known"),
        ),
        sa.CheckConstraint(
            "paper_id <> other_paper_id", name=op.f("ck_merge_candidates_two_papers")
        ),
        sa.ForeignKeyConstraint(
            ["other_paper_id"],
            ["papers.paper_id"],
            name=op.f("fk_merge_candidates_other_paper_id_papers"),
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["papers.paper_id"], name=op.f("fk_merge_candidates_paper_id_papers")
        ),
        sa.ForeignKeyConstraint(
            ["run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_merge_candidates_run_id_runs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("paper_id", "other_paper_id", name=op.f("pk_merge_candidates")),
        schema="etl",
        comment="Published papers that may be one paper: a record linked both, was attached to one, and the pair waits here for review. Papers are never merged silently.",
    )
    op.create_index(
        op.f("ix_merge_candidates_other_paper_id"),
        "merge_candidates",
        ["other_paper_id"],
        unique=False,
        schema="etl",
    )
    op.create_table(
        "paper_identifiers",
        sa.Column("paper_id", sa.BigInteger(), nullable=False, comment="The paper."),
        sa.Column(
            "kind",
            sa.Text(),
            nullable=False,
            comment="arxiv_id, doi, acl_id, openreview_id, pwc_id, paper_url (each names one paper), title_key or abstract_fingerprint (may be shared by different papers).",
        ),
        sa.Column(
            "value",
            sa.Text(),
            nullable=False,
            comment="The identifier, normalised as in papers (a title key is the title's letters and digits, lowercased).",
        ),
        sa.Column(
            "year_low",
            sa.Integer(),
            nullable=True,
            comment="For a title key, the earliest year the source record giving it allows for the paper (a venue's year admits the year before it): papers of one title in years apart are different papers. Null for other kinds, and for records with no date.",
        ),
        sa.Column(
            "year_high",
            sa.Integer(),
            nullable=True,
            comment="For a title key, the latest year the source record giving it allows.",
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
            "kind IN ('arxiv_id', 'doi', 'acl_id', 'openreview_id', 'pwc_id', 'paper_url', 'title_key', 'abstract_fingerprint')",
            name=op.f("ck_paper_identifiers_kind_known"),
        ),
        sa.CheckConstraint(
            "year_low <= year_high", name=op.f("ck_paper_identifiers_years_ordered")
        ),
        sa.ForeignKeyConstraint(
            ["changed_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_paper_identifiers_changed_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["created_run_id"],
            ["etl.runs.run_id"],
            name=op.f("fk_paper_identifiers_created_run_id_runs"),
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["papers.paper_id"], name=op.f("fk_paper_identifiers_paper_id_papers")
        ),
        sa.UniqueConstraint(
            "kind",
            "value",
            "paper_id",
            "year_low",
            "year_high",
            name=op.f("uq_paper_identifiers_kind_value_paper_id_year_low_year_high"),
            postgresql_nulls_not_distinct=True,
        ),
        comment="Every identifier any source record gave a paper, with the years it allows: how records of later loads find the paper (the same rules as records of one load).",
    )
    op.create_index(
        op.f("ix_paper_identifiers_paper_id"), "paper_identifiers", ["paper_id"], unique=False
    )
    op.create_index(
        "uq_paper_identifiers_strong_value",
        "paper_identifiers",
        ["kind", "value"],
        unique=True,
        postgresql_where=sa.text(
            "kind IN ('arxiv_id', 'doi', 'acl_id', 'openreview_id', 'pwc_id', 'paper_url')"
        ),
    )
    op.add_column(
        "paper_repositories",
        sa.Column(
            "source_file",
            sa.Text(),
            nullable=True,
            comment="Input file of the source record whose text or field gave the link (the first in precedence order when several did); null for links published before this was kept.",
        ),
    )
    op.add_column(
        "paper_repositories",
        sa.Column(
            "record_number",
            sa.Integer(),
            nullable=True,
            comment="That record's number in source_file (as in paper_sources).",
        ),
    )
    op.create_index(
        op.f("ix_paper_repositories_source_file_record_number"),
        "paper_repositories",
        ["source_file", "record_number"],
        unique=False,
    )
    op.add_column(
        "paper_sources",
        sa.Column(
            "match_evidence",
            sa.Text(),
            nullable=True,
            comment="What joined the record to its paper: the strongest kind of identifier it shares with the paper's other records or known identifiers (arxiv_id, doi, acl_id, openreview_id, pwc_id, paper_url, title, abstract_fingerprint); for a paper's only record, its own strongest. For records published before evidence was kept, the paper's strongest identifier.",
        ),
    )
    op.add_column(
        "papers",
        sa.Column(
            "acl_id",
            sa.Text(),
            nullable=True,
            comment="ACL Anthology id (D17-1120, 2020.acl-main.1), from an anthology URL.",
        ),
    )
    op.add_column(
        "papers",
        sa.Column(
            "paper_url",
            sa.Text(),
            nullable=True,
            comment="The paper's own page or PDF as host/path (no scheme, no www), when a source names the paper only by a link that carries no other identifier.",
        ),
    )
    op.add_column(
        "papers",
        sa.Column(
            "published_on_precision",
            sa.Text(),
            nullable=True,
            comment="day, month or year: how much of published_on is known (a conference list gives a year, an arXiv id a month). Null when published_on is.",
        ),
    )
    op.alter_column(
        "papers",
        "published_on",
        existing_type=sa.DATE(),
        comment="Publication date, as precise as published_on_precision says: the first day of the month or year when only those are known (first arXiv version, else the source's date, else the month of the arXiv id, else a venue's year).",
        existing_comment=_PUBLISHED_ON_BEFORE,
        existing_nullable=True,
    )
    op.create_unique_constraint(op.f("uq_papers_acl_id"), "papers", ["acl_id"])
    op.create_unique_constraint(op.f("uq_papers_paper_url"), "papers", ["paper_url"])
    op.add_column(
        "results",
        sa.Column(
            "source_file",
            sa.Text(),
            nullable=True,
            comment="For a leaderboard result, the input file of its leaderboard row; with record_number and metric_text it names the value. Null for abstract results (and leaderboard results published before rows were tracked).",
        ),
    )
    op.add_column(
        "results",
        sa.Column(
            "record_number",
            sa.Integer(),
            nullable=True,
            comment="For a leaderboard result, the row's record number in source_file (as in paper_sources).",
        ),
    )
    op.add_column(
        "results",
        sa.Column(
            "entered_on",
            sa.Date(),
            nullable=True,
            comment="For a leaderboard result, the date the leaderboard gives its entry (when it was entered, not when the paper was published); null when it gives none.",
        ),
    )
    op.drop_index(
        op.f("uq_results_leaderboard_entry"),
        table_name="results",
        postgresql_where="(origin = 'leaderboard'::text)",
        postgresql_nulls_not_distinct=True,
    )
    op.create_index(
        "uq_results_leaderboard_value",
        "results",
        ["source_file", "record_number", "metric_text"],
        unique=True,
        postgresql_where=sa.text("origin = 'leaderboard'"),
    )
    op.execute("UPDATE papers SET published_on_precision = 'day' WHERE published_on IS NOT NULL")
    op.execute(
        """
        UPDATE paper_sources ps SET match_evidence = CASE
            WHEN p.arxiv_id IS NOT NULL THEN 'arxiv_id' WHEN p.doi IS NOT NULL THEN 'doi'
            WHEN p.openreview_id IS NOT NULL THEN 'openreview_id'
            WHEN p.pwc_id IS NOT NULL THEN 'pwc_id' WHEN p.title_key IS NOT NULL THEN 'title'
            ELSE 'abstract_fingerprint' END
        FROM papers p WHERE p.paper_id = ps.paper_id
        """
    )
    op.alter_column("paper_sources", "match_evidence", nullable=False)
    op.drop_constraint(op.f("ck_papers_has_title_or_abstract"), "papers", type_="check")
    op.create_check_constraint("has_identity", "papers", _HAS_IDENTITY)
    op.create_check_constraint(
        "date_has_precision", "papers", "(published_on IS NULL) = (published_on_precision IS NULL)"
    )
    op.create_check_constraint(
        "date_precision_known", "papers", "published_on_precision IN ('day', 'month', 'year')"
    )
    op.create_check_constraint(
        "match_evidence_known", "paper_sources", f"match_evidence IN ({_EVIDENCE})"
    )
    op.execute(
        """
        INSERT INTO paper_identifiers (paper_id, kind, value, year_low, year_high,
                                       created_run_id, changed_run_id)
        SELECT p.paper_id, i.kind, i.value,
               CASE WHEN i.kind = 'title_key' THEN extract(year FROM p.published_on) END,
               CASE WHEN i.kind = 'title_key' THEN extract(year FROM p.published_on) END,
               p.created_run_id, p.changed_run_id
        FROM papers p
        CROSS JOIN LATERAL (VALUES ('arxiv_id', p.arxiv_id), ('doi', p.doi),
                                   ('openreview_id', p.openreview_id), ('pwc_id', p.pwc_id),
                                   ('title_key', p.title_key),
                                   ('abstract_fingerprint', p.abstract_fingerprint)
                           ) AS i(kind, value)
        WHERE i.value IS NOT NULL
        """
    )


def downgrade() -> None:
    op.drop_index(
        op.f("ix_paper_repositories_source_file_record_number"), table_name="paper_repositories"
    )
    op.drop_constraint(
        op.f("ck_paper_sources_match_evidence_known"), "paper_sources", type_="check"
    )
    op.drop_constraint(op.f("ck_papers_date_precision_known"), "papers", type_="check")
    op.drop_constraint(op.f("ck_papers_date_has_precision"), "papers", type_="check")
    op.drop_constraint(op.f("ck_papers_has_identity"), "papers", type_="check")
    # Papers known only by an identifier have neither title nor abstract: the old rule holds
    # for new rows only.
    op.execute(
        "ALTER TABLE papers ADD CONSTRAINT ck_papers_has_title_or_abstract "
        f"CHECK ({_HAS_TITLE_OR_ABSTRACT}) NOT VALID"
    )
    # The old key holds one value per paper, task, dataset, metric and model: the first stays.
    op.execute(
        """
        DELETE FROM results r USING results k
        WHERE r.origin = 'leaderboard' AND k.origin = 'leaderboard' AND k.result_id < r.result_id
          AND (k.paper_id, k.task_tag_id, k.dataset_id, k.metric_id, k.model_name)
              IS NOT DISTINCT FROM (r.paper_id, r.task_tag_id, r.dataset_id, r.metric_id, r.model_name)
        """
    )
    op.drop_index(
        "uq_results_leaderboard_value",
        table_name="results",
        postgresql_where=sa.text("origin = 'leaderboard'"),
    )
    op.create_index(
        op.f("uq_results_leaderboard_entry"),
        "results",
        ["paper_id", "task_tag_id", "dataset_id", "metric_id", "model_name"],
        unique=True,
        postgresql_where="(origin = 'leaderboard'::text)",
        postgresql_nulls_not_distinct=True,
    )
    op.drop_column("results", "entered_on")
    op.drop_column("results", "record_number")
    op.drop_column("results", "source_file")
    op.drop_constraint(op.f("uq_papers_paper_url"), "papers", type_="unique")
    op.drop_constraint(op.f("uq_papers_acl_id"), "papers", type_="unique")
    op.alter_column(
        "papers",
        "published_on",
        existing_type=sa.DATE(),
        comment=_PUBLISHED_ON_BEFORE,
        existing_comment="Publication date, as precise as published_on_precision says: the first day of the month or year when only those are known (first arXiv version, else the source's date, else the month of the arXiv id, else a venue's year).",
        existing_nullable=True,
    )
    op.drop_column("papers", "published_on_precision")
    op.drop_column("papers", "paper_url")
    op.drop_column("papers", "acl_id")
    op.drop_column("paper_sources", "match_evidence")
    op.drop_column("paper_repositories", "record_number")
    op.drop_column("paper_repositories", "source_file")
    op.drop_index(
        "uq_paper_identifiers_strong_value",
        table_name="paper_identifiers",
        postgresql_where=sa.text(
            "kind IN ('arxiv_id', 'doi', 'acl_id', 'openreview_id', 'pwc_id', 'paper_url')"
        ),
    )
    op.drop_index(op.f("ix_paper_identifiers_paper_id"), table_name="paper_identifiers")
    op.drop_table("paper_identifiers")
    op.drop_index(
        op.f("ix_merge_candidates_other_paper_id"), table_name="merge_candidates", schema="etl"
    )
    op.drop_table("merge_candidates", schema="etl")

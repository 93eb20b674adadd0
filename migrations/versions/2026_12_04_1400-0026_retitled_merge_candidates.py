"""Retitled resubmissions as merge candidates: etl.merge_candidates takes the evidence
`authors_and_abstract` (two papers with the same author list, in order, and near-identical
abstracts under different titles: a paper resubmitted under a new title) and the abstracts'
similarity in abstract_similarity.

Revision ID: 0026
Revises: 0022
Create Date: 2026-12-04 14:00:00.000000+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0026"
down_revision: str | Sequence[str] | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The evidence 0007 allowed (a kind of identifier a record shares with both papers), frozen.
IDENTIFIER_EVIDENCE = (
    "arxiv_id", "doi", "acl_id", "openreview_id", "pwc_id", "paper_url", "title",
    "abstract_fingerprint",
)  # fmt: skip
RETITLED_EVIDENCE = "authors_and_abstract"

TABLE_COMMENT = (
    "Published papers that may be one paper: a record linked both and was attached to one, "
    "or they have the same authors and near-identical abstracts under different titles (a "
    "resubmission retitled); the pair waits here for review. Papers are never merged silently."
)
OLD_TABLE_COMMENT = (
    "Published papers that may be one paper: a record linked both, was attached to one, and "
    "the pair waits here for review. Papers are never merged silently."
)
# column: (new comment, old comment)
COLUMN_COMMENTS = {
    "paper_id": (
        "The published paper the linking record was attached to (for a retitled "
        "resubmission, the later of the two).",
        "The published paper the linking record was attached to.",
    ),
    "other_paper_id": (
        "Another published paper the record's identifiers also point to, or that has the "
        "same authors and a near-identical abstract.",
        "Another published paper the record's identifiers also point to.",
    ),
    "evidence": (
        "The kind of identifier the record shares with the other paper, or "
        "authors_and_abstract: the same author list, in order, and near-identical abstracts.",
        "The kind of identifier the record shares with the other paper.",
    ),
    "source_file": (
        "Input file of the record (for authors_and_abstract, a record of paper_id).",
        "Input file of the record.",
    ),
}
SIMILARITY_COMMENT = (
    "For authors_and_abstract: the share of the two abstracts' three-word sequences they "
    "have in common (Jaccard, 0 to 1); null for other evidence."
)


def _evidence_check(values: tuple[str, ...]) -> str:
    return "evidence IN ({})".format(", ".join(f"'{v}'" for v in values))


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _set_comments(table: str, columns: dict[str, str]) -> None:
    op.execute(f"COMMENT ON TABLE etl.merge_candidates IS {_literal(table)}")
    for column, comment in columns.items():
        op.execute(f"COMMENT ON COLUMN etl.merge_candidates.{column} IS {_literal(comment)}")


def upgrade() -> None:
    op.drop_constraint(op.f("ck_merge_candidates_evidence_known"), "merge_candidates", schema="etl")
    op.create_check_constraint(
        op.f("ck_merge_candidates_evidence_known"),
        "merge_candidates",
        _evidence_check((*IDENTIFIER_EVIDENCE, RETITLED_EVIDENCE)),
        schema="etl",
    )
    op.add_column(
        "merge_candidates",
        sa.Column("abstract_similarity", sa.Float(), nullable=True, comment=SIMILARITY_COMMENT),
        schema="etl",
    )
    _set_comments(TABLE_COMMENT, {c: new for c, (new, _) in COLUMN_COMMENTS.items()})


def downgrade() -> None:
    op.execute(f"DELETE FROM etl.merge_candidates WHERE evidence = '{RETITLED_EVIDENCE}'")
    op.drop_column("merge_candidates", "abstract_similarity", schema="etl")
    op.drop_constraint(op.f("ck_merge_candidates_evidence_known"), "merge_candidates", schema="etl")
    op.create_check_constraint(
        op.f("ck_merge_candidates_evidence_known"),
        "merge_candidates",
        _evidence_check(IDENTIFIER_EVIDENCE),
        schema="etl",
    )
    _set_comments(OLD_TABLE_COMMENT, {c: old for c, (_, old) in COLUMN_COMMENTS.items()})

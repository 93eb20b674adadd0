"""etl.author_lists: each published paper's author list as one array, hash-indexed, so that
a run finds the papers with the same list as its own through the index (retitled
resubmissions, sql/publish/retitled_candidates.sql) instead of assembling the list of every
paper that shares a first author with one of its papers (minutes at 100,000 generated
papers, growing with the warehouse).

Revision ID: 0031
Revises: 0024
Create Date: 2026-12-04 18:00:00.000000+00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0031"
down_revision: str | Sequence[str] | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE etl.author_lists (
            paper_id bigint NOT NULL
                CONSTRAINT fk_author_lists_paper_id_papers
                REFERENCES public.papers (paper_id) ON DELETE CASCADE,
            author_ids bigint[] NOT NULL,
            CONSTRAINT pk_author_lists PRIMARY KEY (paper_id)
        )
        """
    )
    # A hash index: an equality lookup, and no size limit (a collaboration's list of
    # thousands of authors is longer than a B-tree entry may be).
    op.execute(
        "CREATE INDEX ix_author_lists_author_ids ON etl.author_lists USING hash (author_ids)"
    )
    op.execute(
        """
        INSERT INTO etl.author_lists (paper_id, author_ids)
        SELECT paper_id, array_agg(author_id ORDER BY position)
        FROM public.paper_authors GROUP BY paper_id
        """
    )
    op.execute(
        "COMMENT ON TABLE etl.author_lists IS 'Each published paper''s author list, in order, "
        "as one array (kept by publish from paper_authors): what finds the papers of the same "
        "authors as a run''s paper through one index lookup.'"
    )
    op.execute("COMMENT ON COLUMN etl.author_lists.paper_id IS 'The published paper.'")
    op.execute(
        "COMMENT ON COLUMN etl.author_lists.author_ids IS 'Its authors'' author_id, in the "
        "order of paper_authors.position.'"
    )


def downgrade() -> None:
    op.execute("DROP TABLE etl.author_lists")

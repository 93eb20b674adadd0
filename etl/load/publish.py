"""Publish: upsert a run's staged tables into the published ones, inside the caller's
transaction, so that a run's changes become visible all together or not at all.

Each table is one set-based INSERT ... SELECT ... ON CONFLICT on its natural key. A row is
only rewritten when something in it changes (`IS DISTINCT FROM`), so loading the same input
again leaves every published row, and its changed_run_id, as it was.
"""

from __future__ import annotations

import sqlalchemy as sa

# Each statement reads staging schema {staging}, takes :run_id, and returns one row per
# inserted or updated row with `inserted` telling which.
_UPSERTS: dict[str, str] = {
    "listings": """
        INSERT INTO listings AS t (listing_slug, listing_name, created_run_id, changed_run_id)
        SELECT listing_slug, listing_name, :run_id, :run_id FROM {staging}.listings
        ON CONFLICT (listing_slug) DO UPDATE
            SET listing_name = excluded.listing_name, changed_run_id = excluded.changed_run_id
            WHERE t.listing_name IS DISTINCT FROM excluded.listing_name
        RETURNING (xmax = 0) AS inserted
    """,
    # The first publisher's abstract stays: the same fingerprint means the same text up to
    # typesetting, and rewriting it on every run would change rows for no reason. A later
    # source may only fill in a missing title.
    "papers": """
        INSERT INTO papers AS t (paper_key, abstract_fingerprint, title, abstract,
                                 abstract_source, created_run_id, changed_run_id)
        SELECT paper_key, abstract_fingerprint, title, abstract, abstract_source,
               :run_id, :run_id
        FROM {staging}.papers
        ON CONFLICT (paper_key) DO UPDATE
            SET title = excluded.title, changed_run_id = excluded.changed_run_id
            WHERE t.title IS NULL AND excluded.title IS NOT NULL
        RETURNING (xmax = 0) AS inserted
    """,
    # A repository's spelling (case) stays as first published; what it is (kind, owner and
    # name as parsed) follows the current rules.
    "repositories": """
        INSERT INTO repositories AS t (repository_key, canonical_url, host, owner, name, kind,
                                       created_run_id, changed_run_id)
        SELECT repository_key, canonical_url, host, owner, name, kind, :run_id, :run_id
        FROM {staging}.repositories
        ON CONFLICT (repository_key) DO UPDATE
            SET canonical_url = excluded.canonical_url, host = excluded.host,
                owner = excluded.owner, name = excluded.name, kind = excluded.kind,
                changed_run_id = excluded.changed_run_id
            WHERE (t.kind, lower(t.host), lower(t.owner), lower(t.name))
                IS DISTINCT FROM
                  (excluded.kind, lower(excluded.host), lower(excluded.owner), lower(excluded.name))
        RETURNING (xmax = 0) AS inserted
    """,
    "paper_listings": """
        INSERT INTO paper_listings AS t (paper_id, listing_id, position, source_file,
                                         source_line, created_run_id, changed_run_id)
        SELECT p.paper_id, l.listing_id, s.position, s.source_file, s.source_line,
               :run_id, :run_id
        FROM {staging}.paper_listings AS s
        JOIN papers AS p USING (paper_key)
        JOIN listings AS l USING (listing_slug)
        ON CONFLICT (paper_id, listing_id) DO UPDATE
            SET position = excluded.position, source_file = excluded.source_file,
                source_line = excluded.source_line, changed_run_id = excluded.changed_run_id
            WHERE (t.position, t.source_file, t.source_line)
                IS DISTINCT FROM (excluded.position, excluded.source_file, excluded.source_line)
        RETURNING (xmax = 0) AS inserted
    """,
    "paper_repositories": """
        INSERT INTO paper_repositories AS t (paper_id, repository_id, subpath, origin, raw_url,
                                             created_run_id, changed_run_id)
        SELECT p.paper_id, r.repository_id, s.subpath, s.origin, s.raw_url, :run_id, :run_id
        FROM {staging}.paper_repositories AS s
        JOIN papers AS p USING (paper_key)
        JOIN repositories AS r USING (repository_key)
        ON CONFLICT ON CONSTRAINT uq_paper_repositories_paper_id_repository_id_subpath_origin
        DO UPDATE
            SET raw_url = excluded.raw_url, changed_run_id = excluded.changed_run_id
            WHERE t.raw_url IS DISTINCT FROM excluded.raw_url
        RETURNING (xmax = 0) AS inserted
    """,
}
PUBLISH_ORDER = tuple(_UPSERTS)


def publish(
    conn: sa.Connection, run_id: int, staging_schema: str, staged_counts: dict[str, int]
) -> dict[str, dict[str, int]]:
    """Upsert every staged table; return rows staged, inserted and updated per table."""
    counts = {}
    for table in PUBLISH_ORDER:
        statement = _UPSERTS[table].format(staging=f'"{staging_schema}"')
        changed = conn.execute(
            sa.text(
                f"WITH changed AS ({statement}) "
                "SELECT count(*) FILTER (WHERE inserted), count(*) FILTER (WHERE NOT inserted) "
                "FROM changed"
            ),
            {"run_id": run_id},
        ).one()
        counts[table] = {
            "staged": staged_counts.get(table, 0),
            "inserted": changed[0],
            "updated": changed[1],
        }
    return counts

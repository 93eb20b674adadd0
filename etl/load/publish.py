"""Publish: upsert a run's staged tables into the published ones, inside the caller's
transaction, so that a run's changes become visible all together or not at all.

Each table is one set-based INSERT ... SELECT ... ON CONFLICT on its natural key. A row is
only rewritten when something in it changes (`IS DISTINCT FROM`), so loading the same input
again leaves every published row, and its changed_run_id, as it was.

Rows derived from an abstract (links, results, tags) follow the published abstract: they are
published only for papers whose published abstract is the staged one (a result's span must
point into the text it was found in), and for those papers the derived rows this run no
longer finds (after a rule changed) are deleted.
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
                                 abstract_source, method_name, created_run_id, changed_run_id)
        SELECT paper_key, abstract_fingerprint, title, abstract, abstract_source, method_name,
               :run_id, :run_id
        FROM {staging}.papers
        ON CONFLICT (paper_key) DO UPDATE
            SET title = coalesce(t.title, excluded.title),
                method_name = CASE WHEN t.abstract = excluded.abstract
                                   THEN excluded.method_name ELSE t.method_name END,
                changed_run_id = excluded.changed_run_id
            WHERE (t.title IS NULL AND excluded.title IS NOT NULL)
               OR (t.abstract = excluded.abstract
                   AND t.method_name IS DISTINCT FROM excluded.method_name)
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
    "metrics": """
        INSERT INTO metrics AS t (metric_key, metric_name, direction, is_share,
                                  created_run_id, changed_run_id)
        SELECT metric_key, metric_name, direction, is_share, :run_id, :run_id
        FROM {staging}.metrics
        ON CONFLICT (metric_key) DO UPDATE
            SET metric_name = excluded.metric_name, direction = excluded.direction,
                is_share = excluded.is_share, changed_run_id = excluded.changed_run_id
            WHERE (t.metric_name, t.direction, t.is_share)
                IS DISTINCT FROM (excluded.metric_name, excluded.direction, excluded.is_share)
        RETURNING (xmax = 0) AS inserted
    """,
    # A dataset keeps the spelling it was first published under: curated names come in
    # with the first run, names first seen in abstracts keep their first spelling.
    "datasets": """
        INSERT INTO datasets (dataset_key, dataset_name, created_run_id, changed_run_id)
        SELECT dataset_key, dataset_name, :run_id, :run_id FROM {staging}.datasets
        ON CONFLICT (dataset_key) DO NOTHING
        RETURNING true AS inserted
    """,
    "tags": """
        INSERT INTO tags AS t (tag_slug, tag_name, kind, parent_slug, area_slug,
                               created_run_id, changed_run_id)
        SELECT tag_slug, tag_name, kind, parent_slug, area_slug, :run_id, :run_id
        FROM {staging}.tags
        ON CONFLICT (tag_slug) DO UPDATE
            SET tag_name = excluded.tag_name, kind = excluded.kind,
                parent_slug = excluded.parent_slug, area_slug = excluded.area_slug,
                changed_run_id = excluded.changed_run_id
            WHERE (t.tag_name, t.kind, t.parent_slug, t.area_slug) IS DISTINCT FROM
                  (excluded.tag_name, excluded.kind, excluded.parent_slug, excluded.area_slug)
        RETURNING (xmax = 0) AS inserted
    """,
    # An alias keeps the metric (dataset) it was first published for.
    "metric_aliases": """
        INSERT INTO metric_aliases (alias_key, alias, metric_id, created_run_id, changed_run_id)
        SELECT s.alias_key, s.alias, m.metric_id, :run_id, :run_id
        FROM {staging}.metric_aliases AS s JOIN metrics AS m USING (metric_key)
        ON CONFLICT (alias_key) DO NOTHING
        RETURNING true AS inserted
    """,
    "dataset_aliases": """
        INSERT INTO dataset_aliases (alias_key, alias, dataset_id, created_run_id, changed_run_id)
        SELECT s.alias_key, s.alias, d.dataset_id, :run_id, :run_id
        FROM {staging}.dataset_aliases AS s JOIN datasets AS d USING (dataset_key)
        ON CONFLICT (alias_key) DO NOTHING
        RETURNING true AS inserted
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
        JOIN {staging}.papers AS sp USING (paper_key)
        JOIN papers AS p ON p.paper_key = s.paper_key AND p.abstract = sp.abstract
        JOIN repositories AS r USING (repository_key)
        ON CONFLICT ON CONSTRAINT uq_paper_repositories_paper_id_repository_id_subpath_origin
        DO UPDATE
            SET raw_url = excluded.raw_url, changed_run_id = excluded.changed_run_id
            WHERE t.raw_url IS DISTINCT FROM excluded.raw_url
        RETURNING (xmax = 0) AS inserted
    """,
    "results": """
        INSERT INTO results AS t (paper_id, origin, value, value_low, unit, scale, kind,
                                  metric_id, dataset_id, metric_text, dataset_text, comparator,
                                  raw_text, span_start, span_end, created_run_id,
                                  changed_run_id)
        SELECT p.paper_id, s.origin, s.value, s.value_low, s.unit, s.scale, s.kind,
               m.metric_id, d.dataset_id, s.metric_text, s.dataset_text, s.comparator,
               s.raw_text, s.span_start, s.span_end, :run_id, :run_id
        FROM {staging}.results AS s
        JOIN {staging}.papers AS sp USING (paper_key)
        JOIN papers AS p ON p.paper_key = s.paper_key AND p.abstract = sp.abstract
        LEFT JOIN metrics AS m ON m.metric_key = s.metric_key
        LEFT JOIN datasets AS d ON d.dataset_key = s.dataset_key
        ON CONFLICT (paper_id, origin, span_start, span_end) DO UPDATE
            SET value = excluded.value, value_low = excluded.value_low, unit = excluded.unit,
                scale = excluded.scale, kind = excluded.kind, metric_id = excluded.metric_id,
                dataset_id = excluded.dataset_id, metric_text = excluded.metric_text,
                dataset_text = excluded.dataset_text, comparator = excluded.comparator,
                raw_text = excluded.raw_text, changed_run_id = excluded.changed_run_id
            WHERE (t.value, t.value_low, t.unit, t.scale, t.kind, t.metric_id, t.dataset_id,
                   t.metric_text, t.dataset_text, t.comparator, t.raw_text)
                IS DISTINCT FROM
                  (excluded.value, excluded.value_low, excluded.unit, excluded.scale,
                   excluded.kind, excluded.metric_id, excluded.dataset_id, excluded.metric_text,
                   excluded.dataset_text, excluded.comparator, excluded.raw_text)
        RETURNING (xmax = 0) AS inserted
    """,
    "paper_tags": """
        INSERT INTO paper_tags AS t (paper_id, tag_id, origin, confidence, matched_text,
                                     created_run_id, changed_run_id)
        SELECT p.paper_id, tg.tag_id, s.origin, s.confidence, s.matched_text, :run_id, :run_id
        FROM {staging}.paper_tags AS s
        JOIN {staging}.papers AS sp USING (paper_key)
        JOIN papers AS p ON p.paper_key = s.paper_key AND p.abstract = sp.abstract
        JOIN tags AS tg USING (tag_slug)
        ON CONFLICT (paper_id, tag_id, origin) DO UPDATE
            SET confidence = excluded.confidence, matched_text = excluded.matched_text,
                changed_run_id = excluded.changed_run_id
            WHERE (t.confidence, t.matched_text)
                IS DISTINCT FROM (excluded.confidence, excluded.matched_text)
        RETURNING (xmax = 0) AS inserted
    """,
}
PUBLISH_ORDER = tuple(_UPSERTS)

# Derived rows of this run's papers that the run no longer derives. Each statement reads
# {staging} and returns one row per deleted row.
_STALE_DERIVED: dict[str, str] = {
    "paper_repositories": """
        DELETE FROM paper_repositories AS t
        USING papers AS p, {staging}.papers AS sp, repositories AS r
        WHERE t.paper_id = p.paper_id AND p.paper_key = sp.paper_key
          AND p.abstract = sp.abstract AND t.repository_id = r.repository_id
          AND t.origin = 'abstract'
          AND NOT EXISTS (
              SELECT 1 FROM {staging}.paper_repositories AS s
              WHERE s.paper_key = sp.paper_key AND s.repository_key = r.repository_key
                AND s.subpath IS NOT DISTINCT FROM t.subpath AND s.origin = t.origin)
        RETURNING 1
    """,
    "results": """
        DELETE FROM results AS t
        USING papers AS p, {staging}.papers AS sp
        WHERE t.paper_id = p.paper_id AND p.paper_key = sp.paper_key
          AND p.abstract = sp.abstract AND t.origin = 'abstract'
          AND NOT EXISTS (
              SELECT 1 FROM {staging}.results AS s
              WHERE s.paper_key = sp.paper_key AND s.origin = t.origin
                AND s.span_start = t.span_start AND s.span_end = t.span_end)
        RETURNING 1
    """,
    "paper_tags": """
        DELETE FROM paper_tags AS t
        USING papers AS p, {staging}.papers AS sp, tags AS tg
        WHERE t.paper_id = p.paper_id AND p.paper_key = sp.paper_key
          AND p.abstract = sp.abstract AND t.tag_id = tg.tag_id AND t.origin = 'rule'
          AND NOT EXISTS (
              SELECT 1 FROM {staging}.paper_tags AS s
              WHERE s.paper_key = sp.paper_key AND s.tag_slug = tg.tag_slug
                AND s.origin = t.origin)
        RETURNING 1
    """,
}


def publish(
    conn: sa.Connection, run_id: int, staging_schema: str, staged_counts: dict[str, int]
) -> dict[str, dict[str, int]]:
    """Upsert every staged table, delete stale derived rows; return rows staged, inserted,
    updated and deleted per table."""
    staging = f'"{staging_schema}"'
    counts = {}
    for table in PUBLISH_ORDER:
        changed = conn.execute(
            sa.text(
                f"WITH changed AS ({_UPSERTS[table].format(staging=staging)}) "
                "SELECT count(*) FILTER (WHERE inserted), count(*) FILTER (WHERE NOT inserted) "
                "FROM changed"
            ),
            {"run_id": run_id},
        ).one()
        counts[table] = {
            "staged": staged_counts.get(table, 0),
            "inserted": changed[0],
            "updated": changed[1],
            "deleted": 0,
        }
    for table, statement in _STALE_DERIVED.items():
        counts[table]["deleted"] = conn.execute(
            sa.text(f"WITH gone AS ({statement.format(staging=staging)}) SELECT count(*) FROM gone")
        ).scalar_one()
    return counts

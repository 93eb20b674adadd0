"""Assemble: from the batch tables of a run's staging schema to the tables the gate checks.

Batches are staged as they are read (record-level rows, `batch_*` tables). Once every
batch is in, this module decides which records are one paper (identity resolution runs in
Polars over the identifiers only, pulled from staging), then builds, in SQL, one staged row
per paper, link, result, tag, author ... keyed by natural keys: the shape publish upserts.

Which source wins for a paper's fields, when several records are one paper: title,
abstract (with what was derived from it) and date come from the record of highest
precedence that has them. Precedence is SOURCE_FORMATS order (arXiv, then conference lists,
Papers with Code API, Daily Papers, PwC leaderboards, text listings), then the latest record
of a source: a later file on the command line, a later record in its file (an arXiv snapshot
lists a paper's update after it, Daily Papers dumps are named by day). Identifiers are
united (the smallest value when two disagree); the author list comes from the record of
highest precedence that lists authors; listings, links, tags, results and sources come from
every record.
"""

from __future__ import annotations

import json

import polars as pl
import sqlalchemy as sa

from etl.load.staging import TABLE_OPTIONS, copy_frame, create_table, read_frame
from etl.transform.identity import FINGERPRINT_HEX_DIGITS, KEY_PREFIXES, paper_key_holders
from etl.transform.normalize import BATCH_SCHEMAS

BATCH_PREFIX = "batch_"


def batch_table(name: str) -> str:
    return BATCH_PREFIX + name


def resolve_papers(conn: sa.Connection, schema: str, file_positions: dict[str, int]) -> None:
    """Group the staged records into papers and rank them: fill `paper_map(record_key,
    paper_key, precedence)`, precedence 0 the record whose fields win (see above).
    `file_positions` is each source file's place on the command line.

    Polars holds one column of identifier strings at a time: each is read with the record's
    precedence (its id here) and replaced by its rank in byte order (the smallest rank is
    the smallest value), so that resolution runs on integers. Strings for millions of
    records cost gigabytes; the names are put back in SQL.
    """
    s = f'"{schema}"'
    conn.exec_driver_sql(
        f"""CREATE UNLOGGED TABLE {s}.record_ids AS
        SELECT b.record_key,
               row_number() OVER (ORDER BY b.source_rank, f.position DESC, b.record DESC,
                                  b.record_key) - 1 AS precedence,
               {", ".join(f"b.{kind}" for kind in KEY_PREFIXES)}, b.year
        FROM {s}.batch_records b
        JOIN jsonb_each_text(%(positions)s::jsonb) AS f(source_file, position)
             ON f.source_file = b.source_file""",
        {"positions": json.dumps(file_positions)},
    )
    ids = read_frame(
        conn,
        f"SELECT precedence AS record_key, year FROM {s}.record_ids",
        pl.Schema({"record_key": pl.Int64, "year": pl.Int32}),
    )
    for kind in KEY_PREFIXES:
        values = read_frame(
            conn,
            f"SELECT precedence AS record_key, {kind} FROM {s}.record_ids WHERE {kind} IS NOT NULL",
            pl.Schema({"record_key": pl.Int64, kind: pl.String}),
        )
        ranks = values.select("record_key", pl.col(kind).rank("dense").cast(pl.Int64))
        ids = ids.join(ranks, on="record_key", how="left")
        del values, ranks
    holders = paper_key_holders(ids)
    del ids
    conn.exec_driver_sql(
        f"CREATE UNLOGGED TABLE {s}.paper_holders "
        "(record_key bigint, key_kind text, key_holder bigint)"
    )
    copy_frame(conn, f"{s}.paper_holders", holders)
    del holders
    paper_key = "\n".join(
        f"WHEN '{kind}' THEN '{prefix}' || "
        + (_sql_stable_digest(f"h.{kind}") if kind == "title_key" else f"h.{kind}")
        for kind, prefix in KEY_PREFIXES.items()
    )
    conn.exec_driver_sql(
        f"""CREATE UNLOGGED TABLE {s}.paper_map AS
        SELECT r.record_key, CASE p.key_kind {paper_key} END AS paper_key, r.precedence
        FROM {s}.paper_holders p
        JOIN {s}.record_ids r ON r.precedence = p.record_key
        JOIN {s}.record_ids h ON h.precedence = p.key_holder"""
    )
    conn.exec_driver_sql(f"CREATE INDEX ON {s}.paper_map (record_key)")


def _sql_stable_digest(column: str) -> str:
    """etl.transform.identity.stable_digest, in SQL: the same text gives the same digest."""
    return f"left(encode(sha256(convert_to({column}, 'UTF8')), 'hex'), {FINGERPRINT_HEX_DIGITS})"


# Each statement creates one staged table from the batch tables and paper_map; {s} is the
# staging schema. Order matters: papers first, the rest may read it.
_ASSEMBLY: dict[str, str] = {
    "papers": """
        CREATE TABLE {s}.papers """
    + TABLE_OPTIONS
    + """ AS
        WITH r AS (
            -- Narrow rows: grouping rows that carry two abstracts each was most of the time.
            SELECT m.paper_key, m.precedence, b.record_key, b.title, b.title_key,
                   b.abstract IS NOT NULL AS has_abstract, b.published_on, b.source_format,
                   b.arxiv_id, b.doi, b.openreview_id, b.pwc_id
            FROM {s}.batch_records b JOIN {s}.paper_map m USING (record_key)
        ), firsts AS (
            SELECT
                paper_key,
                (array_agg(title ORDER BY precedence)
                    FILTER (WHERE title IS NOT NULL))[1] AS title,
                (array_agg(title_key ORDER BY precedence)
                    FILTER (WHERE title IS NOT NULL))[1] AS title_key,
                (array_agg(record_key ORDER BY precedence)
                    FILTER (WHERE has_abstract))[1] AS abstract_record,
                (array_agg(published_on ORDER BY precedence)
                    FILTER (WHERE published_on IS NOT NULL))[1] AS published_on,
                (array_agg(source_format ORDER BY precedence)
                    FILTER (WHERE has_abstract OR title IS NOT NULL))[1]
                    AS metadata_source,
                min(arxiv_id) AS arxiv_id,
                min(doi) AS doi,
                min(openreview_id) AS openreview_id,
                min(pwc_id) AS pwc_id
            FROM r GROUP BY paper_key
        )
        SELECT f.paper_key, f.arxiv_id, f.doi, f.openreview_id, f.pwc_id, f.title_key,
               f.title, a.abstract, a.abstract_source, a.abstract_hash, a.abstract_fingerprint,
               f.published_on, f.metadata_source, x.method_name
        FROM firsts f
        LEFT JOIN {s}.batch_records a ON a.record_key = f.abstract_record
        LEFT JOIN (SELECT DISTINCT ON (abstract_hash) abstract_hash, method_name
                   FROM {s}.batch_abstracts ORDER BY abstract_hash) x
               ON x.abstract_hash = a.abstract_hash
    """,
    "paper_sources": """
        CREATE TABLE {s}.paper_sources AS
        SELECT DISTINCT ON (b.source_file, b.record)
               m.paper_key, b.source_file, b.record AS record_number, b.source_format,
               b.source_sha256, b.line AS line_number, b.source_record_id, b.record_digest
        FROM {s}.batch_records b JOIN {s}.paper_map m USING (record_key)
        ORDER BY b.source_file, b.record, b.record_key
    """,
    "listings": """
        CREATE TABLE {s}.listings AS
        SELECT DISTINCT ON (listing_slug) listing_slug, listing_name
        FROM {s}.batch_listings ORDER BY listing_slug, listing_name
    """,
    "paper_listings": """
        CREATE TABLE {s}.paper_listings AS
        SELECT DISTINCT ON (m.paper_key, b.listing_slug)
               m.paper_key, b.listing_slug, b.record AS position, b.source_file,
               b.line AS source_line, b.upvotes, b.comment_count, b.decision
        FROM {s}.batch_records b JOIN {s}.paper_map m USING (record_key)
        WHERE b.listing_slug IS NOT NULL
        ORDER BY m.paper_key, b.listing_slug, m.precedence
    """,
    "repositories": """
        CREATE TABLE {s}.repositories AS
        SELECT DISTINCT ON (repository_key)
               repository_key, canonical_url, host, owner, name, kind
        FROM (SELECT repository_key, canonical_url, host, owner, name, kind
              FROM {s}.batch_abstract_links
              UNION ALL
              SELECT repository_key, canonical_url, host, owner, name, kind
              FROM {s}.batch_record_links) links
        ORDER BY repository_key, canonical_url
    """,
    "paper_repositories": """
        CREATE TABLE {s}.paper_repositories AS
        SELECT DISTINCT ON (paper_key, repository_key, subpath, origin)
               paper_key, repository_key, subpath, origin, source_field, raw_url
        FROM (
            SELECT p.paper_key, l.repository_key, l.subpath, 'abstract' AS origin,
                   NULL::text AS source_field, l.raw_url, 0::bigint AS precedence
            FROM {s}.papers p JOIN {s}.batch_abstract_links l USING (abstract_hash)
            UNION ALL
            SELECT m.paper_key, l.repository_key, l.subpath, 'source-field', l.source_field,
                   l.raw_url, m.precedence
            FROM {s}.batch_record_links l
            JOIN {s}.paper_map m USING (record_key)
        ) links
        ORDER BY paper_key, repository_key, subpath, origin, precedence, raw_url
    """,
    "metrics": """
        CREATE TABLE {s}.metrics AS
        SELECT DISTINCT ON (metric_key) metric_key, metric_name, direction, is_share
        FROM {s}.batch_metrics
        ORDER BY metric_key, direction IS NULL, is_share DESC, metric_name
    """,
    "metric_aliases": """
        CREATE TABLE {s}.metric_aliases AS
        SELECT DISTINCT ON (alias_key) alias_key, alias, metric_key
        FROM {s}.batch_metric_aliases ORDER BY alias_key, metric_key, alias
    """,
    "datasets": """
        CREATE TABLE {s}.datasets AS
        SELECT DISTINCT ON (dataset_key) dataset_key, dataset_name
        FROM {s}.batch_datasets ORDER BY dataset_key, dataset_name
    """,
    "dataset_aliases": """
        CREATE TABLE {s}.dataset_aliases AS
        SELECT DISTINCT ON (alias_key) alias_key, alias, dataset_key
        FROM {s}.batch_dataset_aliases ORDER BY alias_key, dataset_key, alias
    """,
    "tags": """
        CREATE TABLE {s}.tags AS
        SELECT DISTINCT ON (tag_slug) tag_slug, tag_name, kind, parent_slug, area_slug
        FROM {s}.batch_tags
        ORDER BY tag_slug, (parent_slug IS NULL AND area_slug IS NULL), tag_name
    """,
    "results": """
        CREATE TABLE {s}.results AS
        SELECT p.paper_key, 'abstract' AS origin, NULL::text AS task_slug,
               NULL::text AS model_name, r.span_start, r.span_end, r.value, r.value_low,
               r.unit, r.scale, r.kind, r.metric_key, r.dataset_key, r.metric_text,
               r.dataset_text, r.comparator, r.raw_text
        FROM {s}.papers p
        JOIN (SELECT DISTINCT ON (abstract_hash, span_start, span_end) *
              FROM {s}.batch_abstract_results
              ORDER BY abstract_hash, span_start, span_end) r USING (abstract_hash)
        UNION ALL
        SELECT * FROM (
            SELECT DISTINCT ON (m.paper_key, l.task_slug, l.dataset_key, l.metric_key,
                                l.model_name)
                   m.paper_key, 'leaderboard', l.task_slug, l.model_name, NULL::integer,
                   NULL::integer, l.value, l.value_low, l.unit, l.scale, l.kind, l.metric_key,
                   l.dataset_key, l.metric_text, l.dataset_text, l.comparator, l.raw_text
            FROM {s}.batch_leaderboard_results l
            JOIN {s}.paper_map m USING (record_key)
            ORDER BY m.paper_key, l.task_slug, l.dataset_key, l.metric_key, l.model_name,
                     m.precedence
        ) leaderboard
    """,
    "paper_tags": """
        CREATE TABLE {s}.paper_tags AS
        SELECT DISTINCT ON (paper_key, tag_slug, origin)
               paper_key, tag_slug, origin, confidence, matched_text
        FROM (
            SELECT p.paper_key, t.tag_slug, 'rule' AS origin, t.confidence, t.matched_text
            FROM {s}.papers p JOIN {s}.batch_abstract_tags t USING (abstract_hash)
            UNION ALL
            SELECT m.paper_key, t.tag_slug, t.origin, t.confidence, t.tag_name
            FROM {s}.batch_record_tags t JOIN {s}.paper_map m USING (record_key)
        ) tags
        ORDER BY paper_key, tag_slug, origin, confidence DESC, matched_text
    """,
    "paper_authors": """
        CREATE TABLE {s}.paper_authors AS
        WITH listed AS (
            SELECT DISTINCT ON (m.paper_key) m.paper_key, b.record_key, b.source_format
            FROM {s}.batch_records b JOIN {s}.paper_map m USING (record_key)
            WHERE EXISTS (SELECT 1 FROM {s}.batch_record_authors a
                          WHERE a.record_key = b.record_key)
            ORDER BY m.paper_key, m.precedence
        )
        SELECT l.paper_key, a.position, a.author_key, a.affiliation, l.source_format
        FROM listed l JOIN {s}.batch_record_authors a USING (record_key)
    """,
    "authors": """
        CREATE TABLE {s}.authors AS
        SELECT DISTINCT ON (author_key) author_key, name
        FROM {s}.batch_record_authors ORDER BY author_key, name
    """,
    "organizations": """
        CREATE TABLE {s}.organizations AS
        SELECT DISTINCT ON (organization_key) organization_key, name
        FROM (SELECT organization_key, organization AS name FROM {s}.batch_records
              WHERE organization_key <> ''
              UNION ALL
              SELECT organization_key, organization FROM {s}.batch_record_affiliations) names
        GROUP BY organization_key, name
        -- Of the spellings of one organisation, the one most records use ("DeepMind", not
        -- "Deepmind"; "École Normale Supérieure", not "Ecole ...").
        ORDER BY organization_key, count(*) DESC, name
    """,
    "paper_organizations": """
        CREATE TABLE {s}.paper_organizations AS
        SELECT DISTINCT m.paper_key, o.organization_key, o.origin
        FROM (SELECT record_key, organization_key, 'source' AS origin FROM {s}.batch_records
              WHERE organization_key <> ''
              UNION ALL
              SELECT record_key, organization_key, 'affiliation'
              FROM {s}.batch_record_affiliations) o
        JOIN {s}.paper_map m USING (record_key)
    """,
}
ASSEMBLED_TABLES = tuple(_ASSEMBLY)


def create_batch_tables(conn: sa.Connection, schema: str) -> None:
    """Empty UNLOGGED `batch_*` tables, one per BATCH_SCHEMAS table, plus the rejects."""
    for name, table_schema in BATCH_SCHEMAS.items():
        create_table(conn, schema, batch_table(name), table_schema)


def assemble(conn: sa.Connection, schema: str, file_positions: dict[str, int]) -> dict[str, int]:
    """Build every staged table from the batches; return their row counts."""
    for name in ("records", "abstract_links", "abstract_results", "abstract_tags"):
        key = "record_key" if name == "records" else "abstract_hash"
        conn.exec_driver_sql(f'CREATE INDEX ON "{schema}".{batch_table(name)} ({key})')
    resolve_papers(conn, schema, file_positions)
    counts = {}
    for name, statement in _ASSEMBLY.items():
        conn.exec_driver_sql(statement.format(s=f'"{schema}"'))
        if name == "papers":
            conn.exec_driver_sql(f'CREATE INDEX ON "{schema}".papers (abstract_hash)')
        conn.exec_driver_sql(f'ANALYZE "{schema}".{name}')
        counts[name] = conn.exec_driver_sql(f'SELECT count(*) FROM "{schema}".{name}').scalar_one()
    return counts

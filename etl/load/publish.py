"""Publish: move a run's staged tables into the published ones, inside the caller's
transaction, so that a run's changes become visible all together or not at all.

Papers first: each staged paper is the published paper identity resolution matched it to
(etl.load.assemble.stage_paper_map), or new; matched papers are completed (an identifier
they lacked, a more precise date) or updated (title, abstract and date from a source of the
same or higher precedence: the latest load of the most trusted source wins) and the others
inserted, with every identifier their records gave (paper_identifiers). Every other table is
one set-based INSERT ... SELECT ... ON CONFLICT on its natural key, through that match. A
row is only rewritten when something in it changes (`IS DISTINCT FROM`), so loading the
same input again leaves every published row, and its changed_run_id, as it was.

Rows derived from an abstract (results, rule tags) follow the published abstract: they are
published only for papers whose published abstract is the staged one (a result's span must
point into the text it was found in), and for those papers the derived rows this run no
longer finds (after a rule changed) are deleted. Links and leaderboard values come from every
record and name it: those of a record read again that it no longer gives are deleted.
"""

from __future__ import annotations

import sqlalchemy as sa

from etl.contracts import DATE_PRECISIONS, SOURCE_FORMATS, STRONG_IDENTIFIER_KINDS

_RANK = "array_position(ARRAY[{}]::text[], {{}})".format(
    ", ".join(f"'{f}'" for f in SOURCE_FORMATS)
)


def _rank(column: str) -> str:
    return _RANK.format(column)


# A more precise date sorts first.
_DATE_RANK = "array_position(ARRAY[{}]::text[], {{}})".format(
    ", ".join(f"'{p}'" for p in DATE_PRECISIONS)
)

# Statements run in this order. Most are one INSERT ... ON CONFLICT returning `inserted`
# per changed row (telling inserted from updated); a statement starting with WITH counts
# for itself and returns (inserted, updated). {s} is the staging schema, :run_id the run.
_STEPS: dict[str, str] = {
    "listings": """
        INSERT INTO listings AS t (listing_slug, listing_name, created_run_id, changed_run_id)
        SELECT listing_slug, listing_name, :run_id, :run_id FROM {s}.listings
        ON CONFLICT (listing_slug) DO UPDATE
            SET listing_name = excluded.listing_name, changed_run_id = excluded.changed_run_id
            WHERE t.listing_name IS DISTINCT FROM excluded.listing_name
        RETURNING (xmax = 0) AS inserted
    """,
    "papers": """
        WITH new_papers AS (
            INSERT INTO papers (paper_key, arxiv_id, doi, acl_id, openreview_id, pwc_id,
                                paper_url, title_key, title, abstract, abstract_source,
                                abstract_fingerprint, published_on, published_on_precision,
                                metadata_source, method_name, method_name_origin,
                                created_run_id, changed_run_id)
            SELECT m.new_key, sp.arxiv_id, sp.doi, sp.acl_id, sp.openreview_id, sp.pwc_id,
                   sp.paper_url, sp.title_key, sp.title, sp.abstract, sp.abstract_source,
                   sp.abstract_fingerprint, sp.published_on, sp.published_on_precision,
                   sp.metadata_source, sp.method_name, sp.method_name_origin, :run_id, :run_id
            FROM {s}.papers sp JOIN {s}.paper_match m USING (paper_key)
            WHERE m.paper_id IS NULL
            RETURNING paper_id, paper_key
        ), matched AS (
            UPDATE {s}.paper_match m SET paper_id = n.paper_id
            FROM new_papers n WHERE m.new_key = n.paper_key
            RETURNING m.paper_key
        )
        SELECT count(*), 0 FROM matched
    """,
    "papers_completed": """
        WITH incoming AS (
            SELECT DISTINCT ON (m.paper_id) m.paper_id AS target_id, sp.*
            FROM {s}.papers sp JOIN {s}.paper_match m USING (paper_key)
            WHERE NOT m.is_new
            ORDER BY m.paper_id, """
    + _rank("sp.metadata_source")
    + """, sp.paper_key
        ), decided AS (
            SELECT i.*,
                   """
    + _rank("i.metadata_source")
    + " <= "
    + _rank("t.metadata_source")
    + """ AS takes_precedence,
                   t.abstract IS NULL AS lacks_abstract, t.title IS NULL AS lacks_title,
                   i.published_on IS NOT NULL AND (
                       t.published_on IS NULL
                       OR """
    + _DATE_RANK.format("i.published_on_precision")
    + " < "
    + _DATE_RANK.format("t.published_on_precision")
    + """
                       OR ("""
    + _DATE_RANK.format("i.published_on_precision")
    + " = "
    + _DATE_RANK.format("t.published_on_precision")
    + """ AND """
    + _rank("i.metadata_source")
    + " <= "
    + _rank("t.metadata_source")
    + """)) AS takes_date
            FROM papers t JOIN incoming i ON t.paper_id = i.target_id
        ), next AS (
            SELECT d.target_id,
"""
    + "".join(
        f"""                   coalesce(t.{kind}, CASE WHEN NOT EXISTS (
                       SELECT 1 FROM papers o WHERE o.{kind} = d.{kind}) THEN d.{kind} END)
                       AS {kind},
"""
        for kind in STRONG_IDENTIFIER_KINDS
    )
    + """                   CASE WHEN d.title IS NOT NULL AND (d.lacks_title OR d.takes_precedence)
                        THEN d.title ELSE t.title END AS title,
                   CASE WHEN d.title IS NOT NULL AND (d.lacks_title OR d.takes_precedence)
                        THEN d.title_key ELSE t.title_key END AS title_key,
                   d.abstract IS NOT NULL AND (d.lacks_abstract OR d.takes_precedence)
                   -- The published abstract's own text, which the rules now find a
                   -- placeholder: it is no abstract any more.
                   OR d.abstract IS NULL AND d.abstract_source = t.abstract_source
                       AS takes_abstract,
                   CASE WHEN d.takes_date THEN d.published_on ELSE t.published_on END
                       AS published_on,
                   CASE WHEN d.takes_date THEN d.published_on_precision
                        ELSE t.published_on_precision END AS published_on_precision,
                   CASE WHEN d.takes_precedence OR (d.lacks_abstract AND d.abstract IS NOT NULL)
                        THEN d.metadata_source ELSE t.metadata_source END AS metadata_source,
                   d.abstract, d.abstract_source, d.abstract_fingerprint, d.method_name,
                   d.method_name_origin, t.abstract AS published_abstract,
                   t.method_name AS published_method_name,
                   t.method_name_origin AS published_method_name_origin
            FROM decided d JOIN papers t ON t.paper_id = d.target_id
        ), named AS (
            -- The method name (and where it was read) goes with the abstract it came from.
            SELECT n.*,
                   CASE WHEN n.takes_abstract OR n.published_abstract = n.abstract
                        THEN n.method_name ELSE n.published_method_name END AS kept_method_name,
                   CASE WHEN n.takes_abstract OR n.published_abstract = n.abstract
                        THEN n.method_name_origin ELSE n.published_method_name_origin END
                       AS kept_method_name_origin
            FROM next n
        ), changed AS (
        UPDATE papers t SET
            """
    + ", ".join(f"{kind} = n.{kind}" for kind in STRONG_IDENTIFIER_KINDS)
    + """,
            title = n.title, title_key = n.title_key,
            abstract = CASE WHEN n.takes_abstract THEN n.abstract ELSE t.abstract END,
            abstract_source = CASE WHEN n.takes_abstract THEN n.abstract_source
                                   ELSE t.abstract_source END,
            abstract_fingerprint = CASE WHEN n.takes_abstract THEN n.abstract_fingerprint
                                        ELSE t.abstract_fingerprint END,
            method_name = n.kept_method_name, method_name_origin = n.kept_method_name_origin,
            published_on = n.published_on, published_on_precision = n.published_on_precision,
            metadata_source = n.metadata_source,
            changed_run_id = :run_id
        FROM named n
        WHERE t.paper_id = n.target_id
          AND ("""
    + ", ".join(f"t.{kind}" for kind in STRONG_IDENTIFIER_KINDS)
    + """, t.title, t.title_key,
               t.published_on, t.published_on_precision, t.metadata_source,
               CASE WHEN n.takes_abstract THEN n.abstract ELSE t.abstract END,
               n.kept_method_name, n.kept_method_name_origin)
              IS DISTINCT FROM
              ("""
    + ", ".join(f"n.{kind}" for kind in STRONG_IDENTIFIER_KINDS)
    + """, n.title, n.title_key,
               n.published_on, n.published_on_precision, n.metadata_source, t.abstract,
               t.method_name, t.method_name_origin)
        RETURNING 1
        )
        SELECT 0, count(*) FROM changed
    """,
    # Identifiers that name one paper are unique here: one another paper holds already (a
    # record that linked two papers) is not added; that pair is in merge_candidates.
    "paper_identifiers": """
        INSERT INTO paper_identifiers AS t (paper_id, kind, value, year_low, year_high,
                                            created_run_id, changed_run_id)
        SELECT m.paper_id, s.kind, s.value, s.year_low, s.year_high, :run_id, :run_id
        FROM {s}.paper_identifiers s JOIN {s}.paper_match m USING (paper_key)
        ON CONFLICT DO NOTHING
        RETURNING true AS inserted
    """,
    "merge_candidates": """
        INSERT INTO etl.merge_candidates (paper_id, other_paper_id, evidence, source_file,
                                          record_number, run_id)
        SELECT paper_id, other_paper_id, evidence, source_file, record_number, :run_id
        FROM {s}.merge_candidates
        ON CONFLICT DO NOTHING
        RETURNING true AS inserted
    """,
    "repositories": """
        INSERT INTO repositories AS t (repository_key, canonical_url, host, owner, name, kind,
                                       created_run_id, changed_run_id)
        SELECT repository_key, canonical_url, host, owner, name, kind, :run_id, :run_id
        FROM {s}.repositories
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
        FROM {s}.metrics
        ON CONFLICT (metric_key) DO UPDATE
            SET metric_name = excluded.metric_name, direction = excluded.direction,
                is_share = excluded.is_share, changed_run_id = excluded.changed_run_id
            WHERE (t.metric_name, t.direction, t.is_share)
                IS DISTINCT FROM (excluded.metric_name, excluded.direction, excluded.is_share)
        RETURNING (xmax = 0) AS inserted
    """,
    # A dataset, alias, author or organisation keeps the spelling it was first published
    # under: curated names come in with the first run, others keep their first spelling.
    "datasets": """
        INSERT INTO datasets (dataset_key, dataset_name, created_run_id, changed_run_id)
        SELECT dataset_key, dataset_name, :run_id, :run_id FROM {s}.datasets
        ON CONFLICT (dataset_key) DO NOTHING
        RETURNING true AS inserted
    """,
    "tags": """
        INSERT INTO tags AS t (tag_slug, tag_name, kind, parent_slug, area_slug,
                               created_run_id, changed_run_id)
        SELECT tag_slug, tag_name, kind, parent_slug, area_slug, :run_id, :run_id
        FROM {s}.tags
        ON CONFLICT (tag_slug) DO UPDATE
            SET tag_name = excluded.tag_name, kind = excluded.kind,
                parent_slug = excluded.parent_slug, area_slug = excluded.area_slug,
                changed_run_id = excluded.changed_run_id
            WHERE (t.parent_slug IS NULL AND t.area_slug IS NULL
                   AND (excluded.parent_slug IS NOT NULL OR excluded.area_slug IS NOT NULL))
               OR ((excluded.parent_slug IS NOT NULL OR excluded.area_slug IS NOT NULL)
                   AND (t.tag_name, t.kind, t.parent_slug, t.area_slug) IS DISTINCT FROM
                       (excluded.tag_name, excluded.kind, excluded.parent_slug,
                        excluded.area_slug))
        RETURNING (xmax = 0) AS inserted
    """,
    "metric_aliases": """
        INSERT INTO metric_aliases (alias_key, alias, metric_id, created_run_id, changed_run_id)
        SELECT s.alias_key, s.alias, m.metric_id, :run_id, :run_id
        FROM {s}.metric_aliases AS s JOIN metrics AS m USING (metric_key)
        ON CONFLICT (alias_key) DO NOTHING
        RETURNING true AS inserted
    """,
    "dataset_aliases": """
        INSERT INTO dataset_aliases (alias_key, alias, dataset_id, created_run_id, changed_run_id)
        SELECT s.alias_key, s.alias, d.dataset_id, :run_id, :run_id
        FROM {s}.dataset_aliases AS s JOIN datasets AS d USING (dataset_key)
        ON CONFLICT (alias_key) DO NOTHING
        RETURNING true AS inserted
    """,
    "authors": """
        INSERT INTO authors (author_key, name, created_run_id, changed_run_id)
        SELECT author_key, name, :run_id, :run_id FROM {s}.authors
        ON CONFLICT (author_key) DO NOTHING
        RETURNING true AS inserted
    """,
    "organizations": """
        INSERT INTO organizations (organization_key, name, created_run_id, changed_run_id)
        SELECT organization_key, name, :run_id, :run_id FROM {s}.organizations
        ON CONFLICT (organization_key) DO NOTHING
        RETURNING true AS inserted
    """,
    "paper_sources": """
        INSERT INTO paper_sources AS t (source_file, record_number, paper_id, source_format,
                                        source_sha256, line_number, source_record_id,
                                        record_digest, match_evidence, created_run_id,
                                        changed_run_id)
        SELECT s.source_file, s.record_number, m.paper_id, s.source_format, s.source_sha256,
               s.line_number, s.source_record_id, s.record_digest, s.match_evidence, :run_id,
               :run_id
        FROM {s}.paper_sources s JOIN {s}.paper_match m USING (paper_key)
        ON CONFLICT (source_file, record_number) DO UPDATE
            SET paper_id = excluded.paper_id, source_format = excluded.source_format,
                source_sha256 = excluded.source_sha256, line_number = excluded.line_number,
                source_record_id = excluded.source_record_id,
                record_digest = excluded.record_digest,
                match_evidence = excluded.match_evidence,
                changed_run_id = excluded.changed_run_id
            WHERE (t.paper_id, t.source_format, t.source_sha256, t.line_number,
                   t.source_record_id, t.record_digest, t.match_evidence)
                IS DISTINCT FROM (excluded.paper_id, excluded.source_format,
                                  excluded.source_sha256, excluded.line_number,
                                  excluded.source_record_id, excluded.record_digest,
                                  excluded.match_evidence)
        RETURNING (xmax = 0) AS inserted
    """,
    "paper_listings": """
        INSERT INTO paper_listings AS t (paper_id, listing_id, position, source_file,
                                         source_line, upvotes, comment_count, decision,
                                         created_run_id, changed_run_id)
        SELECT DISTINCT ON (m.paper_id, l.listing_id)
               m.paper_id, l.listing_id, s.position, s.source_file, s.source_line, s.upvotes,
               s.comment_count, s.decision, :run_id, :run_id
        FROM {s}.paper_listings AS s
        JOIN {s}.paper_match AS m USING (paper_key)
        JOIN listings AS l USING (listing_slug)
        ORDER BY m.paper_id, l.listing_id, s.source_file, s.position
        ON CONFLICT (paper_id, listing_id) DO UPDATE
            SET position = excluded.position, source_file = excluded.source_file,
                source_line = excluded.source_line, upvotes = excluded.upvotes,
                comment_count = excluded.comment_count, decision = excluded.decision,
                changed_run_id = excluded.changed_run_id
            WHERE (t.position, t.source_file, t.source_line, t.upvotes, t.comment_count,
                   t.decision)
                IS DISTINCT FROM (excluded.position, excluded.source_file, excluded.source_line,
                                  excluded.upvotes, excluded.comment_count, excluded.decision)
        RETURNING (xmax = 0) AS inserted
    """,
    "paper_repositories": """
        INSERT INTO paper_repositories AS t (paper_id, repository_id, subpath, origin,
                                             source_field, raw_url, source_file, record_number,
                                             created_run_id, changed_run_id)
        SELECT DISTINCT ON (m.paper_id, r.repository_id, s.subpath, s.origin)
               m.paper_id, r.repository_id, s.subpath, s.origin, s.source_field, s.raw_url,
               s.source_file, s.record_number, :run_id, :run_id
        FROM {s}.paper_repositories AS s
        JOIN {s}.paper_match AS m USING (paper_key)
        JOIN repositories AS r USING (repository_key)
        ORDER BY m.paper_id, r.repository_id, s.subpath, s.origin, s.paper_key
        ON CONFLICT ON CONSTRAINT uq_paper_repositories_paper_id_repository_id_subpath_origin
        DO UPDATE
            SET source_field = excluded.source_field, raw_url = excluded.raw_url,
                source_file = excluded.source_file, record_number = excluded.record_number,
                changed_run_id = excluded.changed_run_id
            -- A link another record gave before keeps that record (the first to give it),
            -- unless the record that gave it is read again now.
            WHERE t.source_file IS NULL
               OR (t.source_file, t.record_number) = (excluded.source_file, excluded.record_number)
                  AND (t.source_field, t.raw_url)
                      IS DISTINCT FROM (excluded.source_field, excluded.raw_url)
        RETURNING (xmax = 0) AS inserted
    """,
    "results": """
        INSERT INTO results AS t (paper_id, origin, value, value_low, unit, scale, kind,
                                  metric_id, dataset_id, metric_text, dataset_text, comparator,
                                  comparator_value, comparator_unit, raw_text, span_start,
                                  span_end, created_run_id, changed_run_id)
        SELECT DISTINCT ON (m.paper_id, s.span_start, s.span_end)
               m.paper_id, s.origin, s.value, s.value_low, s.unit, s.scale, s.kind,
               mt.metric_id, d.dataset_id, s.metric_text, s.dataset_text, s.comparator,
               s.comparator_value, s.comparator_unit, s.raw_text, s.span_start, s.span_end,
               :run_id, :run_id
        FROM {s}.results AS s
        JOIN {s}.paper_match AS m USING (paper_key)
        LEFT JOIN metrics AS mt ON mt.metric_key = s.metric_key
        LEFT JOIN datasets AS d ON d.dataset_key = s.dataset_key
        WHERE s.origin = 'abstract' AND m.abstract_is_published
        ORDER BY m.paper_id, s.span_start, s.span_end, s.paper_key
        ON CONFLICT (paper_id, origin, span_start, span_end) DO UPDATE
            SET value = excluded.value, value_low = excluded.value_low, unit = excluded.unit,
                scale = excluded.scale, kind = excluded.kind, metric_id = excluded.metric_id,
                dataset_id = excluded.dataset_id, metric_text = excluded.metric_text,
                dataset_text = excluded.dataset_text, comparator = excluded.comparator,
                comparator_value = excluded.comparator_value,
                comparator_unit = excluded.comparator_unit, raw_text = excluded.raw_text,
                changed_run_id = excluded.changed_run_id
            WHERE (t.value, t.value_low, t.unit, t.scale, t.kind, t.metric_id, t.dataset_id,
                   t.metric_text, t.dataset_text, t.comparator, t.comparator_value,
                   t.comparator_unit, t.raw_text)
                IS DISTINCT FROM
                  (excluded.value, excluded.value_low, excluded.unit, excluded.scale,
                   excluded.kind, excluded.metric_id, excluded.dataset_id, excluded.metric_text,
                   excluded.dataset_text, excluded.comparator, excluded.comparator_value,
                   excluded.comparator_unit, excluded.raw_text)
        RETURNING (xmax = 0) AS inserted
    """,
    "leaderboard_results": """
        INSERT INTO results AS t (paper_id, origin, task_tag_id, model_name, value, value_low,
                                  unit, scale, kind, metric_id, dataset_id, metric_text,
                                  dataset_text, comparator, raw_text, source_file,
                                  record_number, entered_on, created_run_id, changed_run_id)
        SELECT m.paper_id, s.origin, tg.tag_id, s.model_name, s.value, s.value_low, s.unit,
               s.scale, s.kind, mt.metric_id, d.dataset_id, s.metric_text, s.dataset_text,
               s.comparator, s.raw_text, s.source_file, s.record_number, s.entered_on,
               :run_id, :run_id
        FROM {s}.results AS s
        JOIN {s}.paper_match AS m USING (paper_key)
        LEFT JOIN tags AS tg ON tg.tag_slug = s.task_slug
        LEFT JOIN metrics AS mt ON mt.metric_key = s.metric_key
        LEFT JOIN datasets AS d ON d.dataset_key = s.dataset_key
        WHERE s.origin = 'leaderboard'
        ON CONFLICT (source_file, record_number, metric_text) WHERE origin = 'leaderboard'
        DO UPDATE
            SET paper_id = excluded.paper_id, task_tag_id = excluded.task_tag_id,
                model_name = excluded.model_name, value = excluded.value,
                value_low = excluded.value_low, unit = excluded.unit, scale = excluded.scale,
                kind = excluded.kind, metric_id = excluded.metric_id,
                dataset_id = excluded.dataset_id, dataset_text = excluded.dataset_text,
                raw_text = excluded.raw_text, entered_on = excluded.entered_on,
                changed_run_id = excluded.changed_run_id
            WHERE (t.paper_id, t.task_tag_id, t.model_name, t.value, t.value_low, t.unit,
                   t.scale, t.kind, t.metric_id, t.dataset_id, t.dataset_text, t.raw_text,
                   t.entered_on)
                IS DISTINCT FROM
                  (excluded.paper_id, excluded.task_tag_id, excluded.model_name, excluded.value,
                   excluded.value_low, excluded.unit, excluded.scale, excluded.kind,
                   excluded.metric_id, excluded.dataset_id, excluded.dataset_text,
                   excluded.raw_text, excluded.entered_on)
        RETURNING (xmax = 0) AS inserted
    """,
    "paper_tags": """
        INSERT INTO paper_tags AS t (paper_id, tag_id, origin, confidence, matched_text,
                                     created_run_id, changed_run_id)
        SELECT DISTINCT ON (m.paper_id, tg.tag_id, s.origin)
               m.paper_id, tg.tag_id, s.origin, s.confidence, s.matched_text, :run_id, :run_id
        FROM {s}.paper_tags AS s
        JOIN {s}.paper_match AS m USING (paper_key)
        JOIN tags AS tg USING (tag_slug)
        WHERE s.origin <> 'rule' OR m.abstract_is_published
        ORDER BY m.paper_id, tg.tag_id, s.origin, s.confidence DESC
        ON CONFLICT (paper_id, tag_id, origin) DO UPDATE
            SET confidence = excluded.confidence, matched_text = excluded.matched_text,
                changed_run_id = excluded.changed_run_id
            WHERE (t.confidence, t.matched_text)
                IS DISTINCT FROM (excluded.confidence, excluded.matched_text)
        RETURNING (xmax = 0) AS inserted
    """,
    # An author list is replaced only by one from a source at least as early in precedence
    # order as the one it came from.
    "paper_authors": """
        INSERT INTO paper_authors AS t (paper_id, position, author_id, affiliation,
                                        source_format, created_run_id, changed_run_id)
        SELECT DISTINCT ON (m.paper_id, s.position)
               m.paper_id, s.position, a.author_id, s.affiliation, s.source_format,
               :run_id, :run_id
        FROM {s}.paper_authors AS s
        JOIN {s}.paper_match AS m USING (paper_key)
        JOIN authors AS a USING (author_key)
        WHERE NOT EXISTS (
            SELECT 1 FROM paper_authors e
            WHERE e.paper_id = m.paper_id AND """
    + _rank("e.source_format")
    + " < "
    + _rank("s.source_format")
    + """)
        ORDER BY m.paper_id, s.position, """
    + _rank("s.source_format")
    + """
        ON CONFLICT (paper_id, position) DO UPDATE
            SET author_id = excluded.author_id, affiliation = excluded.affiliation,
                source_format = excluded.source_format, changed_run_id = excluded.changed_run_id
            WHERE (t.author_id, t.affiliation, t.source_format)
                IS DISTINCT FROM (excluded.author_id, excluded.affiliation, excluded.source_format)
        RETURNING (xmax = 0) AS inserted
    """,
    "paper_organizations": """
        INSERT INTO paper_organizations (paper_id, organization_id, origin, created_run_id,
                                         changed_run_id)
        SELECT DISTINCT m.paper_id, o.organization_id, s.origin, :run_id, :run_id
        FROM {s}.paper_organizations s
        JOIN {s}.paper_match m USING (paper_key)
        JOIN organizations o USING (organization_key)
        ON CONFLICT DO NOTHING
        RETURNING true AS inserted
    """,
}
PUBLISHED_TABLES = tuple(name for name in _STEPS if name != "papers_completed")
BULK_ROWS = 100_000

# Rows the run's papers no longer have: derived rows the rules no longer derive, positions
# beyond a replaced author list, records gone from a file that was loaded again. A paper this
# run inserted has only this run's rows, so only papers published before are looked at.
# Rows a run inserted are what it staged: none is stale (the checks below skip them, which
# keeps a first load from comparing every row it wrote with what it staged).
_STALE: list[tuple[str, str]] = [
    # A link goes when the record that gave it is read again and its paper no longer has it
    # (the rules changed, or the record is now another paper's) ...
    (
        "paper_repositories",
        """
        DELETE FROM paper_repositories AS t
        USING {s}.paper_sources AS ps, repositories AS r
        WHERE t.created_run_id <> :run_id
          AND ps.source_file = t.source_file AND ps.record_number = t.record_number
          AND r.repository_id = t.repository_id
          AND NOT EXISTS (
              SELECT 1 FROM {s}.paper_repositories AS s JOIN {s}.paper_match AS m USING (paper_key)
              WHERE s.paper_key = ps.paper_key AND m.paper_id = t.paper_id
                AND s.repository_key = r.repository_key
                AND s.subpath IS NOT DISTINCT FROM t.subpath AND s.origin = t.origin)
        RETURNING 1
        """,
    ),
    # ... or is quarantined now;
    (
        "paper_repositories",
        """
        DELETE FROM paper_repositories AS t USING {s}.rejects AS j
        WHERE t.created_run_id <> :run_id
          AND j.source_file = t.source_file AND j.record_number = t.record_number
        RETURNING 1
        """,
    ),
    # a link kept from before records were noted, when its paper's published abstract is
    # the staged one and does not give it.
    (
        "paper_repositories",
        """
        DELETE FROM paper_repositories AS t
        USING {s}.paper_match AS m, repositories AS r
        WHERE t.source_file IS NULL AND t.origin = 'abstract'
          AND t.paper_id = m.paper_id AND NOT m.is_new AND m.abstract_is_published
          AND t.repository_id = r.repository_id
          AND NOT EXISTS (
              SELECT 1 FROM {s}.paper_repositories AS s
              WHERE s.paper_key = m.paper_key AND s.repository_key = r.repository_key
                AND s.subpath IS NOT DISTINCT FROM t.subpath AND s.origin = t.origin)
        RETURNING 1
        """,
    ),
    # Abstract results follow the published abstract.
    (
        "results",
        """
        DELETE FROM results AS t
        USING {s}.paper_match AS m
        WHERE t.origin = 'abstract' AND t.paper_id = m.paper_id AND NOT m.is_new
          AND m.abstract_is_published
          AND NOT EXISTS (
              SELECT 1 FROM {s}.results AS s
              WHERE s.paper_key = m.paper_key AND s.origin = 'abstract'
                AND s.span_start = t.span_start AND s.span_end = t.span_end)
        RETURNING 1
        """,
    ),
    # A leaderboard row read again keeps only the values it has now; a quarantined one none.
    (
        "results",
        """
        DELETE FROM results AS t
        USING {s}.paper_sources AS ps
        WHERE t.origin = 'leaderboard' AND t.created_run_id <> :run_id
          AND ps.source_file = t.source_file AND ps.record_number = t.record_number
          AND NOT EXISTS (
              SELECT 1 FROM {s}.results AS s
              WHERE s.origin = 'leaderboard' AND s.source_file = t.source_file
                AND s.record_number = t.record_number AND s.metric_text = t.metric_text)
        RETURNING 1
        """,
    ),
    (
        "results",
        """
        DELETE FROM results AS t USING {s}.rejects AS j
        WHERE t.origin = 'leaderboard' AND t.created_run_id <> :run_id
          AND j.source_file = t.source_file AND j.record_number = t.record_number
        RETURNING 1
        """,
    ),
    # A value published before rows were noted gives way to the same value of a row read
    # now: the same paper, task, dataset, metric and model as written.
    (
        "results",
        """
        DELETE FROM results AS t
        USING {s}.results AS s, {s}.paper_match AS m
        WHERE t.origin = 'leaderboard' AND t.source_file IS NULL
          AND s.origin = 'leaderboard' AND m.paper_key = s.paper_key AND t.paper_id = m.paper_id
          AND t.task_tag_id IS NOT DISTINCT FROM (
              SELECT tg.tag_id FROM tags tg WHERE tg.tag_slug = s.task_slug)
          AND (t.dataset_text, t.metric_text, t.model_name)
              IS NOT DISTINCT FROM (s.dataset_text, s.metric_text, s.model_name)
        RETURNING 1
        """,
    ),
    (
        "paper_tags",
        """
        DELETE FROM paper_tags AS t
        USING {s}.paper_match AS m, tags AS tg
        WHERE t.paper_id = m.paper_id AND NOT m.is_new AND m.abstract_is_published
          AND t.tag_id = tg.tag_id AND t.origin = 'rule'
          AND NOT EXISTS (
              SELECT 1 FROM {s}.paper_tags AS s JOIN {s}.paper_match AS sm USING (paper_key)
              WHERE sm.paper_id = t.paper_id AND s.tag_slug = tg.tag_slug
                AND s.origin = t.origin)
        RETURNING 1
        """,
    ),
    (
        "paper_authors",
        """
        DELETE FROM paper_authors AS t
        USING (SELECT m.paper_id, max(s.position) AS last_position, min(s.source_format) AS fmt
               FROM {s}.paper_authors s JOIN {s}.paper_match m USING (paper_key)
               WHERE NOT m.is_new
               GROUP BY m.paper_id) AS replaced
        WHERE t.paper_id = replaced.paper_id AND t.position > replaced.last_position
          AND t.source_format = replaced.fmt
        RETURNING 1
        """,
    ),
    (
        "paper_sources",
        """
        DELETE FROM paper_sources AS t
        WHERE t.source_file IN (SELECT source_file FROM {s}.paper_sources
                                UNION SELECT source_file FROM {s}.unchanged_records)
          AND NOT EXISTS (SELECT 1 FROM {s}.paper_sources s
                          WHERE s.source_file = t.source_file
                            AND s.record_number = t.record_number)
          AND NOT EXISTS (SELECT 1 FROM {s}.unchanged_records u
                          WHERE u.source_file = t.source_file AND u.record = t.record_number)
        RETURNING 1
        """,
    ),
]

# A published paper whose records, read again, are now other papers' or quarantined, and
# which no other record names, was a paper of older rules: it is retired with what hangs on
# it (its records' rows live on with the papers they belong to now). A paper whose record
# is only gone from a new version of its file stays (see README: Incremental loads).
_LEFT_PAPERS = """
    CREATE TABLE {s}.left_papers AS
    SELECT p.paper_id FROM public.paper_sources p
    JOIN {s}.paper_sources ps USING (source_file, record_number)
    JOIN {s}.paper_match m ON m.paper_key = ps.paper_key
    WHERE m.paper_id <> p.paper_id
    UNION
    SELECT p.paper_id FROM public.paper_sources p
    JOIN {s}.rejects j ON j.source_file = p.source_file AND j.record_number = p.record_number
"""
_RETIRED_DEPENDENTS = (
    "paper_listings", "paper_authors", "paper_organizations", "paper_tags",
    "paper_repositories", "results", "paper_identifiers",
)  # fmt: skip


def _retire_left_papers(conn: sa.Connection, staging: str) -> int:
    """Delete the papers left_papers names that no source record names any more, and what
    hangs on them; return how many."""
    conn.exec_driver_sql(
        f"""CREATE TABLE {staging}.retired_papers AS
        SELECT DISTINCT paper_id FROM {staging}.left_papers l
        WHERE NOT EXISTS (SELECT 1 FROM paper_sources ps WHERE ps.paper_id = l.paper_id)"""
    )
    retired = f"SELECT paper_id FROM {staging}.retired_papers"
    for table in _RETIRED_DEPENDENTS:
        conn.exec_driver_sql(f"DELETE FROM {table} WHERE paper_id IN ({retired})")
    conn.exec_driver_sql(
        f"DELETE FROM etl.merge_candidates WHERE paper_id IN ({retired}) "
        f"OR other_paper_id IN ({retired})"
    )
    return conn.exec_driver_sql(
        f"WITH gone AS (DELETE FROM papers WHERE paper_id IN ({retired}) RETURNING 1) "
        "SELECT count(*) FROM gone"
    ).scalar_one()


def _match_papers(conn: sa.Connection, staging: str) -> None:
    """`paper_match(paper_key, paper_id, new_key, is_new)`: the published paper each staged
    paper is, or the key it will be inserted under, as identity resolution decided (see
    etl.load.assemble.stage_paper_map): one rule set for records of one load and of many."""
    conn.exec_driver_sql(
        f"""
        CREATE TABLE {staging}.paper_match AS
        SELECT DISTINCT ON (sp.paper_key) sp.paper_key, pm.paper_id,
               pm.paper_id IS NULL AS is_new,
               CASE WHEN pm.paper_id IS NULL THEN sp.paper_key END AS new_key
        FROM {staging}.papers sp JOIN {staging}.paper_map pm USING (paper_key)
        ORDER BY sp.paper_key;
        CREATE INDEX ON {staging}.paper_match (paper_key);
        """
    )


def _drop_constraints(
    conn: sa.Connection, tables: list[str], constraint_type: str
) -> list[tuple[str, str, str]]:
    """Drop the tables' constraints of one type ('f' foreign keys, 'u' unique ones, never the
    primary key); return (table, name, definition) to add them back."""
    if not tables:
        return []
    constraints = conn.execute(
        sa.text(
            "SELECT conrelid::regclass::text, quote_ident(conname), pg_get_constraintdef(oid) "
            "FROM pg_constraint WHERE contype = :type "
            "AND conrelid = ANY(CAST(:tables AS regclass[])) ORDER BY 1, 2"
        ),
        {"type": constraint_type, "tables": tables},
    ).all()
    for table, name, _ in constraints:
        conn.exec_driver_sql(f"ALTER TABLE {table} DROP CONSTRAINT {name}")
    return [tuple(row) for row in constraints]


def _add_constraints(conn: sa.Connection, constraints: list[tuple[str, str, str]]) -> None:
    """Add dropped constraints back: each checks the whole table in one pass (a foreign key
    in one join), and a violation fails the transaction, so nothing is published unchecked."""
    for table, name, definition in constraints:
        conn.exec_driver_sql(f"ALTER TABLE {table} ADD CONSTRAINT {name} {definition}")


def _empty_tables(conn: sa.Connection, tables: list[str]) -> list[str]:
    exists = "SELECT EXISTS (SELECT FROM {})"
    return [t for t in tables if not conn.exec_driver_sql(exists.format(t)).scalar_one()]


def _drop_indexes(conn: sa.Connection, tables: list[str]) -> list[str]:
    """Drop the tables' indexes that no constraint or ON CONFLICT needs (not unique, not
    the primary key); return the statements that build them again."""
    if not tables:
        return []
    indexes = conn.execute(
        sa.text(
            "SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index "
            "WHERE indrelid = ANY(CAST(:tables AS regclass[])) AND NOT indisunique ORDER BY 1"
        ),
        {"tables": tables},
    ).all()
    for name, _ in indexes:
        conn.exec_driver_sql(f"DROP INDEX {name}")
    return [definition for _, definition in indexes]


def _note_published_abstracts(conn: sa.Connection, staging: str) -> None:
    """`paper_match.abstract_is_published`: whether the paper's published abstract is the
    staged one, so that what was derived from it may be published. Compared once per paper
    here, not once per derived row (each comparison reads two abstracts)."""
    conn.exec_driver_sql(
        f"""
        ALTER TABLE {staging}.paper_match ADD COLUMN abstract_is_published boolean;
        UPDATE {staging}.paper_match m SET abstract_is_published = m.is_new OR EXISTS (
            SELECT 1 FROM {staging}.papers sp
            JOIN papers p ON p.abstract = sp.abstract
                -- or neither has one, and the text is the same (a placeholder)
                OR p.abstract IS NULL AND sp.abstract IS NULL
                   AND p.abstract_source IS NOT DISTINCT FROM sp.abstract_source
            WHERE sp.paper_key = m.paper_key AND p.paper_id = m.paper_id);
        """
    )


def publish(
    conn: sa.Connection, run_id: int, staging_schema: str, staged_counts: dict[str, int]
) -> dict[str, dict[str, int]]:
    """Publish every staged table; return rows staged, inserted, updated and deleted."""
    staging = f'"{staging_schema}"'
    # Postgres checks foreign keys row by row; for a table getting BULK_ROWS rows that is
    # most of the publish (14 of 17 s inserting 481k paper_tags rows). Such tables have their
    # foreign keys dropped and added back, checked in one pass, before the commit. They and
    # the tables they reference stay locked until then: readers wait for a bulk publish.
    bulky = [t for t in PUBLISHED_TABLES if staged_counts.get(t, 0) >= BULK_ROWS]
    dropped = _drop_constraints(conn, bulky, "f")
    # Filling an empty table, building each index once at the end is cheaper than keeping
    # it up to date row by row (publish of a first 100k load: 35.0 -> 32.4 s).
    # Unique constraints and ON CONFLICT's indexes stay, except on papers, which is only
    # INSERTed, and whose constraints are added back, checked, before papers are matched.
    first_fill = _empty_tables(conn, bulky)
    index_definitions = _drop_indexes(conn, first_fill)
    _match_papers(conn, staging)
    paper_constraints = _drop_constraints(conn, ["papers"] if "papers" in first_fill else [], "u")
    counts = {
        table: {"staged": staged_counts.get(table, 0), "inserted": 0, "updated": 0, "deleted": 0}
        for table in PUBLISHED_TABLES
    }
    for step, statement in _STEPS.items():
        statement = statement.format(s=staging)
        if not statement.lstrip().startswith("WITH"):
            statement = (
                f"WITH changed AS ({statement}) "
                "SELECT count(*) FILTER (WHERE inserted), count(*) FILTER (WHERE NOT inserted) "
                "FROM changed"
            )
        inserted, updated = conn.execute(sa.text(statement), {"run_id": run_id}).one()
        table = {"papers_completed": "papers", "leaderboard_results": "results"}.get(step, step)
        counts[table]["inserted"] += inserted
        counts[table]["updated"] += updated
        if step == "papers":
            _add_constraints(conn, paper_constraints)
            # Every later step joins paper_match, now complete: plan them on its real size.
            conn.exec_driver_sql(f"ANALYZE {staging}.paper_match")
            conn.exec_driver_sql(_LEFT_PAPERS.format(s=staging))
        if step == "papers_completed":
            _note_published_abstracts(conn, staging)
    for table, statement in _STALE:
        counts[table]["deleted"] += conn.execute(
            sa.text(f"WITH gone AS ({statement.format(s=staging)}) SELECT count(*) FROM gone"),
            {"run_id": run_id},
        ).scalar_one()
    counts["papers"]["deleted"] = _retire_left_papers(conn, staging)
    for definition in index_definitions:
        conn.exec_driver_sql(definition)
    _add_constraints(conn, dropped)
    counts.pop("leaderboard_results")
    return counts

-- Matched papers: an identifier they lacked (unless another paper holds it), a more
-- precise date, and title, abstract and date from a source of the same or higher precedence
-- (the latest load of the most trusted source wins). Returns (inserted, updated).
WITH incoming AS (
    SELECT DISTINCT ON (m.paper_id) m.paper_id AS target_id, sp.*
    FROM {staging}.papers sp JOIN {staging}.paper_match m USING (paper_key)
    WHERE NOT m.is_new
    ORDER BY m.paper_id, array_position(:source_formats, sp.metadata_source), sp.paper_key
), decided AS (
    SELECT i.*,
           array_position(:source_formats, i.metadata_source)
               <= array_position(:source_formats, t.metadata_source) AS takes_precedence,
           t.abstract IS NULL AS lacks_abstract, t.title IS NULL AS lacks_title,
           -- A more precise date, or one as precise from a source of the same or higher
           -- precedence.
           i.published_on IS NOT NULL AND (
               t.published_on IS NULL
               OR array_position(:date_precisions, i.published_on_precision)
                  < array_position(:date_precisions, t.published_on_precision)
               OR (array_position(:date_precisions, i.published_on_precision)
                   = array_position(:date_precisions, t.published_on_precision)
                   AND array_position(:source_formats, i.metadata_source)
                       <= array_position(:source_formats, t.metadata_source))) AS takes_date
    FROM papers t JOIN incoming i ON t.paper_id = i.target_id
), next AS (
    SELECT d.target_id,
           -- An identifier the paper lacks, unless another paper holds it: looked up per
           -- paper (an EXISTS here the planner answered by hashing every paper's
           -- identifiers, 2.9 s for 10,000 papers at a million).
           coalesce(t.arxiv_id, CASE WHEN (
               SELECT o.paper_id FROM papers o WHERE o.arxiv_id = d.arxiv_id LIMIT 1) IS NULL
               THEN d.arxiv_id END)
               AS arxiv_id,
           coalesce(t.doi, CASE WHEN (
               SELECT o.paper_id FROM papers o WHERE o.doi = d.doi LIMIT 1) IS NULL
               THEN d.doi END)
               AS doi,
           coalesce(t.acl_id, CASE WHEN (
               SELECT o.paper_id FROM papers o WHERE o.acl_id = d.acl_id LIMIT 1) IS NULL
               THEN d.acl_id END)
               AS acl_id,
           coalesce(t.openreview_id, CASE WHEN (
               SELECT o.paper_id FROM papers o WHERE o.openreview_id = d.openreview_id
               LIMIT 1) IS NULL
               THEN d.openreview_id END)
               AS openreview_id,
           coalesce(t.pwc_id, CASE WHEN (
               SELECT o.paper_id FROM papers o WHERE o.pwc_id = d.pwc_id LIMIT 1) IS NULL
               THEN d.pwc_id END)
               AS pwc_id,
           coalesce(t.paper_url, CASE WHEN (
               SELECT o.paper_id FROM papers o WHERE o.paper_url = d.paper_url LIMIT 1) IS NULL
               THEN d.paper_url END)
               AS paper_url,
           CASE WHEN d.title IS NOT NULL AND (d.lacks_title OR d.takes_precedence)
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
           d.method_name_origin, d.method_name_way, t.abstract AS published_abstract,
           t.method_name AS published_method_name,
           t.method_name_origin AS published_method_name_origin,
           t.method_name_way AS published_method_name_way
    FROM decided d JOIN papers t ON t.paper_id = d.target_id
), named AS MATERIALIZED (
    -- The method name (and where it was read) goes with the abstract it came from. Made
    -- once, for the staged papers: inlined, the planner joined the whole papers table
    -- with itself before it looked at them.
    SELECT n.*,
           CASE WHEN n.takes_abstract OR n.published_abstract = n.abstract
                THEN n.method_name ELSE n.published_method_name END AS kept_method_name,
           CASE WHEN n.takes_abstract OR n.published_abstract = n.abstract
                THEN n.method_name_origin ELSE n.published_method_name_origin END
               AS kept_method_name_origin,
           CASE WHEN n.takes_abstract OR n.published_abstract = n.abstract
                THEN n.method_name_way ELSE n.published_method_name_way END
               AS kept_method_name_way
    FROM next n
), changed AS (
    UPDATE papers t SET
        arxiv_id = n.arxiv_id, doi = n.doi, acl_id = n.acl_id, openreview_id = n.openreview_id,
        pwc_id = n.pwc_id, paper_url = n.paper_url,
        title = n.title, title_key = n.title_key,
        abstract = CASE WHEN n.takes_abstract THEN n.abstract ELSE t.abstract END,
        abstract_source = CASE WHEN n.takes_abstract THEN n.abstract_source
                               ELSE t.abstract_source END,
        abstract_fingerprint = CASE WHEN n.takes_abstract THEN n.abstract_fingerprint
                                    ELSE t.abstract_fingerprint END,
        method_name = n.kept_method_name, method_name_origin = n.kept_method_name_origin,
        method_name_way = n.kept_method_name_way,
        published_on = n.published_on, published_on_precision = n.published_on_precision,
        metadata_source = n.metadata_source,
        changed_run_id = :run_id
    FROM named n
    WHERE t.paper_id = n.target_id
      AND (t.arxiv_id, t.doi, t.acl_id, t.openreview_id, t.pwc_id, t.paper_url,
           t.title, t.title_key,
           t.published_on, t.published_on_precision, t.metadata_source,
           CASE WHEN n.takes_abstract THEN n.abstract ELSE t.abstract END,
           n.kept_method_name, n.kept_method_name_origin, n.kept_method_name_way)
          IS DISTINCT FROM
          (n.arxiv_id, n.doi, n.acl_id, n.openreview_id, n.pwc_id, n.paper_url,
           n.title, n.title_key,
           n.published_on, n.published_on_precision, n.metadata_source, t.abstract,
           t.method_name, t.method_name_origin, t.method_name_way)
    RETURNING 1
)
SELECT 0, count(*) FROM changed

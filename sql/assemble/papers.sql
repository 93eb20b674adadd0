-- One row per paper, its fields from its records as the module docstring of
-- etl.load.assemble says; the method_name placeholder is the select list
-- _published_method_name writes.
CREATE TABLE {staging}.papers {table_options} AS
WITH r AS (
    -- Narrow rows: grouping rows that carry two abstracts each was most of the time.
    SELECT m.paper_key, m.precedence, b.record_key, b.title, b.title_key,
           b.title_method_name,
           b.abstract IS NOT NULL AS has_abstract,
           b.abstract_source IS NOT NULL AS has_abstract_text, b.published_on,
           b.published_on_precision, b.source_format,
           array_position(ARRAY['day', 'month', 'year'], b.published_on_precision)
               AS date_rank
    FROM {staging}.batch_records b JOIN {staging}.paper_map m USING (record_key)
), firsts AS (
    SELECT
        paper_key,
        (array_agg(title ORDER BY precedence)
            FILTER (WHERE title IS NOT NULL))[1] AS title,
        (array_agg(title_key ORDER BY precedence)
            FILTER (WHERE title IS NOT NULL))[1] AS title_key,
        (array_agg(title_method_name ORDER BY precedence)
            FILTER (WHERE title IS NOT NULL))[1] AS title_method_name,
        -- A real abstract first; else the placeholder text, kept as it was written.
        (array_agg(record_key ORDER BY has_abstract DESC, precedence)
            FILTER (WHERE has_abstract_text))[1] AS abstract_record,
        -- The most precise date, from the first source in precedence that has it.
        (array_agg(published_on ORDER BY date_rank, precedence)
            FILTER (WHERE published_on IS NOT NULL))[1] AS published_on,
        (array_agg(published_on_precision ORDER BY date_rank, precedence)
            FILTER (WHERE published_on IS NOT NULL))[1] AS published_on_precision,
        (array_agg(source_format ORDER BY precedence)
            FILTER (WHERE has_abstract OR title IS NOT NULL))[1]
            AS metadata_source,
        (array_agg(source_format ORDER BY precedence))[1] AS first_source
    FROM r GROUP BY paper_key
), ids AS (
    SELECT paper_key,
           min(value) FILTER (WHERE kind = 'arxiv_id') AS arxiv_id,
           min(value) FILTER (WHERE kind = 'doi') AS doi,
           min(value) FILTER (WHERE kind = 'acl_id') AS acl_id,
           min(value) FILTER (WHERE kind = 'openreview_id') AS openreview_id,
           min(value) FILTER (WHERE kind = 'pwc_id') AS pwc_id,
           min(value) FILTER (WHERE kind = 'paper_url') AS paper_url
    FROM {staging}.paper_identifiers GROUP BY paper_key
)
SELECT f.paper_key, i.arxiv_id, i.doi, i.acl_id, i.openreview_id, i.pwc_id, i.paper_url,
       f.title_key, f.title, a.abstract, a.abstract_source, a.abstract_hash, a.abstract_fingerprint,
       f.published_on, f.published_on_precision,
       coalesce(f.metadata_source, f.first_source) AS metadata_source,
       {method_name}
FROM firsts f
LEFT JOIN ids i USING (paper_key)
LEFT JOIN {staging}.batch_records a ON a.record_key = f.abstract_record
LEFT JOIN (SELECT DISTINCT ON (abstract_hash) abstract_hash, method_name,
                                                  method_name_way
           FROM {staging}.batch_abstracts ORDER BY abstract_hash) x
       ON x.abstract_hash = a.abstract_hash

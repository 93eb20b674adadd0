-- A link found in the published abstract is given by the record that gave the abstract
-- (the first of the paper's records of the format its metadata comes from).
INSERT INTO {staging}.paper_repositories (paper_key, repository_key, subpath, origin,
                                    source_field, raw_url, source_file, record_number)
SELECT DISTINCT ON (paper_key, repository_key, subpath, origin)
       paper_key, repository_key, subpath, origin, source_field, raw_url, source_file,
       record_number
FROM (
    SELECT p.paper_key, l.repository_key, l.subpath, 'abstract' AS origin,
           NULL::text AS source_field, l.raw_url, g.source_file, g.record_number
    FROM {staging}.papers p
    JOIN {staging}.batch_abstract_links l USING (abstract_hash)
    JOIN public.papers pp USING (paper_key)
    JOIN LATERAL (SELECT ps.source_file, ps.record_number FROM public.paper_sources ps
                  WHERE ps.paper_id = pp.paper_id
                  ORDER BY ps.source_format = pp.metadata_source DESC, ps.source_file,
                           ps.record_number
                  LIMIT 1) g ON true
    UNION ALL
    SELECT r.paper_key, l.repository_key, l.subpath,
           CASE WHEN l.source_field IS NULL THEN 'abstract' ELSE 'source-field' END,
           l.source_field, l.raw_url, r.source_file, r.record_number
    FROM {staging}.batch_record_links l JOIN {staging}.rederived_rows r USING (record_key)
    JOIN {staging}.paper_map m USING (paper_key)
    -- A leaderboard entry's code links are the entry's (entry_repositories).
    WHERE l.source_field IS DISTINCT FROM 'code_links'
) links
ORDER BY paper_key, repository_key, subpath, origin, source_file, record_number, raw_url

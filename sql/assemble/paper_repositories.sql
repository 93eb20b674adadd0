-- Links from every record: the text of each (not only the abstract that is published) and
-- its fields (but a leaderboard entry's code links); each link with the first record in
-- precedence that gave it.
CREATE TABLE {staging}.paper_repositories AS
SELECT DISTINCT ON (paper_key, repository_key, subpath, origin)
       paper_key, repository_key, subpath, origin, source_field, raw_url, source_file,
       record_number
FROM (
    SELECT m.paper_key, l.repository_key, l.subpath, 'abstract' AS origin,
           NULL::text AS source_field, l.raw_url, m.precedence, b.source_file,
           b.record AS record_number
    FROM {staging}.batch_records b
    JOIN {staging}.paper_map m USING (record_key)
    JOIN {staging}.batch_abstract_links l ON l.abstract_hash = b.abstract_hash
    UNION ALL
    SELECT m.paper_key, l.repository_key, l.subpath, 'source-field', l.source_field,
           l.raw_url, m.precedence, b.source_file, b.record
    FROM {staging}.batch_record_links l
    JOIN {staging}.paper_map m USING (record_key)
    JOIN {staging}.batch_records b USING (record_key)
    -- A leaderboard entry's code links are the entry's (entry_repositories).
    WHERE NOT (b.source_format = 'pwc-evaluation' AND l.source_field = 'code_links')
) links
ORDER BY paper_key, repository_key, subpath, origin, precedence, raw_url

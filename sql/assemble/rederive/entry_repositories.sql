-- The links leaderboard rows give for their entries (see sql/assemble/entry_repositories.sql),
-- through the current rules.
INSERT INTO {staging}.entry_repositories (source_file, record_number, repository_key, subpath,
                                    source_field, raw_url)
SELECT DISTINCT ON (r.source_file, r.record_number, l.repository_key, l.subpath)
       r.source_file, r.record_number, l.repository_key, l.subpath, l.source_field, l.raw_url
FROM {staging}.batch_record_links l JOIN {staging}.rederived_rows r USING (record_key)
JOIN {staging}.paper_sources ps USING (source_file, record_number)
WHERE ps.source_format = 'pwc-evaluation'
  AND (l.source_field = 'code_links' OR r.paper_key IS NULL)
ORDER BY r.source_file, r.record_number, l.repository_key, l.subpath, l.raw_url

-- Links a leaderboard row gives for its entry, not for its paper: Papers with Code's
-- code_links (an implementation of the entry's model, often someone else's), and every link
-- of a row whose paper is unknown (its "paper" link to a repository or a company's site).
CREATE TABLE {staging}.entry_repositories AS
SELECT DISTINCT ON (b.source_file, b.record, l.repository_key, l.subpath)
       b.source_file, b.record AS record_number, l.repository_key, l.subpath,
       l.source_field, l.raw_url
FROM {staging}.batch_record_links l
JOIN {staging}.batch_records b USING (record_key)
WHERE b.source_format = 'pwc-evaluation'
  AND (l.source_field = 'code_links'
       OR NOT EXISTS (SELECT 1 FROM {staging}.paper_map m WHERE m.record_key = b.record_key))
ORDER BY b.source_file, b.record, l.repository_key, l.subpath, l.raw_url

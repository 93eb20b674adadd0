-- A leaderboard row read again keeps only the entry links it gives now (a row gone from its
-- file, or quarantined, takes its links with it: they hang on its paper_sources row).
DELETE FROM entry_repositories AS t
USING {staging}.paper_sources AS ps, repositories AS r
WHERE t.created_run_id <> :run_id
  AND ps.source_file = t.source_file AND ps.record_number = t.record_number
  AND r.repository_id = t.repository_id
  AND NOT EXISTS (
      SELECT 1 FROM {staging}.entry_repositories AS s
      WHERE s.source_file = t.source_file AND s.record_number = t.record_number
        AND s.repository_key = r.repository_key AND s.subpath IS NOT DISTINCT FROM t.subpath)
RETURNING 1

-- A link goes when the record that gave it is read again and its paper no longer has it
-- (the rules changed, or the record is now another paper's) ...
DELETE FROM paper_repositories AS t
USING {staging}.paper_sources AS ps, repositories AS r
WHERE t.created_run_id <> :run_id
  AND ps.source_file = t.source_file AND ps.record_number = t.record_number
  AND r.repository_id = t.repository_id
  AND NOT EXISTS (
      SELECT 1 FROM {staging}.paper_repositories AS s
      JOIN {staging}.paper_match AS m USING (paper_key)
      WHERE s.paper_key = ps.paper_key AND m.paper_id = t.paper_id
        AND s.repository_key = r.repository_key
        AND s.subpath IS NOT DISTINCT FROM t.subpath AND s.origin = t.origin)
RETURNING 1

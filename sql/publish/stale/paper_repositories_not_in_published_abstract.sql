-- A link kept from before records were noted, when its paper's published abstract is the
-- staged one and does not give it.
DELETE FROM paper_repositories AS t
USING {staging}.paper_match AS m, repositories AS r
WHERE t.source_file IS NULL AND t.origin = 'abstract'
  AND t.paper_id = m.paper_id AND NOT m.is_new AND m.abstract_is_published
  AND t.repository_id = r.repository_id
  AND NOT EXISTS (
      SELECT 1 FROM {staging}.paper_repositories AS s
      WHERE s.paper_key = m.paper_key AND s.repository_key = r.repository_key
        AND s.subpath IS NOT DISTINCT FROM t.subpath AND s.origin = t.origin)
RETURNING 1

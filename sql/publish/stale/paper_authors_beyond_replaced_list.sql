-- Positions beyond the end of an author list that replaced a longer one of the same
-- source.
DELETE FROM paper_authors AS t
USING (SELECT m.paper_id, max(s.position) AS last_position, min(s.source_format) AS fmt
       FROM {staging}.paper_authors s JOIN {staging}.paper_match m USING (paper_key)
       WHERE NOT m.is_new
       GROUP BY m.paper_id) AS replaced
WHERE t.paper_id = replaced.paper_id AND t.position > replaced.last_position
  AND t.source_format = replaced.fmt
RETURNING 1

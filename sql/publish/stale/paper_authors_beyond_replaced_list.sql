-- Positions beyond the end of an author list that replaced a longer one of the same
-- source: found paper by paper, through the index (OFFSET 0 keeps the planner from reading
-- every author row of the warehouse to join them instead).
DELETE FROM paper_authors AS t
USING (SELECT m.paper_id, max(s.position) AS last_position, min(s.source_format) AS fmt
       FROM {staging}.paper_authors s JOIN {staging}.paper_match m USING (paper_key)
       WHERE NOT m.is_new
       GROUP BY m.paper_id) AS replaced
CROSS JOIN LATERAL (
    SELECT e.position FROM paper_authors e
    WHERE e.paper_id = replaced.paper_id AND e.position > replaced.last_position
      AND e.source_format = replaced.fmt
    OFFSET 0) AS beyond
WHERE t.paper_id = replaced.paper_id AND t.position = beyond.position
RETURNING 1

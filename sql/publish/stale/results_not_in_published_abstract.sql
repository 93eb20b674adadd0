-- Abstract results follow the published abstract.
DELETE FROM results AS t
USING {staging}.paper_match AS m
WHERE t.origin = 'abstract' AND t.paper_id = m.paper_id AND NOT m.is_new
  AND m.abstract_is_published
  AND NOT EXISTS (
      SELECT 1 FROM {staging}.results AS s
      WHERE s.paper_key = m.paper_key AND s.origin = 'abstract'
        AND s.span_start = t.span_start AND s.span_end = t.span_end)
RETURNING 1

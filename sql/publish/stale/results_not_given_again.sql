-- A leaderboard row read again keeps only the values it has now ...
DELETE FROM results AS t
USING {staging}.paper_sources AS ps
WHERE t.origin = 'leaderboard' AND t.created_run_id <> :run_id
  AND ps.source_file = t.source_file AND ps.record_number = t.record_number
  AND NOT EXISTS (
      SELECT 1 FROM {staging}.results AS s
      WHERE s.origin = 'leaderboard' AND s.source_file = t.source_file
        AND s.record_number = t.record_number AND s.metric_text = t.metric_text)
RETURNING 1

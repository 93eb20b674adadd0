-- ... and a quarantined one none.
DELETE FROM results AS t USING {staging}.rejects AS j
WHERE t.origin = 'leaderboard' AND t.created_run_id <> :run_id
  AND j.source_file = t.source_file AND j.record_number = t.record_number
RETURNING 1

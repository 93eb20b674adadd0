-- The last runs, newest first: what they read, what they quarantined, what their checks said.
SELECT run_id, command, status, started_at, seconds, records_read, rejected_count, checks,
       checks_failed
FROM analytics.runs
ORDER BY run_id DESC
LIMIT %(limit)s

-- When the tables last changed, and the last run of any outcome.
SELECT last_published_run_id, last_published_at, last_run_id, last_run_status, published_runs
FROM analytics.freshness

-- The last ten runs: what each did and whether its checks passed (readable by reader logins).
SELECT
    run_id,
    command,
    status,
    started_at,
    seconds,
    records_read,
    rows_inserted,
    rows_updated,
    rejected_count,
    checks,
    checks_failed
FROM analytics.runs
ORDER BY run_id DESC
LIMIT 10;

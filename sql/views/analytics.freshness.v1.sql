-- How fresh the published tables are, in one row: the last run that published, when, and
-- what it changed; the last run of any outcome; and how many papers are published.
CREATE VIEW analytics.freshness AS
SELECT
    lp.run_id AS last_published_run_id,
    lp.finished_at AS last_published_at,
    now() - lp.finished_at AS since_last_publish,
    lp.command AS last_published_command,
    lp.records_read AS last_published_records_read,
    lp.rows_inserted AS last_published_rows_inserted,
    lp.rows_updated AS last_published_rows_updated,
    lp.rows_deleted AS last_published_rows_deleted,
    lp.checks AS last_published_checks,
    lp.checks_failed AS last_published_checks_failed,
    lr.run_id AS last_run_id,
    lr.status AS last_run_status,
    lr.started_at AS last_run_started_at,
    (SELECT count(*) FROM analytics.runs WHERE status = 'published') AS published_runs,
    (SELECT count(*) FROM public.papers) AS papers
FROM (SELECT 1) AS one
LEFT JOIN LATERAL (
    SELECT * FROM analytics.runs WHERE status = 'published' ORDER BY run_id DESC LIMIT 1
) AS lp ON true
LEFT JOIN LATERAL (SELECT * FROM analytics.runs ORDER BY run_id DESC LIMIT 1) AS lr ON true;
COMMENT ON VIEW analytics.freshness IS 'One row: the last run that published (when, what it read and changed, its checks), the last run of any outcome, and the number of published papers. Nulls before the first run.';
COMMENT ON COLUMN analytics.freshness.last_published_run_id IS 'The last run that published (etl runs: analytics.runs.run_id).';
COMMENT ON COLUMN analytics.freshness.last_published_at IS 'When it finished, so when its changes became visible.';
COMMENT ON COLUMN analytics.freshness.since_last_publish IS 'How long ago that was.';
COMMENT ON COLUMN analytics.freshness.last_published_command IS 'What it was: load or rederive.';
COMMENT ON COLUMN analytics.freshness.last_published_records_read IS 'Records it read from its input files.';
COMMENT ON COLUMN analytics.freshness.last_published_rows_inserted IS 'Rows it inserted into the published tables.';
COMMENT ON COLUMN analytics.freshness.last_published_rows_updated IS 'Published rows it changed.';
COMMENT ON COLUMN analytics.freshness.last_published_rows_deleted IS 'Published rows it deleted.';
COMMENT ON COLUMN analytics.freshness.last_published_checks IS 'Checks its quality gate ran.';
COMMENT ON COLUMN analytics.freshness.last_published_checks_failed IS 'Of those, checks that failed without blocking it (warnings, quarantined records).';
COMMENT ON COLUMN analytics.freshness.last_run_id IS 'The last run of any outcome.';
COMMENT ON COLUMN analytics.freshness.last_run_status IS 'How it ended (running while it runs): published, blocked, failed, skipped or interrupted.';
COMMENT ON COLUMN analytics.freshness.last_run_started_at IS 'When it started.';
COMMENT ON COLUMN analytics.freshness.published_runs IS 'Runs that published, in all.';
COMMENT ON COLUMN analytics.freshness.papers IS 'Papers published now.';

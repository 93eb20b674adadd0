-- The run history for readers who may not see the etl schema (the paperhouse_reader role):
-- what each run did and how it ended, without the gate's sample rows or the files' paths.
CREATE VIEW analytics.runs AS
SELECT
    r.run_id,
    r.command,
    r.status,
    r.started_at,
    r.finished_at,
    extract(epoch FROM r.finished_at - r.started_at)::numeric(12, 1) AS seconds,
    jsonb_array_length(r.input_files) AS files,
    (SELECT sum((f ->> 'records')::bigint) FROM jsonb_array_elements(r.input_files) AS f)
        AS records_read,
    (SELECT sum((c ->> 'inserted')::bigint) FROM jsonb_each(r.row_counts) AS t (name, c))
        AS rows_inserted,
    (SELECT sum((c ->> 'updated')::bigint) FROM jsonb_each(r.row_counts) AS t (name, c))
        AS rows_updated,
    (SELECT sum((c ->> 'deleted')::bigint) FROM jsonb_each(r.row_counts) AS t (name, c))
        AS rows_deleted,
    r.rejected_count,
    jsonb_array_length(r.validation -> 'checks') AS checks,
    (r.validation ->> 'failed')::int AS checks_failed,
    r.error,
    r.code_version,
    r.rules_version
FROM etl.runs AS r;
COMMENT ON VIEW analytics.runs IS 'One row per run of paperhouse (load or rederive): when, how it ended, what it read, changed and quarantined, and how the quality gate went. Readable by the paperhouse_reader role, which cannot see the etl schema.';
COMMENT ON COLUMN analytics.runs.run_id IS 'Run identifier; published rows point at it (created_run_id, changed_run_id).';
COMMENT ON COLUMN analytics.runs.command IS 'load (input files) or rederive (derived rows computed again from what is published).';
COMMENT ON COLUMN analytics.runs.status IS 'running, published (changes visible), blocked (a critical check failed), failed, skipped (every file already loaded) or interrupted.';
COMMENT ON COLUMN analytics.runs.started_at IS 'When the run started.';
COMMENT ON COLUMN analytics.runs.finished_at IS 'When the run ended; null while it runs.';
COMMENT ON COLUMN analytics.runs.seconds IS 'How long the run took; null while it runs.';
COMMENT ON COLUMN analytics.runs.files IS 'Input files the run was given.';
COMMENT ON COLUMN analytics.runs.records_read IS 'Records read from its input files; null when it read none.';
COMMENT ON COLUMN analytics.runs.rows_inserted IS 'Rows the run inserted into the published tables; 0 or null when it published nothing.';
COMMENT ON COLUMN analytics.runs.rows_updated IS 'Published rows the run changed; 0 or null when it published nothing.';
COMMENT ON COLUMN analytics.runs.rows_deleted IS 'Published rows the run deleted; 0 or null when it published nothing.';
COMMENT ON COLUMN analytics.runs.rejected_count IS 'Records and files the run quarantined in etl.rejects.';
COMMENT ON COLUMN analytics.runs.checks IS 'Checks the quality gate ran; null when it did not run.';
COMMENT ON COLUMN analytics.runs.checks_failed IS 'Checks that failed (warnings included); null when the gate did not run.';
COMMENT ON COLUMN analytics.runs.error IS 'Why the run failed, for people.';
COMMENT ON COLUMN analytics.runs.code_version IS 'paperhouse version (and git commit when known) that ran.';
COMMENT ON COLUMN analytics.runs.rules_version IS 'Digest of the rules that derived the run''s links, results, tags and method names.';

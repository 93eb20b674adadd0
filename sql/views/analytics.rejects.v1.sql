-- The quarantine for readers who may not see the etl schema (the paperhouse_reader role): why
-- each input file or record a run set aside is missing, without the raw input it quoted
-- (etl.rejects.raw_snippet may hold large text or fields a reader should not see) or the
-- files' paths.
CREATE VIEW analytics.rejects AS
SELECT
    r.reject_id,
    r.run_id,
    regexp_replace(r.source_file, '^.*[/\\]', '') AS file_name,
    r.record_number,
    r.line_number,
    r.source_record_id,
    r.rule,
    r.check_name,
    r.reason
FROM etl.rejects AS r;
COMMENT ON VIEW analytics.rejects IS 'One row per reject: an input file, or a record of one, that a run set aside instead of publishing, with the rule it broke and why. Join analytics.runs on run_id for when and how the run ended. Readable by the paperhouse_reader role, which cannot see the etl schema; the raw input etl.rejects quotes is left out.';
COMMENT ON COLUMN analytics.rejects.reject_id IS 'Reject identifier.';
COMMENT ON COLUMN analytics.rejects.run_id IS 'The run that set the input aside (analytics.runs.run_id).';
COMMENT ON COLUMN analytics.rejects.file_name IS 'Name of the input file, without its directories.';
COMMENT ON COLUMN analytics.rejects.record_number IS '1-based record ordinal in the file; null when the whole file (or a part of it holding records) was set aside.';
COMMENT ON COLUMN analytics.rejects.line_number IS '1-based line in the file where the problem is, when known.';
COMMENT ON COLUMN analytics.rejects.source_record_id IS 'The source''s own id of the record (arXiv id, OpenReview id, a leaderboard row''s JSON Pointer), when the record gives one; null for a record too broken to say and for whole files.';
COMMENT ON COLUMN analytics.rejects.rule IS 'Machine-readable name of the rule: file.* (a whole file), record.* (a record read or normalised), check.<table> (a record behind rows that failed a quality check on that table).';
COMMENT ON COLUMN analytics.rejects.check_name IS 'The quality check the record failed, for rules check.<table>; null for the others.';
COMMENT ON COLUMN analytics.rejects.reason IS 'What is wrong, for people; for a failed check, the check and the offending value (at most 120 characters of it).';

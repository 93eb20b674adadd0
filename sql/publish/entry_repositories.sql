-- The links leaderboard rows give for their entries, each row's own.
INSERT INTO entry_repositories AS t (source_file, record_number, repository_id, subpath,
                                     source_field, raw_url, created_run_id, changed_run_id)
SELECT s.source_file, s.record_number, r.repository_id, s.subpath, s.source_field,
       s.raw_url, :run_id, :run_id
FROM {staging}.entry_repositories AS s
JOIN repositories AS r USING (repository_key)
ON CONFLICT ON CONSTRAINT uq_entry_repositories_row_repository_path
DO UPDATE
    SET source_field = excluded.source_field, raw_url = excluded.raw_url,
        changed_run_id = excluded.changed_run_id
    WHERE (t.source_field, t.raw_url) IS DISTINCT FROM (excluded.source_field, excluded.raw_url)
RETURNING (xmax = 0) AS inserted

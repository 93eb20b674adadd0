-- Links from every record, each with the first record that gave it.
INSERT INTO paper_repositories AS t (paper_id, repository_id, subpath, origin,
                                     source_field, raw_url, source_file, record_number,
                                     created_run_id, changed_run_id)
SELECT DISTINCT ON (m.paper_id, r.repository_id, s.subpath, s.origin)
       m.paper_id, r.repository_id, s.subpath, s.origin, s.source_field, s.raw_url,
       s.source_file, s.record_number, :run_id, :run_id
FROM {staging}.paper_repositories AS s
JOIN {staging}.paper_match AS m USING (paper_key)
JOIN repositories AS r USING (repository_key)
ORDER BY m.paper_id, r.repository_id, s.subpath, s.origin, s.paper_key
ON CONFLICT ON CONSTRAINT uq_paper_repositories_paper_id_repository_id_subpath_origin
DO UPDATE
    SET source_field = excluded.source_field, raw_url = excluded.raw_url,
        source_file = excluded.source_file, record_number = excluded.record_number,
        changed_run_id = excluded.changed_run_id
    -- A link another record gave before keeps that record (the first to give it),
    -- unless the record that gave it is read again now.
    WHERE t.source_file IS NULL
       OR (t.source_file, t.record_number) = (excluded.source_file, excluded.record_number)
          AND (t.source_field, t.raw_url)
              IS DISTINCT FROM (excluded.source_field, excluded.raw_url)
RETURNING (xmax = 0) AS inserted

-- Every source record and the paper it is now.
INSERT INTO paper_sources AS t (source_file, record_number, paper_id, source_format,
                                source_sha256, line_number, source_record_id,
                                record_digest, match_evidence, created_run_id,
                                changed_run_id)
SELECT s.source_file, s.record_number, m.paper_id, s.source_format, s.source_sha256,
       s.line_number, s.source_record_id, s.record_digest, s.match_evidence, :run_id,
       :run_id
-- A leaderboard row whose paper is unknown is published with no paper.
FROM {staging}.paper_sources s LEFT JOIN {staging}.paper_match m USING (paper_key)
ON CONFLICT (source_file, record_number) DO UPDATE
    SET paper_id = excluded.paper_id, source_format = excluded.source_format,
        source_sha256 = excluded.source_sha256, line_number = excluded.line_number,
        source_record_id = excluded.source_record_id,
        record_digest = excluded.record_digest,
        match_evidence = excluded.match_evidence,
        changed_run_id = excluded.changed_run_id
    WHERE (t.paper_id, t.source_format, t.source_sha256, t.line_number,
           t.source_record_id, t.record_digest, t.match_evidence)
        IS DISTINCT FROM (excluded.paper_id, excluded.source_format,
                          excluded.source_sha256, excluded.line_number,
                          excluded.source_record_id, excluded.record_digest,
                          excluded.match_evidence)
RETURNING (xmax = 0) AS inserted

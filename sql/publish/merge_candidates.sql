-- Published papers a staged record linked: for a person to decide, never merged here.
INSERT INTO etl.merge_candidates (paper_id, other_paper_id, evidence, source_file,
                                  record_number, run_id)
SELECT paper_id, other_paper_id, evidence, source_file, record_number, :run_id
FROM {staging}.merge_candidates
ON CONFLICT DO NOTHING
RETURNING true AS inserted

INSERT INTO {staging}.paper_sources (paper_key, source_file, record_number, source_format,
                               source_sha256, line_number, source_record_id,
                               record_digest, match_evidence)
SELECT m.paper_key, ps.source_file, ps.record_number, ps.source_format, ps.source_sha256,
       ps.line_number, ps.source_record_id, ps.record_digest, ps.match_evidence
FROM public.paper_sources ps JOIN {staging}.paper_map m USING (paper_id)
UNION ALL
-- Leaderboard rows of no paper: their values and links are derived again too.
SELECT NULL, ps.source_file, ps.record_number, ps.source_format, ps.source_sha256,
       ps.line_number, ps.source_record_id, ps.record_digest, ps.match_evidence
FROM public.paper_sources ps WHERE ps.paper_id IS NULL

CREATE TABLE {staging}.paper_sources AS
SELECT DISTINCT ON (b.source_file, b.record)
       m.paper_key, b.source_file, b.record AS record_number, b.source_format,
       b.source_sha256, b.line AS line_number, b.source_record_id, b.record_digest,
       m.match_evidence
-- A leaderboard row whose paper is unknown is a source record of no paper.
FROM {staging}.batch_records b LEFT JOIN {staging}.paper_map m USING (record_key)
ORDER BY b.source_file, b.record, b.record_key

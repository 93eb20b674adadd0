SELECT b.record_key, o.raw_text AS offending
FROM ({o}) o JOIN {staging}.batch_records b
     ON b.source_file = o.source_file AND b.record = o.record_number
WHERE o.origin = 'leaderboard'
UNION
SELECT b.record_key, o.raw_text
FROM ({o}) o JOIN {staging}.papers p USING (paper_key)
JOIN {staging}.paper_map m USING (paper_key)
JOIN {staging}.batch_records b
     ON b.record_key = m.record_key AND b.abstract_hash = p.abstract_hash
WHERE o.origin = 'abstract'

SELECT b.record_key, o.tag_slug || ' ' || o.confidence AS offending
FROM ({o}) o JOIN {staging}.papers p USING (paper_key)
JOIN {staging}.paper_map m USING (paper_key)
JOIN {staging}.batch_records b
     ON b.record_key = m.record_key AND b.abstract_hash = p.abstract_hash
WHERE o.origin = 'rule'
UNION
SELECT t.record_key, o.tag_slug || ' ' || o.confidence
FROM ({o}) o JOIN {staging}.paper_map m USING (paper_key)
JOIN {staging}.batch_record_tags t
     ON t.record_key = m.record_key AND t.tag_slug = o.tag_slug AND t.origin = o.origin

SELECT l.record_key, o.canonical_url AS offending
FROM ({o}) o JOIN {staging}.batch_record_links l USING (repository_key)
UNION
SELECT b.record_key, o.canonical_url
FROM ({o}) o JOIN {staging}.batch_abstract_links l USING (repository_key)
JOIN {staging}.batch_records b ON b.abstract_hash = l.abstract_hash

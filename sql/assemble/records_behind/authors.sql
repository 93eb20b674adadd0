SELECT a.record_key, o.author_key AS offending
FROM ({o}) o JOIN {staging}.batch_record_authors a USING (author_key)

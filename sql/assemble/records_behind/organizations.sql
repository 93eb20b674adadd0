SELECT b.record_key, o.organization_key AS offending
FROM ({o}) o JOIN {staging}.batch_records b USING (organization_key)
UNION
SELECT a.record_key, o.organization_key
FROM ({o}) o JOIN {staging}.batch_record_affiliations a USING (organization_key)

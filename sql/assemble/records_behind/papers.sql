SELECT b.record_key, o.{column}::text AS offending
FROM ({o}) o JOIN {staging}.paper_map m ON m.paper_key = o.paper_key
JOIN {staging}.batch_records b ON b.record_key = m.record_key
WHERE b.{record_column} IS NOT DISTINCT FROM o.{record_column}

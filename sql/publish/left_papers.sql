-- Published papers whose records, read again, are now other papers' or quarantined: those no
-- other record names any more are retired (see etl.load.publish).
CREATE TABLE {staging}.left_papers AS
SELECT p.paper_id FROM public.paper_sources p
JOIN {staging}.paper_sources ps USING (source_file, record_number)
JOIN {staging}.paper_match m ON m.paper_key = ps.paper_key
WHERE m.paper_id <> p.paper_id
UNION
SELECT p.paper_id FROM public.paper_sources p
JOIN {staging}.rejects j ON j.source_file = p.source_file AND j.record_number = p.record_number

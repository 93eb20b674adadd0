-- Published papers whose records, read again, are now other papers' or quarantined: those no
-- other record names any more are retired (see etl.load.publish). Each record is looked up
-- in paper_sources by its key (OFFSET 0 keeps the planner from reading every published
-- record to join them instead).
CREATE TABLE {staging}.left_papers AS
SELECT p.paper_id
FROM {staging}.paper_sources ps
JOIN {staging}.paper_match m ON m.paper_key = ps.paper_key
CROSS JOIN LATERAL (
    SELECT p.paper_id FROM public.paper_sources p
    WHERE p.source_file = ps.source_file AND p.record_number = ps.record_number OFFSET 0) p
WHERE m.paper_id <> p.paper_id
UNION
SELECT p.paper_id
FROM {staging}.rejects j
CROSS JOIN LATERAL (
    SELECT p.paper_id FROM public.paper_sources p
    WHERE p.source_file = j.source_file AND p.record_number = j.record_number OFFSET 0) p

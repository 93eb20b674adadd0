INSERT INTO {staging}.paper_map (record_key, paper_key, precedence, paper_id)
SELECT 'paper:' || p.paper_id, p.paper_key, 0, p.paper_id FROM public.papers p
WHERE EXISTS (SELECT 1 FROM public.paper_sources ps WHERE ps.paper_id = p.paper_id)

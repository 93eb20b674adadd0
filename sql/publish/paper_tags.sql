-- Rule tags follow the published abstract, like results; tags from sources come from
-- every record.
INSERT INTO paper_tags AS t (paper_id, tag_id, origin, confidence, matched_text, way,
                             created_run_id, changed_run_id)
SELECT DISTINCT ON (m.paper_id, tg.tag_id, s.origin)
       m.paper_id, tg.tag_id, s.origin, s.confidence, s.matched_text, s.way, :run_id, :run_id
FROM {staging}.paper_tags AS s
JOIN {staging}.paper_match AS m USING (paper_key)
JOIN tags AS tg USING (tag_slug)
WHERE s.origin <> 'rule' OR m.abstract_is_published
ORDER BY m.paper_id, tg.tag_id, s.origin, s.confidence DESC
ON CONFLICT (paper_id, tag_id, origin) DO UPDATE
    SET confidence = excluded.confidence, matched_text = excluded.matched_text,
        way = excluded.way, changed_run_id = excluded.changed_run_id
    WHERE (t.confidence, t.matched_text, t.way)
        IS DISTINCT FROM (excluded.confidence, excluded.matched_text, excluded.way)
RETURNING (xmax = 0) AS inserted

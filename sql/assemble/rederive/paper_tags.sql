INSERT INTO {staging}.paper_tags (paper_key, tag_slug, origin, confidence, matched_text, way)
SELECT DISTINCT ON (p.paper_key, t.tag_slug) p.paper_key, t.tag_slug, 'rule', t.confidence,
       t.matched_text, t.way
FROM {staging}.papers p JOIN {staging}.batch_abstract_tags t USING (abstract_hash)
ORDER BY p.paper_key, t.tag_slug, t.confidence DESC, t.matched_text

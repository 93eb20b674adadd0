CREATE TABLE {staging}.paper_tags AS
SELECT DISTINCT ON (paper_key, tag_slug, origin)
       paper_key, tag_slug, origin, confidence, matched_text, way
FROM (
    SELECT p.paper_key, t.tag_slug, 'rule' AS origin, t.confidence, t.matched_text, t.way
    FROM {staging}.papers p JOIN {staging}.batch_abstract_tags t USING (abstract_hash)
    UNION ALL
    SELECT m.paper_key, t.tag_slug, t.origin, t.confidence, t.tag_name, NULL
    FROM {staging}.batch_record_tags t JOIN {staging}.paper_map m USING (record_key)
) tags
ORDER BY paper_key, tag_slug, origin, confidence DESC, matched_text

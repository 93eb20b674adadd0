-- Rule tags follow the published abstract: those the rules no longer find in it go.
DELETE FROM paper_tags AS t
USING {staging}.paper_match AS m, tags AS tg
WHERE t.paper_id = m.paper_id AND NOT m.is_new AND m.abstract_is_published
  AND t.tag_id = tg.tag_id AND t.origin = 'rule'
  AND NOT EXISTS (
      SELECT 1 FROM {staging}.paper_tags AS s JOIN {staging}.paper_match AS sm USING (paper_key)
      WHERE sm.paper_id = t.paper_id AND s.tag_slug = tg.tag_slug
        AND s.origin = t.origin)
RETURNING 1

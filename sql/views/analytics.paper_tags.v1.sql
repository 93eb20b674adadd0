-- One row per paper and tag, in long form, with where the tag came from: group and count by
-- tag here, not by analytics.paper_overview's joined tag names.
CREATE VIEW analytics.paper_tags AS
SELECT
    pt.paper_id,
    p.paper_key,
    pt.tag_id,
    t.tag_slug,
    t.tag_name,
    t.kind AS tag_kind,
    t.parent_slug,
    t.area_slug,
    pt.origin,
    pt.confidence,
    pt.matched_text
FROM public.paper_tags AS pt
JOIN public.papers AS p USING (paper_id)
JOIN public.tags AS t USING (tag_id);
COMMENT ON VIEW analytics.paper_tags IS 'One row per paper, tag and origin: the paper''s topics with where each came from (author or source keywords, arXiv categories, the rule tagger).';
COMMENT ON COLUMN analytics.paper_tags.paper_id IS 'The paper (papers.paper_id).';
COMMENT ON COLUMN analytics.paper_tags.paper_key IS 'The paper''s stable natural key.';
COMMENT ON COLUMN analytics.paper_tags.tag_id IS 'The tag (tags.tag_id).';
COMMENT ON COLUMN analytics.paper_tags.tag_slug IS 'The tag''s stable key.';
COMMENT ON COLUMN analytics.paper_tags.tag_name IS 'The tag as people read it.';
COMMENT ON COLUMN analytics.paper_tags.tag_kind IS 'task (Papers with Code task), area (research area), keyword (curated, or given by authors and sources) or arxiv-category.';
COMMENT ON COLUMN analytics.paper_tags.parent_slug IS 'The tag''s broader tag, if any.';
COMMENT ON COLUMN analytics.paper_tags.area_slug IS 'The research area the tag belongs to, if known.';
COMMENT ON COLUMN analytics.paper_tags.origin IS 'Who said so: rule (paperhouse''s tagger on the abstract), author (the paper''s own keywords) or source (keywords or categories the source assigned).';
COMMENT ON COLUMN analytics.paper_tags.confidence IS 'How sure the origin is, in (0, 1].';
COMMENT ON COLUMN analytics.paper_tags.matched_text IS 'The words in the abstract that gave the tag, as written; null when the tag was not found in the abstract.';

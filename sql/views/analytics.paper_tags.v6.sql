-- v3 appends way: how the rule tagger found the tag (paper_tags.way). v4 keeps to stated tags
-- (paper_tags.stated): a topic the rule tagger found once is not the paper's here. v5 says
-- that a title names an area by the kind of data the paper works on (only the comment changes).
-- v6 says that a topic only the title names (way title_only) is not stated, so not shown (only
-- the comment changes).
-- One row per paper and tag, whatever gave it: count(*) per tag counts papers, and a join to
-- it adds no rows per origin. Long form: group and count by tag here, not by
-- analytics.paper_overview's joined tag names.
CREATE OR REPLACE VIEW analytics.paper_tags AS
SELECT
    pt.paper_id,
    p.paper_key,
    pt.tag_id,
    t.tag_slug,
    t.tag_name,
    t.kind AS tag_kind,
    t.is_source_keyword,
    t.parent_slug,
    t.area_slug,
    pt.origins,
    pt.confidence,
    pt.matched_text,
    pt.way
FROM (
    SELECT
        paper_id,
        tag_id,
        array_agg(origin ORDER BY origin) AS origins,
        max(confidence) AS confidence,
        min(matched_text) FILTER (WHERE origin = 'rule') AS matched_text,
        min(way) FILTER (WHERE origin = 'rule') AS way
    FROM public.paper_tags
    WHERE stated
    GROUP BY paper_id, tag_id
) AS pt
JOIN public.papers AS p USING (paper_id)
JOIN public.tags AS t USING (tag_id);
COMMENT ON VIEW analytics.paper_tags IS 'Grain: one row per paper and tag. The paper''s topics with every origin that gave each (author or source keywords, arXiv categories, the rule tagger); count(*) per tag is its number of papers. Stated tags only (paper_tags.stated): a topic the rule tagger found once or only as an example is left out.';
COMMENT ON COLUMN analytics.paper_tags.paper_id IS 'The paper (papers.paper_id); with tag_id, the row''s key.';
COMMENT ON COLUMN analytics.paper_tags.paper_key IS 'The paper''s stable natural key.';
COMMENT ON COLUMN analytics.paper_tags.tag_id IS 'The tag (analytics.tags.tag_id); with paper_id, the row''s key.';
COMMENT ON COLUMN analytics.paper_tags.tag_slug IS 'The tag''s stable key.';
COMMENT ON COLUMN analytics.paper_tags.tag_name IS 'The tag as people read it.';
COMMENT ON COLUMN analytics.paper_tags.tag_kind IS 'task (Papers with Code task), area (research area), keyword (curated, or given by authors and sources) or arxiv-category.';
COMMENT ON COLUMN analytics.paper_tags.is_source_keyword IS 'True for a keyword as authors or a source wrote it that matches no tag of the vocabulary (often one paper''s wording): chart these apart from the vocabulary''s tags (false).';
COMMENT ON COLUMN analytics.paper_tags.parent_slug IS 'The tag''s broader tag, if any.';
COMMENT ON COLUMN analytics.paper_tags.area_slug IS 'The research area the tag belongs to, if known.';
COMMENT ON COLUMN analytics.paper_tags.origins IS 'Who said so, in alphabetical order, each once: rule (paperhouse''s tagger on the abstract), author (the paper''s own keywords), source (keywords or categories the source assigned).';
COMMENT ON COLUMN analytics.paper_tags.confidence IS 'How sure the surest origin is, in (0, 1].';
COMMENT ON COLUMN analytics.paper_tags.matched_text IS 'The words in the abstract that gave the tag, as written; null when the rule tagger did not find it in the abstract.';
COMMENT ON COLUMN analytics.paper_tags.way IS 'How the rule tagger found the tag: title (the paper''s title names it as the abstract does, or, for an area, names the kind of data it works on: Video, Speech, Robots), repeated (mentioned in two or more places of the abstract), area_of_tag or area_of_tags (a research area brought by its tags); the other ways (a topic mentioned once, only as an example, or named by the title alone) are not stated and not shown. How often each way is right: docs/calibration/tag_ways.tsv. Null when the rule tagger did not give the tag, or gave it before the way was kept (until etl rederive).';

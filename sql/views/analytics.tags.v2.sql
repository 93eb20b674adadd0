-- The tags papers have, for readers: the vocabulary's thousands of tasks no paper has stay
-- out (public.tags holds them for the loads; readers cannot select it). v2 counts stated tags
-- only (paper_tags.stated), as analytics.paper_tags shows them.
CREATE OR REPLACE VIEW analytics.tags AS
SELECT
    t.tag_id,
    t.tag_slug,
    t.tag_name,
    t.kind AS tag_kind,
    t.is_source_keyword,
    t.parent_slug,
    parent.tag_name AS parent_name,
    t.area_slug,
    area.tag_name AS area_name,
    coalesce(tagged.papers, 0) AS papers
FROM public.tags AS t
LEFT JOIN (
    SELECT tag_id, count(DISTINCT paper_id) AS papers
    FROM public.paper_tags
    WHERE stated
    GROUP BY tag_id
) AS tagged USING (tag_id)
LEFT JOIN public.tags AS parent ON parent.tag_slug = t.parent_slug
LEFT JOIN public.tags AS area ON area.tag_slug = t.area_slug
WHERE tagged.tag_id IS NOT NULL
   OR EXISTS (SELECT 1 FROM public.results AS r WHERE r.task_tag_id = t.tag_id);
COMMENT ON VIEW analytics.tags IS 'Grain: one row per tag that some paper has, through analytics.paper_tags or as the task of one of its results; tags of the vocabulary no paper has are left out.';
COMMENT ON COLUMN analytics.tags.tag_id IS 'The tag; the row''s key (analytics.paper_tags.tag_id, results'' task).';
COMMENT ON COLUMN analytics.tags.tag_slug IS 'The tag''s stable key.';
COMMENT ON COLUMN analytics.tags.tag_name IS 'The tag as people read it.';
COMMENT ON COLUMN analytics.tags.tag_kind IS 'task (Papers with Code task), area (research area), keyword (curated, or given by authors and sources) or arxiv-category.';
COMMENT ON COLUMN analytics.tags.is_source_keyword IS 'True for a keyword as authors or a source wrote it that matches no tag of the vocabulary (often one paper''s wording): chart these apart from the vocabulary''s tags (false).';
COMMENT ON COLUMN analytics.tags.parent_slug IS 'The tag''s broader tag, if any (it may be a tag no paper has, which this view leaves out: parent_name names it).';
COMMENT ON COLUMN analytics.tags.parent_name IS 'The broader tag''s name.';
COMMENT ON COLUMN analytics.tags.area_slug IS 'The research area the tag belongs to, if known.';
COMMENT ON COLUMN analytics.tags.area_name IS 'The research area''s name.';
COMMENT ON COLUMN analytics.tags.papers IS 'Papers tagged with it (analytics.paper_tags); 0 for a task only results name.';

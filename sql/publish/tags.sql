-- A tag without parent or area (a keyword seen in a source) takes them from a curated row;
-- a tag that has them is not reset by a source that does not. A source's keyword that the
-- vocabulary gains becomes the vocabulary's tag; a vocabulary tag stays one.
INSERT INTO tags AS t (tag_slug, tag_name, kind, parent_slug, area_slug, is_source_keyword,
                       created_run_id, changed_run_id)
SELECT tag_slug, tag_name, kind, parent_slug, area_slug, is_source_keyword, :run_id, :run_id
FROM {staging}.tags
ON CONFLICT (tag_slug) DO UPDATE
    SET tag_name = excluded.tag_name, kind = excluded.kind,
        parent_slug = excluded.parent_slug, area_slug = excluded.area_slug,
        is_source_keyword = excluded.is_source_keyword AND t.is_source_keyword,
        changed_run_id = excluded.changed_run_id
    WHERE (t.parent_slug IS NULL AND t.area_slug IS NULL
           AND (excluded.parent_slug IS NOT NULL OR excluded.area_slug IS NOT NULL))
       OR ((excluded.parent_slug IS NOT NULL OR excluded.area_slug IS NOT NULL)
           AND (t.tag_name, t.kind, t.parent_slug, t.area_slug) IS DISTINCT FROM
               (excluded.tag_name, excluded.kind, excluded.parent_slug,
                excluded.area_slug))
       OR (t.is_source_keyword AND NOT excluded.is_source_keyword)
RETURNING (xmax = 0) AS inserted

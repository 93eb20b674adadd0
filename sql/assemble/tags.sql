-- A keyword of its own (a source's or authors' wording) is named by its most frequent
-- spelling in the run's records (`world models` over `world model`), ties to the first in
-- order; the name a tag is published with first stays (sql/publish/tags.sql). A tag of the
-- vocabulary wins over a keyword of the same slug.
CREATE TABLE {staging}.tags AS
WITH spellings AS (
    SELECT tag_slug, tag_name, count(*) AS records
    FROM {staging}.batch_record_tags
    WHERE kind = 'keyword'
    GROUP BY tag_slug, tag_name
)
SELECT DISTINCT ON (t.tag_slug)
       t.tag_slug, coalesce(s.tag_name, t.tag_name) AS tag_name, t.kind, t.parent_slug,
       t.area_slug, t.is_source_keyword
FROM {staging}.batch_tags AS t
LEFT JOIN spellings AS s ON s.tag_slug = t.tag_slug AND t.is_source_keyword
ORDER BY t.tag_slug, t.is_source_keyword, (t.parent_slug IS NULL AND t.area_slug IS NULL),
         s.records DESC NULLS LAST, coalesce(s.tag_name, t.tag_name)

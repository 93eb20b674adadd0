CREATE TABLE {staging}.tags AS
SELECT DISTINCT ON (tag_slug) tag_slug, tag_name, kind, parent_slug, area_slug
FROM {staging}.batch_tags
ORDER BY tag_slug, (parent_slug IS NULL AND area_slug IS NULL), tag_name

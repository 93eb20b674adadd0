-- The tags with the most papers.
SELECT tag_name, tag_kind, count(DISTINCT paper_id) AS papers
FROM analytics.paper_tags
GROUP BY tag_slug, tag_name, tag_kind
ORDER BY papers DESC, tag_name
LIMIT %(limit)s

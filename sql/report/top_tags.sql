-- The tags with the most papers (a paper counts once per tag, whatever its origins). From the
-- published tables: analytics.paper_tags joins every row to its paper, which a count of 6M
-- tag rows at a million papers does not need.
SELECT t.tag_id, t.tag_name, t.kind AS tag_kind, count(*) AS papers
FROM (SELECT DISTINCT tag_id, paper_id FROM public.paper_tags) AS pt
JOIN public.tags AS t USING (tag_id)
GROUP BY t.tag_id, t.tag_name, t.kind
ORDER BY papers DESC, t.tag_name
LIMIT %(limit)s

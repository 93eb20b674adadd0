-- The tags with the most papers (a paper counts once per tag, whatever its origins): the
-- vocabulary's (tasks, areas, curated keywords, arXiv categories) or, apart, the keywords
-- sources and authors wrote that match none of them, as %(source_keywords)s asks. From the
-- published tables: analytics.paper_tags joins every row to its paper, which a count of 6M
-- tag rows at a million papers does not need. Stated tags only (paper_tags.stated).
SELECT t.tag_id, t.tag_name, t.kind AS tag_kind, count(*) AS papers
FROM (SELECT DISTINCT tag_id, paper_id FROM public.paper_tags WHERE stated) AS pt
JOIN public.tags AS t USING (tag_id)
WHERE t.is_source_keyword = %(source_keywords)s
GROUP BY t.tag_id, t.tag_name, t.kind
ORDER BY papers DESC, t.tag_name, t.tag_id
LIMIT %(limit)s

-- The 20 tags on most papers (area tags left out: they sum up other tags), with how many of
-- those papers got the tag from the rule tagger rather than from a source or the authors.
SELECT
    tag_name,
    tag_kind,
    count(DISTINCT paper_id) AS papers,
    count(DISTINCT paper_id) FILTER (WHERE origin = 'rule') AS papers_tagged_by_rule
FROM analytics.paper_tags
WHERE tag_kind <> 'area'
GROUP BY tag_name, tag_kind
ORDER BY papers DESC, tag_name
LIMIT 20;

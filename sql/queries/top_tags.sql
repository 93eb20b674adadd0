-- The 10 tags of the vocabulary and, apart, the 10 keywords of sources' and authors' own
-- wording on most papers (area tags left out: they sum up other tags), with how many of those
-- papers got the tag from the rule tagger. analytics.paper_tags has one row per paper and tag,
-- so count(*) counts papers.
WITH per_tag AS (
    SELECT
        tag_id,
        tag_name,
        tag_kind,
        is_source_keyword,
        count(*) AS papers,
        count(*) FILTER (WHERE 'rule' = ANY(origins)) AS papers_tagged_by_rule
    FROM analytics.paper_tags
    WHERE tag_kind <> 'area'
    GROUP BY tag_id, tag_name, tag_kind, is_source_keyword
), ranked AS (
    SELECT
        *,
        row_number() OVER (
            PARTITION BY is_source_keyword ORDER BY papers DESC, tag_name, tag_id
        ) AS place
    FROM per_tag
)
SELECT is_source_keyword, tag_name, tag_kind, papers, papers_tagged_by_rule
FROM ranked
WHERE place <= 10
ORDER BY is_source_keyword, place;

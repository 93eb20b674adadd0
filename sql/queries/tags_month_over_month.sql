-- Which tags rise month over month? Papers per tag and publication month, with the change
-- from the tag's previous month that has papers (null for its first month); whether the tag
-- is a source's own keyword (often one paper's wording) or the vocabulary's. analytics.paper_tags
-- has one row per paper and tag, so count(*) counts papers.
WITH monthly AS (
    SELECT
        pt.tag_slug,
        pt.is_source_keyword,
        date_trunc('month', p.published_on)::date AS month,
        count(*) AS papers
    FROM analytics.paper_tags AS pt
    JOIN public.papers AS p USING (paper_id)
    WHERE p.published_on IS NOT NULL
    GROUP BY pt.tag_slug, pt.is_source_keyword, date_trunc('month', p.published_on)
)
SELECT
    tag_slug,
    is_source_keyword,
    month,
    papers,
    papers - lag(papers) OVER (PARTITION BY tag_slug ORDER BY month) AS change
FROM monthly
ORDER BY is_source_keyword, tag_slug, month;

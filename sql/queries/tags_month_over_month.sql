-- Which tags rise month over month? Papers per tag and publication month, with the change
-- from the tag's previous month that has papers (null for its first month); whether the tag
-- is a source's own keyword (often one paper's wording) or the vocabulary's. A paper dated to
-- the year only has no month: each tag's such papers are counted in one row whose month is
-- null (and change null), not put in January. analytics.paper_tags has one row per paper and
-- tag, so count(*) counts papers.
WITH monthly AS (
    SELECT
        pt.tag_slug,
        pt.is_source_keyword,
        po.published_month AS month,
        count(*) AS papers
    FROM analytics.paper_tags AS pt
    JOIN analytics.paper_overview AS po USING (paper_id)
    WHERE po.published_on IS NOT NULL
    GROUP BY pt.tag_slug, pt.is_source_keyword, po.published_month
)
SELECT
    tag_slug,
    is_source_keyword,
    month,
    papers,
    CASE WHEN month IS NOT NULL THEN
        papers - lag(papers) OVER (PARTITION BY tag_slug, month IS NULL ORDER BY month)
    END AS change
FROM monthly
ORDER BY is_source_keyword, tag_slug, month;

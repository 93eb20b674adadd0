-- Which tags rise month over month? Papers per tag and publication month, with the change
-- from the tag's previous month that has papers (null for its first month). A paper dated to
-- the year only has no month: each tag's such papers are counted in one row whose month is
-- null (and change null), not put in January.
WITH monthly AS (
    SELECT
        pt.tag_slug,
        po.published_month AS month,
        count(DISTINCT pt.paper_id) AS papers
    FROM analytics.paper_tags AS pt
    JOIN analytics.paper_overview AS po USING (paper_id)
    WHERE po.published_on IS NOT NULL
    GROUP BY pt.tag_slug, po.published_month
)
SELECT
    tag_slug,
    month,
    papers,
    CASE WHEN month IS NOT NULL THEN
        papers - lag(papers) OVER (PARTITION BY tag_slug, month IS NULL ORDER BY month)
    END AS change
FROM monthly
ORDER BY tag_slug, month;

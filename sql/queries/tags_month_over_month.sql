-- Which tags rise month over month? Papers per tag and publication month, with the change
-- from the tag's previous month that has papers (null for its first month).
WITH monthly AS (
    SELECT
        pt.tag_slug,
        date_trunc('month', p.published_on)::date AS month,
        count(DISTINCT pt.paper_id) AS papers
    FROM analytics.paper_tags AS pt
    JOIN public.papers AS p USING (paper_id)
    WHERE p.published_on IS NOT NULL
    GROUP BY pt.tag_slug, date_trunc('month', p.published_on)
)
SELECT
    tag_slug,
    month,
    papers,
    papers - lag(papers) OVER (PARTITION BY tag_slug ORDER BY month) AS change
FROM monthly
ORDER BY tag_slug, month;

-- Papers per month of the most frequent tags, over the last months that have papers dated to
-- the day or month (a year alone places a paper in no month).
WITH top AS (
    SELECT tag_slug FROM analytics.paper_tags
    GROUP BY tag_slug ORDER BY count(DISTINCT paper_id) DESC, tag_slug LIMIT %(tags)s
), dated AS (
    SELECT paper_id, date_trunc('month', published_on)::date AS month
    FROM public.papers
    WHERE published_on_precision IN ('day', 'month')
), window_start AS (
    SELECT (max(month) - make_interval(months => %(months)s - 1))::date AS month FROM dated
)
SELECT t.tag_name, d.month, count(DISTINCT t.paper_id) AS papers
FROM analytics.paper_tags AS t
JOIN top USING (tag_slug)
JOIN dated AS d USING (paper_id)
WHERE d.month >= (SELECT month FROM window_start)
GROUP BY t.tag_name, d.month
ORDER BY d.month, t.tag_name

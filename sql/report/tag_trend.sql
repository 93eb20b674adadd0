-- Papers per month of the given tags, over the last months that have papers dated to the day
-- or month (a year alone places a paper in no month); a paper counts once per tag and month,
-- whatever its origins; stated tags only (paper_tags.stated).
WITH dated AS (
    SELECT paper_id, date_trunc('month', published_on)::date AS month
    FROM public.papers
    WHERE published_on_precision IN ('day', 'month')
), window_start AS (
    SELECT (max(month) - make_interval(months => %(months)s - 1))::date AS month FROM dated
)
SELECT t.tag_id, t.tag_name, d.month, count(DISTINCT pt.paper_id) AS papers
FROM public.paper_tags AS pt
JOIN public.tags AS t USING (tag_id)
JOIN dated AS d USING (paper_id)
WHERE pt.tag_id = ANY(%(tag_ids)s) AND pt.stated AND d.month >= (SELECT month FROM window_start)
GROUP BY t.tag_id, t.tag_name, d.month
ORDER BY d.month, t.tag_name, t.tag_id

-- Papers of the given tags dated to the year only: the monthly trend leaves them out (a year
-- alone places a paper in no month), and its caption says how many.
SELECT count(DISTINCT pt.paper_id) AS papers
FROM public.paper_tags AS pt
JOIN public.papers AS p USING (paper_id)
WHERE pt.tag_id = ANY(%(tag_ids)s) AND pt.stated AND p.published_on_precision = 'year'

-- Which papers appear in more than one kind of source (a listing, Daily Papers, a conference
-- list, a leaderboard, the arXiv snapshot)? One row per such paper.
SELECT
    p.paper_key,
    p.title,
    count(DISTINCT ps.source_format) AS source_formats,
    string_agg(DISTINCT ps.source_format, ', ') AS formats,
    count(*) AS records
FROM public.paper_sources AS ps
JOIN public.papers AS p USING (paper_id)
GROUP BY p.paper_key, p.title
HAVING count(DISTINCT ps.source_format) > 1
ORDER BY source_formats DESC, p.paper_key;

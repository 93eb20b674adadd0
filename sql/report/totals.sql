-- The headline numbers: what the warehouse holds.
SELECT
    (SELECT count(*) FROM public.papers) AS papers,
    (SELECT count(*) FROM public.listings) AS listings,
    (SELECT count(*) FROM public.results) AS results,
    (SELECT count(DISTINCT tag_id) FROM public.paper_tags WHERE stated) AS tags,
    (SELECT count(*) FROM public.repositories) AS repositories

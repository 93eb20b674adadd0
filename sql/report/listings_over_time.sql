-- Papers per listing, placed at the listing's day, or the first of its year when only its
-- year is known (day_known false), by kind. From the tables, not analytics.listings: the
-- report says itself how precise each listing's date is.
SELECT l.listing_kind, l.listing_name, coalesce(l.listed_on, make_date(l.listing_year, 1, 1)) AS day,
       l.listed_on IS NOT NULL AS day_known, c.papers
FROM public.listings AS l
JOIN (SELECT listing_id, count(*) AS papers FROM public.paper_listings GROUP BY listing_id) AS c
    USING (listing_id)
WHERE l.listed_on IS NOT NULL OR l.listing_year IS NOT NULL
ORDER BY day, l.listing_name

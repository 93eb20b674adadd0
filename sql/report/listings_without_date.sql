-- Listings with papers but neither a day nor a year (a plain listing whose name has none):
-- the listings chart cannot place them, and says so.
SELECT l.listing_kind, l.listing_name, c.papers
FROM public.listings AS l
JOIN (SELECT listing_id, count(*) AS papers FROM public.paper_listings GROUP BY listing_id) AS c
    USING (listing_id)
WHERE l.listed_on IS NULL AND l.listing_year IS NULL
ORDER BY c.papers DESC, l.listing_name

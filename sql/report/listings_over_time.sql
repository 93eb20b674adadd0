-- Papers per listing, placed at the listing's day (or the first of its year), by kind.
SELECT listing_kind, listing_name, coalesce(listed_on, make_date(listing_year, 1, 1)) AS day,
       papers
FROM analytics.listings
WHERE listing_year IS NOT NULL AND papers > 0
ORDER BY day, listing_name

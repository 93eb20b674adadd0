-- The listing dimension: one row per listing with its typed kind, venue, year and day, as
-- the load filled them (not parsed out of names by the reader), and how many papers it has.
CREATE VIEW analytics.listings AS
SELECT
    li.listing_id,
    li.listing_slug,
    li.listing_name,
    li.listing_kind,
    li.venue,
    li.listing_year,
    li.listed_on,
    coalesce(c.papers, 0) AS papers
FROM public.listings AS li
LEFT JOIN (
    SELECT listing_id, count(*) AS papers FROM public.paper_listings GROUP BY listing_id
) AS c USING (listing_id);
COMMENT ON VIEW analytics.listings IS 'One row per listing (a Daily Papers day, a conference list, a plain listing) with its kind, venue, year and day, and its number of papers: the dimension to group analytics.paper_listings by.';
COMMENT ON COLUMN analytics.listings.listing_id IS 'The listing (listings.listing_id; analytics.paper_listings.listing_id).';
COMMENT ON COLUMN analytics.listings.listing_slug IS 'The listing''s stable key.';
COMMENT ON COLUMN analytics.listings.listing_name IS 'The listing''s name as its file gives it.';
COMMENT ON COLUMN analytics.listings.listing_kind IS 'What the listing is: daily (a day of Daily Papers), conference, leaderboard or listing (a plain listing file).';
COMMENT ON COLUMN analytics.listings.venue IS 'The listing''s venue (NeurIPS, Daily Papers ...); null for a plain listing whose name has no year or date.';
COMMENT ON COLUMN analytics.listings.listing_year IS 'The listing''s year; null when its name has none.';
COMMENT ON COLUMN analytics.listings.listed_on IS 'The listing''s day (a Daily Papers day); null for a listing known by its year only.';
COMMENT ON COLUMN analytics.listings.papers IS 'Number of papers in the listing.';

CREATE TABLE {staging}.listings AS
SELECT DISTINCT ON (listing_slug)
       listing_slug, listing_name, listing_kind, venue, listing_year, listed_on
FROM {staging}.batch_listings ORDER BY listing_slug, listing_name

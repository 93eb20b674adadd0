CREATE TABLE {staging}.listings AS
SELECT DISTINCT ON (listing_slug) listing_slug, listing_name
FROM {staging}.batch_listings ORDER BY listing_slug, listing_name

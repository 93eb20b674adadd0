CREATE TABLE {staging}.paper_listings AS
SELECT DISTINCT ON (m.paper_key, b.listing_slug)
       m.paper_key, b.listing_slug, b.record AS position, b.source_file,
       b.line AS source_line, b.upvotes, b.comment_count, b.decision
FROM {staging}.batch_records b JOIN {staging}.paper_map m USING (record_key)
WHERE b.listing_slug IS NOT NULL
ORDER BY m.paper_key, b.listing_slug, m.precedence

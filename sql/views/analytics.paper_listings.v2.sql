-- One row per paper and listing that names it, in long form: group and count by listing
-- here, not by analytics.paper_overview's joined listing names. v2 appends the listing's
-- kind, venue, year and day (analytics.listings) so that they filter without a join.
CREATE OR REPLACE VIEW analytics.paper_listings AS
SELECT
    pl.paper_id,
    p.paper_key,
    p.title,
    p.arxiv_id,
    pl.listing_id,
    li.listing_slug,
    li.listing_name,
    pl.position,
    pl.upvotes,
    pl.comment_count,
    pl.decision,
    pl.source_file,
    li.listing_kind,
    li.venue,
    li.listing_year,
    li.listed_on
FROM public.paper_listings AS pl
JOIN public.papers AS p USING (paper_id)
JOIN public.listings AS li USING (listing_id);
COMMENT ON VIEW analytics.paper_listings IS 'One row per paper and listing that names it (a Daily Papers day, a conference list, a leaderboard, a plain listing), with its place and reception there.';
COMMENT ON COLUMN analytics.paper_listings.paper_id IS 'The paper (papers.paper_id).';
COMMENT ON COLUMN analytics.paper_listings.paper_key IS 'The paper''s stable natural key (arxiv:..., doi:..., openreview:..., abstract:...).';
COMMENT ON COLUMN analytics.paper_listings.title IS 'The paper''s title; null when no source gave one.';
COMMENT ON COLUMN analytics.paper_listings.arxiv_id IS 'The paper''s arXiv identifier without version; null when unknown.';
COMMENT ON COLUMN analytics.paper_listings.listing_id IS 'The listing (listings.listing_id).';
COMMENT ON COLUMN analytics.paper_listings.listing_slug IS 'The listing''s stable key.';
COMMENT ON COLUMN analytics.paper_listings.listing_name IS 'The listing''s name as its file gives it.';
COMMENT ON COLUMN analytics.paper_listings.position IS 'The paper''s place in the listing (1 = first).';
COMMENT ON COLUMN analytics.paper_listings.upvotes IS 'Upvotes the paper had in the listing (Daily Papers); null where the source has none.';
COMMENT ON COLUMN analytics.paper_listings.comment_count IS 'Comments the paper had in the listing (Daily Papers); null where the source has none.';
COMMENT ON COLUMN analytics.paper_listings.decision IS 'The venue''s decision (e.g. Accept (poster)) for conference lists; null elsewhere.';
COMMENT ON COLUMN analytics.paper_listings.source_file IS 'The file the listing was read from.';
COMMENT ON COLUMN analytics.paper_listings.listing_kind IS 'What the listing is: daily (a day of Daily Papers), conference, leaderboard or listing (a plain listing file).';
COMMENT ON COLUMN analytics.paper_listings.venue IS 'The listing''s venue (NeurIPS, Daily Papers ...); null for a plain listing whose name has no year or date.';
COMMENT ON COLUMN analytics.paper_listings.listing_year IS 'The listing''s year; null when its name has none.';
COMMENT ON COLUMN analytics.paper_listings.listed_on IS 'The listing''s day (a Daily Papers day); null for a listing known by its year only.';

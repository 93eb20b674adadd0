-- One row per paper with everything known about it as lists: a paper's page in one row.
-- Lists are NULL, not empty, when there is nothing to list. v2: the date's precision, year and
-- month (null when the date is not that precise). v3: stated tags only (paper_tags.stated).
CREATE OR REPLACE VIEW analytics.paper_profile AS
SELECT
    p.paper_id,
    p.paper_key,
    p.title,
    p.arxiv_id,
    p.doi,
    p.openreview_id,
    p.published_on,
    p.published_on_precision,
    extract(year FROM p.published_on)::integer AS published_year,
    CASE WHEN p.published_on_precision IN ('day', 'month')
        THEN date_trunc('month', p.published_on)::date END AS published_month,
    p.method_name,
    (SELECT array_agg(a.name ORDER BY pa.position)
     FROM public.paper_authors AS pa JOIN public.authors AS a USING (author_id)
     WHERE pa.paper_id = p.paper_id) AS authors,
    (SELECT array_agg(li.listing_name ORDER BY li.listing_name)
     FROM public.paper_listings AS pl JOIN public.listings AS li USING (listing_id)
     WHERE pl.paper_id = p.paper_id) AS listings,
    (SELECT array_agg(DISTINCT t.tag_name ORDER BY t.tag_name)
     FROM public.paper_tags AS pt JOIN public.tags AS t USING (tag_id)
     WHERE pt.paper_id = p.paper_id AND pt.stated) AS tags,
    (SELECT array_agg(DISTINCT r.canonical_url ORDER BY r.canonical_url)
     FROM public.paper_repositories AS pr JOIN public.repositories AS r USING (repository_id)
     WHERE pr.paper_id = p.paper_id AND r.kind = 'code') AS code_repositories,
    (SELECT array_agg(DISTINCT r.canonical_url ORDER BY r.canonical_url)
     FROM public.paper_repositories AS pr JOIN public.repositories AS r USING (repository_id)
     WHERE pr.paper_id = p.paper_id AND r.kind <> 'code') AS other_links,
    (SELECT count(*) FROM public.results AS rs WHERE rs.paper_id = p.paper_id) AS results,
    (SELECT count(DISTINCT ps.source_format) FROM public.paper_sources AS ps
     WHERE ps.paper_id = p.paper_id) AS source_formats
FROM public.papers AS p;
COMMENT ON VIEW analytics.paper_profile IS 'One row per paper with its identifiers, authors, listings, tags, links and counts of results and sources, as lists (null when empty): what a paper''s page shows.';
COMMENT ON COLUMN analytics.paper_profile.paper_id IS 'The paper (papers.paper_id).';
COMMENT ON COLUMN analytics.paper_profile.paper_key IS 'The paper''s stable natural key.';
COMMENT ON COLUMN analytics.paper_profile.title IS 'Title; null when no source gave one.';
COMMENT ON COLUMN analytics.paper_profile.arxiv_id IS 'arXiv identifier without version; null when unknown.';
COMMENT ON COLUMN analytics.paper_profile.doi IS 'DOI; null when unknown.';
COMMENT ON COLUMN analytics.paper_profile.openreview_id IS 'OpenReview forum id; null when unknown.';
COMMENT ON COLUMN analytics.paper_profile.published_on IS 'When the paper was published, as precise as published_on_precision says (a year-precision date is 1 January of its year).';
COMMENT ON COLUMN analytics.paper_profile.published_on_precision IS 'How much of published_on the sources know: day, month or year; null when there is no date.';
COMMENT ON COLUMN analytics.paper_profile.published_year IS 'Year of publication; null when there is no date.';
COMMENT ON COLUMN analytics.paper_profile.published_month IS 'First day of the month of publication; null when the date is known to the year only (or unknown).';
COMMENT ON COLUMN analytics.paper_profile.method_name IS 'The name the paper introduces, if any.';
COMMENT ON COLUMN analytics.paper_profile.authors IS 'Authors in order; null when no source lists them.';
COMMENT ON COLUMN analytics.paper_profile.listings IS 'Names of the listings the paper appears in, sorted; null when none.';
COMMENT ON COLUMN analytics.paper_profile.tags IS 'Names of its stated tags (every kind and origin; paper_tags.stated), sorted; null when none.';
COMMENT ON COLUMN analytics.paper_profile.code_repositories IS 'Canonical URLs of its code repositories, sorted; null when none.';
COMMENT ON COLUMN analytics.paper_profile.other_links IS 'Canonical URLs of its other links (models, datasets, project pages ...), sorted; null when none.';
COMMENT ON COLUMN analytics.paper_profile.results IS 'Number of results it reports (abstract and leaderboard).';
COMMENT ON COLUMN analytics.paper_profile.source_formats IS 'Number of kinds of source that mention it.';

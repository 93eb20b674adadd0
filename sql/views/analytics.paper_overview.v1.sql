-- One row per paper with what BI tools filter and count on: listings, links, code.
CREATE VIEW analytics.paper_overview AS
SELECT
    p.paper_id,
    p.paper_key,
    p.title,
    p.abstract,
    length(p.abstract) AS abstract_chars,
    coalesce(l.listing_names, '') AS listing_names,
    coalesce(l.listing_count, 0) AS listing_count,
    coalesce(r.link_count, 0) AS link_count,
    coalesce(r.code_repository_count, 0) AS code_repository_count,
    coalesce(r.code_repository_count, 0) > 0 AS has_code,
    r.first_code_url
FROM public.papers AS p
LEFT JOIN LATERAL (
    SELECT
        string_agg(li.listing_name, '; ' ORDER BY li.listing_name) AS listing_names,
        count(*) AS listing_count
    FROM public.paper_listings AS pl
    JOIN public.listings AS li USING (listing_id)
    WHERE pl.paper_id = p.paper_id
) AS l ON true
LEFT JOIN LATERAL (
    SELECT
        count(*) AS link_count,
        count(DISTINCT pr.repository_id) FILTER (WHERE re.kind = 'code') AS code_repository_count,
        min(re.canonical_url) FILTER (WHERE re.kind = 'code') AS first_code_url
    FROM public.paper_repositories AS pr
    JOIN public.repositories AS re USING (repository_id)
    WHERE pr.paper_id = p.paper_id
) AS r ON true;

COMMENT ON VIEW analytics.paper_overview IS 'One row per paper with its listings and link counts, for BI tools.';
COMMENT ON COLUMN analytics.paper_overview.paper_id IS 'Surrogate key of the paper (papers.paper_id).';
COMMENT ON COLUMN analytics.paper_overview.paper_key IS 'Natural key of the paper (papers.paper_key).';
COMMENT ON COLUMN analytics.paper_overview.title IS 'Title; null when no source gave one.';
COMMENT ON COLUMN analytics.paper_overview.abstract IS 'Clean abstract.';
COMMENT ON COLUMN analytics.paper_overview.abstract_chars IS 'Length of the clean abstract in characters.';
COMMENT ON COLUMN analytics.paper_overview.listing_names IS 'Names of the listings the paper appears in, ''; ''-joined, sorted.';
COMMENT ON COLUMN analytics.paper_overview.listing_count IS 'Number of listings the paper appears in.';
COMMENT ON COLUMN analytics.paper_overview.link_count IS 'Number of links from the paper to repositories and pages.';
COMMENT ON COLUMN analytics.paper_overview.code_repository_count IS 'Number of distinct code repositories the paper links to.';
COMMENT ON COLUMN analytics.paper_overview.has_code IS 'Whether the paper links to at least one code repository.';
COMMENT ON COLUMN analytics.paper_overview.first_code_url IS 'Alphabetically first canonical URL of its code repositories.';

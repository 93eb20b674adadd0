-- One row per paper with what BI tools filter and count on: listings, links, code.
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
) AS r ON true

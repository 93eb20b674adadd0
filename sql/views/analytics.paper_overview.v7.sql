-- v6 appends method_name_way: how the method name was read (papers.method_name_way). v7 lists
-- and counts stated tags only (paper_tags.stated), as analytics.paper_tags shows them.
-- One row per paper with what BI tools filter and count on: listings, links, code, method
-- name, results, tags, identifiers, date, authors and sources. v4: a joined list of no names
-- (listings, tags, authors) is null, not an empty string, as SQL's aggregates are.
CREATE OR REPLACE VIEW analytics.paper_overview AS
SELECT
    p.paper_id,
    p.paper_key,
    p.title,
    p.abstract,
    length(p.abstract) AS abstract_chars,
    l.listing_names,
    coalesce(l.listing_count, 0) AS listing_count,
    coalesce(r.link_count, 0) AS link_count,
    coalesce(r.code_repository_count, 0) AS code_repository_count,
    coalesce(r.code_repository_count, 0) > 0 AS has_code,
    r.first_code_url,
    p.method_name,
    coalesce(res.result_count, 0) AS result_count,
    t.tag_names,
    coalesce(t.tag_count, 0) AS tag_count,
    p.arxiv_id,
    p.doi,
    p.published_on,
    p.published_on_precision,
    extract(year FROM p.published_on)::integer AS published_year,
    CASE WHEN p.published_on_precision IN ('day', 'month')
        THEN date_trunc('month', p.published_on)::date END AS published_month,
    p.metadata_source,
    au.author_names,
    coalesce(au.author_count, 0) AS author_count,
    coalesce(src.source_count, 0) AS source_count,
    p.method_name_way

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
        count(DISTINCT pr.repository_id) AS link_count,
        count(DISTINCT pr.repository_id) FILTER (WHERE re.kind = 'code') AS code_repository_count,
        min(re.canonical_url) FILTER (WHERE re.kind = 'code') AS first_code_url
    FROM public.paper_repositories AS pr
    JOIN public.repositories AS re USING (repository_id)
    WHERE pr.paper_id = p.paper_id
) AS r ON true
LEFT JOIN LATERAL (
    SELECT count(*) AS result_count FROM public.results AS rs WHERE rs.paper_id = p.paper_id
) AS res ON true
LEFT JOIN LATERAL (
    SELECT
        string_agg(DISTINCT tg.tag_name, '; ') AS tag_names,
        count(DISTINCT tg.tag_id) AS tag_count
    FROM public.paper_tags AS pt
    JOIN public.tags AS tg USING (tag_id)
    WHERE pt.paper_id = p.paper_id AND pt.stated AND tg.kind <> 'area'
) AS t ON true
LEFT JOIN LATERAL (
    SELECT
        string_agg(a.name, ', ' ORDER BY pa.position) AS author_names,
        count(*) AS author_count
    FROM public.paper_authors AS pa
    JOIN public.authors AS a USING (author_id)
    WHERE pa.paper_id = p.paper_id
) AS au ON true
LEFT JOIN LATERAL (
    SELECT count(*) AS source_count FROM public.paper_sources AS ps WHERE ps.paper_id = p.paper_id
) AS src ON true;

COMMENT ON VIEW analytics.paper_overview IS 'One row per paper (the grain: every count is per paper) with its listings, links, method name, results, tags, identifiers and authors, for BI tools.';
COMMENT ON COLUMN analytics.paper_overview.paper_id IS 'Surrogate key of the paper (papers.paper_id).';
COMMENT ON COLUMN analytics.paper_overview.paper_key IS 'Natural key of the paper (papers.paper_key).';
COMMENT ON COLUMN analytics.paper_overview.title IS 'Title; null when no source gave one.';
COMMENT ON COLUMN analytics.paper_overview.abstract IS 'Clean abstract.';
COMMENT ON COLUMN analytics.paper_overview.abstract_chars IS 'Length of the clean abstract in characters.';
COMMENT ON COLUMN analytics.paper_overview.listing_names IS 'Names of the listings the paper appears in, ''; ''-joined, sorted; null when none. To group by listing use analytics.paper_listings.';
COMMENT ON COLUMN analytics.paper_overview.listing_count IS 'Number of listings the paper appears in.';
COMMENT ON COLUMN analytics.paper_overview.link_count IS 'Number of distinct repositories and pages the paper links to; one linked from several fields or records counts once.';
COMMENT ON COLUMN analytics.paper_overview.code_repository_count IS 'Number of distinct code repositories the paper links to.';
COMMENT ON COLUMN analytics.paper_overview.has_code IS 'Whether the paper links to at least one code repository.';
COMMENT ON COLUMN analytics.paper_overview.first_code_url IS 'Alphabetically first canonical URL of its code repositories.';
COMMENT ON COLUMN analytics.paper_overview.method_name IS 'The name the paper''s abstract introduces (papers.method_name).';
COMMENT ON COLUMN analytics.paper_overview.result_count IS 'Number of results the paper reports.';
COMMENT ON COLUMN analytics.paper_overview.tag_names IS 'Names of its stated task and keyword tags (paper_tags.stated), ''; ''-joined; null when none. To group by tag use analytics.paper_tags.';
COMMENT ON COLUMN analytics.paper_overview.tag_count IS 'Number of its stated task and keyword tags.';
COMMENT ON COLUMN analytics.paper_overview.arxiv_id IS 'arXiv identifier without version.';
COMMENT ON COLUMN analytics.paper_overview.doi IS 'DOI.';
COMMENT ON COLUMN analytics.paper_overview.published_on IS 'Publication date, as precise as published_on_precision says: a year-precision date is 1 January of its year, a month-precision one the first of its month. Chart by published_year or published_month, not by this.';
COMMENT ON COLUMN analytics.paper_overview.published_on_precision IS 'How much of published_on the sources know: day, month or year; null when there is no date.';
COMMENT ON COLUMN analytics.paper_overview.published_year IS 'Year of publication; null when there is no date.';
COMMENT ON COLUMN analytics.paper_overview.published_month IS 'First day of the month of publication; null when the date is known to the year only (or unknown), so that a monthly chart does not put those papers in January.';
COMMENT ON COLUMN analytics.paper_overview.metadata_source IS 'Format of the source whose title, abstract and date are shown.';
COMMENT ON COLUMN analytics.paper_overview.author_names IS 'Authors in order, comma-separated; null when no source lists them.';
COMMENT ON COLUMN analytics.paper_overview.author_count IS 'Number of authors.';
COMMENT ON COLUMN analytics.paper_overview.source_count IS 'Number of source records behind the paper (listings, dumps, snapshots).';
COMMENT ON COLUMN analytics.paper_overview.method_name_way IS 'How method_name was read (papers.method_name_way): title, or in the abstract introduced (after "we propose"), named (after "called"), appositive, our_artefact or our_proposed; the ways differ in how often they are right (docs/calibration/method_name_ways.tsv). Null when method_name is, or was published before the way was kept (until etl rederive).';

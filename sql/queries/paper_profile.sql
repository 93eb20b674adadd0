-- A paper's profile by arXiv id: its overview row, then each listing, tag, link and result.
-- psql "$(.venv/bin/etl db url)" -v arxiv_id=2410.08126 -f sql/queries/paper_profile.sql
-- The date is shown as far as it is known: 2018 for a year, 2018-06 for a month.
SELECT 'paper' AS part, title AS item, concat_ws(' | ', paper_key,
       CASE published_on_precision WHEN 'year' THEN published_year::text
            WHEN 'month' THEN to_char(published_month, 'YYYY-MM') ELSE published_on::text END,
       'results: ' || result_count, 'links: ' || link_count) AS detail
FROM analytics.paper_overview WHERE arxiv_id = :'arxiv_id'
UNION ALL
SELECT 'listing', listing_name, concat_ws(' | ', 'position ' || position, 'upvotes ' || upvotes,
       decision)
FROM analytics.paper_listings WHERE arxiv_id = :'arxiv_id'
UNION ALL
SELECT 'tag', tag_name, array_to_string(origins, ', ')
FROM analytics.paper_tags AS t JOIN public.papers AS p USING (paper_id)
WHERE p.arxiv_id = :'arxiv_id'
UNION ALL
SELECT 'link', canonical_url, kind
FROM analytics.paper_repositories AS r JOIN public.papers AS p USING (paper_id)
WHERE p.arxiv_id = :'arxiv_id'
UNION ALL
SELECT 'result', raw_text, concat_ws(' | ', metric_name, dataset_name)
FROM analytics.results_overview WHERE arxiv_id = :'arxiv_id'
ORDER BY 1, 2, 3;

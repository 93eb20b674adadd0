-- What share of the papers of each listing links to code?
-- A paper counts once per listing, with code when it links to a repository of kind code.
SELECT
    pl.listing_name,
    count(*) AS papers,
    count(*) FILTER (WHERE po.has_code) AS papers_with_code,
    round(count(*) FILTER (WHERE po.has_code)::numeric / count(*), 3) AS share_with_code
FROM analytics.paper_listings AS pl
JOIN analytics.paper_overview AS po USING (paper_id)
GROUP BY pl.listing_name
ORDER BY pl.listing_name;

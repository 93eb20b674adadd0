-- Papers per listing and how they were received: average and top upvotes (Daily Papers),
-- papers with a decision and among them orals and spotlights (conference lists).
SELECT
    listing_name,
    count(*) AS papers,
    round(avg(upvotes), 1) AS average_upvotes,
    max(upvotes) AS top_upvotes,
    count(decision) AS with_decision,
    count(*) FILTER (WHERE decision ILIKE '%oral%' OR decision ILIKE '%spotlight%')
        AS orals_and_spotlights
FROM analytics.paper_listings
GROUP BY listing_name
ORDER BY listing_name;

-- Where papers link to: links and distinct papers per repository host and kind.
SELECT
    host,
    kind,
    count(*) AS links,
    count(DISTINCT paper_id) AS papers
FROM analytics.paper_repositories
GROUP BY host, kind
ORDER BY links DESC, host, kind;

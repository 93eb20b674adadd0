-- Linked repositories and pages by host and by kind (each counted once).
SELECT host, kind, count(DISTINCT repository_id) AS repositories
FROM analytics.paper_repositories
GROUP BY host, kind

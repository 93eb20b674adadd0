-- The metric and dataset pairs with the most results, from abstracts and leaderboards.
SELECT metric_name, dataset_name, count(*) AS results, count(DISTINCT paper_id) AS papers
FROM analytics.results_overview
WHERE metric_name IS NOT NULL AND dataset_name IS NOT NULL
GROUP BY metric_name, dataset_name
ORDER BY results DESC, metric_name, dataset_name
LIMIT %(limit)s

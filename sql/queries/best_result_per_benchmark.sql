-- The best result per task, dataset and metric (rank 1 in the metric's direction), with the
-- paper that reports it; ties give several rows.
SELECT
    task_name,
    dataset_name,
    metric_name,
    metric_direction,
    value,
    unit,
    paper_key,
    model_name
FROM analytics.leaderboard
WHERE rank = 1
ORDER BY dataset_name, metric_name, task_name NULLS FIRST, paper_key, value;

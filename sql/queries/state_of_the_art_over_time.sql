-- The state of the art per dataset and metric over time: for each month with a result, the
-- best score reported up to then, in the metric's direction. Values are compared only when
-- measured alike (measured_as: shares on their scale, else the unit as reported). Abstract
-- results are dated by their paper, leaderboard results by their entry.
WITH dated AS (
    SELECT
        dataset_name,
        metric_name,
        metric_direction,
        CASE WHEN scale IS NOT NULL THEN 'share' ELSE coalesce(unit, '') END AS measured_as,
        compared_value,
        date_trunc('month', coalesce(entered_on, published_on))::date AS month
    FROM analytics.leaderboard
    WHERE metric_direction IS NOT NULL
      AND coalesce(entered_on, published_on) IS NOT NULL
),
per_month AS (
    SELECT
        dataset_name,
        metric_name,
        metric_direction,
        measured_as,
        month,
        CASE metric_direction WHEN 'higher' THEN max(compared_value) ELSE min(compared_value) END
            AS best_that_month
    FROM dated
    GROUP BY dataset_name, metric_name, metric_direction, measured_as, month
)
SELECT
    dataset_name,
    metric_name,
    measured_as,
    month,
    CASE metric_direction
        WHEN 'higher' THEN max(best_that_month) OVER running
        ELSE min(best_that_month) OVER running
    END AS best_so_far
FROM per_month
WINDOW running AS (PARTITION BY dataset_name, metric_name, measured_as ORDER BY month)
ORDER BY dataset_name, metric_name, measured_as, month;

-- The leaderboards with the most ranked entries, with the entry ranked first (the earliest
-- published of a tie).
WITH sized AS (
    SELECT task_name, dataset_name, metric_name, count(*) AS entries
    FROM analytics.leaderboard
    WHERE rank IS NOT NULL
    GROUP BY task_name, dataset_name, metric_name
    ORDER BY entries DESC, task_name, dataset_name, metric_name
    LIMIT %(limit)s
)
SELECT DISTINCT ON (s.entries, s.task_name, s.dataset_name, s.metric_name)
       s.task_name, s.dataset_name, s.metric_name, l.metric_direction, s.entries, l.value,
       l.unit, coalesce(l.model_name, l.title, l.paper_key) AS leader
FROM sized AS s
JOIN analytics.leaderboard AS l
  ON l.task_name IS NOT DISTINCT FROM s.task_name AND l.dataset_name = s.dataset_name
 AND l.metric_name = s.metric_name AND l.rank = 1
ORDER BY s.entries DESC, s.task_name, s.dataset_name, s.metric_name, l.published_on, l.result_id

-- Which papers report Hits@1 on a DBP15K dataset, and how much?
-- Abstract and leaderboard results, best first within each dataset.
-- psql "$(.venv/bin/etl db url)" -f sql/queries/hits_at_1_on_dbp15k.sql
SELECT
    dataset_name,
    paper_key,
    title,
    value,
    unit,
    raw_text
FROM analytics.results_overview
WHERE metric_name = 'Hits@1'
  AND dataset_name ILIKE 'DBP15K%'
  AND kind = 'score'
ORDER BY dataset_name, coalesce(scale, value) DESC, paper_key, raw_text;

-- Rank again the leaderboards this run touched: those of the scores it wrote, those of the
-- metrics it changed (a direction may have changed), and those a score it deleted or updated
-- was ranked in (etl.leaderboard_changes, noted by a trigger on results). A leaderboard is a
-- task, dataset and metric, with values measured alike: shares on their scale, other values
-- in one unit. Ranks follow the metric's direction (1 = best, ties share a rank); none where
-- the direction is unknown, nor for a result that stopped being a score. A null run_id ranks
-- every leaderboard (the migration that added the rank).
WITH scores AS (
    SELECT r.result_id, m.direction, coalesce(r.scale, r.value) AS compared_value,
           coalesce(r.task_tag_id, 0) AS task_key, r.dataset_id, r.metric_id,
           r.scale IS NOT NULL AS on_scale,
           coalesce(CASE WHEN r.scale IS NULL THEN r.unit END, '') AS unit_key,
           %(run_id)s::bigint IS NULL OR r.changed_run_id = %(run_id)s
               OR m.changed_run_id = %(run_id)s AS written_by_run
    FROM public.results AS r
    JOIN public.metrics AS m USING (metric_id)
    WHERE r.kind = 'score' AND r.dataset_id IS NOT NULL
), touched AS (
    SELECT task_key, dataset_id, metric_id, on_scale, unit_key FROM scores WHERE written_by_run
    UNION
    SELECT task_key, dataset_id, metric_id, on_scale, unit_key FROM etl.leaderboard_changes
), ranked AS (
    SELECT s.result_id,
           CASE s.direction
               WHEN 'higher' THEN rank() OVER (
                   PARTITION BY s.task_key, s.dataset_id, s.metric_id, s.on_scale, s.unit_key
                   ORDER BY s.compared_value DESC
               )
               WHEN 'lower' THEN rank() OVER (
                   PARTITION BY s.task_key, s.dataset_id, s.metric_id, s.on_scale, s.unit_key
                   ORDER BY s.compared_value ASC
               )
           END AS leaderboard_rank
    FROM scores AS s
    JOIN touched USING (task_key, dataset_id, metric_id, on_scale, unit_key)
    UNION ALL
    SELECT r.result_id, NULL
    FROM public.results AS r
    WHERE r.leaderboard_rank IS NOT NULL
      AND NOT (r.kind = 'score' AND r.dataset_id IS NOT NULL AND r.metric_id IS NOT NULL)
      AND (%(run_id)s::bigint IS NULL OR r.changed_run_id = %(run_id)s)
)
UPDATE public.results AS r
SET leaderboard_rank = ranked.leaderboard_rank,
    changed_run_id = coalesce(%(run_id)s, r.changed_run_id)
FROM ranked
WHERE r.result_id = ranked.result_id
  AND r.leaderboard_rank IS DISTINCT FROM ranked.leaderboard_rank

-- A value published before rows were noted gives way to the same value of a row read
-- now: the same paper, task, dataset, metric and model as written.
DELETE FROM results AS t
USING {staging}.results AS s, {staging}.paper_match AS m
WHERE t.origin = 'leaderboard' AND t.source_file IS NULL
  AND s.origin = 'leaderboard' AND m.paper_key = s.paper_key AND t.paper_id = m.paper_id
  AND t.task_tag_id IS NOT DISTINCT FROM (
      SELECT tg.tag_id FROM tags tg WHERE tg.tag_slug = s.task_slug)
  AND (t.dataset_text, t.metric_text, t.model_name)
      IS NOT DISTINCT FROM (s.dataset_text, s.metric_text, s.model_name)
RETURNING 1

-- Every value of every leaderboard row, named by its row (file, record) and metric; a row
-- whose paper is unknown keeps its values, with no paper.
INSERT INTO results AS t (paper_id, origin, task_tag_id, model_name, value, value_low,
                          value_uncertainty, unit, scale, kind, metric_id, dataset_id,
                          metric_text, dataset_text, comparator, raw_text, source_file,
                          record_number, entered_on, is_efficiency, rank_key,
                          created_run_id, changed_run_id)
SELECT m.paper_id, s.origin, tg.tag_id, s.model_name, s.value, s.value_low,
       s.value_uncertainty, s.unit, s.scale, s.kind, mt.metric_id, d.dataset_id, s.metric_text, s.dataset_text,
       s.comparator, s.raw_text, s.source_file, s.record_number, s.entered_on, s.is_efficiency,
       etl.leaderboard_rank_key(s.kind, d.dataset_id, mt.direction, s.value, s.scale, s.bound),
       :run_id, :run_id
FROM {staging}.results AS s
LEFT JOIN {staging}.paper_match AS m USING (paper_key)
LEFT JOIN tags AS tg ON tg.tag_slug = s.task_slug
LEFT JOIN metrics AS mt ON mt.metric_key = s.metric_key
LEFT JOIN datasets AS d ON d.dataset_key = s.dataset_key
WHERE s.origin = 'leaderboard'
ON CONFLICT (source_file, record_number, metric_text) WHERE origin = 'leaderboard'
DO UPDATE
    SET paper_id = excluded.paper_id, task_tag_id = excluded.task_tag_id,
        model_name = excluded.model_name, value = excluded.value,
        value_low = excluded.value_low, value_uncertainty = excluded.value_uncertainty,
        unit = excluded.unit, scale = excluded.scale, kind = excluded.kind, metric_id = excluded.metric_id,
        dataset_id = excluded.dataset_id, dataset_text = excluded.dataset_text,
        raw_text = excluded.raw_text, entered_on = excluded.entered_on,
        is_efficiency = excluded.is_efficiency, rank_key = excluded.rank_key, changed_run_id = excluded.changed_run_id
    WHERE (t.paper_id, t.task_tag_id, t.model_name, t.value, t.value_low,
           t.value_uncertainty, t.unit,
           t.scale, t.kind, t.metric_id, t.dataset_id, t.dataset_text, t.raw_text,
           t.entered_on, t.is_efficiency)
        IS DISTINCT FROM
          (excluded.paper_id, excluded.task_tag_id, excluded.model_name, excluded.value,
           excluded.value_low, excluded.value_uncertainty, excluded.unit, excluded.scale, excluded.kind,
           excluded.metric_id, excluded.dataset_id, excluded.dataset_text,
           excluded.raw_text, excluded.entered_on, excluded.is_efficiency)
RETURNING (xmax = 0) AS inserted

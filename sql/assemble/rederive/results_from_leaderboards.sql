-- dataset_way and metric_way are left null: a leaderboard's dataset and metric are its own
-- fields, decided by no rule.
INSERT INTO {staging}.results (paper_key, origin, task_slug, model_name, value, value_low, unit,
                         scale, kind, metric_key, dataset_key, metric_text, dataset_text,
                         comparator, comparator_value, comparator_unit, raw_text,
                         value_uncertainty, source_file, record_number, entered_on,
                         is_efficiency)
SELECT r.paper_key, 'leaderboard', l.task_slug, l.model_name, l.value, l.value_low, l.unit,
       l.scale, l.kind, l.metric_key, l.dataset_key, l.metric_text, l.dataset_text,
       l.comparator, l.comparator_value, l.comparator_unit, l.raw_text, l.value_uncertainty,
       r.source_file, r.record_number, l.entered_on, l.is_efficiency
FROM {staging}.batch_leaderboard_results l JOIN {staging}.rederived_rows r USING (record_key)
-- A row of a paper that is staged, or of no paper.
WHERE r.paper_key IS NULL
   OR EXISTS (SELECT 1 FROM {staging}.paper_map m WHERE m.paper_key = r.paper_key)

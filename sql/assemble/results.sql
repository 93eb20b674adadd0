CREATE TABLE {staging}.results AS
SELECT p.paper_key, 'abstract' AS origin, NULL::text AS task_slug,
       NULL::text AS model_name, r.span_start, r.span_end, r.value, r.value_low,
       r.unit, r.scale, r.kind, r.metric_key, r.dataset_key, r.metric_text,
       r.dataset_text, r.comparator, r.comparator_value, r.comparator_unit, r.raw_text,
       NULL::float8 AS value_uncertainty, NULL::text AS source_file,
       NULL::integer AS record_number, NULL::date AS entered_on, r.dataset_way, r.bound,
       r.dataset_variant, r.metric_way, r.is_efficiency
FROM {staging}.papers p
JOIN (SELECT DISTINCT ON (abstract_hash, span_start, span_end) *
      FROM {staging}.batch_abstract_results
      ORDER BY abstract_hash, span_start, span_end) r USING (abstract_hash)
UNION ALL
-- Every value of every leaderboard row: a row's identity is part of its values'. A row whose
-- paper is unknown (no record in paper_map) keeps its values, with no paper. Its dataset is
-- the leaderboard's own field, decided by no rule: no dataset_way and no variant (nor its
-- metric: no metric_way); its value is the leaderboard's figure itself: no bound.
SELECT m.paper_key, 'leaderboard', l.task_slug, l.model_name, NULL::integer,
       NULL::integer, l.value, l.value_low, l.unit, l.scale, l.kind, l.metric_key,
       l.dataset_key, l.metric_text, l.dataset_text, l.comparator, l.comparator_value,
       l.comparator_unit, l.raw_text, l.value_uncertainty, b.source_file, b.record,
       l.entered_on, NULL::text, NULL::text, NULL::text, NULL::text, l.is_efficiency
FROM {staging}.batch_leaderboard_results l
LEFT JOIN {staging}.paper_map m USING (record_key)
JOIN {staging}.batch_records b USING (record_key)

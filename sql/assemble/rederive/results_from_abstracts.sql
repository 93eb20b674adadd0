INSERT INTO {staging}.results (paper_key, origin, span_start, span_end, value, value_low, unit,
                         scale, kind, metric_key, dataset_key, metric_text, dataset_text,
                         dataset_way, comparator, comparator_value, comparator_unit, raw_text,
                         bound, dataset_variant, metric_way, is_efficiency)
SELECT p.paper_key, 'abstract', r.span_start, r.span_end, r.value, r.value_low, r.unit,
       r.scale, r.kind, r.metric_key, r.dataset_key, r.metric_text, r.dataset_text,
       r.dataset_way, r.comparator, r.comparator_value, r.comparator_unit, r.raw_text,
       r.bound, r.dataset_variant, r.metric_way, r.is_efficiency
FROM {staging}.papers p
JOIN (SELECT DISTINCT ON (abstract_hash, span_start, span_end) *
      FROM {staging}.batch_abstract_results
      ORDER BY abstract_hash, span_start, span_end) r USING (abstract_hash)

-- Results read from an abstract, published only for papers whose published abstract is
-- the staged one: a result's span must point into the text it was found in. A figure stated
-- as a bound ("up to 35%") gets no rank_key (etl.leaderboard_rank_key): it is not the figure.
-- The dataset's variant (a resolution, a split) is part of its leaderboard.
INSERT INTO results AS t (paper_id, origin, value, value_low, unit, scale, kind,
                          metric_id, dataset_id, metric_text, dataset_text, dataset_way,
                          comparator, comparator_value, comparator_unit, raw_text, bound,
                          dataset_variant, metric_way, is_efficiency, span_start, span_end,
                          rank_key, created_run_id, changed_run_id)
SELECT DISTINCT ON (m.paper_id, s.span_start, s.span_end)
       m.paper_id, s.origin, s.value, s.value_low, s.unit, s.scale, s.kind,
       mt.metric_id, d.dataset_id, s.metric_text, s.dataset_text, s.dataset_way,
       s.comparator, s.comparator_value, s.comparator_unit, s.raw_text, s.bound,
       s.dataset_variant, s.metric_way, s.is_efficiency, s.span_start, s.span_end,
       etl.leaderboard_rank_key(s.kind, d.dataset_id, mt.direction, s.value, s.scale, s.bound),
       :run_id, :run_id
FROM {staging}.results AS s
JOIN {staging}.paper_match AS m USING (paper_key)
LEFT JOIN metrics AS mt ON mt.metric_key = s.metric_key
LEFT JOIN datasets AS d ON d.dataset_key = s.dataset_key
WHERE s.origin = 'abstract' AND m.abstract_is_published
ORDER BY m.paper_id, s.span_start, s.span_end, s.paper_key
ON CONFLICT (paper_id, origin, span_start, span_end) DO UPDATE
    SET value = excluded.value, value_low = excluded.value_low, unit = excluded.unit,
        scale = excluded.scale, kind = excluded.kind, metric_id = excluded.metric_id,
        dataset_id = excluded.dataset_id, metric_text = excluded.metric_text,
        dataset_text = excluded.dataset_text, dataset_way = excluded.dataset_way,
        comparator = excluded.comparator,
        comparator_value = excluded.comparator_value,
        comparator_unit = excluded.comparator_unit, raw_text = excluded.raw_text,
        bound = excluded.bound, dataset_variant = excluded.dataset_variant,
        metric_way = excluded.metric_way, is_efficiency = excluded.is_efficiency,
        rank_key = excluded.rank_key, changed_run_id = excluded.changed_run_id
    WHERE (t.value, t.value_low, t.unit, t.scale, t.kind, t.metric_id, t.dataset_id,
           t.metric_text, t.dataset_text, t.dataset_way, t.comparator, t.comparator_value,
           t.comparator_unit, t.raw_text, t.bound, t.dataset_variant, t.metric_way,
           t.is_efficiency)
        IS DISTINCT FROM
          (excluded.value, excluded.value_low, excluded.unit, excluded.scale,
           excluded.kind, excluded.metric_id, excluded.dataset_id, excluded.metric_text,
           excluded.dataset_text, excluded.dataset_way, excluded.comparator,
           excluded.comparator_value,
           excluded.comparator_unit, excluded.raw_text, excluded.bound,
           excluded.dataset_variant, excluded.metric_way, excluded.is_efficiency)
RETURNING (xmax = 0) AS inserted

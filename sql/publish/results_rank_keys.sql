-- The scores of a metric whose direction this run changed are ordered the other way: their
-- rank_key follows (metrics are published just before; results this run writes get theirs
-- as they are written).
UPDATE results AS t
SET rank_key = etl.leaderboard_rank_key(t.kind, t.dataset_id, m.direction, t.value, t.scale,
                                        t.bound),
    changed_run_id = :run_id
FROM metrics AS m
WHERE m.changed_run_id = :run_id AND t.metric_id = m.metric_id
  AND t.rank_key IS DISTINCT FROM
      etl.leaderboard_rank_key(t.kind, t.dataset_id, m.direction, t.value, t.scale, t.bound)
RETURNING false AS inserted

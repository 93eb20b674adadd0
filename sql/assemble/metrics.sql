CREATE TABLE {staging}.metrics AS
SELECT DISTINCT ON (metric_key) metric_key, metric_name, direction, direction_rule,
                                 is_share
FROM {staging}.batch_metrics
ORDER BY metric_key, direction IS NULL, is_share DESC, metric_name COLLATE "C"

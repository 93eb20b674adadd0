CREATE TABLE {staging}.metric_aliases AS
SELECT DISTINCT ON (alias_key) alias_key, alias, metric_key
FROM {staging}.batch_metric_aliases ORDER BY alias_key, metric_key COLLATE "C", alias COLLATE "C"

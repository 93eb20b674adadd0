CREATE TABLE {staging}.dataset_aliases AS
SELECT DISTINCT ON (alias_key) alias_key, alias, dataset_key
FROM {staging}.batch_dataset_aliases ORDER BY alias_key, dataset_key COLLATE "C", alias COLLATE "C"

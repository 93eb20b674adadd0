CREATE TABLE {staging}.datasets AS
SELECT DISTINCT ON (dataset_key) dataset_key, dataset_name
FROM {staging}.batch_datasets ORDER BY dataset_key, dataset_name COLLATE "C"

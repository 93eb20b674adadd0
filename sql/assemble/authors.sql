CREATE TABLE {staging}.authors AS
SELECT DISTINCT ON (author_key) author_key, name
FROM {staging}.batch_record_authors ORDER BY author_key, name

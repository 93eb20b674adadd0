CREATE TABLE {staging}.repositories AS
SELECT DISTINCT ON (repository_key)
       repository_key, canonical_url, host, owner, name, kind
FROM (SELECT repository_key, canonical_url, host, owner, name, kind
      FROM {staging}.batch_abstract_links
      UNION ALL
      SELECT repository_key, canonical_url, host, owner, name, kind
      FROM {staging}.batch_record_links) links
ORDER BY repository_key, canonical_url

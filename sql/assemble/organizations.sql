CREATE TABLE {staging}.organizations AS
SELECT DISTINCT ON (organization_key) organization_key, name
FROM (SELECT organization_key, organization AS name FROM {staging}.batch_records
      WHERE organization_key <> ''
      UNION ALL
      SELECT organization_key, organization FROM {staging}.batch_record_affiliations) names
GROUP BY organization_key, name
-- Of the spellings of one organisation, the one most records use ("DeepMind", not
-- "Deepmind"; "École Normale Supérieure", not "Ecole ...").
ORDER BY organization_key, count(*) DESC, name

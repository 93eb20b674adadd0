CREATE TABLE {staging}.paper_organizations AS
SELECT DISTINCT m.paper_key, o.organization_key, o.origin
FROM (SELECT record_key, organization_key, 'source' AS origin FROM {staging}.batch_records
      WHERE organization_key <> ''
      UNION ALL
      SELECT record_key, organization_key, 'affiliation'
      FROM {staging}.batch_record_affiliations) o
JOIN {staging}.paper_map m USING (record_key)

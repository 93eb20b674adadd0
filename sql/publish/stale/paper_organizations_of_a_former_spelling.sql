-- A paper's link to the organisation one of its records' names was published under before
-- the organisation rules or aliases changed: the name, read again, is now another
-- organisation's (the run links the paper to that one), so the old link goes, unless the
-- paper still names the old organisation too. Driven by the run's spellings that changed
-- organisation, through organizations' key: once no former key is published, it finds none.
DELETE FROM paper_organizations AS t
USING (SELECT DISTINCT m.paper_id, m.paper_key, o.organization_id, o.organization_key
       FROM {staging}.batch_organization_spellings s
       JOIN organizations o ON o.organization_key = s.written_key
       JOIN {staging}.paper_map pm USING (record_key)
       JOIN {staging}.paper_match m ON m.paper_key = pm.paper_key
       WHERE s.written_key <> s.organization_key AND NOT m.is_new) AS f
WHERE t.paper_id = f.paper_id AND t.organization_id = f.organization_id
  AND NOT EXISTS (
      SELECT 1 FROM {staging}.paper_organizations s
      WHERE s.paper_key = f.paper_key AND s.organization_key = f.organization_key)
RETURNING 1

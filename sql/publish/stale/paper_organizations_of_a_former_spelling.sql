-- A paper's link to the organisation one of its records' names was published under before
-- the organisation rules or aliases changed: the name, read again, is now another
-- organisation's (the run links the paper to that one), so the old link goes, unless the
-- paper still names the old organisation too.
DELETE FROM paper_organizations AS t
USING {staging}.paper_match AS m, organizations AS o
WHERE t.paper_id = m.paper_id AND NOT m.is_new AND o.organization_id = t.organization_id
  AND EXISTS (
      SELECT 1 FROM {staging}.batch_organization_spellings s
      JOIN {staging}.paper_map pm USING (record_key)
      WHERE pm.paper_key = m.paper_key AND s.written_key = o.organization_key
        AND s.organization_key <> o.organization_key)
  AND NOT EXISTS (
      SELECT 1 FROM {staging}.paper_organizations s
      WHERE s.paper_key = m.paper_key AND s.organization_key = o.organization_key)
RETURNING 1

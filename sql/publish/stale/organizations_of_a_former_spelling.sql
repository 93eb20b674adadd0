-- An organisation published under a spelling that is now another organisation's, which no
-- paper is linked to any more (paper_organizations_of_a_former_spelling took its links).
DELETE FROM organizations AS o
WHERE o.organization_key IN (
      SELECT written_key FROM {staging}.batch_organization_spellings
      WHERE written_key <> organization_key)
  AND NOT EXISTS (SELECT 1 FROM paper_organizations po
                  WHERE po.organization_id = o.organization_id)
RETURNING 1

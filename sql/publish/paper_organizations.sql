-- Organisations a paper's records name.
INSERT INTO paper_organizations (paper_id, organization_id, origin, created_run_id,
                                 changed_run_id)
SELECT DISTINCT m.paper_id, o.organization_id, s.origin, :run_id, :run_id
FROM {staging}.paper_organizations s
JOIN {staging}.paper_match m USING (paper_key)
JOIN organizations o USING (organization_key)
ON CONFLICT DO NOTHING
RETURNING true AS inserted

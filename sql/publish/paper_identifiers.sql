-- Identifiers that name one paper are unique here: one another paper holds already (a
-- record that linked two papers) is not added; that pair is in merge_candidates.
INSERT INTO paper_identifiers AS t (paper_id, kind, value, year_low, year_high,
                                    created_run_id, changed_run_id)
SELECT m.paper_id, s.kind, s.value, s.year_low, s.year_high, :run_id, :run_id
FROM {staging}.paper_identifiers s JOIN {staging}.paper_match m USING (paper_key)
ON CONFLICT DO NOTHING
RETURNING true AS inserted

-- paper_match.abstract_is_published: whether the paper's published abstract is the staged
-- one, so that what was derived from it may be published. Compared once per paper here, not
-- once per derived row (each comparison reads two abstracts).
ALTER TABLE {staging}.paper_match ADD COLUMN abstract_is_published boolean;
UPDATE {staging}.paper_match m SET abstract_is_published = m.is_new OR EXISTS (
    SELECT 1 FROM {staging}.papers sp
    JOIN papers p ON p.abstract = sp.abstract
        -- or neither has one, and the text is the same (a placeholder)
        OR p.abstract IS NULL AND sp.abstract IS NULL
           AND p.abstract_source IS NOT DISTINCT FROM sp.abstract_source
    WHERE sp.paper_key = m.paper_key AND p.paper_id = m.paper_id);

-- paper_match.abstract_is_published of the matched papers: whether the paper's published
-- abstract is the staged one, so that what was derived from it may be published. Compared
-- once per paper here, not once per derived row (each comparison reads two abstracts), and
-- as one join: a lookup per paper of the staged papers (which have no index on paper_key)
-- read them all for each, minutes for a few thousand matched papers.
UPDATE {staging}.paper_match m
SET abstract_is_published = coalesce(
    p.abstract = sp.abstract,
    -- or neither has one, and the text is the same (a placeholder)
    p.abstract IS NULL AND sp.abstract IS NULL
        AND p.abstract_source IS NOT DISTINCT FROM sp.abstract_source)
FROM {staging}.papers sp, papers p
WHERE NOT m.is_new AND sp.paper_key = m.paper_key AND p.paper_id = m.paper_id

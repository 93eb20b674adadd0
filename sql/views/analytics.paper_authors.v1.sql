-- One row per paper and author position, in long form.
CREATE VIEW analytics.paper_authors AS
SELECT
    pa.paper_id,
    p.paper_key,
    pa.position,
    pa.author_id,
    a.name AS author_name,
    pa.affiliation,
    pa.source_format
FROM public.paper_authors AS pa
JOIN public.papers AS p USING (paper_id)
JOIN public.authors AS a USING (author_id);
COMMENT ON VIEW analytics.paper_authors IS 'One row per author of a paper, in the order the source lists them, with the affiliation given there.';
COMMENT ON COLUMN analytics.paper_authors.paper_id IS 'The paper (papers.paper_id).';
COMMENT ON COLUMN analytics.paper_authors.paper_key IS 'The paper''s stable natural key.';
COMMENT ON COLUMN analytics.paper_authors.position IS 'The author''s place in the author list (1 = first author).';
COMMENT ON COLUMN analytics.paper_authors.author_id IS 'The author (authors.author_id).';
COMMENT ON COLUMN analytics.paper_authors.author_name IS 'The author''s name as the source writes it.';
COMMENT ON COLUMN analytics.paper_authors.affiliation IS 'The affiliation the source gives for this author on this paper; null when none.';
COMMENT ON COLUMN analytics.paper_authors.source_format IS 'Format of the source the author list comes from.';

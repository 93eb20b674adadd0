-- An author list is replaced only by one from a source at least as early in precedence
-- order as the one it came from. The published list's precedence is looked up paper by paper
-- (an aggregate over each matched paper's rows, through the index), not by an anti-join the
-- planner answered by reading every author row of the warehouse.
WITH published_lists AS (
    SELECT m.paper_id, l.source_rank
    FROM {staging}.paper_match AS m
    CROSS JOIN LATERAL (
        SELECT min(array_position(:source_formats, e.source_format)) AS source_rank
        FROM paper_authors e WHERE e.paper_id = m.paper_id) AS l
    WHERE NOT m.is_new
)
INSERT INTO paper_authors AS t (paper_id, position, author_id, affiliation,
                                source_format, created_run_id, changed_run_id)
SELECT DISTINCT ON (m.paper_id, s.position)
       m.paper_id, s.position, a.author_id, s.affiliation, s.source_format,
       :run_id, :run_id
FROM {staging}.paper_authors AS s
JOIN {staging}.paper_match AS m USING (paper_key)
JOIN authors AS a USING (author_key)
LEFT JOIN published_lists AS l ON l.paper_id = m.paper_id
WHERE l.source_rank IS NULL
   OR l.source_rank >= array_position(:source_formats, s.source_format)
ORDER BY m.paper_id, s.position, array_position(:source_formats, s.source_format)
ON CONFLICT (paper_id, position) DO UPDATE
    SET author_id = excluded.author_id, affiliation = excluded.affiliation,
        source_format = excluded.source_format, changed_run_id = excluded.changed_run_id
    WHERE (t.author_id, t.affiliation, t.source_format)
        IS DISTINCT FROM (excluded.author_id, excluded.affiliation, excluded.source_format)
RETURNING (xmax = 0) AS inserted

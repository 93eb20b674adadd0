-- The author list of each paper of this run, as paper_authors holds it once the stale
-- positions are gone, kept in etl.author_lists (one array a paper, hash-indexed) for
-- retitled_candidates; a paper of the run left with no authors has no list.
WITH run_papers AS MATERIALIZED (
    SELECT DISTINCT m.paper_id FROM {staging}.paper_match AS m
), lists AS MATERIALIZED (
    SELECT a.paper_id, array_agg(a.author_id ORDER BY a.position) AS author_ids
    FROM paper_authors AS a
    JOIN run_papers AS r ON r.paper_id = a.paper_id
    GROUP BY a.paper_id
), gone AS (
    DELETE FROM etl.author_lists AS l
    USING run_papers AS r
    WHERE l.paper_id = r.paper_id
      AND NOT EXISTS (SELECT 1 FROM lists WHERE lists.paper_id = r.paper_id)
)
INSERT INTO etl.author_lists AS t (paper_id, author_ids)
SELECT paper_id, author_ids FROM lists
ON CONFLICT (paper_id) DO UPDATE SET author_ids = excluded.author_ids
WHERE t.author_ids IS DISTINCT FROM excluded.author_ids

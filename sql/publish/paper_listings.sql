-- A paper's place in each listing; of several records of one paper in one listing,
-- the first by file and position.
INSERT INTO paper_listings AS t (paper_id, listing_id, position, source_file,
                                 source_line, upvotes, comment_count, decision,
                                 created_run_id, changed_run_id)
SELECT DISTINCT ON (m.paper_id, l.listing_id)
       m.paper_id, l.listing_id, s.position, s.source_file, s.source_line, s.upvotes,
       s.comment_count, s.decision, :run_id, :run_id
FROM {staging}.paper_listings AS s
JOIN {staging}.paper_match AS m USING (paper_key)
JOIN listings AS l USING (listing_slug)
ORDER BY m.paper_id, l.listing_id, s.source_file, s.position
ON CONFLICT (paper_id, listing_id) DO UPDATE
    SET position = excluded.position, source_file = excluded.source_file,
        source_line = excluded.source_line, upvotes = excluded.upvotes,
        comment_count = excluded.comment_count, decision = excluded.decision,
        changed_run_id = excluded.changed_run_id
    WHERE (t.position, t.source_file, t.source_line, t.upvotes, t.comment_count,
           t.decision)
        IS DISTINCT FROM (excluded.position, excluded.source_file, excluded.source_line,
                          excluded.upvotes, excluded.comment_count, excluded.decision)
RETURNING (xmax = 0) AS inserted

-- Retitled resubmissions: a paper of this run and another published paper with the same
-- author list, in order, and near-identical abstracts (:min_abstract_similarity or more of
-- their three-word sequences in common, Jaccard), which no identifier made one paper: a
-- submission's OpenReview id and its arXiv version under a new title. Papers holding
-- different values of one kind of identifier are different papers (etl.transform.identity)
-- and are no pair (two values of paper_url are not: a paper may be reachable at several
-- URLs). For a person to decide, never merged here.
-- Pairs are looked for through etl.author_lists (sql/publish/author_lists.sql, run just
-- before): each run paper's list found by its hash index, so what it costs follows the run's
-- papers and the pairs, not the warehouse.
WITH run_lists AS MATERIALIZED (
    SELECT l.paper_id, l.author_ids
    FROM etl.author_lists AS l
    WHERE l.paper_id IN (SELECT m.paper_id FROM {staging}.paper_match AS m)
), same_authors AS (
    SELECT DISTINCT greatest(r.paper_id, o.paper_id) AS paper_id,
                    least(r.paper_id, o.paper_id) AS other_paper_id
    FROM run_lists AS r
    JOIN etl.author_lists AS o ON o.author_ids = r.author_ids AND o.paper_id <> r.paper_id
), scored AS (
    SELECT s.paper_id, s.other_paper_id, sim.similarity
    FROM same_authors AS s
    JOIN papers AS p ON p.paper_id = s.paper_id
    JOIN papers AS o ON o.paper_id = s.other_paper_id
    CROSS JOIN LATERAL (
        -- Each abstract as its words (letters and digits, lowercase), then their three-word
        -- sequences; the similarity is the share of the sequences of both that each has.
        SELECT (count(*) FILTER (WHERE in_paper AND in_other))::double precision
               / nullif(count(*), 0) AS similarity
        FROM (
            SELECT bool_or(side) AS in_paper, bool_or(NOT side) AS in_other
            FROM (
                SELECT w.side, array_to_string(w.words[i:i + 2], ' ') AS shingle
                FROM (VALUES (true, p.abstract), (false, o.abstract)) AS t (side, abstract)
                CROSS JOIN LATERAL (
                    -- OFFSET 0: split once, not again for each sequence (0.17 s a pair).
                    SELECT t.side, regexp_split_to_array(
                        trim(regexp_replace(lower(t.abstract), '[^[:alnum:]]+', ' ', 'g')),
                        ' ') AS words OFFSET 0) AS w
                CROSS JOIN LATERAL generate_series(1, greatest(cardinality(w.words) - 2, 1)) AS i
            ) AS shingles
            GROUP BY shingle
        ) AS counted) AS sim
    WHERE p.abstract IS NOT NULL AND o.abstract IS NOT NULL
      AND (p.arxiv_id IS NULL OR o.arxiv_id IS NULL OR p.arxiv_id = o.arxiv_id)
      AND (p.doi IS NULL OR o.doi IS NULL OR p.doi = o.doi)
      AND (p.acl_id IS NULL OR o.acl_id IS NULL OR p.acl_id = o.acl_id)
      AND (p.openreview_id IS NULL OR o.openreview_id IS NULL OR p.openreview_id = o.openreview_id)
      AND (p.pwc_id IS NULL OR o.pwc_id IS NULL OR p.pwc_id = o.pwc_id)
)
INSERT INTO etl.merge_candidates (paper_id, other_paper_id, evidence, abstract_similarity,
                                  source_file, record_number, run_id)
SELECT s.paper_id, s.other_paper_id, :retitled_evidence, s.similarity, r.source_file,
       r.record_number, :run_id
FROM scored AS s
CROSS JOIN LATERAL (
    SELECT ps.source_file, ps.record_number FROM paper_sources AS ps
    WHERE ps.paper_id = s.paper_id
    ORDER BY ps.source_file, ps.record_number LIMIT 1) AS r
WHERE s.similarity >= :min_abstract_similarity
  AND NOT EXISTS (SELECT 1 FROM etl.merge_candidates AS c
                  WHERE c.paper_id = s.other_paper_id AND c.other_paper_id = s.paper_id)
ON CONFLICT DO NOTHING
RETURNING true AS inserted

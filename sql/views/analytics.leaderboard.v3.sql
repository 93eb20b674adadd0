-- Every score with a named metric and dataset, with its rank against the other scores of its
-- task, dataset and metric in the metric's direction (rank 1 is the best). v3 ranks as it is
-- read, walking the index that keeps each leaderboard in order (ix_results_leaderboard_order:
-- the leaderboard's expressions, then results.rank_key), so that publishing a score writes no
-- other row: v2 read a rank every publish rewrote for each leaderboard it touched, a million
-- rows at a million papers for a load touching every leaderboard. The window's PARTITION BY
-- and ORDER BY are the index's expressions, so that the planner reads the index in order, and
-- WHERE rank = 1 (or <= N) stops each leaderboard early.
CREATE OR REPLACE VIEW analytics.leaderboard AS
WITH scores AS (
    SELECT r.result_id, r.paper_id, r.task_tag_id, r.dataset_id, r.metric_id, r.value,
           r.unit, r.scale, r.model_name, r.origin, r.raw_text, r.entered_on,
           rank() OVER (
               PARTITION BY coalesce(r.task_tag_id, 0), r.dataset_id, r.metric_id,
                            (r.scale IS NOT NULL),
                            coalesce(CASE WHEN r.scale IS NULL THEN r.unit END, '')
               ORDER BY r.rank_key
           ) AS rank
    FROM public.results AS r
    WHERE r.rank_key IS NOT NULL
    UNION ALL
    SELECT r.result_id, r.paper_id, r.task_tag_id, r.dataset_id, r.metric_id, r.value,
           r.unit, r.scale, r.model_name, r.origin, r.raw_text, r.entered_on, NULL::bigint
    FROM public.results AS r
    WHERE r.kind = 'score' AND r.rank_key IS NULL
)
SELECT
    t.tag_name AS task_name,
    d.dataset_name,
    m.metric_name,
    m.direction AS metric_direction,
    rs.rank,
    coalesce(rs.scale, rs.value) AS compared_value,
    rs.value,
    rs.unit,
    rs.scale,
    p.paper_key,
    p.title,
    p.arxiv_id,
    coalesce(rs.model_name, p.method_name) AS model_name,
    rs.origin,
    rs.raw_text,
    p.published_on,
    rs.entered_on,
    rs.result_id,
    rs.paper_id
FROM scores AS rs
JOIN public.papers AS p ON p.paper_id = rs.paper_id
JOIN public.metrics AS m ON m.metric_id = rs.metric_id
JOIN public.datasets AS d ON d.dataset_id = rs.dataset_id
LEFT JOIN public.tags AS t ON t.tag_id = rs.task_tag_id;
COMMENT ON VIEW analytics.leaderboard IS 'Every score that names its metric and dataset, from abstracts and leaderboards, ranked within its task, dataset and metric in the metric''s direction: WHERE rank = 1 gives the best result of each. Shares are compared on their scale; other values only within one unit.';
COMMENT ON COLUMN analytics.leaderboard.task_name IS 'The task of a leaderboard result; null for abstract results, which are ranked among themselves and the other results without a task.';
COMMENT ON COLUMN analytics.leaderboard.dataset_name IS 'Canonical dataset name.';
COMMENT ON COLUMN analytics.leaderboard.metric_name IS 'Canonical metric name.';
COMMENT ON COLUMN analytics.leaderboard.metric_direction IS 'higher or lower is better; null when unknown.';
COMMENT ON COLUMN analytics.leaderboard.rank IS 'Place among the results of the same task, dataset, metric and unit (1 = best; ties share a place), as of the moment the view is read; null when the metric''s direction is unknown.';
COMMENT ON COLUMN analytics.leaderboard.compared_value IS 'The value ranked: the share (scale) for share metrics, else the value as reported.';
COMMENT ON COLUMN analytics.leaderboard.value IS 'The number as reported.';
COMMENT ON COLUMN analytics.leaderboard.unit IS 'Its unit as reported; null for a plain number.';
COMMENT ON COLUMN analytics.leaderboard.scale IS 'The value as a share (0-1) where it is one.';
COMMENT ON COLUMN analytics.leaderboard.paper_key IS 'Natural key of the paper that reports it.';
COMMENT ON COLUMN analytics.leaderboard.title IS 'Title of that paper; null when no source gave one.';
COMMENT ON COLUMN analytics.leaderboard.arxiv_id IS 'arXiv identifier of that paper; null when unknown.';
COMMENT ON COLUMN analytics.leaderboard.model_name IS 'The model: as the leaderboard names it, else the method name the paper introduces; null when neither is known.';
COMMENT ON COLUMN analytics.leaderboard.origin IS 'Where the result was found: abstract or leaderboard.';
COMMENT ON COLUMN analytics.leaderboard.raw_text IS 'The exact text of the claim.';
COMMENT ON COLUMN analytics.leaderboard.published_on IS 'When the paper was published.';
COMMENT ON COLUMN analytics.leaderboard.entered_on IS 'For a leaderboard result, the date the leaderboard gives its entry; null otherwise.';
COMMENT ON COLUMN analytics.leaderboard.result_id IS 'The result (results.result_id).';
COMMENT ON COLUMN analytics.leaderboard.paper_id IS 'The paper (papers.paper_id).';

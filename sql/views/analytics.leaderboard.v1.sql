-- Every score with a named metric and dataset, ranked against the other scores of its task,
-- dataset and metric in the metric's direction (rank 1 is the best). Only values measured
-- alike are ranked together: shares on their scale (73.7% and 0.737 are one value), other
-- values within one unit. A metric whose direction is unknown gets no rank.
CREATE VIEW analytics.leaderboard AS
WITH scores AS (
    SELECT
        rs.result_id,
        rs.paper_id,
        rs.task_tag_id,
        rs.dataset_id,
        rs.metric_id,
        m.direction,
        rs.scale IS NOT NULL AS on_scale,
        CASE WHEN rs.scale IS NULL THEN rs.unit END AS value_unit,
        coalesce(rs.scale, rs.value) AS compared_value
    FROM public.results AS rs
    JOIN public.metrics AS m USING (metric_id)
    WHERE rs.kind = 'score' AND rs.dataset_id IS NOT NULL
)
SELECT
    t.tag_name AS task_name,
    d.dataset_name,
    m.metric_name,
    s.direction AS metric_direction,
    CASE s.direction
        WHEN 'higher' THEN rank() OVER (
            PARTITION BY s.task_tag_id, s.dataset_id, s.metric_id, s.on_scale, s.value_unit
            ORDER BY s.compared_value DESC
        )
        WHEN 'lower' THEN rank() OVER (
            PARTITION BY s.task_tag_id, s.dataset_id, s.metric_id, s.on_scale, s.value_unit
            ORDER BY s.compared_value ASC
        )
    END AS rank,
    s.compared_value,
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
FROM scores AS s
JOIN public.results AS rs USING (result_id)
JOIN public.papers AS p ON p.paper_id = s.paper_id
JOIN public.metrics AS m ON m.metric_id = s.metric_id
JOIN public.datasets AS d ON d.dataset_id = s.dataset_id
LEFT JOIN public.tags AS t ON t.tag_id = s.task_tag_id;
COMMENT ON VIEW analytics.leaderboard IS 'Every score that names its metric and dataset, from abstracts and leaderboards, ranked within its task, dataset and metric in the metric''s direction: WHERE rank = 1 gives the best result of each. Shares are compared on their scale; other values only within one unit.';
COMMENT ON COLUMN analytics.leaderboard.task_name IS 'The task of a leaderboard result; null for abstract results, which are ranked among themselves and the other results without a task.';
COMMENT ON COLUMN analytics.leaderboard.dataset_name IS 'Canonical dataset name.';
COMMENT ON COLUMN analytics.leaderboard.metric_name IS 'Canonical metric name.';
COMMENT ON COLUMN analytics.leaderboard.metric_direction IS 'higher or lower is better; null when unknown.';
COMMENT ON COLUMN analytics.leaderboard.rank IS 'Place among the results of the same task, dataset, metric and unit (1 = best; ties share a place); null when the metric''s direction is unknown.';
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

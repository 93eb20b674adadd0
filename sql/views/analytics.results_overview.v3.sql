-- One row per reported result with its paper, metric, dataset and task names joined, ready
-- to chart. v2 added the leaderboard columns task_name and model_name; v3 appends the paper's
-- title, arXiv id and date, the metric and dataset as written, whether the metric is a
-- share, and the date a leaderboard gives its entry.
CREATE OR REPLACE VIEW analytics.results_overview AS
SELECT
    rs.result_id,
    rs.paper_id,
    p.paper_key,
    p.method_name,
    rs.origin,
    rs.kind,
    m.metric_name,
    m.direction AS metric_direction,
    d.dataset_name,
    rs.value,
    rs.value_low,
    rs.unit,
    rs.scale,
    rs.comparator,
    rs.raw_text,
    rs.span_start,
    rs.span_end,
    substr(p.abstract, greatest(rs.span_start - 80, 0) + 1,
           rs.span_end - greatest(rs.span_start - 80, 0) + 80) AS context,
    t.tag_name AS task_name,
    rs.model_name,
    p.title,
    p.arxiv_id,
    p.published_on,
    rs.metric_text,
    rs.dataset_text,
    m.is_share AS metric_is_share,
    rs.entered_on
FROM public.results AS rs
JOIN public.papers AS p USING (paper_id)
LEFT JOIN public.metrics AS m USING (metric_id)
LEFT JOIN public.datasets AS d USING (dataset_id)
LEFT JOIN public.tags AS t ON t.tag_id = rs.task_tag_id;

COMMENT ON VIEW analytics.results_overview IS 'One row per reported result (abstracts and leaderboards) with paper, metric, dataset and task names, for BI tools.';
COMMENT ON COLUMN analytics.results_overview.result_id IS 'Surrogate key of the result (results.result_id).';
COMMENT ON COLUMN analytics.results_overview.paper_id IS 'The paper that reports it.';
COMMENT ON COLUMN analytics.results_overview.paper_key IS 'Natural key of that paper.';
COMMENT ON COLUMN analytics.results_overview.method_name IS 'The name the paper introduces, if any.';
COMMENT ON COLUMN analytics.results_overview.origin IS 'Where the result was found: abstract or leaderboard.';
COMMENT ON COLUMN analytics.results_overview.kind IS 'score, improvement, ratio or other.';
COMMENT ON COLUMN analytics.results_overview.metric_name IS 'Canonical metric name; null when none is named.';
COMMENT ON COLUMN analytics.results_overview.metric_direction IS 'higher or lower is better; null when unknown.';
COMMENT ON COLUMN analytics.results_overview.dataset_name IS 'Canonical dataset name; null when none is named.';
COMMENT ON COLUMN analytics.results_overview.value IS 'The number as reported; the upper bound of a range.';
COMMENT ON COLUMN analytics.results_overview.value_low IS 'The lower bound of a range; else null.';
COMMENT ON COLUMN analytics.results_overview.unit IS '%, x, pp, another unit, or null for a plain number.';
COMMENT ON COLUMN analytics.results_overview.scale IS 'The value as a share (0-1) where it is one.';
COMMENT ON COLUMN analytics.results_overview.comparator IS 'What it is compared with, as written.';
COMMENT ON COLUMN analytics.results_overview.raw_text IS 'The exact text of the claim.';
COMMENT ON COLUMN analytics.results_overview.span_start IS '0-based character offset of raw_text in the abstract.';
COMMENT ON COLUMN analytics.results_overview.span_end IS '0-based character offset just after raw_text.';
COMMENT ON COLUMN analytics.results_overview.context IS 'Up to 80 characters of abstract on each side of the claim; null for leaderboard results.';
COMMENT ON COLUMN analytics.results_overview.task_name IS 'The task of a leaderboard result; null for abstract results.';
COMMENT ON COLUMN analytics.results_overview.model_name IS 'The model a leaderboard result is for; null for abstract results.';
COMMENT ON COLUMN analytics.results_overview.title IS 'Title of the paper; null when no source gave one.';
COMMENT ON COLUMN analytics.results_overview.arxiv_id IS 'arXiv identifier of the paper, without version; null when unknown.';
COMMENT ON COLUMN analytics.results_overview.published_on IS 'When the paper was published (papers.published_on; its precision is in papers.published_on_precision).';
COMMENT ON COLUMN analytics.results_overview.metric_text IS 'The metric as written; null when none is named.';
COMMENT ON COLUMN analytics.results_overview.dataset_text IS 'The dataset as written; null when none is named.';
COMMENT ON COLUMN analytics.results_overview.metric_is_share IS 'Whether the metric''s values are shares (compare on scale); null when no metric is named.';
COMMENT ON COLUMN analytics.results_overview.entered_on IS 'For a leaderboard result, the date the leaderboard gives its entry; null otherwise.';

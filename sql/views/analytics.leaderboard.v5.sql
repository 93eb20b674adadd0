-- One row per leaderboard entry and per abstract score that names its metric and dataset,
-- ranked against the others of its task, dataset, the dataset's variant and metric in the
-- metric's direction (rank 1 is the best). v5: an abstract score is ranked only against
-- scores of the same variant of its dataset (a resolution, a split: FID at 256 and at 512
-- pixels are two leaderboards), shown as dataset_variant. As v4: a value several files or
-- rows list (two snapshots of one leaderboard) is one entry, its first row standing for it
-- and `sources` naming every row; an entry whose row names no paper it can be tied to is
-- kept, its paper unknown; the rank is taken as the view is read, walking
-- ix_results_leaderboard_order (the window's PARTITION BY and ORDER BY are its expressions);
-- an earlier copy of an entry is found through the same index.
CREATE OR REPLACE VIEW analytics.leaderboard AS
WITH scores AS (
    SELECT r.result_id, r.paper_id, r.task_tag_id, r.dataset_id, r.metric_id, r.value,
           r.value_uncertainty, r.unit, r.scale, r.model_name, r.origin, r.raw_text,
           r.entered_on, r.source_file, r.record_number, r.dataset_variant,
           rank() OVER (
               PARTITION BY coalesce(r.task_tag_id, 0), r.dataset_id,
                            coalesce(r.dataset_variant, ''), r.metric_id,
                            (r.scale IS NOT NULL),
                            coalesce(CASE WHEN r.scale IS NULL THEN r.unit END, '')
               ORDER BY r.rank_key
           ) AS rank
    FROM public.results AS r
    WHERE r.rank_key IS NOT NULL
      AND NOT EXISTS (
          SELECT 1 FROM public.results AS e
          WHERE r.origin = 'leaderboard' AND e.rank_key IS NOT NULL
            AND coalesce(e.task_tag_id, 0) = coalesce(r.task_tag_id, 0)
            AND e.dataset_id = r.dataset_id AND e.metric_id = r.metric_id
            AND (e.scale IS NOT NULL) = (r.scale IS NOT NULL)
            AND coalesce(CASE WHEN e.scale IS NULL THEN e.unit END, '')
                = coalesce(CASE WHEN r.scale IS NULL THEN r.unit END, '')
            AND e.rank_key = r.rank_key AND e.origin = 'leaderboard'
            AND e.result_id < r.result_id AND e.value = r.value
            AND e.unit IS NOT DISTINCT FROM r.unit
            AND e.model_name IS NOT DISTINCT FROM r.model_name
            AND e.paper_id IS NOT DISTINCT FROM r.paper_id)
    UNION ALL
    SELECT r.result_id, r.paper_id, r.task_tag_id, r.dataset_id, r.metric_id, r.value,
           r.value_uncertainty, r.unit, r.scale, r.model_name, r.origin, r.raw_text,
           r.entered_on, r.source_file, r.record_number, r.dataset_variant, NULL::bigint
    FROM public.results AS r
    WHERE r.kind = 'score' AND r.rank_key IS NULL
      AND NOT EXISTS (
          SELECT 1 FROM public.results AS e
          WHERE r.origin = 'leaderboard' AND e.origin = 'leaderboard'
            AND e.kind = 'score' AND e.rank_key IS NULL AND e.result_id < r.result_id
            AND e.task_tag_id IS NOT DISTINCT FROM r.task_tag_id
            AND e.dataset_id IS NOT DISTINCT FROM r.dataset_id
            AND e.metric_id IS NOT DISTINCT FROM r.metric_id
            AND e.value = r.value AND e.unit IS NOT DISTINCT FROM r.unit
            AND e.scale IS NOT DISTINCT FROM r.scale
            AND e.model_name IS NOT DISTINCT FROM r.model_name
            AND e.paper_id IS NOT DISTINCT FROM r.paper_id)
)
SELECT
    t.tag_name AS task_name,
    d.dataset_name,
    m.metric_name,
    m.direction AS metric_direction,
    rs.rank,
    coalesce(rs.scale, rs.value) AS compared_value,
    rs.value,
    rs.value_uncertainty,
    rs.unit,
    rs.scale,
    p.paper_key,
    p.title,
    p.arxiv_id,
    coalesce(rs.model_name, p.method_name) AS model_name,
    rs.origin,
    rs.raw_text,
    CASE WHEN rs.origin = 'leaderboard' THEN ARRAY(
        SELECT c.source_file || ' #' || c.record_number
        FROM public.results AS c
        WHERE c.origin = 'leaderboard'
          AND c.task_tag_id IS NOT DISTINCT FROM rs.task_tag_id
          AND c.dataset_id = rs.dataset_id AND c.metric_id = rs.metric_id
          AND c.value = rs.value AND c.unit IS NOT DISTINCT FROM rs.unit
          AND c.scale IS NOT DISTINCT FROM rs.scale
          AND c.model_name IS NOT DISTINCT FROM rs.model_name
          AND c.paper_id IS NOT DISTINCT FROM rs.paper_id
        ORDER BY c.result_id) END AS sources,
    p.published_on,
    p.published_on_precision,
    extract(year FROM p.published_on)::integer AS published_year,
    CASE WHEN p.published_on_precision IN ('day', 'month')
         THEN date_trunc('month', p.published_on)::date END AS published_month,
    rs.entered_on,
    rs.result_id,
    rs.paper_id,
    rs.dataset_variant
FROM scores AS rs
LEFT JOIN public.papers AS p ON p.paper_id = rs.paper_id
JOIN public.metrics AS m ON m.metric_id = rs.metric_id
JOIN public.datasets AS d ON d.dataset_id = rs.dataset_id
LEFT JOIN public.tags AS t ON t.tag_id = rs.task_tag_id;
COMMENT ON VIEW analytics.leaderboard IS 'One row per leaderboard entry (a task, dataset, metric, model, value and paper, however many files or rows list it) and per score an abstract reports, for those that name their metric and dataset, ranked within their task, dataset (and, for an abstract score, the variant of the dataset it names: a resolution, a split) and metric in the metric''s direction: WHERE rank = 1 gives the best of each. An entry whose leaderboard row names no identifiable paper is kept with its paper unknown. Shares are compared on their scale; other values only within one unit.';
COMMENT ON COLUMN analytics.leaderboard.task_name IS 'The task of a leaderboard entry; null for abstract results, which are ranked among themselves and the other results without a task.';
COMMENT ON COLUMN analytics.leaderboard.dataset_name IS 'Canonical dataset name.';
COMMENT ON COLUMN analytics.leaderboard.metric_name IS 'Canonical metric name.';
COMMENT ON COLUMN analytics.leaderboard.metric_direction IS 'higher or lower is better; null when unknown.';
COMMENT ON COLUMN analytics.leaderboard.rank IS 'Place among the entries and results of the same task, dataset (and variant), metric and unit (1 = best; ties share a place), as of the moment the view is read; null when the metric''s direction is unknown.';
COMMENT ON COLUMN analytics.leaderboard.compared_value IS 'The value ranked: the share (scale) for share metrics, else the value as reported.';
COMMENT ON COLUMN analytics.leaderboard.value IS 'The number as reported.';
COMMENT ON COLUMN analytics.leaderboard.value_uncertainty IS 'The uncertainty reported with it (0.3 for 81.2 ± 0.3), in its unit; null when none is given.';
COMMENT ON COLUMN analytics.leaderboard.unit IS 'Its unit as reported; null for a plain number.';
COMMENT ON COLUMN analytics.leaderboard.scale IS 'The value as a share (0-1) where it is one.';
COMMENT ON COLUMN analytics.leaderboard.paper_key IS 'Natural key of the paper that reports it; null for a leaderboard entry whose row names no paper that can be identified.';
COMMENT ON COLUMN analytics.leaderboard.title IS 'Title of that paper; null when no source gave one or the paper is unknown.';
COMMENT ON COLUMN analytics.leaderboard.arxiv_id IS 'arXiv identifier of that paper; null when unknown.';
COMMENT ON COLUMN analytics.leaderboard.model_name IS 'The model: as the leaderboard names it, else the method name the paper introduces; null when neither is known.';
COMMENT ON COLUMN analytics.leaderboard.origin IS 'Where the result was found: abstract or leaderboard.';
COMMENT ON COLUMN analytics.leaderboard.raw_text IS 'The exact text of the claim (for a leaderboard entry, the value as its first row wrote it).';
COMMENT ON COLUMN analytics.leaderboard.sources IS 'For a leaderboard entry, every row that lists it, as "input file #record" (results.source_file, results.record_number), first one first; null for abstract results.';
COMMENT ON COLUMN analytics.leaderboard.published_on IS 'When the paper was published, as precise as published_on_precision says (a year-precision date is 1 January of its year).';
COMMENT ON COLUMN analytics.leaderboard.published_on_precision IS 'day, month or year: how precise published_on is; null when there is no date.';
COMMENT ON COLUMN analytics.leaderboard.published_year IS 'The year the paper was published; null when unknown.';
COMMENT ON COLUMN analytics.leaderboard.published_month IS 'The first day of the month the paper was published; null unless the date is precise to the month or day.';
COMMENT ON COLUMN analytics.leaderboard.entered_on IS 'For a leaderboard entry, the date its (first) row gives it; null otherwise.';
COMMENT ON COLUMN analytics.leaderboard.result_id IS 'The result standing for it (results.result_id; for an entry, its first row''s value).';
COMMENT ON COLUMN analytics.leaderboard.paper_id IS 'The paper (papers.paper_id); null when unknown.';
COMMENT ON COLUMN analytics.leaderboard.dataset_variant IS 'For an abstract score, the resolution or split its dataset is written with ("256x256", "test-dev"), part of its leaderboard: scores of other variants are ranked apart. Null when none is written, and for leaderboard entries.'

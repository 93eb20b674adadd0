-- One row per reported result with its paper, metric, dataset and task names joined, ready
-- to chart. v2 added the leaderboard columns task_name and model_name; v3 appends the paper's
-- title, arXiv id and date, the metric and dataset as written, whether the metric is a
-- share, and the date a leaderboard gives its entry. v4 keeps the leaderboard values whose
-- row names no paper (their paper columns null) and appends the value's uncertainty, the
-- precision of the paper's date with its year and month, and the row a leaderboard value
-- came from. v5 appends dataset_way, the rule that decided an abstract result's dataset, so
-- that a chart can keep to the surer rules. v6 appends bound, the side of value an abstract's
-- figure is on ("under 4%" <, "at least 30 times" >=), so that a chart can leave bounds out.
-- v7 appends dataset_variant, the resolution or split an abstract result's dataset is written
-- with ("256x256", "test-dev"), so that a chart compares one setting of a dataset. v8 appends
-- is_efficiency: whether the result is what a run costs or how fast it goes (its unit a cost's,
-- or its metric one of etl.contracts.COST_METRICS), so that a chart keeps efficiency results
-- apart from what a method scores. v9 counts minutes, hours and days a run takes ("trains in
-- only 12 hours") among the cost units. v10 reads is_efficiency from the result
-- (results.is_efficiency: decided with the metric the rules found, so "3x faster" stays an
-- efficiency result when its metric is too unsure to state) and appends metric_way, the rule
-- that decided an abstract result's metric.
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
    rs.entered_on,
    rs.value_uncertainty,
    p.published_on_precision,
    extract(year FROM p.published_on)::integer AS published_year,
    CASE WHEN p.published_on_precision IN ('day', 'month')
         THEN date_trunc('month', p.published_on)::date END AS published_month,
    rs.source_file,
    rs.record_number,
    rs.dataset_way,
    rs.bound,
    rs.dataset_variant,
    rs.is_efficiency,
    rs.metric_way
FROM public.results AS rs
LEFT JOIN public.papers AS p USING (paper_id)
LEFT JOIN public.metrics AS m USING (metric_id)
LEFT JOIN public.datasets AS d USING (dataset_id)
LEFT JOIN public.tags AS t ON t.tag_id = rs.task_tag_id;
COMMENT ON VIEW analytics.results_overview IS 'One row per published result (each claim an abstract reports; each value of each leaderboard row, so a value two files list is two rows: analytics.leaderboard counts entries) with paper, metric, dataset and task names, for BI tools.';
COMMENT ON COLUMN analytics.results_overview.result_id IS 'Surrogate key of the result (results.result_id).';
COMMENT ON COLUMN analytics.results_overview.paper_id IS 'The paper that reports it; null for a leaderboard value whose row names no paper that can be identified.';
COMMENT ON COLUMN analytics.results_overview.paper_key IS 'Natural key of that paper; null when unknown.';
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
COMMENT ON COLUMN analytics.results_overview.value_uncertainty IS 'The uncertainty reported with the value (0.3 for 81.2 ± 0.3), in its unit; null when none is given.';
COMMENT ON COLUMN analytics.results_overview.published_on_precision IS 'day, month or year: how precise published_on is; null when there is no date.';
COMMENT ON COLUMN analytics.results_overview.published_year IS 'The year the paper was published; null when unknown.';
COMMENT ON COLUMN analytics.results_overview.published_month IS 'The first day of the month the paper was published; null unless the date is precise to the month or day.';
COMMENT ON COLUMN analytics.results_overview.source_file IS 'For a leaderboard value, the input file of its row; null for abstract results.';
COMMENT ON COLUMN analytics.results_overview.record_number IS 'For a leaderboard value, its row''s record number in source_file; null for abstract results.';
COMMENT ON COLUMN analytics.results_overview.dataset_way IS 'For an abstract result, the rule that decided dataset_text: after (named right after the number, "73.7% on DBP15K"), opening (the sentence opens on it, "On COCO, ..."), carried (from an earlier claim close by in the same sentence), same_metric (from the abstract''s last earlier claim with the same metric), evaluation_dataset (the one benchmark the abstract says it evaluates on, not named in the claim''s sentence), or another rule (results.dataset_way lists them); a rule right less than 0.95 of the time states no dataset, so it is not seen here. Null when dataset_text is null, for leaderboard results (their dataset is the leaderboard''s own field), and for abstract results published before the way was kept.';
COMMENT ON COLUMN analytics.results_overview.bound IS 'For an abstract result, the side of value the figure is on, as the words before it say: < ("under 4%"), <= ("up to"), > ("over"), >= ("at least", "10+"), ~ ("about"). Null for a figure stated as it is, for leaderboard results, and for abstract results published before the bound was kept. Compare or rank values only where it is null or ~.';
COMMENT ON COLUMN analytics.results_overview.dataset_variant IS 'For an abstract result, the resolution or split its dataset is written with ("256x256" for "ImageNet 256x256", "test-dev" for "COCO test-dev", "val" for "the validation set"; a plain test set is none): results of one dataset and metric compare only within one variant. Null when none is written, for leaderboard results, and for abstract results published before the variant was kept.';
COMMENT ON COLUMN analytics.results_overview.is_efficiency IS 'Whether the result is an efficiency result: what a run costs or how fast it goes (compute, memory, time, speed, throughput, energy, money, tokens), read from its unit (GFLOPs, GB, ms, s, minutes, hours, days, FPS, tokens/s, GPU hours, $) or the metric the rules found (Speedup, Latency, Memory, FLOPs, ...), whatever its kind ("2.5x faster" is a ratio, "40% less memory" an improvement, "3.5 GB" other), also where that metric was too unsure to state. Chart these apart from what a method scores.';
COMMENT ON COLUMN analytics.results_overview.metric_way IS 'For an abstract result, the rule that decided metric_text: after (the phrase right after the number, "64% win rate"), before (right before it, "win rate of 64%"), list_member (the measure of the member before it in a list), or another rule (results.metric_way lists them); a rule right less than 0.95 of the time states no metric, so it is not seen here. Null when metric_text is null, for leaderboard results (their metric is the leaderboard''s own field), and for abstract results published before the way was kept.';

"""The checks each staged table must pass, as Great Expectations expectations.

Every check names what it protects in its description (that is what people read in the run
summary) and carries a severity: `critical` blocks publishing, `warning` is recorded. Checks
that span tables are UnexpectedRowsExpectation queries; `{batch}` is the table being checked
and parent tables are read from the run's staging schema.

Every check also has a scope (its `meta`): a `record` check tests a value that came from, or
was derived from, one source record (a malformed URL, a date in the future), so the rows
failing it trace back to the records behind them, which are quarantined instead of blocking
the run; it is an UnexpectedRowsExpectation, so its offending rows can be queried, and it may
name the column (`traces`) whose value points at the records (see etl.load.assemble). A `run`
check tests what the run built as a whole (keys, uniqueness across papers after identity
resolution, references between staged tables, vocabularies): a failure blocks the run.
"""

from __future__ import annotations

from typing import Any, ClassVar

from great_expectations import expectations as gxe

from etl.contracts import (
    CRITICAL,
    DATASET_WAYS,
    DATE_PRECISIONS,
    IDENTIFIER_KINDS,
    KEY_PREFIXES,
    LINK_ORIGINS,
    LISTING_KINDS,
    MATCH_EVIDENCE,
    METHOD_NAME_WAYS,
    METRIC_DIRECTIONS,
    METRIC_WAYS,
    PLACEHOLDER_ABSTRACT_CHARS,
    PWC_EVALUATION_FORMAT,
    REPOSITORY_KINDS,
    RESULT_BOUNDS,
    RESULT_KINDS,
    RESULT_ORIGINS,
    SOURCE_FORMATS,
    STRONG_IDENTIFIER_KINDS,
    TAG_KINDS,
    TAG_ORIGINS,
    TAG_WAYS,
    WARNING,
)
from etl.contracts import RECORD_SCOPE as RECORD
from etl.contracts import RUN_SCOPE as RUN

# Canonical: scheme, lowercase host, a path without .git, trailing slash or punctuation.
CANONICAL_URL_PATTERN = r"^https?://[a-z0-9-]+(\.[a-z0-9-]+)+(/[^\s]*)?$"
NON_CANONICAL_ENDING_PATTERN = r"(\.git|/|[.,;:!?*)\]}>'\"])$"
# Characters a link never holds (what markdown or prose wraps it in).
URL_STRAY_CHARACTERS = r"[\s\[\]<>{}]"
PAPER_KEY_PATTERN = "^(?:{})\\S+$".format("|".join(KEY_PREFIXES.values()))
ARXIV_ID_PATTERN = r"^(?:\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Za-z]{2})?/\d{7})$"
DOI_PATTERN = r"^10\.\d{4,9}/\S+$"
# What each kind of strong identifier looks like once normalised (etl.transform.identity);
# the shapes of arXiv ids and DOIs are the papers' checks (a paper has one of each).
IDENTIFIER_PATTERNS = {
    "acl_id": r"^(?:[A-Z]\d{2}-\d{4}|\d{4}\.[a-z0-9\-]+\.\d+)$",
    "openreview_id": r"^[A-Za-z0-9_\-]{5,}$",
    "pwc_id": r"^[a-z0-9][a-z0-9\-]*$",
    "paper_url": r"^[^/\s]+\.[^/\s]+/\S+$",
}
# Markup left on an identifier (what etl.transform.markup.without_markup takes off): a
# bracket, quote or punctuation at its start, punctuation at its end, a markdown escape.
MARKUP_AT_START = r"^[\s()\[\]<>{}'\"`*,;:.!?]"
MARKUP_AT_END = r"[\s'\"`*,;:.!?]$"
MARKDOWN_ESCAPE = r"\\"
# A result kind is missed only where the last run makes this many of it expected.
MIN_EXPECTED_RESULTS = 20
REPOSITORY_KINDS_WITH_NAME = ("code", "model", "dataset", "collection", "space", "anonymous_review")


def _rows_where(condition: str) -> str:
    return f"SELECT * FROM (SELECT * FROM {{batch}}) AS t WHERE {condition}"


def _missing(
    column: str, staging_schema: str, parent_table: str, parent_column: str | None = None
) -> str:
    return (
        f'NOT EXISTS (SELECT 1 FROM "{staging_schema}".{parent_table} AS parent '
        f"WHERE parent.{parent_column or column} = t.{column})"
    )


def _orphans(column: str, staging_schema: str, parent_table: str) -> str:
    return _rows_where(_missing(column, staging_schema, parent_table))


def _duplicates(columns: tuple[str, ...], where: str = "true") -> str:
    listed = ", ".join(columns)
    # GROUP BY puts nulls together, so a repeated key with a null part is still caught.
    return (
        f"SELECT {listed} FROM (SELECT * FROM {{batch}}) AS t WHERE {where} "
        f"GROUP BY {listed} HAVING count(*) > 1"
    )


_RUN_SCOPE = {"scope": RUN}


def _in_set(column: str, values: tuple[str, ...], what: str) -> gxe.Expectation:
    return gxe.ExpectColumnValuesToBeInSet(
        column=column, value_set=list(values), severity=CRITICAL, description=what,
        meta=_RUN_SCOPE,
    )  # fmt: skip


def _not_null(column: str, what: str) -> gxe.Expectation:
    return gxe.ExpectColumnValuesToNotBeNull(
        column=column, severity=CRITICAL, description=f"{what} is present", meta=_RUN_SCOPE
    )


def _unique(column: str, what: str) -> gxe.Expectation:
    return gxe.ExpectColumnValuesToBeUnique(
        column=column, severity=CRITICAL, description=f"{what} is unique", meta=_RUN_SCOPE
    )


class UnexpectedRowsCounted(gxe.UnexpectedRowsExpectation):
    """An UnexpectedRowsExpectation whose query runs once, to count its rows. The original
    also fetches the rows, in a second run of the query, and then reports them only when
    asked for complete results; the gate asks for basic ones and queries a few offending
    rows itself when a check fails (etl.validate.gate)."""

    metric_dependencies: ClassVar[tuple[str, ...]] = ("unexpected_rows_query.row_count",)

    def _validate(
        self,
        metrics: dict[str, Any],
        runtime_configuration: dict[str, Any] | None = None,
        execution_engine: Any = None,
    ) -> dict[str, Any]:
        unexpected = metrics["unexpected_rows_query.row_count"]
        return {"success": unexpected == 0, "result": {"observed_value": unexpected}}


def _query(
    query: str,
    description: str,
    severity: str = CRITICAL,
    *,
    scope: str = RUN,
    traces: str | None = None,
) -> gxe.Expectation:
    """An unexpected-rows check; a `record` one quarantines the records behind its rows
    (through the column `traces` when given), a `run` one blocks."""
    return UnexpectedRowsCounted(
        unexpected_rows_query=query,
        severity=severity,
        description=description,
        meta={"scope": scope, "traces": traces},
    )


def _record_value(column: str, condition: str, description: str) -> gxe.Expectation:
    """A record check on one column: rows where the column is set and `condition` holds."""
    return _query(
        _rows_where(f"t.{column} IS NOT NULL AND ({condition})"),
        description,
        scope=RECORD,
        traces=column,
    )


def _sql_regex(pattern: str) -> str:
    """A regex as a SQL literal inside a Great Expectations query (which formats braces)."""
    return "'" + pattern.replace("'", "''").replace("{", "{{").replace("}", "}}") + "'"


def _papers_per_file_drop(staging_schema: str, max_drop: float) -> str:
    """Source files published before whose new version names fewer papers than
    (1 - max_drop) of what is published from them. The new version's papers are those of
    its staged records (the published paper a staged one is, by its id) and of its records
    unchanged since (not staged again; their papers' ids are in paper_sources, and reading
    each paper for its key cost 5.6 s for a million unchanged records)."""
    return f"""
        WITH new_version AS (
            SELECT t.source_file, coalesce(m.paper_id::text, t.paper_key) AS paper
            FROM (SELECT * FROM {{batch}}) AS t
            LEFT JOIN (SELECT DISTINCT paper_key, paper_id
                       FROM "{staging_schema}".paper_map) AS m USING (paper_key)
            UNION
            SELECT u.source_file, ps.paper_id::text
            FROM "{staging_schema}".unchanged_records u
            JOIN public.paper_sources ps
                 ON ps.source_file = u.source_file AND ps.record_number = u.record
        ), now AS (
            SELECT source_file, count(DISTINCT paper) AS papers_now
            FROM new_version GROUP BY source_file
        ), published AS (
            SELECT source_file, count(DISTINCT paper_id) AS papers_published
            FROM public.paper_sources WHERE source_file IN (SELECT source_file FROM now)
            GROUP BY source_file
        )
        SELECT source_file, papers_published, papers_now
        FROM now JOIN published USING (source_file)
        WHERE papers_now < papers_published * (1 - {max_drop})"""


def _vanished_result_kinds(staging_schema: str) -> str:
    """Result kinds that the last published run found, in numbers that make at least
    MIN_EXPECTED_RESULTS expected among this run's abstracts, and that this run finds none of."""
    return f"""
        WITH last_run AS (
            SELECT profile FROM etl.runs
            WHERE status = 'published' AND (profile ->> 'abstracts')::bigint > 0
            ORDER BY run_id DESC LIMIT 1
        ), abstracts_now AS (
            SELECT count(*) AS n FROM "{staging_schema}".papers WHERE abstract IS NOT NULL
        ), expected AS (
            SELECT k.key AS kind, k.value::bigint AS results_last_run,
                   round(k.value::numeric * a.n / (l.profile ->> 'abstracts')::numeric)
                       AS expected_now
            FROM last_run l CROSS JOIN abstracts_now a
            CROSS JOIN jsonb_each_text(l.profile -> 'abstract_results_by_kind') k
        )
        SELECT * FROM expected
        WHERE expected_now >= {MIN_EXPECTED_RESULTS} AND NOT EXISTS (
            SELECT 1 FROM (SELECT * FROM {{batch}}) AS t
            WHERE t.origin = 'abstract' AND t.kind = expected.kind)"""


def _papers_checks(staging_schema: str) -> list[gxe.Expectation]:
    return [
        _not_null("paper_key", "paper key"),
        _unique("paper_key", "paper key"),
        gxe.ExpectColumnValuesToMatchRegex(
            column="paper_key",
            regex=PAPER_KEY_PATTERN,
            severity=CRITICAL,
            meta=_RUN_SCOPE,
            description="paper key is <kind>:<identifier>",
        ),
        _query(
            _rows_where(
                "num_nonnulls(t.title, t.abstract, "
                + ", ".join(f"t.{kind}" for kind in STRONG_IDENTIFIER_KINDS)
                + ") = 0"
            ),
            "a paper has a title, an abstract or an identifier",
        ),
        _record_value("abstract", r"t.abstract !~ '\S'", "abstract is not blank"),
        _query(
            _rows_where("t.abstract IS NOT NULL AND t.abstract_fingerprint IS NULL"),
            "an abstract has its fingerprint",
        ),
        *(
            _unique(column, f"{what} (no two papers share one)")
            for column, what in (
                ("arxiv_id", "arXiv id"),
                ("doi", "DOI"),
                ("acl_id", "ACL Anthology id"),
                ("openreview_id", "OpenReview id"),
                ("pwc_id", "Papers with Code id"),
                ("paper_url", "paper URL"),
            )
        ),
        _record_value(
            "arxiv_id",
            f"t.arxiv_id !~ {_sql_regex(ARXIV_ID_PATTERN)}",
            "arXiv id is 2405.15738 or archive/YYMMNNN, without version",
        ),
        _record_value(
            "doi", f"t.doi !~ {_sql_regex(DOI_PATTERN)}", "DOI is 10.<registrant>/<suffix>"
        ),
        _record_value(
            "published_on",
            "t.published_on > current_date + 1",
            "publication date is not in the future",
        ),
        _query(
            _rows_where(
                "(t.published_on IS NULL) <> (t.published_on_precision IS NULL) OR "
                "t.published_on_precision NOT IN ({})".format(
                    ", ".join(f"'{p}'" for p in DATE_PRECISIONS)
                )
            ),
            "a publication date has its precision (day, month or year)",
        ),
        _query(
            _rows_where(
                "(t.method_name IS NULL) <> (t.method_name_way IS NULL) OR "
                "t.method_name_way NOT IN ({})".format(
                    ", ".join(f"'{way}'" for way in METHOD_NAME_WAYS)
                )
            ),
            "a method name says how it was read, in a known way",
        ),
        _query(
            _rows_where(
                f'NOT EXISTS (SELECT 1 FROM "{staging_schema}".paper_sources s '
                "WHERE s.paper_key = t.paper_key)"
            ),
            "every paper has at least one source record",
        ),
        _record_value(
            "abstract",
            f"char_length(t.abstract) < {PLACEHOLDER_ABSTRACT_CHARS}",
            f"an abstract has at least {PLACEHOLDER_ABSTRACT_CHARS} characters (a shorter "
            "one is a placeholder)",
        ),
    ]


def _paper_sources_checks(staging_schema: str, max_paper_drop: float) -> list[gxe.Expectation]:
    return [
        _query(
            _rows_where(f"t.paper_key IS NULL AND t.source_format <> '{PWC_EVALUATION_FORMAT}'"),
            "every source record but a leaderboard row naming no paper has a paper key",
        ),
        _query(
            _rows_where(
                "t.paper_key IS NOT NULL AND " + _missing("paper_key", staging_schema, "papers")
            ),
            "every source record's paper is staged",
        ),
        _query(
            _duplicates(("source_file", "record_number")),
            "a source record belongs to one paper",
        ),
        _query(
            f'SELECT b.source_file, b.record FROM "{staging_schema}".batch_records b '
            "WHERE NOT EXISTS (SELECT 1 FROM (SELECT * FROM {batch}) AS ps "
            "WHERE ps.source_file = b.source_file AND ps.record_number = b.record)",
            "every staged record is a source record",
        ),
        _in_set("source_format", SOURCE_FORMATS, "source format is a known format"),
        _query(
            _rows_where("(t.paper_key IS NULL) <> (t.match_evidence IS NULL)"),
            "what joined a source record to its paper is present when it has a paper",
        ),
        _in_set("match_evidence", MATCH_EVIDENCE, "match evidence is a kind of identifier"),
        _query(
            _papers_per_file_drop(staging_schema, max_paper_drop),
            f"a new version of a source file keeps at least {(1 - max_paper_drop) * 100:g}% "
            "of the papers published from it",
            WARNING,
        ),
    ]


def _listings_checks() -> list[gxe.Expectation]:
    return [
        _not_null("listing_slug", "listing slug"),
        _unique("listing_slug", "listing slug"),
        _not_null("listing_name", "listing name"),
        _not_null("listing_kind", "listing kind"),
        _in_set("listing_kind", LISTING_KINDS, "a listing's kind is a known one"),
        _query(
            _rows_where(
                "t.listing_year NOT BETWEEN 1900 AND 2099 "
                "OR t.listing_year IS DISTINCT FROM coalesce("
                "extract(year FROM t.listed_on)::int, t.listing_year)"
            ),
            "a listing's year is plausible and is its day's year when it has a day",
        ),
    ]


def _paper_listings_checks(staging_schema: str) -> list[gxe.Expectation]:
    return [
        _not_null("paper_key", "paper key of a listing entry"),
        _not_null("listing_slug", "listing slug of a listing entry"),
        _query(
            _duplicates(("paper_key", "listing_slug")),
            "a paper appears once per listing",
        ),
        _query(
            _orphans("paper_key", staging_schema, "papers"),
            "every listing entry's paper is staged",
        ),
        _query(
            _orphans("listing_slug", staging_schema, "listings"),
            "every listing entry's listing is staged",
        ),
        gxe.ExpectColumnValuesToBeBetween(
            column="position",
            min_value=1,
            severity=CRITICAL,
            meta=_RUN_SCOPE,
            description="position in the listing is 1 or more",
        ),
    ]


def _repositories_checks() -> list[gxe.Expectation]:
    return [
        _not_null("repository_key", "repository key"),
        _unique("repository_key", "repository key"),
        _not_null("canonical_url", "canonical URL"),
        _record_value(
            "canonical_url",
            f"t.canonical_url !~ {_sql_regex(CANONICAL_URL_PATTERN)}",
            "canonical URL is http(s) with a lowercase host",
        ),
        _record_value(
            "canonical_url",
            f"t.canonical_url ~ {_sql_regex(NON_CANONICAL_ENDING_PATTERN)}",
            "canonical URL has no .git, trailing slash or punctuation",
        ),
        _record_value(
            "canonical_url",
            f"t.canonical_url ~ {_sql_regex(URL_STRAY_CHARACTERS)} OR "
            "length(replace(t.canonical_url, '(', '')) "
            "<> length(replace(t.canonical_url, ')', ''))",
            "canonical URL has no whitespace, brackets or unbalanced parentheses",
        ),
        gxe.ExpectColumnValuesToBeInSet(
            column="kind",
            value_set=list(REPOSITORY_KINDS),
            severity=CRITICAL,
            meta=_RUN_SCOPE,
            description="repository kind is a known kind",
        ),
        _query(
            _rows_where(
                "t.kind IN ({}) AND t.name IS NULL".format(
                    ", ".join(f"'{k}'" for k in REPOSITORY_KINDS_WITH_NAME)
                )
            ),
            "repositories, models, datasets and review links have a name",
            scope=RECORD,
        ),
    ]


def _paper_repositories_checks(staging_schema: str) -> list[gxe.Expectation]:
    return [
        _not_null("paper_key", "paper key of a link"),
        _not_null("repository_key", "repository key of a link"),
        _not_null("raw_url", "raw URL of a link"),
        _query(_orphans("paper_key", staging_schema, "papers"), "every link's paper is staged"),
        _query(
            _orphans("repository_key", staging_schema, "repositories"),
            "every link's repository is staged",
        ),
        _query(
            _duplicates(("paper_key", "repository_key", "subpath", "origin")),
            "a paper links to a repository path once per origin",
        ),
        gxe.ExpectColumnValuesToBeInSet(
            column="origin",
            value_set=list(LINK_ORIGINS),
            severity=CRITICAL,
            meta=_RUN_SCOPE,
            description="link origin is a known origin",
        ),
        _query(
            _rows_where("(t.origin = 'source-field') <> (t.source_field IS NOT NULL)"),
            "a link names its source field exactly when it comes from one",
        ),
        _query(
            _rows_where(
                f'NOT EXISTS (SELECT 1 FROM "{staging_schema}".paper_sources s '
                "WHERE s.source_file = t.source_file AND s.record_number = t.record_number "
                "AND s.paper_key = t.paper_key)"
            ),
            "every link names a source record of its paper",
        ),
    ]


def _metrics_checks() -> list[gxe.Expectation]:
    return [
        _not_null("metric_key", "metric key"),
        _unique("metric_key", "metric key"),
        _not_null("metric_name", "metric name"),
        _not_null("is_share", "whether the metric is a share"),
        _in_set("direction", METRIC_DIRECTIONS, "metric direction is higher or lower"),
        _query(
            _rows_where("(t.direction IS NULL) <> (t.direction_rule IS NULL)"),
            "a metric names the rule of its direction exactly when it has one",
        ),
    ]


def _metric_aliases_checks(staging_schema: str) -> list[gxe.Expectation]:
    return [
        _unique("alias_key", "metric alias"),
        _query(
            _orphans("metric_key", staging_schema, "metrics"),
            "every metric alias's metric is staged",
        ),
    ]


def _datasets_checks() -> list[gxe.Expectation]:
    return [
        _not_null("dataset_key", "dataset key"),
        _unique("dataset_key", "dataset key"),
        _not_null("dataset_name", "dataset name"),
    ]


def _dataset_aliases_checks(staging_schema: str) -> list[gxe.Expectation]:
    return [
        _unique("alias_key", "dataset alias"),
        _query(
            _orphans("dataset_key", staging_schema, "datasets"),
            "every dataset alias's dataset is staged",
        ),
    ]


def _results_checks(staging_schema: str) -> list[gxe.Expectation]:
    return [
        _query(
            _rows_where("t.paper_key IS NULL AND t.origin <> 'leaderboard'"),
            "every result but a value of a leaderboard row naming no paper has a paper key",
        ),
        _query(
            _rows_where(
                "t.paper_key IS NOT NULL AND " + _missing("paper_key", staging_schema, "papers")
            ),
            "every result's paper is staged",
        ),
        _query(
            _rows_where(
                "t.metric_key IS NOT NULL AND " + _missing("metric_key", staging_schema, "metrics")
            ),
            "every result's metric is staged",
        ),
        _query(
            _rows_where(
                "t.dataset_key IS NOT NULL AND "
                + _missing("dataset_key", staging_schema, "datasets")
            ),
            "every result's dataset is staged",
        ),
        _query(
            _rows_where(
                "NOT (t.value > '-Infinity'::float8 AND t.value < 'Infinity'::float8)"
                " OR NOT (coalesce(t.scale, 0) > '-Infinity'::float8"
                " AND coalesce(t.scale, 0) < 'Infinity'::float8)"
            ),
            "result values are finite numbers",
            scope=RECORD,
        ),
        _query(
            _rows_where(
                "t.unit = '%' AND t.kind = 'score' AND NOT (t.scale >= 0 AND t.scale <= 1)"
            ),
            "a score in % is a share between 0 and 1",
            scope=RECORD,
        ),
        _in_set("kind", RESULT_KINDS, "result kind is a known kind"),
        _in_set("origin", RESULT_ORIGINS, "result origin is a known origin"),
        # The way is what an analyst filters the surer datasets on: one missing, or named by
        # a rule the contracts do not list, would hide a dataset or let a new rule in unseen.
        _query(
            _rows_where(
                "CASE WHEN t.origin = 'abstract' "
                "THEN (t.dataset_way IS NULL) <> (t.dataset_text IS NULL) "
                "ELSE t.dataset_way IS NOT NULL END"
            ),
            "an abstract result says how its dataset was decided exactly when it names one; "
            "a leaderboard result, whose dataset is its own field, says nothing",
        ),
        _in_set("dataset_way", DATASET_WAYS, "a result's dataset way is a known rule"),
        _query(
            _rows_where(
                "CASE WHEN t.origin = 'abstract' "
                "THEN (t.metric_way IS NULL) <> (t.metric_text IS NULL) "
                "ELSE t.metric_way IS NOT NULL END"
            ),
            "an abstract result says how its metric was decided exactly when it names one; "
            "a leaderboard result, whose metric is its own field, says nothing",
        ),
        _in_set("metric_way", METRIC_WAYS, "a result's metric way is a known rule"),
        _not_null("is_efficiency", "whether a result is an efficiency result"),
        _in_set("bound", RESULT_BOUNDS, "a result's bound is a known comparison"),
        _query(
            _rows_where("t.dataset_variant IS NOT NULL AND t.dataset_key IS NULL"),
            "a result's dataset variant is stated only with its dataset",
        ),
        _query(
            f'SELECT t.* FROM (SELECT * FROM {{batch}}) AS t JOIN "{staging_schema}".papers '
            "AS p USING (paper_key) WHERE t.origin = 'abstract' AND (t.span_start IS NULL "
            "OR t.span_start < 0 OR t.span_end <= t.span_start "
            "OR t.span_end > char_length(p.abstract))",
            "every result's span lies inside its abstract",
            scope=RECORD,
        ),
        _query(
            f'SELECT t.* FROM (SELECT * FROM {{batch}}) AS t JOIN "{staging_schema}".papers '
            "AS p USING (paper_key) WHERE t.origin = 'abstract' AND substr(p.abstract, "
            "t.span_start + 1, t.span_end - t.span_start) IS DISTINCT FROM t.raw_text",
            "every result's text is the abstract's text at its span",
            scope=RECORD,
        ),
        _query(
            _rows_where(
                "t.origin = 'abstract' AND (t.paper_key, t.span_start, t.span_end) IN ("
                + _duplicates(("paper_key", "span_start", "span_end"), "t.origin = 'abstract'")
                + ")"
            ),
            "a paper has one result per span",
        ),
        _query(
            _duplicates(
                ("source_file", "record_number", "metric_text"), "t.origin = 'leaderboard'"
            ),
            "a leaderboard row has one result per metric",
        ),
        _query(
            _rows_where(
                "(t.origin = 'leaderboard') <> (t.source_file IS NOT NULL AND "
                f'EXISTS (SELECT 1 FROM "{staging_schema}".paper_sources s '
                "WHERE s.source_file = t.source_file AND s.record_number = t.record_number "
                "AND s.paper_key IS NOT DISTINCT FROM t.paper_key))"
            ),
            "a leaderboard result, and only one, names a source row of its paper (or of no "
            "paper, both)",
        ),
        _query(
            _rows_where(
                "t.task_slug IS NOT NULL AND "
                + _missing("task_slug", staging_schema, "tags", "tag_slug")
            ),
            "every leaderboard result's task is staged",
        ),
        _query(
            _vanished_result_kinds(staging_schema),
            "no result kind found in the last published run vanishes",
            WARNING,
        ),
    ]


def _tags_checks() -> list[gxe.Expectation]:
    return [
        _not_null("tag_slug", "tag slug"),
        _unique("tag_slug", "tag slug"),
        _not_null("tag_name", "tag name"),
        _in_set("kind", TAG_KINDS, "tag kind is a known kind"),
    ]


def _paper_tags_checks(staging_schema: str) -> list[gxe.Expectation]:
    return [
        _query(
            _orphans("paper_key", staging_schema, "papers"), "every paper tag's paper is staged"
        ),
        _query(_orphans("tag_slug", staging_schema, "tags"), "every paper tag's tag is staged"),
        _in_set("origin", TAG_ORIGINS, "tag origin is a known origin"),
        # One query for both sides, as each check is a fixed cost of every load.
        _query(
            _rows_where(
                "CASE WHEN t.origin = 'rule' THEN t.way IS NULL OR t.way NOT IN ({ways}) "
                "ELSE t.way IS NOT NULL END".format(ways=", ".join(f"'{w}'" for w in TAG_WAYS))
            ),
            "a rule tag says how the tagger found it, in a known way; a tag from authors or "
            "sources says nothing",
        ),
        _record_value(
            "confidence",
            "NOT (t.confidence > 0 AND t.confidence <= 1)",
            "tag confidence is in (0, 1]",
        ),
        _query(
            _duplicates(("paper_key", "tag_slug", "origin")),
            "a paper has a tag once per origin",
        ),
    ]


def _paper_authors_checks(staging_schema: str) -> list[gxe.Expectation]:
    return [
        _query(
            _orphans("paper_key", staging_schema, "papers"),
            "every author entry's paper is staged",
        ),
        _query(
            _orphans("author_key", staging_schema, "authors"),
            "every author entry's author is staged",
        ),
        _query(_duplicates(("paper_key", "position")), "a paper has one author per place"),
        gxe.ExpectColumnValuesToBeBetween(
            column="position",
            min_value=1,
            severity=CRITICAL,
            meta=_RUN_SCOPE,
            description="author position is 1 or more",
        ),
    ]


def _authors_checks() -> list[gxe.Expectation]:
    return [
        _unique("author_key", "author key"),
        _query(_rows_where("t.name IS NULL"), "author name is present", scope=RECORD),
    ]


def _organizations_checks() -> list[gxe.Expectation]:
    return [
        _unique("organization_key", "organisation key"),
        _query(_rows_where("t.name IS NULL"), "organisation name is present", scope=RECORD),
    ]


def _paper_identifiers_checks(staging_schema: str) -> list[gxe.Expectation]:
    return [
        _query(
            _orphans("paper_key", staging_schema, "papers"),
            "every identifier's paper is staged",
        ),
        _in_set("kind", IDENTIFIER_KINDS, "identifier kind is a known kind"),
        _not_null("value", "identifier value"),
        _query(
            _duplicates(
                ("kind", "value"),
                "t.kind IN ({})".format(", ".join(f"'{k}'" for k in STRONG_IDENTIFIER_KINDS)),
            ),
            "an arXiv id, DOI, ACL Anthology id, OpenReview id, PwC id or paper URL names "
            "one paper",
        ),  # fmt: skip
        *_identifier_shape_checks(),
    ]


def _unopened_closer(value: str, opener: str, closer: str) -> str:
    """SQL: `value` ends with `closer` and holds more of them than of `opener`."""

    def count(character: str) -> str:
        return f"(length({value}) - length(replace({value}, '{character}', '')))"

    return f"({value} LIKE '%{closer}' AND {count(closer)} > {count(opener)})"


def _identifier_shape_checks() -> list[gxe.Expectation]:
    """Each strong identifier has its kind's shape and no markup left on it: one that kept
    its markup (`10.1234/abcd_0001)`) would name a second paper beside the one it is. The
    records that gave it are quarantined rather than published as that second paper (the
    run stops when strict, or when no record gave it)."""
    value = "t.value"
    misshapen = " OR ".join(
        f"(t.kind = '{kind}' AND {value} !~ {_sql_regex(pattern)})"
        for kind, pattern in IDENTIFIER_PATTERNS.items()
    )
    residue = " OR ".join(
        [
            f"{value} ~ {_sql_regex(MARKUP_AT_START)}",
            f"{value} ~ {_sql_regex(MARKUP_AT_END)}",
            f"{value} ~ {_sql_regex(MARKDOWN_ESCAPE)}",
            *(_unopened_closer(value, o, c) for o, c in (("(", ")"), ("[", "]"), ("<", ">"))),
        ]
    )
    strong = ", ".join(f"'{kind}'" for kind in STRONG_IDENTIFIER_KINDS)
    return [
        _query(
            _rows_where(f"t.kind IN ({strong}) AND ({misshapen} OR {residue})"),
            "an arXiv id, DOI, ACL Anthology id, OpenReview id, PwC id or paper URL has its "
            "kind's shape and no markup left on it (a bracket, quote or punctuation around it)",
            scope=RECORD,
        ),
    ]


def _merge_candidates_checks() -> list[gxe.Expectation]:
    return [
        _query(
            _rows_where(
                "NOT EXISTS (SELECT 1 FROM public.papers p WHERE p.paper_id = t.paper_id) "
                "OR NOT EXISTS (SELECT 1 FROM public.papers p "
                "WHERE p.paper_id = t.other_paper_id) OR t.paper_id = t.other_paper_id"
            ),
            "a merge candidate pairs two published papers",
        ),
        _in_set("evidence", MATCH_EVIDENCE, "merge evidence is a kind of identifier"),
    ]


def _paper_organizations_checks(staging_schema: str) -> list[gxe.Expectation]:
    return [
        _query(
            _orphans("paper_key", staging_schema, "papers"),
            "every paper organisation's paper is staged",
        ),
        _query(
            _orphans("organization_key", staging_schema, "organizations"),
            "every paper organisation's organisation is staged",
        ),
    ]


def _entry_repositories_checks(staging_schema: str) -> list[gxe.Expectation]:
    return [
        _not_null("repository_key", "repository key of an entry link"),
        _not_null("raw_url", "raw URL of an entry link"),
        _query(
            _orphans("repository_key", staging_schema, "repositories"),
            "every entry link's repository is staged",
        ),
        _query(
            _rows_where(
                f'NOT EXISTS (SELECT 1 FROM "{staging_schema}".paper_sources s '
                "WHERE s.source_file = t.source_file AND s.record_number = t.record_number "
                f"AND s.source_format = '{PWC_EVALUATION_FORMAT}')"
            ),
            "every entry link names a staged leaderboard row",
        ),
        _query(
            _duplicates(("source_file", "record_number", "repository_key", "subpath")),
            "a leaderboard row links to a repository path once",
        ),
    ]


def suites(staging_schema: str, *, max_paper_drop: float) -> dict[str, list[gxe.Expectation]]:
    """Expectations per staged table of the run's staging schema, in reporting order.
    `max_paper_drop`: see Settings."""
    return {
        "papers": _papers_checks(staging_schema),
        "paper_sources": _paper_sources_checks(staging_schema, max_paper_drop),
        "listings": _listings_checks(),
        "paper_listings": _paper_listings_checks(staging_schema),
        "repositories": _repositories_checks(),
        "paper_repositories": _paper_repositories_checks(staging_schema),
        "entry_repositories": _entry_repositories_checks(staging_schema),
        "metrics": _metrics_checks(),
        "metric_aliases": _metric_aliases_checks(staging_schema),
        "datasets": _datasets_checks(),
        "dataset_aliases": _dataset_aliases_checks(staging_schema),
        "results": _results_checks(staging_schema),
        "tags": _tags_checks(),
        "paper_tags": _paper_tags_checks(staging_schema),
        "paper_authors": _paper_authors_checks(staging_schema),
        "authors": _authors_checks(),
        "organizations": _organizations_checks(),
        "paper_identifiers": _paper_identifiers_checks(staging_schema),
        "merge_candidates": _merge_candidates_checks(),
        "paper_organizations": _paper_organizations_checks(staging_schema),
    }

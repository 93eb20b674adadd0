"""`etl report`: one self-contained HTML page of what the warehouse holds, for a person.

Everything is inline (styles, charts as SVG, no script, no font, no image fetched), so the
file opens offline and can be mailed or attached. The numbers come from the analytics views
and the published tables through the queries in sql/report/, which a reader login may run as
well.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime
from html import escape
from pathlib import Path
from typing import Any

import psycopg
from psycopg.rows import dict_row

from etl.charts import Bar, Point, bar_chart, timeline_chart
from etl.sql_files import statement

TOP_ROWS = 15
# How many listings without a date the report names (it counts them all).
NAMED_UNDATED = 5
TREND_TAGS = 5
TREND_MONTHS = 24
RECENT_RUNS = 10

STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; color: #1f2328; margin: 2em auto;
       max-width: 760px; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #d0d7de; }
.meta { color: #59636e; }
.totals { display: flex; gap: 1.5em; flex-wrap: wrap; margin: 1em 0; }
.totals div { font-size: 0.9em; color: #59636e; }
.totals b { display: block; font-size: 1.6em; color: #1f2328; }
figure { margin: 1em 0; }
figcaption { color: #59636e; font-size: 0.9em; margin-bottom: 0.4em; }
svg.chart text { font: 12px system-ui, sans-serif; fill: #1f2328; }
svg.chart text.tick, svg.chart text.value { fill: #59636e; }
svg.chart .axis { stroke: #8c959f; }
svg.chart .line { stroke-width: 2; }
table { border-collapse: collapse; width: 100%; font-size: 0.9em; }
th, td { text-align: left; padding: 0.3em 0.5em; border-bottom: 1px solid #eaeef2; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
.empty { color: #59636e; font-style: italic; }
.undated { color: #59636e; font-size: 0.9em; }
"""


def _rows(conn: psycopg.Connection, name: str, **params: Any) -> list[dict[str, Any]]:
    return conn.execute(statement(f"report/{name}"), params).fetchall()


def _figure(name: str, caption: str, chart: str, has_data: bool) -> str:
    inner = chart if has_data else '<p class="empty">Nothing loaded yet.</p>'
    return (
        f'<figure data-figure="{name}"><figcaption>{escape(caption)}</figcaption>{inner}</figure>'
    )


def _table(headers: list[str], rows: list[list[Any]], numeric: set[int]) -> str:
    def cell(index: int, value: Any, tag: str) -> str:
        css = ' class="n"' if index in numeric else ""
        if isinstance(value, float):
            value = f"{value:,.4g}"
        elif isinstance(value, int):
            value = f"{value:,}"
        elif isinstance(value, datetime):
            value = value.strftime("%Y-%m-%d %H:%M")
        return f"<{tag}{css}>{escape('' if value is None else str(value))}</{tag}>"

    head = "".join(cell(i, h, "th") for i, h in enumerate(headers))
    body = "".join(
        "<tr>" + "".join(cell(i, v, "td") for i, v in enumerate(row)) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _listings_section(conn: psycopg.Connection) -> str:
    by_kind: dict[str, list[Point]] = defaultdict(list)
    for row in _rows(conn, "listings_over_time"):
        when = row["day"].isoformat() if row["day_known"] else f"{row['day']:%Y}"
        by_kind[row["listing_kind"]].append(
            Point(row["day"], row["papers"], row["listing_name"], when)
        )
    chart = timeline_chart(
        "papers-per-listing",
        by_kind,
        "Papers per listing, at the listing's day or year, one colour per kind of listing",
        lines=False,
    )
    return (
        "<h2>Papers per listing over time</h2>"
        + _figure(
            "papers-per-listing",
            "Papers per listing at its day (a Daily Papers day) or the first of its year (a "
            "conference), coloured by kind. Listings of the same day or year, or of days too "
            "close to tell apart, are stacked in one column; hover for each listing.",
            chart,
            bool(by_kind),
        )
        + _undated_listings(_rows(conn, "listings_without_date"))
    )


def _undated_listings(undated: list[dict[str, Any]]) -> str:
    """The line saying how many listings the chart leaves out for want of a date."""
    if not undated:
        return '<p class="undated" data-undated="0">Every listing has a day or a year.</p>'
    count, papers = len(undated), sum(row["papers"] for row in undated)
    named = ", ".join(
        f"{row['listing_name']} ({row['papers']:,})" for row in undated[:NAMED_UNDATED]
    )
    more = f" and {count - NAMED_UNDATED:,} more" if count > NAMED_UNDATED else ""
    listings = "listing has" if count == 1 else "listings have"
    return (
        f'<p class="undated" data-undated="{count}">{count:,} {listings} no day or year and '
        f"{'is' if count == 1 else 'are'} not drawn ({papers:,} papers): "
        f"{escape(named)}{more}.</p>"
    )


def _tags_section(conn: psycopg.Connection) -> str:
    top = _rows(conn, "top_tags", limit=TOP_ROWS, source_keywords=False)
    bars = [Bar(r["tag_name"], r["papers"], r["tag_kind"]) for r in top]
    keywords = _rows(conn, "top_tags", limit=TOP_ROWS, source_keywords=True)
    keyword_bars = [Bar(r["tag_name"], r["papers"], r["tag_kind"]) for r in keywords]
    trend: dict[str, list[Point]] = defaultdict(list)
    trending = [r["tag_id"] for r in top[:TREND_TAGS]]
    for row in _rows(conn, "tag_trend", tag_ids=trending, months=TREND_MONTHS):
        trend[row["tag_name"]].append(Point(row["month"], row["papers"], row["tag_name"]))
    year_only = _rows(conn, "tag_trend_year_only", tag_ids=trending)[0]["papers"]
    return (
        "<h2>Top tags and their trend</h2>"
        + _figure(
            "top-tags",
            f"The {TOP_ROWS} tags of the vocabulary with the most papers (tasks, areas, curated "
            "keywords, arXiv categories).",
            bar_chart("top-tags", bars, "Papers per tag"),
            bool(bars),
        )
        + _figure(
            "top-source-keywords",
            f"The {TOP_ROWS} keywords of sources and authors, matching no tag of the "
            "vocabulary, with the most papers (spellings that differ only by case, punctuation "
            "or a plural counted as one).",
            bar_chart("top-source-keywords", keyword_bars, "Papers per keyword"),
            bool(keyword_bars),
        )
        + _figure(
            "tag-trend",
            f"Papers per month of the {TREND_TAGS} most frequent tags of the vocabulary, over "
            f"the last {TREND_MONTHS} months with papers dated to the month or day; {year_only} "
            "papers of these tags dated to the year only are in no month and left out.",
            timeline_chart("tag-trend", trend, "Papers per month per tag", lines=True),
            bool(trend),
        )
    )


def _results_section(conn: psycopg.Connection) -> str:
    benchmarks = _rows(conn, "results_per_benchmark", limit=TOP_ROWS)
    bars = [
        Bar(
            f"{r['metric_name']} on {r['dataset_name']}",
            r["results"],
            f"{r['papers']:,} papers",
        )
        for r in benchmarks
    ]
    leaders = _rows(conn, "leaderboards", limit=TOP_ROWS)
    entries = [
        Bar(f"{r['metric_name']} on {r['dataset_name']}", r["entries"], r["task_name"] or "")
        for r in leaders
    ]
    table = _table(
        ["task", "dataset", "metric", "better", "entries", "best", "unit", "held by"],
        [
            [
                r["task_name"],
                r["dataset_name"],
                r["metric_name"],
                r["metric_direction"],
                r["entries"],
                r["value"],
                r["unit"],
                r["leader"],
            ]
            for r in leaders
        ],
        numeric={4, 5},
    )
    return (
        "<h2>Results per metric and dataset</h2>"
        + _figure(
            "results-per-benchmark",
            f"The {TOP_ROWS} metric and dataset pairs with the most reported results "
            "(abstracts and leaderboards); hover for the number of papers.",
            bar_chart("results-per-benchmark", bars, "Results per metric and dataset"),
            bool(bars),
        )
        + "<h2>Leaderboards</h2>"
        + _figure(
            "leaderboard-entries",
            f"The {TOP_ROWS} leaderboards with the most ranked entries (a task, dataset and "
            "metric whose better direction is known).",
            bar_chart("leaderboard-entries", entries, "Ranked entries per leaderboard"),
            bool(entries),
        )
        + (table if leaders else "")
    )


def _repositories_section(conn: psycopg.Connection) -> str:
    hosts: dict[str, int] = defaultdict(int)
    kinds: dict[str, int] = defaultdict(int)
    for row in _rows(conn, "repository_hosts"):
        hosts[row["host"]] += row["repositories"]
        kinds[row["kind"]] += row["repositories"]

    def ranked(counts: dict[str, int]) -> list[Bar]:
        order = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        return [Bar(name, count) for name, count in order[:TOP_ROWS]]

    return (
        "<h2>Repository hosts and kinds</h2>"
        + _figure(
            "repository-hosts",
            "Linked repositories and pages per host.",
            bar_chart("repository-hosts", ranked(hosts), "Repositories per host"),
            bool(hosts),
        )
        + _figure(
            "repository-kinds",
            "Linked repositories and pages per kind (code, model, dataset, project page ...).",
            bar_chart("repository-kinds", ranked(kinds), "Repositories per kind"),
            bool(kinds),
        )
    )


def _runs_section(conn: psycopg.Connection) -> str:
    runs = _rows(conn, "recent_runs", limit=RECENT_RUNS)
    rejects = [Bar(f"run {r['run_id']} ({r['status']})", r["rejected_count"] or 0) for r in runs]
    failed = [Bar(f"run {r['run_id']} ({r['status']})", r["checks_failed"] or 0) for r in runs]
    table = _table(
        ["run", "command", "status", "started (UTC)", "seconds", "records read",
         "quarantined", "checks", "failed"],
        [
            [r["run_id"], r["command"], r["status"], r["started_at"], r["seconds"],
             r["records_read"], r["rejected_count"], r["checks"], r["checks_failed"]]
            for r in runs
        ],
        numeric={0, 4, 5, 6, 7, 8},
    )  # fmt: skip
    return (
        "<h2>Checks and rejects of recent runs</h2>"
        + _figure(
            "run-rejects",
            f"Records quarantined by each of the last {RECENT_RUNS} runs (analytics.rejects "
            "has each with its file, record number and reason).",
            bar_chart("run-rejects", rejects, "Records quarantined per run"),
            bool(runs),
        )
        + _figure(
            "run-failed-checks",
            f"Quality checks that failed in each of the last {RECENT_RUNS} runs (a critical "
            "one blocks the publish).",
            bar_chart("run-failed-checks", failed, "Failed checks per run"),
            bool(runs),
        )
        + (table if runs else "")
    )


def render_report(conn: psycopg.Connection, database: str) -> str:
    """The report's HTML, from the database `conn` reads (`database` names it on the page)."""
    totals = _rows(conn, "totals")[0]
    fresh = _rows(conn, "freshness")
    last = fresh[0] if fresh else {}
    published = last.get("last_published_at")
    totals_html = "".join(
        f"<div><b>{count:,}</b>{escape(name)}</div>" for name, count in totals.items()
    )
    generated = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    meta = (
        f"{escape(database)}; generated {generated}; "
        + (
            f"last published by run {last['last_published_run_id']} at "
            f"{published:%Y-%m-%d %H:%M UTC}"
            if published
            else "nothing published yet"
        )
        + (
            f"; last run {last['last_run_id']} {escape(last['last_run_status'])}"
            if last.get("last_run_id")
            else ""
        )
    )
    sections = [
        _listings_section(conn),
        _tags_section(conn),
        _results_section(conn),
        _repositories_section(conn),
        _runs_section(conn),
    ]
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        # Nothing is fetched: the page is complete offline.
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; img-src data:\">"
        f"<title>paperhouse report</title><style>{STYLE}</style></head><body>"
        f'<h1>paperhouse</h1><p class="meta">{meta}</p>'
        f'<div class="totals">{totals_html}</div>' + "".join(sections) + "</body></html>"
    )


def write_report(url: str, path: Path) -> Path:
    """Write the report of the database at `url` to `path`; return its absolute path."""
    with psycopg.connect(url, row_factory=dict_row) as conn:
        conn.read_only = True
        info = conn.info
        html = render_report(conn, f"database {info.dbname} on {info.host}:{info.port}")
    path = path.resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(html, encoding="utf-8")
    temporary.replace(path)
    return path

"""How fast the analytics layer answers on a big database: each analytics view counted whole
and its first page read, each example query in sql/queries/ and each query of `etl report`,
timed on the database at --url (e.g. one `make bench` loaded 1M records into).

    python -m bench.view_timings --url postgresql://.../paperhouse_bench [--repeat 3]

Prints one markdown table: the best of --repeat runs of each query, in seconds, with its row
count (for the whole report page, its characters). A view is a candidate for materializing
when its first page (what a BI tool's table or chart preview runs) takes over a second.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import psycopg
from psycopg.rows import dict_row

from etl.html_report import RECENT_RUNS, TOP_ROWS, TREND_MONTHS, TREND_TAGS, render_report
from etl.sql_files import SQL_DIR, statement


def _best_of(
    conn: psycopg.Connection, query: str, params: dict | None, repeat: int
) -> tuple[float, int]:
    """The best time of `repeat` runs, and the rows it returns (a count's value for a count)."""
    best, rows = float("inf"), []
    for _ in range(repeat):
        started = time.perf_counter()
        rows = conn.execute(query, params).fetchall()
        best = min(best, time.perf_counter() - started)
    return best, rows[0][0] if query.startswith("SELECT count(*)") else len(rows)


def _example_query(path: Path, variables: dict[str, str]) -> str:
    # psql variables (:'arxiv_id') as literals: the queries are written for psql -f.
    text = path.read_text(encoding="utf-8")
    for name, value in variables.items():
        text = text.replace(f":'{name}'", f"'{value}'")
    return text


def timings(url: str, repeat: int) -> list[tuple[str, str, float, int]]:
    """(what, query name, best seconds, rows) for every view, example and report query."""
    measured = []
    with psycopg.connect(url, autocommit=True) as conn:
        views = [
            name
            for (name,) in conn.execute(
                "SELECT viewname FROM pg_views WHERE schemaname = 'analytics' ORDER BY 1"
            )
        ]
        for view in views:
            for what, query in (
                ("view, whole", f"SELECT count(*) FROM analytics.{view}"),
                ("view, first page", f"SELECT * FROM analytics.{view} LIMIT 100"),
            ):
                seconds, rows = _best_of(conn, query, None, repeat)
                measured.append((what, view, seconds, rows))
        # The profile of the first paper with an arXiv id.
        arxiv_id = conn.execute(
            "SELECT arxiv_id FROM public.papers WHERE arxiv_id IS NOT NULL "
            "ORDER BY paper_id LIMIT 1"
        ).fetchone()
        variables = {"arxiv_id": arxiv_id[0] if arxiv_id else ""}
        for path in sorted((SQL_DIR / "queries").glob("*.sql")):
            query = _example_query(path, variables)
            seconds, rows = _best_of(conn, query, None, repeat)
            measured.append(("example query", path.stem, seconds, rows))
        top_tags = conn.execute(statement("report/top_tags"), {"limit": TOP_ROWS}).fetchall()
        parameters = {
            "limit": TOP_ROWS,
            "months": TREND_MONTHS,
            "tag_ids": [row[0] for row in top_tags[:TREND_TAGS]],
        }
        for path in sorted((SQL_DIR / "report").glob("*.sql")):
            name = path.stem
            seconds, rows = _best_of(
                conn,
                statement(f"report/{name}"),
                {**parameters, "limit": RECENT_RUNS if name == "recent_runs" else TOP_ROWS},
                repeat,
            )
            measured.append(("report query", name, seconds, rows))
    with psycopg.connect(url, row_factory=dict_row) as conn:
        started = time.perf_counter()
        page = render_report(conn, "timed")
        measured.append(("report", "whole page", time.perf_counter() - started, len(page)))
    return measured


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the database to time (libpq URL)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per query; the best counts")
    args = parser.parse_args()
    with psycopg.connect(args.url) as conn:
        papers = conn.execute("SELECT count(*) FROM public.papers").fetchone()[0]
    print(f"{papers:,} papers; best of {args.repeat} runs\n")
    print("| kind | query | seconds | rows |\n|---|---|---:|---:|")
    for what, name, seconds, rows in timings(args.url, args.repeat):
        print(f"| {what} | {name} | {seconds:.3f} | {rows:,} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

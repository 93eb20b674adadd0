"""`etl report` rendered by a real browser, headless Chromium: every chart drew, the page
fetched nothing and logged no error, and what the charts show is what the tables hold."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import psycopg
import pytest
from playwright.sync_api import Page, sync_playwright

from etl.config import PROJECT_ROOT
from etl.html_report import TREND_TAGS
from tests.etl_process import run_etl_here

pytestmark = pytest.mark.slow

FIGURES = (
    "papers-per-listing",
    "top-tags",
    "top-source-keywords",
    "tag-trend",
    "results-per-benchmark",
    "leaderboard-entries",
    "repository-hosts",
    "repository-kinds",
    "run-rejects",
    "run-failed-checks",
)


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    # Not a skip: without a browser the report is untested. `.ci/run` installs Debian's.
    assert found, "no chromium on PATH: install Debian's `chromium` (apt-get install chromium)"
    return found


@pytest.fixture(scope="module")
def report(every_kind_published: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("report") / "report.html"
    written = run_etl_here(["report", "--out", str(path)], every_kind_published)
    assert written.returncode == 0, written.stderr
    assert f"report    {path.resolve().as_uri()}" in written.stderr
    return path


@pytest.fixture(scope="module")
def page(report: Path) -> Iterator[tuple[Page, list[str], list[str]]]:
    """The report open in headless Chromium, with the console's errors and warnings and every
    URL the page requested."""
    with sync_playwright() as playwright:
        # --no-sandbox: Chromium's sandbox refuses to run as root, as CI does.
        browser = playwright.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 800, "height": 1200})
        problems: list[str] = []
        requests: list[str] = []
        page.on(
            "console",
            lambda m: (
                problems.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None
            ),
        )
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
        page.on("request", lambda request: requests.append(request.url))
        page.goto(report.as_uri(), wait_until="load")
        page.screenshot(path=str(report.with_suffix(".png")), full_page=True)
        yield page, problems, requests
        browser.close()


def _marks(page: Page, figure: str) -> list[dict]:
    return page.evaluate(
        """(figure) => [...document.querySelectorAll(
                `figure[data-figure="${figure}"] svg.chart .mark`)].map((mark) => {
            const box = mark.getBoundingClientRect();
            const frame = mark.ownerSVGElement.getBoundingClientRect();
            return {label: mark.dataset.label, value: Number(mark.dataset.value),
                    width: box.width, height: box.height,
                    inside: box.left >= frame.left - 1 && box.right <= frame.right + 1
                            && box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1};
        })""",
        figure,
    )


def test_every_chart_draws_offline_without_errors(page: tuple[Page, list[str], list[str]]) -> None:
    browser_page, problems, requests = page
    assert problems == []
    # One request: the file itself. No CDN, no font, no image.
    assert len(requests) == 1 and requests[0].startswith("file://")
    shown = browser_page.evaluate(
        "[...document.querySelectorAll('figure[data-figure]')].map((f) => f.dataset.figure)"
    )
    assert shown == list(FIGURES)
    for figure in FIGURES:
        marks = _marks(browser_page, figure)
        assert marks, f"{figure} drew nothing"
        assert all(m["width"] > 0 and m["height"] > 0 and m["inside"] for m in marks), figure


def _rows(url: str, query: str, params: tuple = ()) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query, params).fetchall()


def test_listings_are_never_drawn_over_one_another_and_the_undated_are_counted(
    page: tuple[Page, list[str], list[str]], every_kind_published: str
) -> None:
    browser_page, _, _ = page
    marks = browser_page.evaluate(
        """() => [...document.querySelectorAll(
                'figure[data-figure="papers-per-listing"] svg.chart .mark')].map((mark) => {
            const box = mark.getBoundingClientRect();
            return [mark.dataset.label, box.left, box.right, box.top, box.bottom];
        })"""
    )
    # Shared area beyond a hundredth of a pixel (where two stacked marks meet).
    overlapping = [
        (a[0], b[0])
        for i, a in enumerate(marks)
        for b in marks[i + 1 :]
        if min(a[2], b[2]) - max(a[1], b[1]) > 0.01 and min(a[4], b[4]) - max(a[3], b[3]) > 0.01
    ]
    assert overlapping == []
    # Two listings of one year (a conference list and a plain listing of 2025) in one column.
    same_year = _rows(
        every_kind_published,
        "SELECT listing_year FROM listings WHERE listed_on IS NULL AND listing_year IS NOT NULL "
        "GROUP BY listing_year HAVING count(*) > 1",
    )
    assert same_year, "the fixture has no two listings of one year"
    undated = _rows(
        every_kind_published,
        "SELECT l.listing_name FROM listings l WHERE listed_on IS NULL AND listing_year IS NULL "
        "AND EXISTS (SELECT 1 FROM paper_listings pl WHERE pl.listing_id = l.listing_id)",
    )
    line = browser_page.locator('figure[data-figure="papers-per-listing"] + p.undated')
    assert line.get_attribute("data-undated") == str(len(undated)) != "0"
    text = line.inner_text()
    assert f"{len(undated)} listing" in text and "not drawn" in text
    assert all(name in text for (name,) in undated)
    assert line.is_visible()
    caption = browser_page.locator('figure[data-figure="run-rejects"] figcaption').inner_text()
    assert "analytics.rejects" in caption and "etl.rejects" not in caption


def test_the_charts_show_what_the_tables_hold(
    page: tuple[Page, list[str], list[str]], every_kind_published: str
) -> None:
    browser_page, _, _ = page
    url = every_kind_published

    def drawn(figure: str) -> list[tuple[str, float]]:
        return [(m["label"], m["value"]) for m in _marks(browser_page, figure)]

    # Papers per listing: every listing with a year, its papers counted from the base table.
    per_listing = _rows(
        url,
        "SELECT l.listing_name, count(*) FROM listings l JOIN paper_listings USING (listing_id) "
        "WHERE l.listing_year IS NOT NULL GROUP BY l.listing_name",
    )
    assert Counter(drawn("papers-per-listing")) == Counter(
        (name, float(count)) for name, count in per_listing
    )

    for figure, source_keywords in (("top-tags", False), ("top-source-keywords", True)):
        tag_papers = _rows(
            url,
            "SELECT t.tag_name, count(DISTINCT pt.paper_id) FROM tags t "
            "JOIN paper_tags pt USING (tag_id) "
            f"WHERE t.is_source_keyword = {source_keywords} AND pt.stated "
            "GROUP BY t.tag_id, t.tag_name",
        )
        counts = sorted((-count, name) for name, count in tag_papers)
        top = drawn(figure)
        assert [value for _, value in top] == [float(-c) for c, _ in counts[: len(top)]], figure
        assert len(top) == min(15, len(counts)), figure
        assert dict(top).items() <= {name: float(count) for name, count in tag_papers}.items()

    # The monthly trend says how many papers of its tags it leaves out for want of a month.
    # Its tags are the vocabulary's most frequent, those of the top-tags chart.
    trending = [name for name, _ in drawn("top-tags")[:TREND_TAGS]]
    year_only = _rows(
        url,
        "SELECT count(DISTINCT pt.paper_id) FROM paper_tags pt JOIN tags t USING (tag_id) "
        "JOIN papers p USING (paper_id) WHERE t.tag_name = ANY(%s) "
        "AND NOT t.is_source_keyword AND p.published_on_precision = 'year' AND pt.stated",
        (trending,),
    )[0][0]
    caption = browser_page.locator('figure[data-figure="tag-trend"] figcaption').inner_text()
    assert f"; {year_only} papers of these tags dated to the year only" in caption
    assert year_only > 0

    kinds = _rows(
        url,
        "SELECT r.kind, count(DISTINCT r.repository_id) FROM repositories r "
        "WHERE EXISTS (SELECT 1 FROM paper_repositories pr "
        "WHERE pr.repository_id = r.repository_id) GROUP BY r.kind",
    )
    assert dict(drawn("repository-kinds")) == {kind: float(n) for kind, n in kinds}

    runs = _rows(url, "SELECT run_id, status, rejected_count FROM etl.runs ORDER BY run_id DESC")
    assert (
        drawn("run-rejects")
        == [
            (f"run {run_id} ({status})", float(rejected or 0)) for run_id, status, rejected in runs
        ][:10]
    )


def test_a_load_rewrites_the_report_and_prints_its_link(
    every_kind_published: str,
    scratch_database: Callable[..., AbstractContextManager[str]],
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    sample = PROJECT_ROOT / "data" / "sample" / "neurips-2025-papers.txt"
    with scratch_database(every_kind_published) as url:
        # The same file again is skipped: nothing changed, so the report is not rewritten.
        skipped = run_etl_here(["load", str(sample)], url, PAPERHOUSE_HOME=str(home))
        assert skipped.returncode == 0 and "report    file://" not in skipped.stderr
        reloaded = run_etl_here(["load", "--reload", str(sample)], url, PAPERHOUSE_HOME=str(home))
    assert reloaded.returncode == 0, reloaded.stderr
    link = next(line for line in reloaded.stderr.splitlines() if "report    file://" in line)
    written = Path(link.split("file://", 1)[1])
    assert written == (home / "report.html").resolve()
    html = written.read_text()
    assert html.count('<svg class="chart"') == len(FIGURES)
    # Nothing to fetch: the one URL in it is SVG's namespace, a name, not a request.
    assert set(re.findall(r"https?://[^\s\"'<>]+", html)) == {"http://www.w3.org/2000/svg"}

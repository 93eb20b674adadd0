"""The example queries of sql/queries/, run with psql as a user would, against the samples of
every listing kind; each answer is checked against the same answer computed here from the
published tables (not only that it returns rows)."""

from __future__ import annotations

import subprocess
from collections import Counter, defaultdict
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

import psycopg
import pytest

from etl import db
from etl.config import PROJECT_ROOT

pytestmark = pytest.mark.slow

QUERIES = PROJECT_ROOT / "sql" / "queries"
SEPARATOR = "\x1f"


@pytest.fixture(scope="module")
def url(every_kind_published: str) -> str:
    return every_kind_published


def _psql(url: str, query: str, **variables: str) -> list[tuple[str, ...]]:
    """The rows psql prints for sql/queries/<query>.sql, as text (NULL as '')."""
    settings = [f"--set={name}={value}" for name, value in variables.items()]
    done = subprocess.run(
        [db.psql_executable(), url, "-X", "-q", "-A", "-t", "-F", SEPARATOR,
         "-v", "ON_ERROR_STOP=1", *settings, "-f", str(QUERIES / f"{query}.sql")],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return [tuple(line.split(SEPARATOR)) for line in done.stdout.splitlines() if line]


def _rows(url: str, query: str, params: tuple = ()) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query, params).fetchall()


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "t" if value else "f"
    if isinstance(value, float):
        # As Postgres prints a double: the shortest text that reads back, no ".0".
        return repr(value).removesuffix(".0")
    return str(value)


def _round(value: float | Decimal, places: int) -> str:
    return str(Decimal(value).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def _month(day: date) -> date:
    return day.replace(day=1)


def test_every_example_query_is_tested() -> None:
    tested = {name.removeprefix("test_") for name in globals() if name.startswith("test_")}
    assert {path.stem for path in QUERIES.glob("*.sql")} <= tested


def test_hits_at_1_on_dbp15k(url: str) -> None:
    expected = Counter(
        (dataset, key, raw)
        for dataset, key, raw in _rows(
            url,
            "SELECT d.dataset_name, p.paper_key, r.raw_text FROM results r "
            "JOIN papers p USING (paper_id) JOIN metrics m USING (metric_id) "
            "JOIN datasets d USING (dataset_id) WHERE m.metric_name = 'Hits@1' "
            "AND lower(d.dataset_name) LIKE 'dbp15k%%' AND r.kind = 'score'",
        )
    )
    got = _psql(url, "hits_at_1_on_dbp15k")
    assert Counter((row[0], row[1], row[5]) for row in got) == expected and got


def _papers_with_code(url: str) -> set[int]:
    return {
        paper
        for (paper,) in _rows(
            url,
            "SELECT pr.paper_id FROM paper_repositories pr "
            "JOIN repositories r USING (repository_id) WHERE r.kind = 'code'",
        )
    }


def _listing_papers(url: str) -> dict[str, list[tuple]]:
    papers: dict[str, list[tuple]] = defaultdict(list)
    for name, paper, upvotes, decision in _rows(
        url,
        "SELECT l.listing_name, pl.paper_id, pl.upvotes, pl.decision FROM paper_listings pl "
        "JOIN listings l USING (listing_id)",
    ):
        papers[name].append((paper, upvotes, decision))
    return papers


def test_code_share_per_listing(url: str) -> None:
    with_code = _papers_with_code(url)
    expected = []
    for name, members in sorted(_listing_papers(url).items()):
        coded = sum(1 for paper, *_ in members if paper in with_code)
        expected.append(
            (name, str(len(members)), str(coded), _round(Decimal(coded) / len(members), 3))
        )
    got = _psql(url, "code_share_per_listing")
    assert sorted(got) == sorted(expected) and any(row[2] != "0" for row in got)


def test_tags_month_over_month(url: str) -> None:
    papers: dict[tuple[str, bool, date], set[int]] = defaultdict(set)
    year_only: dict[tuple[str, bool], set[int]] = defaultdict(set)
    for slug, source_keyword, paper, published, precision in _rows(
        url,
        "SELECT t.tag_slug, t.is_source_keyword, pt.paper_id, p.published_on, "
        "p.published_on_precision FROM paper_tags pt JOIN tags t USING (tag_id) "
        "JOIN papers p USING (paper_id) WHERE p.published_on IS NOT NULL AND pt.stated",
    ):
        if precision == "year":
            year_only[slug, source_keyword].add(paper)
        else:
            papers[slug, source_keyword, _month(published)].add(paper)
    expected, previous = [], {}
    for slug, source_keyword, month in sorted(papers):
        count = len(papers[slug, source_keyword, month])
        change = count - previous[slug] if slug in previous else None
        expected.append((slug, _text(source_keyword), str(month), str(count), _text(change)))
        previous[slug] = count
    expected += [
        (slug, _text(source_keyword), "", str(len(members)), "")
        for (slug, source_keyword), members in year_only.items()
    ]
    got = _psql(url, "tags_month_over_month")
    assert sorted(got) == sorted(expected) and any(row[4] not in ("", "0") for row in got)
    assert {row[1] for row in got} == {"t", "f"}
    # The samples have tagged papers known to the year only: they are in rows of no month.
    assert year_only


def _scores(url: str) -> list[tuple]:
    """Scores with a dataset and a metric: task, dataset, metric, direction, how they are
    measured, the value compared, the day, paper key, value, result id."""
    return [
        (task, dataset, metric, direction, "share" if scale is not None else unit or "",
         scale if scale is not None else value, entered or published, key, value, result)
        for task, dataset, metric, direction, scale, unit, value, entered, published, key, result
        in _rows(
            url,
            "SELECT r.task_tag_id, d.dataset_name, m.metric_name, m.direction, r.scale, r.unit, "
            "r.value, r.entered_on, p.published_on, p.paper_key, r.result_id FROM results r "
            "JOIN metrics m USING (metric_id) JOIN datasets d USING (dataset_id) "
            "LEFT JOIN papers p USING (paper_id) WHERE r.kind = 'score' AND NOT EXISTS ("
            # A leaderboard entry several rows list is one score: its first row.
            " SELECT 1 FROM results e WHERE r.origin = 'leaderboard' AND e.origin = 'leaderboard'"
            " AND e.result_id < r.result_id AND e.task_tag_id IS NOT DISTINCT FROM r.task_tag_id"
            " AND e.dataset_id = r.dataset_id AND e.metric_id = r.metric_id"
            " AND e.value = r.value AND e.unit IS NOT DISTINCT FROM r.unit"
            " AND e.scale IS NOT DISTINCT FROM r.scale"
            " AND e.model_name IS NOT DISTINCT FROM r.model_name"
            " AND e.paper_id IS NOT DISTINCT FROM r.paper_id)",
        )
    ]  # fmt: skip


def _better(direction: str, first: float, second: float) -> bool:
    return first > second if direction == "higher" else first < second


def test_state_of_the_art_over_time(url: str) -> None:
    best: dict[tuple, dict[date, float]] = defaultdict(dict)
    for _, dataset, metric, direction, measured, compared, day, *_ in _scores(url):
        if direction is None or day is None:
            continue
        months = best[dataset, metric, measured, direction]
        month = _month(day)
        if month not in months or _better(direction, compared, months[month]):
            months[month] = compared
    expected = []
    for (dataset, metric, measured, direction), months in best.items():
        so_far = None
        for month in sorted(months):
            if so_far is None or _better(direction, months[month], so_far):
                so_far = months[month]
            expected.append((dataset, metric, measured, str(month), _text(so_far)))
    got = _psql(url, "state_of_the_art_over_time")
    assert sorted(got) == sorted(expected) and got


def test_papers_in_several_sources(url: str) -> None:
    formats: dict[str, set[str]] = defaultdict(set)
    records: Counter[str] = Counter()
    for key, source_format in _rows(
        url,
        "SELECT p.paper_key, ps.source_format FROM paper_sources ps JOIN papers p USING (paper_id)",
    ):
        formats[key].add(source_format)
        records[key] += 1
    expected = {
        (key, str(len(kinds)), ", ".join(sorted(kinds)), str(records[key]))
        for key, kinds in formats.items()
        if len(kinds) > 1
    }
    got = _psql(url, "papers_in_several_sources")
    assert {(row[0], row[2], row[3], row[4]) for row in got} == expected and expected


def test_paper_profile(url: str) -> None:
    # The paper with the most listings, links and results together.
    arxiv_id, paper = _rows(
        url,
        "SELECT p.arxiv_id, p.paper_id FROM papers p WHERE p.arxiv_id IS NOT NULL ORDER BY "
        "(SELECT count(*) FROM paper_listings WHERE paper_id = p.paper_id) "
        "+ (SELECT count(*) FROM paper_repositories WHERE paper_id = p.paper_id) "
        "+ (SELECT count(*) FROM results WHERE paper_id = p.paper_id) DESC, p.arxiv_id LIMIT 1",
    )[0]
    expected = Counter({"paper": 1})
    for part, table in (
        ("listing", "paper_listings"),
        ("tag", "paper_tags"),
        ("link", "paper_repositories"),
        ("result", "results"),
    ):
        counted = "DISTINCT tag_id" if table == "paper_tags" else "*"  # a tag once, any origins
        stated = " AND stated" if table == "paper_tags" else ""  # what the views show
        query = f"SELECT count({counted}) FROM {table} WHERE paper_id = %s{stated}"
        count = _rows(url, query, (paper,))[0][0]
        if count:
            expected[part] = count
    got = _psql(url, "paper_profile", arxiv_id=arxiv_id)
    assert Counter(row[0] for row in got) == expected and len(expected) >= 4
    title = _rows(url, "SELECT title FROM papers WHERE paper_id = %s", (paper,))[0][0]
    assert ("paper", _text(title)) in {row[:2] for row in got}


@pytest.mark.parametrize(("precision", "shown"), [("year", "%Y"), ("month", "%Y-%m")])
def test_paper_profile_shows_a_date_only_as_far_as_it_is_known(
    url: str, precision: str, shown: str
) -> None:
    rows = _rows(
        url,
        "SELECT arxiv_id, published_on FROM papers WHERE arxiv_id IS NOT NULL "
        "AND published_on_precision = %s ORDER BY arxiv_id LIMIT 1",
        (precision,),
    )
    assert rows, f"the samples have a paper with an arXiv id dated to the {precision}"
    arxiv_id, published = rows[0]
    detail = next(
        row[2] for row in _psql(url, "paper_profile", arxiv_id=arxiv_id) if row[0] == "paper"
    )
    assert detail.split(" | ")[1] == published.strftime(shown)


def test_top_tags(url: str) -> None:
    papers: dict[tuple[int, str, str, bool], set[int]] = defaultdict(set)
    by_rule: dict[tuple[int, str, str, bool], set[int]] = defaultdict(set)
    for tag, name, kind, source_keyword, paper, origin in _rows(
        url,
        "SELECT t.tag_id, t.tag_name, t.kind, t.is_source_keyword, pt.paper_id, pt.origin "
        "FROM paper_tags pt JOIN tags t USING (tag_id) WHERE t.kind <> 'area' AND pt.stated",
    ):
        papers[tag, name, kind, source_keyword].add(paper)
        if origin == "rule":
            by_rule[tag, name, kind, source_keyword].add(paper)
    expected = []
    for source_keyword in (False, True):
        group = [tag for tag in papers if tag[3] is source_keyword]
        ranked = sorted(group, key=lambda tag: (-len(papers[tag]), tag[1], tag[0]))[:10]
        expected += [
            (_text(source_keyword), tag[1], tag[2], str(len(papers[tag])), str(len(by_rule[tag])))
            for tag in ranked
        ]
    got = _psql(url, "top_tags")
    assert got == expected and {row[0] for row in got} == {"t", "f"}


def test_repository_hosts_and_kinds(url: str) -> None:
    links: Counter[tuple[str, str]] = Counter()
    papers: dict[tuple[str, str], set[int]] = defaultdict(set)
    for host, kind, paper in _rows(
        url,
        "SELECT r.host, r.kind, pr.paper_id FROM paper_repositories pr "
        "JOIN repositories r USING (repository_id)",
    ):
        links[host, kind] += 1
        papers[host, kind].add(paper)
    expected = {(*key, str(n), str(len(papers[key]))) for key, n in links.items()}
    got = _psql(url, "repository_hosts_and_kinds")
    assert set(got) == expected and len(got) == len(expected) > 1


def test_most_reported_benchmarks(url: str) -> None:
    results: Counter[tuple[str, str]] = Counter()
    papers: dict[tuple[str, str], set[int]] = defaultdict(set)
    for metric, dataset, paper in _rows(
        url,
        "SELECT m.metric_name, d.dataset_name, r.paper_id FROM results r "
        "JOIN metrics m USING (metric_id) JOIN datasets d USING (dataset_id)",
    ):
        results[metric, dataset] += 1
        if paper is not None:  # a leaderboard value whose row names no paper
            papers[metric, dataset].add(paper)
    ranked = sorted(results, key=lambda pair: (-results[pair], pair))[:25]
    expected = [(*pair, str(results[pair]), str(len(papers[pair]))) for pair in ranked]
    assert _psql(url, "most_reported_benchmarks") == expected


def test_best_result_per_benchmark(url: str) -> None:
    groups: dict[tuple, list[tuple]] = defaultdict(list)
    for task, dataset, metric, direction, measured, compared, _, key, value, _ in _scores(url):
        if direction is not None:
            groups[task, dataset, metric, measured, direction].append((compared, key, value))
    expected: Counter[tuple[str, ...]] = Counter()
    for (_, dataset, metric, _, direction), members in groups.items():
        pick = max if direction == "higher" else min
        best = pick(compared for compared, *_ in members)
        for compared, key, value in members:
            if compared == best:
                expected[dataset, metric, direction, _text(value), _text(key)] += 1
    got = _psql(url, "best_result_per_benchmark")
    assert Counter((row[1], row[2], row[3], row[4], row[6]) for row in got) == expected
    assert len(got) < sum(len(members) for members in groups.values())


def test_listing_reception(url: str) -> None:
    expected = []
    for name, members in _listing_papers(url).items():
        upvotes = [votes for _, votes, _ in members if votes is not None]
        decisions = [decision.lower() for *_, decision in members if decision is not None]
        expected.append((
            name,
            str(len(members)),
            _round(Decimal(sum(upvotes)) / len(upvotes), 1) if upvotes else "",
            _text(max(upvotes, default=None)),
            str(len(decisions)),
            str(sum(1 for d in decisions if "oral" in d or "spotlight" in d)),
        ))  # fmt: skip
    got = _psql(url, "listing_reception")
    assert sorted(got) == sorted(expected)
    assert any(row[2] for row in got) and any(row[5] != "0" for row in got)


def test_recent_runs(url: str) -> None:
    runs = _rows(
        url, "SELECT run_id, command, status, input_files FROM etl.runs ORDER BY run_id DESC"
    )
    expected = [
        (str(run), command, status, str(sum(f["records"] for f in files)))
        for run, command, status, files in runs[:10]
    ]
    got = _psql(url, "recent_runs")
    assert [(row[0], row[1], row[2], row[5]) for row in got] == expected and expected

"""Issue 11's findings, on the real records that showed them: each fixture is cut from the
samples (tests/fixtures/real-cases/ATTRIBUTION.md), loaded with `etl load` as users run it (its `main`, in the test's process), and
the published tables are read back from Postgres."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import psycopg
import pytest

from etl.pipeline import EXIT_PUBLISHED
from tests.etl_process import run_etl_here

pytestmark = pytest.mark.slow

REAL_CASES = Path(__file__).parents[1] / "fixtures" / "real-cases"


def _rows(url: str, query: str, params: tuple = ()) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query, params or None).fetchall()


def _load(database_url: str, home: Path, *names: str) -> list[str]:
    """`etl load` of the named fixtures; returns their paths as given (the source_file)."""
    paths = [str(REAL_CASES / name) for name in names]
    result = run_etl_here(["load", "--quiet", *paths], database_url, PAPERHOUSE_HOME=str(home))
    assert result.returncode == EXIT_PUBLISHED, result.stdout + result.stderr
    return paths


def _dataset_rows(dataset: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield from dataset.get("sota", {}).get("rows", [])
    for subdataset in dataset.get("subdatasets", []):
        yield from _dataset_rows(subdataset)


def _task_rows(task: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for dataset in task.get("datasets", []):
        yield from _dataset_rows(dataset)
    for subtask in task.get("subtasks", []):
        yield from _task_rows(subtask)


def _leaderboard_rows(path: str) -> dict[int, dict[str, Any]]:
    """The rows of an evaluation-tables file by record number, read here independently of
    the reader: a task's datasets, each followed by its subdatasets, then its subtasks.
    Numbers keep the text they are written with ("0.930" stays "0.930")."""
    tasks = json.loads(Path(path).read_text(), parse_float=str, parse_int=str)
    rows = (row for task in tasks for row in _task_rows(task))
    return dict(enumerate(rows, start=1))


def _values(rows: dict[int, dict[str, Any]], records: set[int]) -> set[tuple[int, str, str]]:
    """(record number, metric, value as written) of every non-empty value of those records."""
    return {
        (record, metric, value)
        for record in records
        for metric, value in rows[record]["metrics"].items()
        if value not in (None, "")
    }


def _rejected_records(url: str, path: str) -> set[int]:
    rows = _rows(url, "SELECT record_number FROM etl.rejects WHERE source_file = %s", (path,))
    return {record for (record,) in rows}


def test_part_of_abstracts_keep_neurips_2018_papers_apart(
    database_url: str, tmp_path: Path
) -> None:
    (path,) = _load(database_url, tmp_path, "nips2018.json")

    records = json.loads(Path(path).read_text())
    stub_titles = sorted(record["title"] for record in records if record["abstract"] == "Part of")
    assert len(stub_titles) == 3
    papers = _rows(
        database_url,
        "SELECT title, abstract, abstract_source, abstract_fingerprint, published_on, "
        "published_on_precision FROM papers",
    )
    assert len(papers) == len(records) == 4
    assert _rows(
        database_url,
        "SELECT l.listing_name, count(*) FROM paper_listings JOIN listings l USING (listing_id) "
        "GROUP BY 1",
    ) == [("NeurIPS 2018", 4)]
    ((_, abstract, _, fingerprint, published_on, precision),) = [
        paper for paper in papers if paper[0] not in stub_titles
    ]
    assert abstract is not None and fingerprint is not None
    assert (published_on, precision) == (date(2018, 1, 1), "year")
    # The stub is no abstract and no identity: each paper keeps its own title, and the stub
    # stays as the source wrote it.
    assert sorted(paper for paper in papers if paper[0] in stub_titles) == [
        (title, None, "Part of", None, date(2018, 1, 1), "year") for title in stub_titles
    ]


def test_placeholder_leaderboard_titles_are_no_identity_and_links_name_the_papers(
    database_url: str, tmp_path: Path
) -> None:
    paths = _load(
        database_url, tmp_path, "nlp-progress.json", "snli.json", "squad.json", "record.json"
    )

    nlp_progress, _, squad, _ = paths
    raw_rows = {path: _leaderboard_rows(path) for path in paths}
    # Every row of these files has a citation marker, an author stub or a link as its title.
    titled = _rows(
        database_url, "SELECT title FROM papers WHERE num_nonnulls(title, title_key) > 0"
    )
    assert titled == []
    sources = [
        (Path(path).name, record, raw_rows[path][record]["paper_title"], acl, arxiv, evidence)
        for path, record, acl, arxiv, evidence in _rows(
            database_url,
            "SELECT s.source_file, s.record_number, p.acl_id, p.arxiv_id, s.match_evidence "
            "FROM paper_sources s JOIN papers p USING (paper_id)",
        )
    ]
    assert sorted(sources) == [
        # The ACL ids of anthology URLs: .../anthology/E/E17/E17-1010.pdf, .../anthology/D17-1120
        ("nlp-progress.json", 1, "[1]", "E17-1010", None, "acl_id"),
        ("nlp-progress.json", 2, "[2]", "D17-1120", None, "acl_id"),
        ("nlp-progress.json", 3, "[4]", "N18-1202", None, "acl_id"),
        ("nlp-progress.json", 4, "[1]", "E17-1010", None, "acl_id"),
        # The subtask's "[1]" and "[4]" are other papers than the task's.
        ("nlp-progress.json", 5, "[1]", "P16-1085", None, "acl_id"),
        ("nlp-progress.json", 6, "[4]", "N15-1035", None, "acl_id"),
        ("record.json", 1, "https://arxiv.org/pdf/1810.04805.pdf", None, "1810.04805", "arxiv_id"),
        ("snli.json", 1, "Munkhdalai & Yu '16b", None, "1607.04492", "arxiv_id"),
        ("snli.json", 2, "Munkhdalai & Yu '16a", None, "1607.04315", "arxiv_id"),
        ("snli.json", 3, "Parikh et al. '16", None, "1606.01933", "arxiv_id"),
        ("squad.json", 2, "https://arxiv.org/abs/1810.04805", None, "1810.04805", "arxiv_id"),
        ("squad.json", 3, "https://arxiv.org/abs/1710.10504", None, "1710.10504", "arxiv_id"),
        ("squad.json", 4, "https://arxiv.org/abs/1710.10504", None, "1710.10504", "arxiv_id"),
    ]
    # The two "[4]" rows are two papers; the three "[1]" rows, two.
    for marker, papers in (("[4]", 2), ("[1]", 2)):
        records = [n for n, row in raw_rows[nlp_progress].items() if row["paper_title"] == marker]
        assert _rows(
            database_url,
            "SELECT count(DISTINCT paper_id) FROM paper_sources WHERE source_file = %s "
            "AND record_number = ANY(%s)",
            (nlp_progress, records),
        ) == [(papers,)], marker
    # A company's web site names no paper: its row is an entry with its paper unknown, its
    # model and values published all the same.
    site = "https://www.senseforth.ai/"
    (website,) = [n for n, row in raw_rows[squad].items() if row["paper_url"] == site]
    assert _rows(
        database_url,
        "SELECT s.paper_id, count(r.result_id), count(r.paper_id), min(r.model_name) "
        "FROM paper_sources s JOIN results r USING (source_file, record_number) "
        "WHERE s.source_file = %s AND s.record_number = %s GROUP BY 1",
        (squad, website),
    ) == [
        (None, len(raw_rows[squad][website]["metrics"]), 0, raw_rows[squad][website]["model_name"])
    ]
    assert _rejected_records(database_url, squad) == set()


def test_every_leaderboard_row_is_results_or_a_reject(database_url: str, tmp_path: Path) -> None:
    squad, eff = _load(database_url, tmp_path, "squad.json", "eff.json")

    squad_rows, eff_rows = _leaderboard_rows(squad), _leaderboard_rows(eff)
    # No row is rejected: the web site (squad.json record 1) and the row with neither title
    # nor link (record 5) are entries with their paper unknown; eff.json's rows with only a
    # PDF link are all papers.
    rejected = {path: _rejected_records(database_url, path) for path in (squad, eff)}
    assert rejected == {squad: set(), eff: set()}
    assert _rows(
        database_url,
        "SELECT source_file, array_agg(record_number ORDER BY record_number) FROM paper_sources "
        "WHERE paper_id IS NULL GROUP BY 1",
    ) == [(squad, [1, 5])]
    for path, rows in ((squad, squad_rows), (eff, eff_rows)):
        published = _rows(
            database_url,
            "SELECT record_number, metric_text, raw_text FROM results "
            "WHERE origin = 'leaderboard' AND source_file = %s",
            (path,),
        )
        assert sorted(published) == sorted(_values(rows, set(rows))), path

    # Conductor-net (ensemble): two rows of one paper, task, dataset, metric and model, every
    # value of both published.
    conductor = {
        n for n, row in squad_rows.items()
        if row["model_name"] == "Conductor-net (ensemble)" and row["paper_url"]
    }  # fmt: skip
    assert len(conductor) == 2
    assert _rows(
        database_url,
        "SELECT count(*), count(DISTINCT raw_text) FROM results "
        "WHERE source_file = %s AND record_number = ANY(%s) "
        "GROUP BY paper_id, task_tag_id, dataset_id, metric_text, model_name",
        (squad, sorted(conductor)),
    ) == [(2, 2), (2, 2)]

    # Rows named only by a PDF link: one paper per PDF, known by its link, without a title.
    shared_pdf_rows = {
        n for n, row in eff_rows.items()
        if row["paper_url"] == "http://www.danielpovey.com/files/2013_interspeech_dnn.pdf"
    }  # fmt: skip
    assert len(shared_pdf_rows) == 6
    (paper,) = _rows(
        database_url,
        "SELECT p.paper_id, p.title, array_agg(s.record_number ORDER BY s.record_number), "
        "array_agg(DISTINCT s.match_evidence) FROM papers p JOIN paper_sources s "
        "USING (paper_id) WHERE p.paper_url = 'danielpovey.com/files/2013_interspeech_dnn.pdf' "
        "AND s.source_file = %s GROUP BY 1, 2",
        (eff,),
    )
    assert paper[1:] == (None, sorted(shared_pdf_rows), ["paper_url"])
    assert _rows(
        database_url,
        "SELECT count(*) FROM papers p JOIN paper_sources s USING (paper_id) "
        "WHERE s.source_file = %s AND (p.title IS NOT NULL OR p.paper_url IS NULL)",
        (eff,),
    ) == [(0,)]


def test_a_code_link_in_the_abstract_of_a_source_that_does_not_win_is_kept(
    database_url: str, tmp_path: Path
) -> None:
    conference_list, daily = _load(database_url, tmp_path, "colm2025.json", "2025-02-06.json")

    (conference_record,) = json.loads(Path(conference_list).read_text())
    items = json.loads(Path(daily).read_text())
    (limo_item,) = [n for n, item in enumerate(items, 1) if item["paper"]["id"] == "2502.03387"]
    assert "github.com/GAIR-NLP/LIMO" in items[limo_item - 1]["paper"]["summary"]
    assert "github.com" not in conference_record["abstract"]

    (paper,) = _rows(
        database_url,
        "SELECT paper_id, abstract_source, metadata_source FROM papers "
        "WHERE arxiv_id = '2502.03387'",
    )
    paper_id = paper[0]
    # The conference list's abstract wins over the Daily Papers summary.
    assert paper[1:] == (conference_record["abstract"], "paperlists")
    assert sorted(
        _rows(
            database_url,
            "SELECT source_file, record_number FROM paper_sources WHERE paper_id = %s",
            (paper_id,),
        )
    ) == sorted([(conference_list, 1), (daily, limo_item)])
    assert _rows(
        database_url,
        "SELECT r.canonical_url, pr.origin, pr.source_field, pr.raw_url, pr.source_file, "
        "pr.record_number FROM paper_repositories pr JOIN repositories r USING (repository_id) "
        "WHERE pr.paper_id = %s",
        (paper_id,),
    ) == [
        (
            "https://github.com/GAIR-NLP/LIMO",
            "abstract",
            None,
            "https://github.com/GAIR-NLP/LIMO",
            daily,
            limo_item,
        )
    ]


def _balanced(text: str) -> bool:
    depth = 0
    for character in text:
        depth += {"(": 1, ")": -1}.get(character, 0)
        if depth < 0:
            return False
    return depth == 0


def test_markdown_in_a_code_link_gives_each_url_alone(database_url: str, tmp_path: Path) -> None:
    # Every real case at once, so that no link of any of them escapes the URL check below.
    _load(database_url, tmp_path, *sorted(path.name for path in REAL_CASES.glob("*.json")))

    markdown = str(REAL_CASES / "markdown-code-links.json")
    links = _rows(
        database_url,
        "SELECT r.canonical_url, e.subpath, e.raw_url FROM entry_repositories e "
        "JOIN repositories r USING (repository_id) "
        "WHERE e.source_file = %s AND e.source_field = 'code_links'",
        (markdown,),
    )
    assert sorted(links, key=lambda link: (link[0], link[1] or "")) == [
        ("https://github.com/therne/dmn-tensorflow", None, "https://github.com/therne/dmn-tensorflow"),
        ("https://github.com/therne/dmn-tensorflow", "tree/master/models", "https://github.com/therne/dmn-tensorflow/tree/master/models"),
        ("https://gitlab.com/therne/dmn-tensorflow", None, "https://gitlab.com/therne/dmn-tensorflow"),
    ]  # fmt: skip
    urls = _rows(
        database_url,
        "SELECT canonical_url FROM repositories UNION ALL SELECT raw_url FROM paper_repositories",
    )
    assert len(urls) > len(links)
    for (url,) in urls:
        assert not re.search(r"[\s\[\]]", url) and _balanced(url), url


def test_a_leaderboard_entry_date_is_no_publication_date(database_url: str, tmp_path: Path) -> None:
    hotpotqa, squad = _load(database_url, tmp_path, "hotpotqa.json", "squad.json")

    # Each value keeps the date of its row's entry.
    for path in (hotpotqa, squad):
        rows = _leaderboard_rows(path)
        rejected = _rejected_records(database_url, path)
        entered = _rows(
            database_url,
            "SELECT DISTINCT record_number, entered_on FROM results WHERE source_file = %s",
            (path,),
        )
        assert sorted(entered) == [
            (n, date.fromisoformat(rows[n]["paper_date"])) for n in sorted(set(rows) - rejected)
        ]
    # A paper known only from leaderboard rows has the month of its arXiv id, else no date.
    papers = _rows(
        database_url,
        "SELECT arxiv_id, openreview_id, published_on, published_on_precision FROM papers",
    )
    assert sorted(papers, key=lambda paper: (paper[0] or "", paper[1] or "")) == [
        (None, "SJxstlHFPH", None, None),  # DrKIT, entered 2020-02-21
        (None, "r1eIiCNYwS", None, None),  # Transformer-XH, entered 2020-02-04
        ("1710.10504", None, date(2017, 10, 1), "month"),  # Conductor-net, 2018-01-02, 2017-11-06
        ("1810.04805", None, date(2018, 10, 1), "month"),  # BERT, entered 2018-10-05
        ("2012.15534", None, date(2020, 12, 1), "month"),  # HopRetriever, entered 2021-01-15
    ]


def test_a_paper_older_rules_made_of_other_papers_records_is_retired_on_reload(
    database_url: str, tmp_path: Path
) -> None:
    # What the older rules published: nlp-progress's two "[4]" rows (ELMo, N18-1202, and
    # Taghipour & Ng, N15-1035) as one paper titled "[4]", found by that title.
    (path,) = _load(database_url, tmp_path, "nlp-progress.json")
    with psycopg.connect(database_url) as conn:
        records = [r for (r,) in conn.execute(
            "SELECT s.record_number FROM paper_sources s JOIN papers p USING (paper_id) "
            "WHERE p.acl_id IN ('N18-1202', 'N15-1035') ORDER BY 1"
        ).fetchall()]  # fmt: skip
        (merged,) = conn.execute(
            "INSERT INTO papers (paper_key, title, title_key, metadata_source, created_run_id, "
            "changed_run_id) VALUES ('title:older', '[4]', '4', 'pwc-evaluation', 1, 1) "
            "RETURNING paper_id"
        ).fetchone()
        conn.execute(
            "INSERT INTO paper_identifiers (paper_id, kind, value, created_run_id, "
            "changed_run_id) VALUES (%s, 'title_key', '4', 1, 1)",
            (merged,),
        )
        elmo = conn.execute("SELECT paper_id FROM papers WHERE acl_id = 'N18-1202'").fetchone()
        conn.execute("UPDATE paper_sources SET paper_id = %s WHERE paper_id IN "
                     "(SELECT paper_id FROM papers WHERE acl_id IN ('N18-1202', 'N15-1035'))",
                     (merged,))  # fmt: skip
        conn.execute("UPDATE results SET paper_id = %s WHERE paper_id = %s", (merged, elmo[0]))
        for table in ("paper_identifiers", "paper_listings", "paper_repositories", "paper_tags"):
            conn.execute(f"DELETE FROM {table} WHERE paper_id IN (SELECT paper_id FROM papers "
                         "WHERE acl_id IN ('N18-1202', 'N15-1035'))")  # fmt: skip
        conn.execute("UPDATE results SET paper_id = %s WHERE paper_id IN (SELECT paper_id "
                     "FROM papers WHERE acl_id = 'N15-1035')", (merged,))  # fmt: skip
        conn.execute("DELETE FROM papers WHERE acl_id IN ('N18-1202', 'N15-1035')")
    assert len(records) == 2

    reloaded = run_etl_here(["load", "--reload", path], database_url, PAPERHOUSE_HOME=str(tmp_path))
    assert reloaded.returncode == EXIT_PUBLISHED, reloaded.stderr
    # The two rows are their own papers again; the paper of the older rules is gone, with
    # nothing left hanging on it; every value of the two rows is on its own paper.
    assert _rows(database_url, "SELECT count(*) FROM papers WHERE paper_key = 'title:older'") == [
        (0,)
    ]
    owners = _rows(
        database_url,
        "SELECT s.record_number, p.acl_id FROM paper_sources s JOIN papers p USING (paper_id) "
        "WHERE s.record_number = ANY(%s) ORDER BY 1",
        (records,),
    )
    assert sorted(acl for _, acl in owners) == ["N15-1035", "N18-1202"]
    assert _rows(
        database_url,
        "SELECT count(*) FROM results r JOIN paper_sources s USING (source_file, record_number) "
        "WHERE r.paper_id <> s.paper_id",
    ) == [(0,)]

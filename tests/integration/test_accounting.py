"""Every record accounted for, and one identity however the files come: real loads into
Postgres, checked against the raw files as this module counts them itself (a few lines per
format, nothing from etl.extract). A record read is published into a paper or rejected with a
reason, never both, never neither; records group into the same papers whether their files are
loaded in one run or one after the other, and a record that links two published papers is
attached to one of them and the pair kept for review, never merged.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import replace
from pathlib import Path
from typing import Any

import psycopg
import pytest

from etl.config import PROJECT_ROOT, Settings
from etl.pipeline import EXIT_PUBLISHED, load
from etl.progress import Progress
from tests.published import published_state
from tests.samples import SHARED_DATA, needs_shared_data

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).parents[1] / "fixtures"


def _is_input(path: Path) -> bool:
    """Expected outputs (golden/) and labelled abstracts (heldout*/) are not inputs."""
    folder = path.relative_to(FIXTURES).parts[0]
    return folder != "golden" and not folder.startswith("heldout")


FIXTURE_INPUTS = [
    *sorted(
        path
        for path in FIXTURES.rglob("*")
        if path.suffix in {".json", ".jsonl", ".txt"} and _is_input(path)
    ),
    *sorted((PROJECT_ROOT / "data" / "sample").glob("*.txt")),
]
# `make load-all`: the sample folders in this order, each sorted.
SHARED_SAMPLE_PATTERNS = (
    "arxiv/*.jsonl",
    "paperlists/*.json",
    "pwc/api/*.json",
    "pwc/evaluation-tables/*.json",
    "hf-daily/*.json",
    "listings/*.txt",
)
SHARED_SAMPLES = [
    path for pattern in SHARED_SAMPLE_PATTERNS for path in sorted(SHARED_DATA.glob(pattern))
]
# A subset of the shared samples, one run per file in a reasonable time, that spans every
# format and their real duplicates: papers of nips2018 in nlp-progress (arXiv id, title),
# of nlp-progress in snli (arXiv id, paper URL), of COLM 2025 on these Daily Papers days
# (title), of the Daily Papers listing on 2024-08-05 and 2025-01-08 (abstract).
SHARED_IDENTITY_SAMPLES = [
    SHARED_DATA / name
    for name in (
        "arxiv/arxiv-metadata-oai-snapshot.sample.jsonl",
        "paperlists/colm2025.json",
        "paperlists/nips2018.json",
        "pwc/api/paper_get_response.json",
        "pwc/api/paper_list_response.json",
        "pwc/evaluation-tables/nlp-progress.json",
        "pwc/evaluation-tables/snli.json",
        "hf-daily/2024-08-05.json",
        "hf-daily/2024-11-05.json",
        "hf-daily/2025-01-08.json",
        "hf-daily/2025-02-06.json",
        "hf-daily/2025-04-02.json",
        "listings/daily-papers.txt",
        "listings/neurips-2025-papers.txt",
    )
]
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8-sig"))


def _listing_records(path: Path) -> int:
    """Non-empty lines after the first one, which names the listing."""
    text = path.read_text(encoding="utf-8-sig")
    return sum(1 for line in _LINE_BREAK.split(text) if line.strip()) - 1


def _arxiv_records(path: Path) -> int:
    """Non-empty lines, one record each."""
    return sum(1 for line in path.read_bytes().split(b"\n") if line.strip())


def _daily_papers_records(path: Path) -> int:
    """Items of the list, or of its `data` when the list is wrapped."""
    document = _json(path)
    return len(document["data"] if isinstance(document, dict) else document)


def _leaderboard_rows(task: dict[str, Any]) -> int:
    """sota rows of every dataset and subdataset of a task and of its subtasks."""

    def dataset_rows(dataset: dict[str, Any]) -> int:
        own = len((dataset.get("sota") or {}).get("rows") or [])
        return own + sum(dataset_rows(sub) for sub in dataset.get("subdatasets") or [])

    return sum(dataset_rows(dataset) for dataset in task.get("datasets") or []) + sum(
        _leaderboard_rows(subtask) for subtask in task.get("subtasks") or []
    )


def _evaluation_table_records(path: Path) -> int:
    """Leaderboard rows of a list of tasks, or of one task object."""
    document = _json(path)
    tasks = document if isinstance(document, list) else [document]
    return sum(_leaderboard_rows(task) for task in tasks)


def _pwc_api_records(path: Path) -> int:
    """Paper objects: the response itself, or the items of a page of papers (pages of
    methods, results or tasks hold none)."""
    document = _json(path)
    items = document.get("results", [document])
    return sum(1 for item in items if "url_abs" in item)


RAW_RECORDS = {
    "listing": _listing_records,
    "arxiv": _arxiv_records,
    "hf-daily": _daily_papers_records,
    "paperlists": lambda path: len(_json(path)),
    "pwc-evaluation": _evaluation_table_records,
    "pwc-api": _pwc_api_records,
}


def _format(path: Path) -> str:
    """The format of an input file, told by a glance at what it holds (the loader's sniffing
    is what is tested, so it is not used)."""
    if path.suffix == ".txt":
        return "listing"
    if path.suffix == ".jsonl":
        return "arxiv"
    document = _json(path)
    first = document[0] if isinstance(document, list) and document else document
    # Daily Papers: a list of items (or of Python-repr strings of items), or it wrapped.
    if isinstance(document, dict) and "data" in document or isinstance(first, str):
        return "hf-daily"
    if isinstance(first, dict) and isinstance(first.get("paper"), dict):
        return "hf-daily"
    if isinstance(first, dict) and "status" in first and "title" in first:
        return "paperlists"
    if isinstance(first, dict) and ("datasets" in first or "subtasks" in first):
        return "pwc-evaluation"
    return "pwc-api"


def _rows(url: str, query: str, params: tuple = ()) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query, params or None).fetchall()


def _numbers_by_file(rows: list[tuple[str, int]]) -> dict[str, set[int]]:
    numbers: dict[str, set[int]] = {}
    for source_file, record_number in rows:
        numbers.setdefault(source_file, set()).add(record_number)
    return numbers


def _accounts(url: str, paths: list[Path]) -> dict[str, dict[str, Any]]:
    """Per input file: records in the raw file, records the ledger says were read (and in
    what format), and how the published and rejected record numbers cover the file."""
    ledger = {
        path: (records, file_format)
        for path, records, file_format in _rows(
            url,
            "SELECT f->>'path', (f->>'records')::int, f->>'format' FROM etl.runs r, "
            "jsonb_array_elements(r.input_files) f WHERE r.status = 'published' AND f ? 'records'",
        )
    }
    published = _numbers_by_file(_rows(url, "SELECT source_file, record_number FROM paper_sources"))
    # A `value.` reject sets aside one value of a published record, not the record.
    rejected = _numbers_by_file(
        _rows(
            url,
            "SELECT source_file, record_number FROM etl.rejects WHERE record_number IS NOT NULL "
            "AND rule NOT LIKE 'value.%'",
        )
    )
    values_set_aside = _numbers_by_file(
        _rows(url, "SELECT source_file, record_number FROM etl.rejects WHERE rule LIKE 'value.%'")
    )
    accounts = {}
    for path in paths:
        name = str(path)
        raw = RAW_RECORDS[_format(path)](path)
        into_papers, set_aside = published.get(name, set()), rejected.get(name, set())
        read, file_format = ledger.get(name, (None, None))
        accounts[name] = {
            "format": file_format,
            "raw": raw,
            "read": read,
            "published + rejected": len(into_papers) + len(set_aside),
            "published and rejected": sorted(into_papers & set_aside),
            "no record of the file": sorted((into_papers | set_aside) - set(range(1, raw + 1))),
            "values set aside of unpublished records": sorted(
                values_set_aside.get(name, set()) - into_papers
            ),
        }
    return accounts


def _assert_every_record_accounted_for(url: str, paths: list[Path]) -> None:
    accounts = _accounts(url, paths)
    balanced = {
        name: {
            **account,
            "format": _format(Path(name)),
            "read": account["raw"],
            "published + rejected": account["raw"],
            "published and rejected": [],
            "no record of the file": [],
            "values set aside of unpublished records": [],
        }
        for name, account in accounts.items()
    }
    assert accounts == balanced
    assert _rows(
        url, "SELECT count(*) FROM etl.rejects WHERE btrim(rule) = '' OR btrim(reason) = ''"
    ) == [(0,)]


@pytest.fixture(scope="module")
def fixtures_in_one_run(
    scratch_database: Callable[..., AbstractContextManager[str]],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[str]:
    """A database into which every fixture was loaded in one run, once for the module: the
    tests that read it do not write to it."""
    with scratch_database() as url:
        settings = replace(
            Settings.from_env({}), database_url=url, home=tmp_path_factory.mktemp("one-run")
        )
        outcome = load(FIXTURE_INPUTS, settings, Progress(quiet=True))
        assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
        yield url


def test_every_record_of_every_fixture_is_published_or_rejected(fixtures_in_one_run: str) -> None:
    _assert_every_record_accounted_for(fixtures_in_one_run, FIXTURE_INPUTS)


@needs_shared_data
def test_every_record_of_every_shared_sample_is_published_or_rejected(
    settings: Settings, database_url: str
) -> None:
    outcome = load(SHARED_SAMPLES, settings, Progress(quiet=True))

    assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
    _assert_every_record_accounted_for(database_url, SHARED_SAMPLES)


def _papers_as_records(url: str) -> set[frozenset[tuple[str, int]]]:
    """Every published paper as the source records (file, record number) grouped into it."""
    papers: dict[int, set[tuple[str, int]]] = {}
    for paper_id, source_file, record_number in _rows(
        url, "SELECT paper_id, source_file, record_number FROM paper_sources"
    ):
        papers.setdefault(paper_id, set()).add((source_file, record_number))
    return {frozenset(records) for records in papers.values()}


def _assert_one_run_and_a_run_per_file_give_the_same_papers(
    paths: list[Path], one_run_url: str, settings: Settings, run_per_file_url: str
) -> None:
    """`paths` were loaded in one run into `one_run_url`; load them a file per run."""
    per_file_settings = replace(
        settings, database_url=run_per_file_url, home=settings.home.with_name("run-per-file")
    )
    for path in paths:
        outcome = load([path], per_file_settings, Progress(quiet=True))
        assert outcome.exit_code == EXIT_PUBLISHED, (path, outcome.error)

    papers = _papers_as_records(one_run_url)
    # Papers that several files give: what a later run must find among the published ones.
    assert any(len({source_file for source_file, _ in paper}) > 1 for paper in papers)
    assert _papers_as_records(run_per_file_url) == papers


def test_fixtures_group_into_the_same_papers_in_one_run_and_in_a_run_per_file(
    fixtures_in_one_run: str, settings: Settings, second_database_url: str
) -> None:
    _assert_one_run_and_a_run_per_file_give_the_same_papers(
        FIXTURE_INPUTS, fixtures_in_one_run, settings, second_database_url
    )


@needs_shared_data
def test_shared_samples_group_into_the_same_papers_in_one_run_and_in_a_run_per_file(
    settings: Settings, second_database_url: str
) -> None:
    together = load(SHARED_IDENTITY_SAMPLES, settings, Progress(quiet=True))
    assert together.exit_code == EXIT_PUBLISHED, together.error
    _assert_one_run_and_a_run_per_file_give_the_same_papers(
        SHARED_IDENTITY_SAMPLES, settings.database_url, settings, second_database_url
    )


def _arxiv_line(arxiv_id: str, title: str, doi: str | None = None) -> str:
    """A line of the arXiv snapshot: the fixture's first record with these identifiers."""
    template = json.loads((FIXTURES / "arxiv" / "snapshot-sample.jsonl").open().readline())
    record = {
        **template,
        "id": arxiv_id,
        "doi": doi,
        "title": title,
        "abstract": f"We introduce {title} and study it at length. " + template["abstract"],
        "versions": [{"version": "v1", "created": "Thu, 2 Jan 2025 10:00:00 GMT"}],
    }
    return json.dumps(record) + "\n"


def test_a_record_linking_two_published_papers_joins_one_and_the_pair_awaits_review(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    published = tmp_path / "published.jsonl"
    published.write_text(
        _arxiv_line("2501.00001", "ZetaNet")
        + _arxiv_line("2501.00002", "EtaNet", doi="10.5555/etanet.2025")
    )
    # ZetaNet's arXiv id with EtaNet's DOI: a wrong DOI, or two papers that are one.
    linking = tmp_path / "linking.jsonl"
    linking.write_text(_arxiv_line("2501.00001", "ZetaNet", doi="10.5555/etanet.2025"))
    assert load([published], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED

    outcome = load([linking], settings, Progress(quiet=True))

    assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
    papers = dict(_rows(database_url, "SELECT arxiv_id, paper_id FROM papers"))
    assert papers.keys() == {"2501.00001", "2501.00002"}
    zeta, eta = papers["2501.00001"], papers["2501.00002"]
    # The arXiv id names a paper more surely than a DOI does.
    assert _rows(
        database_url,
        "SELECT paper_id, match_evidence FROM paper_sources "
        "WHERE source_file = %s AND record_number = 1",
        (str(linking),),
    ) == [(zeta, "arxiv_id")]
    candidates = (
        "SELECT paper_id, other_paper_id, evidence, source_file, record_number, run_id "
        "FROM etl.merge_candidates"
    )
    assert _rows(database_url, candidates) == [(zeta, eta, "doi", str(linking), 1, outcome.run_id)]

    before = published_state(database_url), _rows(database_url, candidates)
    again = load([published, linking], settings, Progress(quiet=True))
    reloaded = load([published, linking], settings, Progress(quiet=True), reload=True)

    assert again.status == "skipped"
    assert reloaded.exit_code == EXIT_PUBLISHED, reloaded.error
    assert (published_state(database_url), _rows(database_url, candidates)) == before

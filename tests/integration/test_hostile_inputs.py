"""The hostile-input corpus (tests/hostile): each file loaded alone by `etl load` into its own
database. None may crash the loader (an exception it lets out fails the test), run SQL of its
own, or publish what it should not; each must end as its case says."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack
from pathlib import Path

import psycopg
import pytest

from tests.etl_process import run_etl_here
from tests.hostile.build import CASES, Case

INPUTS = Path(__file__).parents[1] / "hostile" / "inputs"


def test_the_corpus_on_disk_is_what_its_builder_says() -> None:
    assert sorted(p.name for p in INPUTS.iterdir()) == sorted(c.name for c in CASES)
    for case in CASES:
        assert (INPUTS / case.name).read_bytes() == case.content, case.name


def _rows(url: str, query: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query).fetchall()


@pytest.fixture(scope="module")
def loaded(
    scratch_database: Callable[..., AbstractContextManager[str]],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[[str], tuple[subprocess.CompletedProcess, str]]]:
    """`loaded(name)`: the corpus file loaded alone by `etl load --json` into a database of
    its own, and that database; once per file for the module (the tests that look closer at
    a case's published rows read the same load)."""
    with ExitStack() as databases:
        loads: dict[str, tuple[subprocess.CompletedProcess, str]] = {}

        def load(name: str) -> tuple[subprocess.CompletedProcess, str]:
            if name not in loads:
                url = databases.enter_context(scratch_database())
                home = tmp_path_factory.mktemp("hostile")
                result = run_etl_here(
                    ["load", "--json", str(INPUTS / name)], url, PAPERHOUSE_HOME=str(home)
                )
                loads[name] = result, url
            return loads[name]

        yield load


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_a_hostile_input_ends_as_its_case_says(
    case: Case, loaded: Callable[[str], tuple[subprocess.CompletedProcess, str]]
) -> None:
    result, url = loaded(case.name)

    assert result.returncode == case.exit_code, result.stderr
    assert json.loads(result.stdout)["exit_code"] == case.exit_code
    assert _rows(url, "SELECT count(*) FROM papers") == [(case.papers,)]
    assert dict(_rows(url, "SELECT rule, count(*) FROM etl.rejects GROUP BY rule")) == (
        case.reject_rules
    )
    status = {0: "published", 1: "blocked", 2: "failed"}[case.exit_code]
    assert _rows(url, "SELECT status FROM etl.runs") == [(status,)]
    # Nothing hostile reaches the published tables, whatever the file.
    assert _rows(
        url,
        "SELECT count(*) FROM results "
        "WHERE NOT (value > '-Infinity' AND value < 'Infinity') "
        "OR NOT (coalesce(scale, 0) > '-Infinity' AND coalesce(scale, 0) < 'Infinity')",
    ) == [(0,)]
    assert _rows(url, "SELECT count(*) FROM repositories WHERE canonical_url !~ '^https?://'") == [
        (0,)
    ]


def _loaded(name: str, loaded: Callable[[str], tuple[subprocess.CompletedProcess, str]]) -> str:
    result, url = loaded(name)
    assert result.returncode == 0, result.stderr
    return url


@pytest.mark.slow
def test_sql_in_the_text_is_published_as_text(
    loaded: Callable[[str], tuple[subprocess.CompletedProcess, str]],
) -> None:
    url = _loaded("sql-looking.txt", loaded)
    assert _rows(url, "SELECT listing_name FROM listings") == [("Robert'); DROP TABLE papers;--",)]
    written = [a for (a,) in _rows(url, "SELECT abstract_source FROM papers")]
    assert sorted(a.split(" We introduce")[0] for a in written) == [
        "$$; TRUNCATE etl.runs CASCADE; $$ %s %(name)s :name \\copy",
        "'; DELETE FROM papers; --",
        'Bobby" OR 1=1; UPDATE papers SET title = NULL; --',
    ]
    assert _rows(url, "SELECT count(*) FROM etl.runs") == [(1,)]


@pytest.mark.slow
def test_only_http_links_become_repositories(
    loaded: Callable[[str], tuple[subprocess.CompletedProcess, str]],
) -> None:
    url = _loaded("odd-schemes.txt", loaded)
    assert _rows(url, "SELECT canonical_url FROM repositories") == [
        ("https://github.com/hostile-corpus/real-repo",)
    ]


@pytest.mark.slow
def test_nul_bytes_escaped_in_json_are_removed(
    loaded: Callable[[str], tuple[subprocess.CompletedProcess, str]],
) -> None:
    url = _loaded("2025-01-07-escaped-nul.json", loaded)
    assert _rows(url, "SELECT title, left(abstract, 5) FROM papers") == [("Nulin title", "AWe i")]

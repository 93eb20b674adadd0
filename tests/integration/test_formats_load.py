"""Formats recognised, not assumed: `etl load` as users run it, on a file that is no format
paperhouse reads and on one that is, in a shape the readers once refused."""

import json
from pathlib import Path

import psycopg
import pytest

from etl.pipeline import EXIT_BAD_INPUT, EXIT_PUBLISHED
from tests.etl_process import run_etl_here
from tests.published import published_state

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).parents[1] / "fixtures"
ABSTRACT = (
    "We propose ZetaNet, a method for graph reasoning that reaches 81.5% accuracy on "
    "OGBN-Arxiv and runs 3x faster than prior work."
)


def _rows(url: str, query: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query).fetchall()


def test_a_csv_file_is_refused_and_nothing_published(
    database_url: str, sample_paths: list[Path], tmp_path: Path
) -> None:
    # A paper list exported as CSV: sentences in a column, but a table, not a listing (it
    # was published as a listing named "id,title,abstract").
    papers = tmp_path / "papers.csv"
    papers.write_text(
        "id,title,abstract\n"
        f'2501.00001,ZetaNet,"{ABSTRACT}"\n'
        f'2501.00002,"Graphs, again","{ABSTRACT.replace("ZetaNet", "EtaNet")}"\n'
    )
    before = published_state(database_url)

    result = run_etl_here(
        ["load", "--json", str(papers), *map(str, sample_paths)],
        database_url,
        PAPERHOUSE_HOME=str(tmp_path),
    )

    assert result.returncode == EXIT_BAD_INPUT, result.stderr
    assert f"{papers}:1: not a format paperhouse reads: text, but line 1 is not a name" in (
        result.stderr
    )
    assert json.loads(result.stdout)["exit_code"] == EXIT_BAD_INPUT
    assert published_state(database_url) == before
    assert _rows(database_url, "SELECT status FROM etl.runs") == [("failed",)]
    assert _rows(
        database_url, "SELECT source_file, line_number, rule, raw_snippet FROM etl.rejects"
    ) == [(str(papers), 1, "file.unknown_format", "id,title,abstract")]


def test_a_papers_with_code_file_of_one_task_loads(database_url: str, tmp_path: Path) -> None:
    single_task = FIXTURES / "pwc" / "one-task" / "word-sense-disambiguation.json"

    result = run_etl_here(
        ["load", "--json", str(single_task)], database_url, PAPERHOUSE_HOME=str(tmp_path)
    )

    assert result.returncode == EXIT_PUBLISHED, result.stderr
    assert _rows(
        database_url, "SELECT source_format, source_record_id FROM paper_sources ORDER BY 2"
    ) == [
        ("pwc-evaluation", "/datasets/0/sota/rows/0"),
        ("pwc-evaluation", "/datasets/0/sota/rows/1"),
        ("pwc-evaluation", "/datasets/0/sota/rows/2"),
        ("pwc-evaluation", "/datasets/1/sota/rows/0"),
    ]
    # Model names without the placeholders Python-Markdown left in the source.
    assert _rows(
        database_url,
        "SELECT DISTINCT model_name FROM results WHERE origin = 'leaderboard' ORDER BY 1",
    ) == [("Bi-LSTMatt+LEX",), ("GASext",), ("MFS baseline",), ("UKBppr_w2w",)]

"""Format detection (open_source): a file is recognised by its content, or refused with what
was expected and what was seen."""

import json
import pprint
from pathlib import Path

import pytest

from etl.extract import SNIFF_BYTES, open_source, read_all, read_batches
from etl.extract.common import InputFileError
from tests.hostile.build import CASES
from tests.samples import SAMPLE_PATHS, SHARED_DATA, needs_shared_data

FIXTURES = Path(__file__).parents[2] / "fixtures"
HOSTILE = Path(__file__).parents[2] / "hostile" / "inputs"
SINGLE_TASK = (FIXTURES / "pwc" / "one-task" / "word-sense-disambiguation.json").read_text()


def refusal(path: Path, content: bytes) -> InputFileError:
    path.write_bytes(content)
    with pytest.raises(InputFileError) as raised:
        open_source(path)
    assert raised.value.source_file == str(path)
    return raised.value


# --- JSON -----------------------------------------------------------------------------------


def test_json_cut_before_its_format_shows_is_reported_as_cut_off(tmp_path: Path) -> None:
    # An evaluation-tables file cut before its first "sota" key: no reader recognises it, and
    # the reason is that the file ends early, not that paperhouse does not read the format.
    cut = SINGLE_TASK[: SINGLE_TASK.index('"sota"')]
    error = refusal(tmp_path / "cut.json", cut.encode())
    assert error.rule == "file.truncated"
    assert "cut off" in error.reason
    lines = cut.splitlines()
    assert f"at line {len(lines)}, column" in error.reason and error.line == len(lines)


def test_json_with_a_syntax_error_is_reported_with_the_parsers_line_and_column(
    tmp_path: Path,
) -> None:
    # The task printed by Python (single quotes) instead of written as JSON.
    printed = pprint.pformat(json.loads(SINGLE_TASK))
    error = refusal(tmp_path / "printed.json", printed.encode())
    assert error.rule == "file.not_json"
    assert error.reason.startswith(
        "not JSON: Expecting property name enclosed in double quotes at line 1, column 2;"
    )
    assert error.line == 1
    assert error.snippet is None  # the text of a file of unknown format may be personal


def test_json_not_utf8_says_where(tmp_path: Path) -> None:
    error = refusal(tmp_path / "latin1.json", b'\xef\xbb\xbf{"task": "caf\xe9"}')
    assert error.rule == "file.not_utf8"
    assert "byte 0xe9 at offset 16 (line 1)" in error.reason


def test_json_too_deeply_nested_is_refused_as_json(tmp_path: Path) -> None:
    error = refusal(tmp_path / "deep.json", b"[" * 100_000 + b"]" * 100_000)
    assert (error.rule, error.reason) == ("file.not_json", "JSON nested too deeply to read")


def test_only_the_head_of_a_big_file_is_judged(tmp_path: Path) -> None:
    padding = json.dumps([{"note": "x" * 100}] * (SNIFF_BYTES // 100))
    # A syntax error inside the first 64 KiB is one, wherever the head ends.
    early = refusal(tmp_path / "early.json", b'[{"a": 1,}, ' + padding[1:].encode())
    assert early.rule == "file.not_json" and "line 1, column 10" in early.reason
    # An error past them is not seen: the file is only of no known format.
    late = refusal(tmp_path / "late.json", padding[:-1].encode() + b", oops]")
    assert late.rule == "file.unknown_format"
    assert "a JSON array with the keys note" in late.reason


@pytest.mark.parametrize(
    ("content", "seen"),
    [
        ('[{"x": 1}, {"y": 2}]', "a JSON array with the keys x, y"),
        ('{"status": "ok", "items": []}', "a JSON object with the keys status, items"),
        ('{"id": 1}\n{"id": 2}\n', "JSON Lines with the keys id"),
        ("[]", "a JSON array without keys"),
    ],
)
def test_valid_json_of_no_known_shape_says_what_it_holds(
    tmp_path: Path, content: str, seen: str
) -> None:
    error = refusal(tmp_path / "other.json", content.encode())
    assert error.rule == "file.unknown_format"
    assert error.reason.startswith(f"not a format paperhouse reads: {seen}; formats: arxiv, ")


# --- text -----------------------------------------------------------------------------------

ABSTRACT = (
    "We propose ZetaNet, a method for graph reasoning that reaches 81.5% accuracy on "
    "OGBN-Arxiv and runs 3x faster than prior work."
)
LISTINGS = [
    FIXTURES / "listings" / "tiny.txt",
    *SAMPLE_PATHS,
    *(HOSTILE / case.name for case in CASES if case.name.endswith(".txt") and case.exit_code == 0),
]


@pytest.mark.parametrize("path", LISTINGS, ids=lambda path: path.name)
def test_listings_are_recognised(path: Path) -> None:
    assert open_source(path).format == "listing"


@needs_shared_data
def test_the_shared_text_files_are_listings_exactly_when_they_are() -> None:
    for path in sorted(SHARED_DATA.rglob("*")):
        if path.suffix in {".txt", ".csv", ".md"}:
            try:
                recognised = open_source(path).format == "listing"
            except InputFileError as error:
                assert error.rule == "file.unknown_format", path
                recognised = False
            assert recognised == (path.parent.name == "listings"), path


def test_a_listing_with_some_odd_lines_is_still_one(tmp_path: Path) -> None:
    lines = ["Reading list", ABSTRACT, "See also: graph reasoning", ABSTRACT, "  ", ABSTRACT]
    path = tmp_path / "reading.txt"
    path.write_text("\n".join(lines) + "\n")
    assert open_source(path).format == "listing"


@pytest.mark.parametrize(
    ("content", "line", "reason"),
    [
        # The case of the issue: a CSV was published as a listing named "a,b,c".
        (
            "a,b,c\n1,2,3\n4,5,6\n",
            1,
            "line 1 is not a name: it is the header of a table of 3 columns separated by ','",
        ),
        (
            f'id;title;abstract\n1;ZetaNet;"{ABSTRACT}"\n2;EtaNet;"{ABSTRACT}"\n',
            1,
            "table of 3 columns separated by ';'",
        ),
        (
            f'Papers\n2501.00001,"ZetaNet","{ABSTRACT}"\n2501.00002,"EtaNet","{ABSTRACT}"\n',
            2,
            "line 2: it holds fields in quotes separated by ',', as a CSV row does",
        ),
        (
            f"id\ttitle\tabstract\n1\tZetaNet\t{ABSTRACT}\n",
            2,
            "line 2, the one after the name, is no abstract: it holds tabs",
        ),
        (
            '"""Graph reasoning."""\n\nimport polars as pl\n\n\ndef zeta(frame):\n'
            '    """ZetaNet reaches 81.5% accuracy on OGBN-Arxiv."""\n    return frame\n',
            3,
            "3 of the first 4 lines after the name are no abstracts; line 3: it starts in lower "
            "case",
        ),
        (
            "2025-01-06 10:00:01,120 INFO [main] Loader started\n"
            "2025-01-06 10:00:01,345 INFO [main] Reading /data/papers.txt (12 KB)\n"
            "2025-01-06 10:00:02,002 WARN [pool-1] Retrying request 3 of 5 after 250 ms\n"
            "2025-01-06 10:00:03,117 ERROR [pool-1] Connection refused: localhost:5432\n",
            2,
            "line 2: it is mostly numbers and symbols, not words",
        ),
        (
            "# Notes\n\nZetaNet reaches 81.5% accuracy on OGBN-Arxiv and runs 3x faster\n"
            "than prior work; the code is on GitHub, and the authors say that\n"
            "the method also works for citation graphs.\n",
            3,
            "line 3: it does not end a sentence (with . ! or ?) or with a link",
        ),
    ],
    ids=["csv", "csv-semicolons", "csv-rows", "tsv", "python", "log", "wrapped-notes"],
)
def test_text_of_another_shape_is_refused_with_the_line_at_fault(
    tmp_path: Path, content: str, line: int, reason: str
) -> None:
    error = refusal(tmp_path / "input.txt", content.encode())
    assert error.rule == "file.unknown_format"
    assert error.reason.startswith("not a format paperhouse reads: text, but ")
    assert reason in error.reason
    assert "a listing is a name line, then one abstract per line" in error.reason
    assert error.line == line
    assert error.snippet == content.splitlines()[line - 1][:200]


@pytest.mark.parametrize(
    ("content", "rule"),
    [
        (b"", "file.empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "file.binary"),
        ("Caf\u00e9 papers\nUn r\u00e9sum\u00e9.\n".encode("latin-1"), "file.not_utf8"),
    ],
)
def test_what_is_no_text_is_refused_as_such(tmp_path: Path, content: bytes, rule: str) -> None:
    path = tmp_path / "input.txt"
    path.write_bytes(content)
    assert [error.rule for error in read_all([path])[2]] == [rule]


def test_format_listing_reads_text_of_any_shape(tmp_path: Path) -> None:
    path = tmp_path / "table.csv"
    path.write_text("a,b,c\n1,2,3\n")
    records = next(read_batches(open_source(path, "listing"), batch_rows=10)).records
    assert records.select("listing_name", "abstract_source").rows() == [("a,b,c", "1,2,3")]

"""Format detection (open_source): a file is recognised by its content, or refused with what
was expected and what was seen."""

import json
import pprint
from pathlib import Path

import pytest

from etl.extract import SNIFF_BYTES, open_source
from etl.extract.common import InputFileError

FIXTURES = Path(__file__).parents[2] / "fixtures"
SINGLE_TASK = (FIXTURES / "pwc" / "single-task.json").read_text()


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

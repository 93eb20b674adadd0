"""The text listing reader, and `etl extract --jsonl` on a golden file."""

import json
import os
from pathlib import Path

import pytest

from etl.cli import main
from etl.contracts import SNIPPET_CHARS
from etl.extract import open_source, read_all, read_batches
from etl.extract.common import InputFileError


def read_listing(path: Path):
    """The listing's records, in one frame (the files here are small)."""
    source = open_source(path, "listing")
    return source, next(read_batches(source, batch_rows=1000)).records


FIXTURES = Path(__file__).parents[2] / "fixtures"
TINY = FIXTURES / "listings" / "tiny.txt"


def test_reads_name_records_and_lines_despite_bom_crlf_blanks_and_spaces() -> None:
    source, records = read_listing(TINY)
    assert records["listing_name"].unique().to_list() == ["Tiny Listing"]
    assert records["record"].to_list() == [1, 2, 3, 4, 5]
    assert records["line"].to_list() == [3, 4, 7, 8, 9]
    assert not any(a.endswith(" ") or "\r" in a for a in records["abstract_source"])
    assert records["abstract_source"][0].startswith("Many machine learning tasks")
    assert records["source_sha256"].unique().to_list() == [source.sha256]
    assert len(source.sha256) == 64 and source.format == "listing"


def test_batches_are_at_most_batch_rows() -> None:
    source = open_source(TINY)
    sizes = [batch.records.height for batch in read_batches(source, batch_rows=2)]
    assert sizes == [2, 2, 1]


def test_extract_jsonl_matches_golden(capsys: pytest.CaptureFixture[str]) -> None:
    cwd = os.getcwd()
    os.chdir(TINY.parent)  # source_file is the path as given
    try:
        assert main(["extract", TINY.name, "--jsonl", "--quiet"]) == 0
    finally:
        os.chdir(cwd)
    produced = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    golden_lines = (FIXTURES / "golden" / "tiny.extract.jsonl").read_text().splitlines()
    assert produced == [json.loads(line) for line in golden_lines]


def test_extract_jsonl_contract(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", str(TINY), "--jsonl", "--quiet"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    expected_keys = {"source_file", "record", "line", "listing", "title", "abstract",
                     "paper_key", "method_name", "method_name_origin", "method_name_way",
                     "repositories", "results", "tags"}  # fmt: skip
    assert all(set(row) == expected_keys for row in rows)
    links = [link for row in rows for link in row["repositories"]]
    assert all(set(link) == {"url", "host", "owner", "name", "kind", "path"} for link in links)
    results = [result for row in rows for result in row["results"]]
    assert results and all(
        set(result) == {"origin", "task", "model", "value", "value_low", "bound", "unit", "scale",
                        "kind", "is_efficiency", "metric", "metric_text", "metric_way", "dataset",
                        "dataset_text", "dataset_way",
                        "dataset_variant", "comparator", "comparator_value", "comparator_unit",
                        "text", "span"}
        for result in results
    )  # fmt: skip
    for row in rows:
        for result in row["results"]:
            start, end = result["span"]
            assert row["abstract"][start:end] == result["text"]
    tags = [tag for row in rows for tag in row["tags"]]
    assert tags and all(set(tag) == {"name", "kind", "origin", "confidence"} for tag in tags)
    # The same abstract twice is one paper mentioned twice.
    assert rows[0]["paper_key"] == rows[4]["paper_key"]
    assert len({row["paper_key"] for row in rows}) == 4


@pytest.mark.parametrize(
    ("content", "rule", "reason_part"),
    [
        (b"", "file.empty", "empty"),
        (b"\xef\xbb\xbf \r\n\r\n  \n", "file.empty", "empty"),
        (b"Listing\nabstract one\x00\x01\x02 with a NUL", "file.binary", "NUL byte"),
        (bytes(range(1, 9)) * 200, "file.binary", "control bytes"),
        (
            "Listing\nfine line\nLatin-1 caf\u00e9 here\n".encode("latin-1"),
            "file.not_utf8",
            "line 3",
        ),
        (b"Only A Name\n\n", "file.no_records", "no abstracts"),
    ],
)
def test_unusable_files_are_rejected_with_file_and_reason(
    tmp_path: Path, content: bytes, rule: str, reason_part: str
) -> None:
    path = tmp_path / "broken.txt"
    path.write_bytes(content)
    with pytest.raises(InputFileError) as raised:
        read_listing(path)
    assert raised.value.rule == rule
    assert reason_part in raised.value.reason
    assert str(path) in str(raised.value)


def test_not_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("Listing\nok\ncaf\u00e9\n".encode("latin-1"))
    with pytest.raises(InputFileError) as raised:
        read_listing(path)
    assert raised.value.line == 3
    assert str(raised.value).startswith(f"{path}:3: not UTF-8")


def test_not_utf8_quotes_the_start_of_the_line_in_snippet_length(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"Listing\n" + "\u00e9".encode("latin-1") * (SNIPPET_CHARS + 50))
    with pytest.raises(InputFileError) as raised:
        read_listing(path)
    assert raised.value.snippet == "\ufffd" * SNIPPET_CHARS


def test_not_utf8_after_a_byte_order_mark_names_the_byte_and_its_offset(tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbfListing\ncaf\xe9\n")
    with pytest.raises(InputFileError) as raised:
        read_listing(path)
    assert "byte 0xe9 at offset 14 (line 2)" in raised.value.reason


def test_missing_file_and_directory(tmp_path: Path) -> None:
    records, _, errors = read_all([tmp_path / "nope.txt", tmp_path, TINY])
    assert [e.rule for e in errors] == ["file.missing", "file.is_directory"]
    assert records["source_file"].unique().to_list() == [str(TINY)]


def test_extract_exits_2_on_an_unusable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    assert main(["extract", str(empty), str(TINY), "--jsonl", "--quiet"]) == 2
    captured = capsys.readouterr()
    assert f"{empty}: file is empty" in captured.err
    assert len(captured.out.splitlines()) == 5

"""The arXiv metadata snapshot reader: golden file, batches, bad lines, whole-file errors,
parts of a file, sniffing."""

import gzip
import hashlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from bench.generate_arxiv import generate
from etl.contracts import RAW_RECORD_SCHEMA, REJECT_SCHEMA, SNIPPET_CHARS
from etl.extract import arxiv, open_source, source_parts
from etl.extract.common import FilePart, InputFileError, SourceFile, file_sha256
from tests.samples import SHARED_DATA, needs_shared_data

FIXTURES = Path(__file__).parents[2] / "fixtures"
ARXIV = FIXTURES / "arxiv"
SAMPLE = ARXIV / "snapshot-sample.jsonl"
GOLDEN = FIXTURES / "golden" / "arxiv" / "snapshot-sample.records.jsonl"
SAMPLE_LINES = SAMPLE.read_text(encoding="utf-8").splitlines()
REPO_TEXTS = sorted((Path(__file__).parents[3] / "data" / "sample").glob("*.txt"))
TEN_MB = 10 * 1024 * 1024


def _source(path: Path) -> SourceFile:
    sha, size = file_sha256(path)
    return SourceFile(path, sha, size, "arxiv")


def _read(path: Path, batch_rows: int = 1000) -> tuple[pl.DataFrame, pl.DataFrame]:
    batches = list(arxiv.read(_source(path), batch_rows=batch_rows))
    records = pl.concat([batch.records for batch in batches])
    rejects = pl.concat([batch.rejects for batch in batches])
    return records, rejects


def _write_lines(directory: Path, lines: list[str | bytes]) -> Path:
    path = directory / "snapshot.jsonl"
    path.write_bytes(
        b"".join((line if isinstance(line, bytes) else line.encode()) + b"\n" for line in lines)
    )
    return path


def _record(arxiv_id: str | None = "2405.15738", **fields: Any) -> str:
    """A snapshot line; fields replace or add keys, None values are left out of the JSON."""
    record = {
        "id": arxiv_id,
        "submitter": "Grace Hopper",
        "authors": "Ada Lovelace and Alan Turing",
        "title": "A Title\n  Broken in Two",
        "abstract": "  An abstract\nwith a hard line break.\n",
        "categories": "cs.LG stat.ML",
        "doi": None,
        "versions": [{"version": "v1", "created": "Fri, 24 May 2024 17:59:59 GMT"}],
        "authors_parsed": [["Lovelace", "Ada", ""], ["Turing", "Alan", ""]],
    }
    record.update(fields)
    return json.dumps({key: value for key, value in record.items() if value is not None})


# Golden file ---------------------------------------------------------------------------------


def test_records_match_golden(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ARXIV)  # source_file is the path as given: the bare name here
    records, rejects = _read(Path(SAMPLE.name))
    assert rejects.is_empty()
    produced = [json.loads(line) for line in records.write_ndjson().splitlines()]
    assert produced == [json.loads(line) for line in GOLDEN.read_text().splitlines()]


def test_records_say_what_the_snapshot_says() -> None:
    """The golden file, checked again against the fixture through Python's json module."""
    records, _ = _read(SAMPLE)
    originals = [json.loads(line) for line in SAMPLE_LINES]
    assert records["arxiv_id"].to_list() == [original["id"] for original in originals]
    for record, original in zip(records.iter_rows(named=True), originals, strict=True):
        names = [
            " ".join(part for part in (first, last, suffix) if part)
            for last, first, suffix, *_ in original["authors_parsed"]
        ]
        assert [author["name"] for author in record["authors"]] == names
        assert all(author["affiliation"] is None for author in record["authors"])
        categories = [keyword["keyword"] for keyword in record["keywords"]]
        assert categories == original["categories"].split()
        assert record["title"] == original["title"].strip()
        assert record["abstract_source"] == original["abstract"].strip()
    # submitter is a person who need not be an author (Patrick Roudeau for 0704.0020): the
    # submitters who are not authors appear nowhere.
    not_authors = {original["submitter"] for original in originals} - set(names_of(records))
    assert "Patrick Roudeau" in not_authors
    loaded_text = records.write_ndjson()
    assert not any(submitter in loaded_text for submitter in not_authors)


def names_of(records: pl.DataFrame) -> list[str]:
    return [author["name"] for authors in records["authors"] for author in authors]


def test_frames_have_the_contract_schemas(tmp_path: Path) -> None:
    records, rejects = _read(SAMPLE)
    assert records.schema == RAW_RECORD_SCHEMA
    assert rejects.schema == REJECT_SCHEMA
    # A batch of nothing but bad lines still has both schemas.
    path = _write_lines(tmp_path, [_record(), "not json", "{"])
    batches = list(arxiv.read(_source(path), batch_rows=1))
    assert [batch.records.schema for batch in batches] == [RAW_RECORD_SCHEMA] * 3
    assert [batch.rejects.schema for batch in batches] == [REJECT_SCHEMA] * 3


def test_other_columns_are_null_or_empty() -> None:
    records, _ = _read(SAMPLE)
    for name in ("listing_name", "openreview_id", "pwc_id", "organization", "upvotes",
                 "comment_count", "decision"):  # fmt: skip
        assert records[name].null_count() == records.height, name
    for name in ("links", "leaderboard"):
        assert records[name].list.len().to_list() == [0] * records.height, name
    assert set(records["source_format"]) == {"arxiv"}


# Batches -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("batch_rows", "sizes"), [(1, [1] * 10), (3, [3, 3, 3, 1]), (10, [10])])
def test_batches_hold_at_most_batch_rows(batch_rows: int, sizes: list[int]) -> None:
    batches = list(arxiv.read(_source(SAMPLE), batch_rows=batch_rows))
    assert [batch.records.height for batch in batches] == sizes
    records = pl.concat([batch.records for batch in batches])
    assert records["record"].to_list() == list(range(1, 11))


def test_batches_count_rejected_lines_too(tmp_path: Path) -> None:
    lines = [_record(f"2405.{n:05d}") if n % 3 else "not json" for n in range(1, 21)]
    batches = list(arxiv.read(_source(_write_lines(tmp_path, lines)), batch_rows=4))
    assert [batch.records.height + batch.rejects.height for batch in batches] == [4] * 5
    assert sum(batch.rejects.height for batch in batches) == 6


def test_batch_rows_must_be_positive() -> None:
    with pytest.raises(ValueError, match="batch_rows"):
        next(arxiv.read(_source(SAMPLE), batch_rows=0))


# Bad lines -----------------------------------------------------------------------------------


def test_bad_lines_are_quarantined_with_line_numbers_and_good_lines_kept(tmp_path: Path) -> None:
    good = _record("2405.00001")
    huge_abstract = _record("2405.00013", abstract="x" * TEN_MB)
    lines: list[str | bytes] = [
        good,  # 1
        good[: len(good) // 2],  # 2: truncated
        "<html>502 Bad Gateway</html>",  # 3: not JSON
        _record(None),  # 4: no id
        _record("2405.00005", authors_parsed="Ada Lovelace and Alan Turing"),  # 5
        "",  # 6: blank, skipped, still counted as a physical line
        _record("2405.00007").replace("Ada", "A\x00da").encode(),  # 7: raw NUL bytes
        _record("2405.00008", title=["A", "list"]),  # 8: fails Polars' decoder
        _record("2405.00009"),  # 9
        _record(704.0001),  # 10: a number, the leading zero already lost
        _record("2405.00011", versions="v1"),  # 11
        '["2405.00012"]',  # 12: JSON, not an object
        huge_abstract,  # 13: 10 MB
        _record("  "),  # 14: an empty id
        _record("2405.00015").replace("Lovelace", "Lovel\xe1ce").encode("latin-1"),  # 15
        _record("2405.00016", authors_parsed=["Ada Lovelace", "Alan Turing"]),  # 16
        _record("2405.00017"),  # 17
    ]
    records, rejects = _read(_write_lines(tmp_path, lines), batch_rows=5)

    assert records["arxiv_id"].to_list() == ["2405.00001", "2405.00009", "2405.00017"]
    assert records["line"].to_list() == [1, 9, 17]
    assert records["record"].to_list() == [1, 8, 16]  # the blank line is not a record
    assert list(zip(rejects["line_number"], rejects["rule"], strict=True)) == [
        (2, "line.truncated"),
        (3, "line.not_json"),
        (4, "record.missing_id"),
        (5, "record.wrong_type"),
        (7, "line.binary"),
        (8, "record.wrong_type"),
        (10, "record.wrong_type"),
        (11, "record.wrong_type"),
        (12, "record.not_object"),
        (13, "line.too_long"),
        (14, "record.missing_id"),
        (15, "line.not_utf8"),
        (16, "record.wrong_type"),
    ]
    assert rejects["record_number"].to_list() == [2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15]
    reasons = dict(zip(rejects["line_number"], rejects["reason"], strict=True))
    assert "cut off" in reasons[2]
    assert reasons[5].startswith("authors_parsed is a string")
    assert "NUL byte at column" in reasons[7]
    assert reasons[8].startswith("title is a list")
    assert reasons[10].startswith("id is a number")
    assert reasons[11].startswith("versions is a string")
    assert f"{len(huge_abstract) + 1:,} bytes" in reasons[13]
    assert "byte 0xe1" in reasons[15]
    assert reasons[16].startswith("authors_parsed holds a string as author 1")
    # A reject names the record by its id where the line is one object with a text id.
    ids = dict(zip(rejects["line_number"], rejects["source_record_id"], strict=True))
    assert {line: ids[line] for line in ids if ids[line] is not None} == {
        5: "2405.00005",
        8: "2405.00008",
        11: "2405.00011",
        16: "2405.00016",
    }
    assert set(rejects["source_file"]) == {str(tmp_path / "snapshot.jsonl")}
    assert all(len(snippet) <= SNIPPET_CHARS for snippet in rejects["raw_snippet"])
    assert not any("\x00" in snippet for snippet in rejects["raw_snippet"])


def test_a_line_longer_than_the_limit_without_a_line_break_is_skipped_whole(
    tmp_path: Path,
) -> None:
    path = tmp_path / "snapshot.jsonl"
    path.write_bytes(_record("2405.00001").encode() + b"\n" + b"{" + b"x" * TEN_MB)
    records, rejects = _read(path)
    assert records["arxiv_id"].to_list() == ["2405.00001"]
    assert rejects["rule"].to_list() == ["line.too_long"]


def test_escaped_nul_characters_are_removed_not_rejected(tmp_path: Path) -> None:
    line = _record("2405.00001\u0000", title="A title\u0000 with a NUL")
    records, rejects = _read(_write_lines(tmp_path, [line]))
    assert rejects.is_empty()
    assert records.row(0, named=True)["title"] == "A title with a NUL"
    assert records.row(0, named=True)["arxiv_id"] == "2405.00001"


def test_an_updated_record_later_in_the_file_is_kept_beside_the_first(tmp_path: Path) -> None:
    versions = [
        {"version": "v1", "created": "Fri, 24 May 2024 17:59:59 GMT"},
        {"version": "v2", "created": "Mon, 3 Jun 2024 09:00:00 GMT"},
    ]
    lines = [_record(), _record("2406.00002"), _record(versions=versions, title="Renamed")]
    records, rejects = _read(_write_lines(tmp_path, lines))
    assert rejects.is_empty()
    assert records["source_record_id"].to_list() == ["2405.15738", "2406.00002", "2405.15738"]
    assert records["title"].to_list()[::2] == ["A Title\n  Broken in Two", "Renamed"]
    # Both versions of the paper were first published on the same day.
    assert records["published_on"].cast(pl.String).to_list()[::2] == ["2024-05-24"] * 2


def test_byte_order_mark_crlf_and_no_final_line_break_are_tolerated(tmp_path: Path) -> None:
    path = tmp_path / "snapshot.jsonl"
    path.write_bytes(
        b"\xef\xbb\xbf" + _record("2405.00001").encode() + b"\r\n\r\n"
        + _record("2405.00002").encode()
    )  # fmt: skip
    records, rejects = _read(path)
    assert rejects.is_empty()
    assert records["arxiv_id"].to_list() == ["2405.00001", "2405.00002"]
    assert records["line"].to_list() == [1, 3]


@pytest.mark.parametrize(
    ("fields", "names"),
    [
        ({"authors_parsed": None}, ["Ada Lovelace", "Alan Turing"]),
        ({"authors_parsed": []}, ["Ada Lovelace", "Alan Turing"]),
        (
            {"authors_parsed": None, "authors": "A. One, B. Two, and C. Three"},
            ["A. One", "B. Two", "C. Three"],
        ),  # fmt: skip
        ({"authors_parsed": None, "authors": None}, []),
        (
            {"authors_parsed": [["Solo", "", ""], ["", "", ""], ["Last", "First", "Jr", "MIT"]]},
            ["Solo", "First Last Jr"],
        ),  # fmt: skip
    ],
)
def test_authors_come_from_authors_parsed_else_from_the_authors_string(
    tmp_path: Path, fields: dict[str, Any], names: list[str]
) -> None:
    records, rejects = _read(_write_lines(tmp_path, [_record(**fields)]))
    assert rejects.is_empty()
    assert names_of(records) == names


@pytest.mark.parametrize(
    ("versions", "published_on"),
    [
        ([{"version": "v1", "created": "Mon, 2 Apr 2007 19:18:42 GMT"}], "2007-04-02"),
        ([{"version": "v1", "created": "Tue, 31 Dec 2024 23:59:59 GMT"}], "2024-12-31"),
        ([{"version": "v1", "created": "yesterday"}], None),
        ([{"version": "v1"}], None),
        ([], None),
        (None, None),
    ],
)
def test_published_on_is_the_day_of_the_first_version_or_null(
    tmp_path: Path, versions: Any, published_on: str | None
) -> None:
    records, rejects = _read(_write_lines(tmp_path, [_record(versions=versions)]))
    assert rejects.is_empty()  # an unreadable date does not cost the record
    assert records["published_on"].cast(pl.String).to_list() == [published_on]


def test_categories_become_source_keywords(tmp_path: Path) -> None:
    records, _ = _read(_write_lines(tmp_path, [_record(categories=" cs.LG  cs.CV\nstat.ML ")]))
    assert records["keywords"].to_list() == [
        [{"keyword": category, "origin": "source", "kind": "arxiv-category"}
         for category in ("cs.LG", "cs.CV", "stat.ML")]
    ]  # fmt: skip


# Whole files ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "rule", "reason_part"),
    [
        (b"", "file.empty", "empty"),
        (b"\xef\xbb\xbf\n \r\n\t\n", "file.empty", "empty"),
        (gzip.compress(("\n".join(SAMPLE_LINES)).encode()), "file.binary", "decompress"),
        (bytes(range(256)) * 64, "file.binary", "binary"),
        (b'[{"paper": {"id": "2501.00001"}}]\n', "file.no_records", "line 1"),
        (b"Daily Papers\nAn abstract.\n", "file.no_records", "not JSON"),
        (b'{"id": "2405.00001", "title": "cut\n', "file.no_records", "cut off"),
    ],
)
def test_unusable_files_are_rejected_whole(
    tmp_path: Path, content: bytes, rule: str, reason_part: str
) -> None:
    path = tmp_path / "snapshot.jsonl"
    path.write_bytes(content)
    with pytest.raises(InputFileError) as raised:
        list(arxiv.read(_source(path), batch_rows=100))
    assert raised.value.rule == rule
    assert reason_part in raised.value.reason
    assert str(path) in str(raised.value)


def test_missing_file(tmp_path: Path) -> None:
    source = SourceFile(tmp_path / "nope.jsonl", "0" * 64, 0, "arxiv")
    with pytest.raises(InputFileError) as raised:
        list(arxiv.read(source, batch_rows=100))
    assert raised.value.rule == "file.missing"


@pytest.mark.parametrize("batch_rows", [1, 7, 5000])
def test_a_file_must_show_a_record_within_its_first_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, batch_rows: int
) -> None:
    window = 30  # FIRST_RECORD_WITHIN_LINES, made small for speed
    monkeypatch.setattr(arxiv, "FIRST_RECORD_WITHIN_LINES", window)
    late = _write_lines(tmp_path, ["junk"] * window + [_record()])
    with pytest.raises(InputFileError) as raised:
        list(arxiv.read(_source(late), batch_rows=batch_rows))
    assert raised.value.rule == "file.no_records"
    assert raised.value.line == 1

    just_in_time = _write_lines(tmp_path, ["junk"] * (window - 1) + [_record()])
    records, rejects = _read(just_in_time, batch_rows=batch_rows)
    assert records["line"].to_list() == [window]
    assert rejects.height == window - 1


# Parts of a file (one Ray task each) -----------------------------------------------------------


def _read_in_parts(
    path: Path, part_bytes: int, batch_rows: int = 3
) -> tuple[pl.DataFrame, pl.DataFrame, list[FilePart]]:
    source = _source(path)
    parts = list(arxiv.parts(source, part_bytes))
    batches = [
        batch
        for part in parts
        for batch in arxiv.read(replace(source, part=part), batch_rows=batch_rows)
    ]
    records = pl.concat([batch.records for batch in batches])
    rejects = pl.concat([batch.rejects for batch in batches])
    return records, rejects, parts


def _messy_snapshot(path: Path, first_line: bytes) -> Path:
    """Every kind of line a part boundary could fall beside: a byte-order mark, blank and
    whitespace-only lines, CRLF, lines that are not records, one not UTF-8, too long ones (the
    last without a final line break), a record that breaks json_decode."""
    lines = [
        b"\xef\xbb\xbf" + first_line,
        b"",
        b"  \t ",
        _record("2405.00002").encode() + b"\r",
        b"not json",
        _record("2405.00003", title="caf\u00e9").encode().replace(b"\\u00e9", b"\xe9"),
        b"{" + b"x" * 1_300,
        b"\r",
        _record("2405.00004", authors_parsed=[["Solo", ["x"]]]).encode(),
        *[_record(f"2405.{n:05d}").encode() for n in range(5, 40)],
        b"",
        b'{"id": "2405.99998", "title": "cut',
        b'{"id": "2405.99999", "title": "' + b"y" * 1_200,
    ]
    path.write_bytes(b"\n".join(lines))
    return path


@pytest.mark.parametrize("part_bytes", [1, 50, 400, 1_000, 5_000, 10**9])
@pytest.mark.parametrize(
    "first_line", [_record("2405.00001").encode(), b"{" + b"z" * 1_100], ids=["record", "too long"]
)
def test_a_file_read_in_parts_makes_the_records_and_rejects_of_the_whole_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, part_bytes: int, first_line: bytes
) -> None:
    monkeypatch.setattr(arxiv, "MAX_LINE_BYTES", 1_000)
    monkeypatch.setattr(arxiv, "FIRST_RECORD_WITHIN_LINES", 3)
    path = _messy_snapshot(tmp_path / "snapshot.jsonl", first_line)
    whole_records, whole_rejects = _read(path, batch_rows=3)
    records, rejects, parts = _read_in_parts(path, part_bytes)
    assert records.equals(whole_records)
    assert rejects.equals(whole_rejects)
    assert whole_rejects["rule"].value_counts().height >= 4  # the messy lines are there
    # The parts cover the file, in order, without a gap or an overlap, at line ends.
    content = path.read_bytes()
    assert [p.start for p in parts] == [0, *(p.end for p in parts[:-1])]
    assert parts[-1].end == len(content)
    assert all(content[p.end - 1 : p.end] == b"\n" for p in parts[:-1])
    assert all(p.end - p.start >= part_bytes for p in parts[:-1])
    # The first part holds the file's first FIRST_RECORD_WITHIN_LINES records.
    assert parts[1:] == [] or parts[1].records_before >= 3
    if part_bytes == 1:
        assert len(parts) > 30  # a part per line after the first ones


def test_only_the_first_part_can_reject_the_file_as_no_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(arxiv, "FIRST_RECORD_WITHIN_LINES", 5)
    # Records first, then more junk lines than the window: a later part is all junk, and is
    # quarantined line by line as in the whole file, not rejected as no snapshot.
    path = _write_lines(tmp_path, [_record(f"2405.{n:05d}") for n in range(6)] + ["junk"] * 20)
    records, rejects, parts = _read_in_parts(path, part_bytes=1)
    assert len(parts) == 1 + 21  # the window of 5 records, then a part per line
    assert records.height == 6
    assert rejects["record_number"].to_list() == list(range(7, 27))
    # Junk first: the first part holds the window, so it rejects the file alone.
    junk_first = _write_lines(tmp_path, ["junk"] * 5 + [_record()] * 20)
    first = next(arxiv.parts(_source(junk_first), part_bytes=1))
    assert first.lines_before == 0 and first.end == len(b"junk\n") * 5
    with pytest.raises(InputFileError) as raised:
        list(arxiv.read(replace(_source(junk_first), part=first), batch_rows=2))
    assert raised.value.rule == "file.no_records"


def test_a_part_of_a_file_that_changed_since_it_was_split_is_refused(tmp_path: Path) -> None:
    path = _write_lines(tmp_path, [_record(f"2405.{n:05d}") for n in range(1_200)])
    source = _source(path)
    second = replace(source, part=list(arxiv.parts(source, 100_000))[1])
    # Another copy: one byte longer at the top, so the part would start inside a line.
    path.write_bytes(b" " + path.read_bytes()[:-1])
    with pytest.raises(InputFileError) as raised:
        list(arxiv.read(second, batch_rows=100))
    assert raised.value.rule == "file.changed"
    # Grown since it was hashed: its parts are not made of what was hashed.
    path.write_bytes(path.read_bytes() + _record("2405.99999").encode() + b"\n")
    with pytest.raises(InputFileError) as raised:
        list(arxiv.parts(source, 100_000))
    assert raised.value.rule == "file.changed"
    assert "not the" in raised.value.reason


def test_a_generated_snapshot_read_in_parts(tmp_path: Path) -> None:
    """Generated lines (1% malformed, updates of earlier papers), the first part at the
    default window of FIRST_RECORD_WITHIN_LINES records."""
    path = generate(tmp_path / "arxiv.jsonl", 3_000, seed=3).path
    whole_records, whole_rejects = _read(path, batch_rows=500)
    records, rejects, parts = _read_in_parts(path, part_bytes=256 * 1024, batch_rows=500)
    assert len(parts) > 5
    assert parts[1].records_before == arxiv.FIRST_RECORD_WITHIN_LINES
    assert whole_rejects.height > 0
    assert records.equals(whole_records)
    assert rejects.equals(whole_rejects)


def test_source_parts_splits_only_large_files_of_formats_read_in_parts(tmp_path: Path) -> None:
    path = generate(tmp_path / "arxiv.jsonl", 2_000, seed=3).path
    snapshot = open_source(path)
    assert [s.part for s in source_parts(snapshot, snapshot.size_bytes)] == [None]
    halves = list(source_parts(snapshot, snapshot.size_bytes // 2))
    assert len(halves) == 2
    assert {s.name for s in halves} == {snapshot.name}
    listing = open_source(Path(REPO_TEXTS[0]))
    assert list(source_parts(listing, 1)) == [listing]


# Sniffing ------------------------------------------------------------------------------------


def test_looks_like_the_snapshot() -> None:
    head = SAMPLE.read_text(encoding="utf-8")
    assert arxiv.looks_like(head)
    assert arxiv.looks_like("\ufeff" + head)
    # A first record longer than the 64 KiB head, cut off in the middle.
    long_record = _record(authors=", ".join(["A. Collaborator"] * 5000))
    assert arxiv.looks_like(long_record[: 64 * 1024])
    assert arxiv.looks_like("\n".join(["{broken", _record()]))


@pytest.mark.parametrize(
    "path",
    [
        *sorted((FIXTURES / "hf-daily").glob("*.json")),
        *sorted((FIXTURES / "paperlists").glob("*.json")),
        *sorted((FIXTURES / "pwc").glob("*.json")),
        FIXTURES / "heldout" / "abstracts.jsonl",  # JSON Lines with ids, not arXiv records
        FIXTURES / "listings" / "tiny.txt",
        *REPO_TEXTS,
    ],
    ids=lambda path: path.name,
)
def test_does_not_look_like_other_formats_in_the_repo(path: Path) -> None:
    head = path.read_bytes()[: 64 * 1024].decode("utf-8", errors="replace")
    assert not arxiv.looks_like(head)


def test_does_not_look_like_inline_lookalikes() -> None:
    assert not arxiv.looks_like("")
    assert not arxiv.looks_like("Daily Papers\nWe propose ...\n")
    assert not arxiv.looks_like(f"[{_record()}]")  # a JSON array of arXiv-like objects
    assert not arxiv.looks_like(json.dumps({"id": "x", "results": []}, indent=2))
    assert not arxiv.looks_like('{"count": 1, "results": [{"id": "gan", "arxiv_id": "1406.2661"}]}')


@needs_shared_data
def test_sniffing_over_the_shared_samples() -> None:
    for path in sorted(p for p in SHARED_DATA.rglob("*") if p.is_file()):
        head = path.read_bytes()[: 64 * 1024].decode("utf-8", errors="replace")
        assert arxiv.looks_like(head) == (path.parent.name == "arxiv"), path


# Records known as published -----------------------------------------------------------------


def _known(records: pl.DataFrame) -> pl.DataFrame:
    return records.select("record", record_digest="line_digest")


def test_records_carry_the_digest_of_their_line(tmp_path: Path) -> None:
    lines = [_record(f"2405.0000{n}") for n in range(1, 4)]
    records, _ = _read(_write_lines(tmp_path, ["", *lines]))
    assert records["line_digest"].to_list() == [
        hashlib.blake2b(line.encode(), digest_size=16).hexdigest() for line in lines
    ]


def test_known_lines_are_counted_not_parsed(tmp_path: Path) -> None:
    lines = [_record(f"2405.0000{n}") for n in range(1, 6)]
    path = _write_lines(tmp_path, lines)
    first, _ = _read(path)
    known = _known(first.filter(pl.col("record").is_in([1, 2, 4])))
    # Record 4 changed since (same number, other text); records 3 and 5 are not known.
    lines[3] = _record("2405.00004", title="A Revised Title")
    _write_lines(tmp_path, lines)

    batches = list(arxiv.read(_source(path), batch_rows=2, known=known))
    assert [number for batch in batches for number in batch.unchanged] == [1, 2]
    parsed = pl.concat([batch.records for batch in batches])
    assert parsed["record"].to_list() == [3, 4, 5]
    assert parsed.filter(pl.col("record") == 4)["title"].item() == "A Revised Title"


def test_a_file_whose_first_lines_are_all_known_is_still_a_snapshot(tmp_path: Path) -> None:
    lines = [_record(f"2405.{n:05d}") for n in range(1, arxiv.FIRST_RECORD_WITHIN_LINES + 11)]
    path = _write_lines(tmp_path, lines)
    first, _ = _read(path, batch_rows=100)
    batches = list(arxiv.read(_source(path), batch_rows=100, known=_known(first.head(-5))))
    assert sum(len(batch.unchanged) for batch in batches) == len(lines) - 5
    assert pl.concat([b.records for b in batches])["record"].to_list() == list(
        range(len(lines) - 4, len(lines) + 1)
    )

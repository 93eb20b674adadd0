"""The one contract every format's Reader keeps, checked against each of them on a file of
its format: the extract package knows the formats by their readers alone."""

from pathlib import Path

import polars as pl
import pytest

from etl.contracts import SNIPPET_CHARS, SOURCE_FORMATS
from etl.extract import FORMATS, READERS, open_source
from etl.extract.common import Reader, RecordProblem

FIXTURES = Path(__file__).parents[2] / "fixtures"
FILE_OF_FORMAT = {
    "arxiv": FIXTURES / "arxiv" / "snapshot-sample.jsonl",
    "hf-daily": FIXTURES / "hf-daily" / "2025-01-10.json",
    "paperlists": FIXTURES / "paperlists" / "colm2025.json",
    "pwc-evaluation": FIXTURES / "pwc" / "evaluation-tables.json",
    "pwc-api": FIXTURES / "pwc" / "paper_list_response.json",
    "listing": FIXTURES / "listings" / "tiny.txt",
}


def test_every_source_format_has_one_reader() -> None:
    assert sorted(reader.format for reader in READERS) == sorted(SOURCE_FORMATS)
    assert sorted(FORMATS) == sorted(SOURCE_FORMATS)


@pytest.mark.parametrize("reader", READERS, ids=lambda reader: reader.format)
def test_a_reader_recognises_and_reads_its_format(reader: Reader) -> None:
    source = open_source(FILE_OF_FORMAT[reader.format])
    assert source.format == reader.format
    records = pl.concat([batch.records for batch in reader.read(source, batch_rows=7)])
    assert records.height > 0
    assert records["source_format"].unique().to_list() == [reader.format]
    numbers = records["record"].to_list()
    assert numbers[0] >= 1 and numbers == sorted(set(numbers))
    # A record is a line exactly when its reader says so: then each has the line it is on.
    has_line = records["line"].is_not_null()
    assert has_line.all() if reader.record_is_line else not has_line.any()


def test_a_record_problem_holds_what_etl_rejects_stores() -> None:
    # Printable (Postgres holds no NUL and no lone surrogate) and cut to one length, whoever
    # reports it.
    problem = RecordProblem(3, None, "record.wrong_type", "a \x00 here", "\ud800" + "x" * 500)
    assert problem.reason == "a \ufffd here"
    assert problem.raw_snippet == "\ufffd" + "x" * (SNIPPET_CHARS - 1)
    assert RecordProblem(4, None, "record.wrong_type", "why", "").raw_snippet is None

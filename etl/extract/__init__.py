"""Extract: read input files into raw records with provenance, one module per format.

Each format module declares its Reader (etl.extract.common), and this package knows the
formats by their readers alone. Every reader yields the same raw-record columns
(etl.contracts.RAW_RECORD_SCHEMA), so the transform stage never needs to know where a record
came from. The format is detected from the file's content (or given); a file that cannot be
read at all raises InputFileError.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import polars as pl

from etl.contracts import RAW_RECORD_SCHEMA, REJECT_SCHEMA, SNIPPET_CHARS
from etl.extract import (
    arxiv,
    hf_daily,
    json_document,
    listing,
    paperlists,
    pwc_api,
    pwc_evaluation,
)
from etl.extract.common import InputFileError, Reader, RecordBatch, SourceFile, file_sha256

# Tried in this order when sniffing; the text listing, told by the shape of its lines rather
# than by keys, comes last.
READERS: tuple[Reader, ...] = (
    arxiv.READER,
    hf_daily.READER,
    paperlists.READER,
    pwc_evaluation.READER,
    pwc_api.READER,
    listing.READER,
)
FORMATS = {reader.format: reader for reader in READERS}
SNIFF_BYTES = 64 * 1024


def _sniff(path: Path) -> bytes:
    with path.open("rb") as handle:
        return handle.read(SNIFF_BYTES)


def _estimated_lines(head: bytes, size: int) -> int:
    """Lines in a file of `size` bytes that starts with `head`: counted when head is the
    whole file, else extrapolated (for progress; counting them all would cost as much as
    the sha256 that decides whether the file is read at all)."""
    lines = head.count(b"\n")
    return lines if len(head) >= size else round(size * lines / max(len(head), 1))


def _unrecognised(path: Path, head: bytes, *, whole_file: bool) -> InputFileError:
    """Why no reader recognises a file that starts with `head`: JSON that does not parse, or a
    file that is no text (empty, binary, not UTF-8), is reported as such; else what the file
    holds, and for text the line that is no listing's."""
    text = head.decode("utf-8", errors="replace")
    line = snippet = None
    if json_document.starts_like_json(text):
        problem = json_document.syntax_problem(str(path), head, whole_file=whole_file)
        if problem is not None:
            return problem
        seen = json_document.described(text)
    else:
        problem = listing.text_problem(str(path), head, whole_file=whole_file)
        if problem is not None:
            return problem
        seen = "text"
        shape = listing.shape_problem(text)
        if shape is not None:  # always: the listing, the one text format, refused the text
            seen = f"text, but {shape.reason}; {listing.SHAPE}"
            line, snippet = shape.line, shape.text[:SNIPPET_CHARS]
    return InputFileError(
        str(path),
        "file.unknown_format",
        f"not a format paperhouse reads: {seen}; formats: {', '.join(FORMATS)} (give one "
        "with --format if the file is of it)",
        line=line,
        snippet=snippet,
    )


def open_source(path: Path, format_name: str | None = None) -> SourceFile:
    """The file's facts (sha256, size) and format: given, else detected from its content."""
    try:
        sha256, size = file_sha256(path)
        head_bytes = _sniff(path)
    except FileNotFoundError:
        raise InputFileError(str(path), "file.missing", "no such file") from None
    except IsADirectoryError:
        raise InputFileError(str(path), "file.is_directory", "is a directory, not a file") from None
    except PermissionError:
        raise InputFileError(str(path), "file.unreadable", "permission denied") from None
    head = head_bytes.decode("utf-8", errors="replace")
    if format_name is None:
        format_name = next((r.format for r in READERS if r.looks_like(head)), None)
        if format_name is None:
            raise _unrecognised(path, head_bytes, whole_file=len(head_bytes) >= size)
    elif format_name not in FORMATS:
        raise InputFileError(
            str(path),
            "file.unknown_format",
            f"unknown format {format_name!r}; formats: " + ", ".join(FORMATS),
        )
    return SourceFile(
        path=path,
        sha256=sha256,
        size_bytes=size,
        format=format_name,
        lines=_estimated_lines(head_bytes, size),
    )


def expected_records(sources: list[SourceFile]) -> int | None:
    """About how many records the sources hold, when every one of them is a format whose
    records are lines; None when some format does not tell before it is read."""
    if all(FORMATS[s.format].record_is_line and s.lines is not None for s in sources):
        return sum(s.lines for s in sources if s.lines is not None)
    return None


def read_batches(
    source: SourceFile, *, batch_rows: int, known: pl.DataFrame | None = None
) -> Iterator[RecordBatch]:
    """The source's records, batch by batch; of a format that skips known records (see
    Reader.skips_known), those `known` (record, record_digest) has as they are are only
    counted (RecordBatch.unchanged)."""
    reader = FORMATS[source.format]
    if reader.skips_known and known is not None:
        return reader.read(source, batch_rows=batch_rows, known=known)
    return reader.read(source, batch_rows=batch_rows)


def read_all(
    paths: list[Path], format_name: str | None = None, *, batch_rows: int = 50_000
) -> tuple[pl.DataFrame, pl.DataFrame, list[InputFileError]]:
    """Every record of some small inputs at once: records, quarantined records and the
    files that could not be read. For previews and tests; loads stream instead."""
    records, rejects, errors = [], [], []
    for path in paths:
        try:
            source = open_source(path, format_name)
            for batch in read_batches(source, batch_rows=batch_rows):
                records.append(batch.records)
                rejects.append(batch.rejects)
        except InputFileError as error:
            errors.append(error)
    return (
        pl.concat(records) if records else RAW_RECORD_SCHEMA.to_frame(),
        pl.concat(rejects) if rejects else REJECT_SCHEMA.to_frame(),
        errors,
    )


def source_parts(source: SourceFile, part_bytes: int) -> Iterator[SourceFile]:
    """The source as parts of whole lines of at least part_bytes each, read on their own to
    the records a read of the whole file makes; the source itself when it is no larger or
    its format cannot be read apart."""
    split = FORMATS[source.format].parts
    if split is None or source.size_bytes <= part_bytes:
        yield source
        return
    for part in split(source, part_bytes):
        yield replace(source, part=part)

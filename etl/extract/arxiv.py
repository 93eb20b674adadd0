"""The arXiv metadata snapshot (Kaggle's `arxiv-metadata-oai-snapshot.json`): JSON Lines.

Layout: one JSON object per line, about 2.7 million lines and 4.5 GB, with the keys id,
submitter, authors, title, comments, journal-ref, doi, report-no, categories, license,
abstract, versions, update_date and authors_parsed. Key: `id`, the arXiv id as arXiv writes
it ("0704.0001", "cs/9901001"); the same id can appear again later in the file when a paper
was updated, and both records are kept (the transform resolves identity).

The file is streamed: batch_rows lines at a time are read, checked and decoded column-wise
with Polars, so memory is bounded by the batch, not the file (PARSE_THREADS + 1 batches are
in flight; measured on 1.8 KB lines: about 165 MB peak at 1,000 rows, 530 MB at 10,000, 1.6
GB at 50,000). Polars' own NDJSON readers stop at the first bad line even with
ignore_errors, hence the line-wise reading.

A line that is not an arXiv record (truncated, not JSON, not UTF-8, binary, no id, a field of
the wrong type, or longer than MAX_LINE_BYTES) is quarantined with its line number and the
reason. Blank lines are skipped; a byte-order mark is tolerated. `record` counts non-blank
lines, rejected ones included (so records and rejects share one numbering); `line` is the
physical line. Rejected as a whole: an empty file, and a file none of whose first
FIRST_RECORD_WITHIN_LINES lines is an arXiv record (binary or another format).

A large file can also be read in parts of whole lines (`parts`, for the Ray executor: a task
each), numbered from the lines and records before the part, so that the parts together make
exactly the records and rejects a read of the whole file makes.

Not loaded: `submitter` (a person who is not necessarily an author), comments, journal-ref,
report-no, license, update_date, and the fourth element of authors_parsed entries (sometimes
an affiliation, sometimes a footnote marker such as "1 and 2").
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, BinaryIO

import polars as pl

from etl.contracts import ARXIV_FORMAT, AUTHOR, KEYWORD, RAW_RECORD_SCHEMA, SNIPPET_CHARS
from etl.extract.common import (
    FilePart,
    InputFileError,
    Reader,
    RecordBatch,
    RecordProblem,
    SourceFile,
    clean_string,
    rejects_frame,
    without_control_characters,
)

# The longest real records (collaboration papers with thousands of authors) are a few hundred
# KB. A longer line is damage, or no line at all (a file without line breaks); reading it
# whole would break the memory bound, so only its start is kept, for the reject's snippet.
MAX_LINE_BYTES = 4 * 1024 * 1024
# Chunks parsed at once (see _read_batches); each holds up to batch_rows lines in memory.
# One is enough in a load: a chunk parses while the previous one is transformed, which takes
# far longer (100k lines: 2.7 s waiting for the reader of 33 s; 2 threads: 2.3 s and 250
# MB more at the peak).
PARSE_THREADS = 1
# A snapshot whose first thousand lines hold no arXiv record is some other file: rejecting
# it whole says so once, instead of quarantining millions of lines one by one. Counted in
# non-blank lines, so that the verdict does not depend on batch_rows.
FIRST_RECORD_WITHIN_LINES = 1000

# The snapshot fields this reader uses; json_decode ignores the others.
_SNAPSHOT_RECORD = pl.Struct(
    {
        "id": pl.String,
        "authors": pl.String,
        "title": pl.String,
        "doi": pl.String,
        "categories": pl.String,
        "abstract": pl.String,
        "versions": pl.List(pl.Struct({"version": pl.String, "created": pl.String})),
        "authors_parsed": pl.List(pl.List(pl.String)),
    }
)
_STRING_FIELDS = ("authors", "title", "doi", "categories", "abstract")
# Polars' JSON decoder quietly wraps a scalar where a list is expected ("x" -> [["x"]]) and
# turns a number into a string. These patterns find lines where that would happen to the
# fields that matter: an id that is not a string, versions or authors_parsed that are not
# lists of the right things. In valid JSON `"name":` can only be a key: a quote inside a
# string is escaped. Lines flagged here are judged exactly in Python (_problem_in).
_SUSPECT_SHAPE = (
    r'"id"\s*:\s*[^"\s]'
    r'|"versions"\s*:\s*(?:[^\[n\s]|\[\s*[^{\]\s])'
    r'|"authors_parsed"\s*:\s*(?:[^\[n\s]|\[\s*[^\[\]\s])'
)
# "Mon, 2 Apr 2007 19:18:42 GMT": the day, month and year part (RFC 2822 dates).
_RFC2822_DAY = r"(\d{1,2} [A-Z][a-z]{2} \d{4})"
_AUTHOR_SEPARATOR = r"\s*,\s*and\s+|\s*,\s*|\s+and\s+"
_UNIT_SEPARATOR = "\x1f"
# Key names that only arXiv snapshot records carry, for sniffing a line cut off by the head.
_SNAPSHOT_KEY = re.compile(r'"(?:authors_parsed|categories|versions|submitter|journal-ref)"\s*:')
_ID_KEY = re.compile(r'"id"\s*:')
_SNIFF_LINES = 10
# Python's json module and Polars' decoder disagree on a few oddities (NaN, duplicate keys).
_UNDECODABLE = ("line.not_json", "not JSON that this reader can decode")
_BOM = b"\xef\xbb\xbf"


def looks_like(head: str) -> bool:
    """JSON Lines whose objects carry arXiv snapshot fields (id plus categories, versions,
    authors_parsed ...). Not a JSON array, not a pretty-printed object, not plain text."""
    text = head.lstrip("\ufeff \t\r\n")
    if not text.startswith("{"):
        return False
    lines = [line for line in text.splitlines() if line.strip()][:_SNIFF_LINES]
    last_line_is_cut = not head.endswith(("\n", "\r"))
    for position, line in enumerate(lines):
        try:
            value = json.loads(line)
        except (json.JSONDecodeError, RecursionError):
            # A record longer than the head is cut off: judge it by its keys.
            if position == len(lines) - 1 and last_line_is_cut:
                return bool(_ID_KEY.search(line) and _SNAPSHOT_KEY.search(line))
            continue
        if isinstance(value, dict) and "id" in value:
            return bool({"authors_parsed", "categories", "versions"} & value.keys())
    return False


def line_digest(raw: bytes) -> str:
    """The digest of a record's line (what it says, its surrounding whitespace and line
    ending aside): its raw record's line_digest and so its record_digest."""
    return hashlib.blake2b(raw.strip(), digest_size=16).hexdigest()


def read(
    source: SourceFile, *, batch_rows: int, known: pl.DataFrame | None = None
) -> Iterator[RecordBatch]:
    """Raw records of one arXiv snapshot file, batch_rows lines at a time, with the lines
    that are not arXiv records quarantined alongside. A line whose record number and digest
    `known` (record, record_digest) holds is not parsed, only numbered in the batch's
    `unchanged`: reading again a snapshot that changed by 1% parses 1% of it."""
    if batch_rows < 1:
        raise ValueError(f"batch_rows must be at least 1, not {batch_rows}")
    # Batches are held back until the file shows an arXiv record, so that a file of another
    # kind is rejected whole rather than line by line. Only batches reaching no further than
    # line FIRST_RECORD_WITHIN_LINES are ever held. A later part of the file is past that
    # verdict: the first part holds those lines (see parts).
    starts_the_file = source.part is None or source.part.start == 0
    held: list[RecordBatch] | None = [] if starts_the_file else None
    for batch in _read_batches(source, batch_rows, known):
        if held is None:
            yield batch
            continue
        held.append(batch)
        # A known record was this file's arXiv record when it was published.
        numbered = batch.unchanged + batch.records["record"].head(1).to_list()
        if numbered:
            if min(numbered) > FIRST_RECORD_WITHIN_LINES:
                raise _not_a_snapshot(source, held)
            yield from held
            held = None
        elif batch.rejects["record_number"].max() >= FIRST_RECORD_WITHIN_LINES:
            raise _not_a_snapshot(source, held)
    if held is not None:
        raise _not_a_snapshot(source, held)


def parts(source: SourceFile, part_bytes: int) -> Iterator[FilePart]:
    """The file as parts of whole lines of at least part_bytes each (the last may be
    shorter), found by reading its lines once. The first part also holds the file's first
    FIRST_RECORD_WITHIN_LINES records, so that it alone decides, as the whole file would,
    whether the file is a snapshot at all."""
    if part_bytes < 1:
        raise ValueError(f"part_bytes must be at least 1, not {part_bytes}")
    start = lines_before = records_before = 0
    end = records = 0
    for record, line, _raw, length in _lines(source):
        end += length
        records += record is not None
        if end - start >= part_bytes and (start or records >= FIRST_RECORD_WITHIN_LINES):
            yield FilePart(start, end, lines_before, records_before)
            start, lines_before, records_before = end, line, records
    if end != source.size_bytes:
        raise _changed(source)
    if end > start:
        yield FilePart(start, end, lines_before, records_before)


READER = Reader(
    format=ARXIV_FORMAT,
    looks_like=looks_like,
    read=read,
    record_is_line=True,
    parts=parts,
    skips_known=True,
)


@dataclass(frozen=True)
class _LineChunk:
    """Up to batch_rows non-blank lines: those decoded as UTF-8 (record, line, text,
    line_digest), and those rejected on sight."""

    lines: pl.DataFrame
    rejects: list[RecordProblem]


def _open(source: SourceFile) -> BinaryIO:
    try:
        return source.path.open("rb")
    except FileNotFoundError:
        raise InputFileError(source.name, "file.missing", "no such file") from None
    except IsADirectoryError:
        raise InputFileError(
            source.name, "file.is_directory", "is a directory, not a file"
        ) from None
    except PermissionError:
        raise InputFileError(source.name, "file.unreadable", "permission denied") from None


def _lines(source: SourceFile) -> Iterator[tuple[int | None, int, bytes, int]]:
    """The lines of the file, or of its part, as (record number, None for a blank line;
    line number; the line's bytes, of a too long line only its start; its length)."""
    part = source.part
    with _open(source) as handle:
        if part is None:
            position = record = lines_before = 0
        else:
            _check_part_boundary(source, handle, part)
            position, record, lines_before = part.start, part.records_before, part.lines_before
        for line_number, (raw, length) in enumerate(_bounded_lines(handle), lines_before + 1):
            if line_number == 1:
                raw = raw.removeprefix(_BOM)
            is_record = length > MAX_LINE_BYTES or bool(raw.strip())
            record += is_record
            yield (record if is_record else None), line_number, raw, length
            position += length
            if part is not None and position >= part.end:
                break
    if part is not None and position != part.end:
        raise _changed(source)


def _check_part_boundary(source: SourceFile, handle: BinaryIO, part: FilePart) -> None:
    """Leave the handle at the part's start, or raise if the file is not the one the parts
    were made of: a part read from a changed file, or from another copy of it on a worker,
    would start or end inside a line and make records under wrong numbers."""
    if os.fstat(handle.fileno()).st_size != source.size_bytes:
        raise _changed(source)
    if part.start:
        handle.seek(part.start - 1)
        if handle.read(1) != b"\n":
            raise _changed(source)
    handle.seek(part.start)


def _changed(source: SourceFile) -> InputFileError:
    return InputFileError(
        source.name,
        "file.changed",
        f"the file is not the {source.size_bytes:,} bytes it was when it was split into parts "
        "(it changed during the load, or a Ray worker has another copy at this path); load "
        "it again once it is complete and the same everywhere",
    )


def _line_chunks(source: SourceFile, batch_rows: int) -> Iterator[_LineChunk]:
    """The file's (or part's) non-blank lines, batch_rows at a time, decoded as UTF-8."""
    records: list[int] = []
    line_numbers: list[int] = []
    texts: list[str] = []
    digests: list[str] = []
    rejects: list[RecordProblem] = []
    for record, line_number, raw, length in _lines(source):
        if record is None:
            continue
        if length > MAX_LINE_BYTES:
            rejects.append(_too_long(record, line_number, raw, length))
        else:
            try:
                texts.append(raw.decode("utf-8"))
                records.append(record)
                line_numbers.append(line_number)
                digests.append(line_digest(raw))
            except UnicodeDecodeError as error:
                rejects.append(_not_utf8(record, line_number, raw, error))
        if len(texts) + len(rejects) == batch_rows:
            # Into a frame at once: the Python strings take as much memory as the text.
            yield _LineChunk(_lines_frame(records, line_numbers, texts, digests), rejects)
            records, line_numbers, texts, digests, rejects = [], [], [], [], []
    if texts or rejects:
        yield _LineChunk(_lines_frame(records, line_numbers, texts, digests), rejects)


def _lines_frame(
    records: list[int], line_numbers: list[int], texts: list[str], digests: list[str]
) -> pl.DataFrame:
    return pl.DataFrame(
        {"record": records, "line": line_numbers, "text": texts, "line_digest": digests},
        schema={"record": pl.Int32, "line": pl.Int32, "text": pl.String, "line_digest": pl.String},
    )


def _bounded_lines(handle: BinaryIO) -> Iterator[tuple[bytes, int]]:
    """The file's lines with their lengths in bytes; of a line longer than MAX_LINE_BYTES
    only the start is read into memory, the rest is skipped."""
    while raw := handle.readline(MAX_LINE_BYTES + 1):
        length = len(raw)
        if length > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            while rest := handle.readline(MAX_LINE_BYTES):
                length += len(rest)
                if rest.endswith(b"\n"):
                    break
        yield raw, length


def _read_batches(
    source: SourceFile, batch_rows: int, known: pl.DataFrame | None
) -> Iterator[RecordBatch]:
    """Parsed chunks in file order. Polars releases the GIL while it parses, so chunks are
    parsed on PARSE_THREADS threads while the next lines are read and the caller works on
    the chunk before. At most PARSE_THREADS + 1 chunks are in flight."""
    with ThreadPoolExecutor(max_workers=PARSE_THREADS) as pool:
        in_flight: deque[Future[RecordBatch]] = deque()
        for chunk in _line_chunks(source, batch_rows):
            in_flight.append(pool.submit(_parse_chunk, source, chunk, known))
            if len(in_flight) > PARSE_THREADS:
                yield in_flight.popleft().result()
        while in_flight:
            yield in_flight.popleft().result()


def _parse_chunk(source: SourceFile, chunk: _LineChunk, known: pl.DataFrame | None) -> RecordBatch:
    """Decode a chunk's lines column-wise, but those `known` has as they are; quarantine the
    ones that are not arXiv records."""
    lines, unchanged = _unknown_lines(chunk.lines, known)
    lines = lines.with_columns(
        # json_path_match is null for a line that is not valid JSON, so one pass finds the
        # lines that are surely records; the few others are judged one by one.
        arxiv_id=_cleaned(pl.col("text").str.json_path_match("$.id")),
        is_suspect=pl.col("text").str.contains(_SUSPECT_SHAPE),
    )
    is_plain_record = pl.col("arxiv_id").is_not_null() & ~pl.col("is_suspect")
    rejects = list(chunk.rejects)
    records_judged_fine = []
    for row in lines.filter(~is_plain_record).iter_rows(named=True):
        problem = _problem_in(row["text"])
        if problem is None and row["arxiv_id"] is not None:
            records_judged_fine.append(row["record"])
        else:
            rule, reason = problem or _UNDECODABLE
            rejects.append(
                RecordProblem(row["record"], row["line"], rule, reason, row["text"], _id_of(row))
            )

    readable = lines.filter(is_plain_record | pl.col("record").is_in(records_judged_fine))
    decoded, undecodable = _decode(readable)
    for row in undecodable.iter_rows(named=True):
        rule, reason = _problem_in(row["text"]) or _UNDECODABLE
        rejects.append(
            RecordProblem(row["record"], row["line"], rule, reason, row["text"], _id_of(row))
        )

    records = _raw_records(decoded, source) if decoded.height else RAW_RECORD_SCHEMA.to_frame()
    return RecordBatch(
        records=records,
        rejects=rejects_frame(rejects, source).sort("record_number"),
        unchanged=unchanged,
    )


def _unknown_lines(
    lines: pl.DataFrame, known: pl.DataFrame | None
) -> tuple[pl.DataFrame, list[int]]:
    """The lines `known` (record, record_digest) does not have as they are, and the record
    numbers of those it has."""
    if known is None or not lines.height:
        return lines, []
    first, last = lines["record"].min(), lines["record"].max()
    known_here = known.filter(pl.col("record").is_between(first, last)).rename(
        {"record_digest": "line_digest"}
    )
    keys = ["record", "line_digest"]
    unchanged = lines.join(known_here, on=keys, how="semi")["record"].to_list()
    return lines.join(known_here, on=keys, how="anti"), unchanged


def _decode(lines: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The lines with their `snapshot` struct decoded, and the lines that could not be.

    json_decode fails a whole column for one value of the wrong type (a list where a string
    belongs); such a batch is halved until the failing lines are alone, which costs a few
    extra decodes per bad line and nothing when the batch is clean."""
    try:
        decoded = lines.with_columns(snapshot=pl.col("text").str.json_decode(_SNAPSHOT_RECORD))
        return decoded, lines.clear()
    except pl.exceptions.ComputeError:
        if lines.height == 1:
            return _decode(lines.clear())[0], lines
        middle = lines.height // 2
        first_decoded, first_failed = _decode(lines.slice(0, middle))
        rest_decoded, rest_failed = _decode(lines.slice(middle))
        return (
            pl.concat([first_decoded, rest_decoded]),
            pl.concat([first_failed, rest_failed]),
        )


def _cleaned(text: pl.Expr) -> pl.Expr:
    """Light cleaning as the contract asks, clean_string's rules: no control characters (NULs
    included: Postgres text cannot hold them), no surrounding whitespace, empty as null. Line
    breaks inside are kept as written."""
    stripped = without_control_characters(text).str.strip_chars()
    return pl.when(stripped != "").then(stripped)


def _raw_records(decoded: pl.DataFrame, source: SourceFile) -> pl.DataFrame:
    """The decoded lines as raw records: RAW_RECORD_SCHEMA, the columns arXiv lacks null or
    empty."""
    snapshot = pl.col("snapshot").struct
    mapped = {
        "source_file": pl.lit(source.name, pl.String),
        "source_sha256": pl.lit(source.sha256, pl.String),
        "source_format": pl.lit(source.format, pl.String),
        "record": pl.col("record"),
        "line": pl.col("line"),
        "line_digest": pl.col("line_digest"),
        "source_record_id": pl.col("arxiv_id"),
        "title": _cleaned(snapshot.field("title")),
        "abstract_source": _cleaned(snapshot.field("abstract")),
        "arxiv_id": pl.col("arxiv_id"),
        "doi": _cleaned(snapshot.field("doi")),
        "published_on": _first_version_date(snapshot.field("versions")),
        "authors": _authors(snapshot.field("authors_parsed"), snapshot.field("authors")),
        "keywords": _categories(snapshot.field("categories")),
    }
    records = decoded.lazy().select(
        mapped.get(name, pl.lit([] if isinstance(dtype, pl.List) else None, dtype)).alias(name)
        for name, dtype in RAW_RECORD_SCHEMA.items()
    )
    if records.collect_schema() != RAW_RECORD_SCHEMA:
        raise TypeError(f"arXiv raw records do not match RAW_RECORD_SCHEMA: {records.schema}")
    return records.collect()


def _first_version_date(versions: pl.Expr) -> pl.Expr:
    """The day of the first version, from "Mon, 2 Apr 2007 19:18:42 GMT"; null if unreadable."""
    created = versions.list.first().struct.field("created")
    return created.str.extract(_RFC2822_DAY).str.to_date("%d %b %Y", strict=False)


def _authors(authors_parsed: pl.Expr, authors: pl.Expr) -> pl.Expr:
    """Authors in order from authors_parsed ([last, first, suffix] -> "first last suffix"),
    else split from the authors string ("A, B and C"); affiliations unknown."""

    def part(index: int) -> pl.Expr:
        # Empty parts (most suffixes) as null, so that concat_str skips them; NULs go below.
        stripped = pl.element().list.get(index, null_on_oob=True).str.strip_chars()
        return pl.when(stripped != "").then(stripped)

    def named(name: pl.Expr) -> pl.Expr:
        return pl.struct(
            name=_cleaned(name),
            affiliation=pl.lit(None, pl.String),
            affiliations=pl.lit(None, pl.List(pl.String)),
        )

    has_name = pl.element().struct.field("name").is_not_null()
    from_parsed = authors_parsed.list.eval(
        named(pl.concat_str([part(1), part(0), part(2)], separator=" ", ignore_nulls=True))
    ).list.eval(pl.element().filter(has_name))
    # Null unless needed: string functions skip nulls, so the fallback costs nothing on the
    # rows that have authors_parsed (when/then computes both branches for every row).
    needs_fallback = authors_parsed.list.len().fill_null(0) == 0
    from_string = (
        _cleaned(pl.when(needs_fallback).then(authors))
        .str.replace_all(_AUTHOR_SEPARATOR, _UNIT_SEPARATOR)
        .str.split(_UNIT_SEPARATOR)
        .list.eval(named(pl.element()))
        .list.eval(pl.element().filter(has_name))
    )
    return (
        pl.when(needs_fallback)
        .then(from_string)
        .otherwise(from_parsed)
        .fill_null(pl.lit([], pl.List(AUTHOR)))
    )


def _categories(categories: pl.Expr) -> pl.Expr:
    """Each space-separated arXiv category ("cs.LG stat.ML") as a source keyword."""
    return (
        _cleaned(categories)
        .str.replace_all(r"\s+", " ")
        .str.split(" ")
        .list.eval(
            pl.struct(
                keyword=pl.element(),
                origin=pl.lit("source"),
                kind=pl.lit("arxiv-category"),
            )
        )
        .fill_null(pl.lit([], pl.List(KEYWORD)))
    )


def _id_of(line: dict[str, Any]) -> str | None:
    """The arXiv id a rejected line gives, when the line is one JSON object whose id is text:
    what its reject names the record by (a line cut off or not JSON names none)."""
    try:
        value = json.loads(line["text"])
    except (json.JSONDecodeError, RecursionError):
        return None
    arxiv_id = value.get("id") if isinstance(value, dict) else None
    return clean_string(arxiv_id) if isinstance(arxiv_id, str) else None


def _problem_in(text: str) -> tuple[str, str] | None:
    """Why a line is not an arXiv record (rule, reason), or None when it is one."""
    nul = text.find("\x00")
    if nul >= 0:
        return "line.binary", f"NUL byte at column {nul + 1}: binary data, not a JSON record"
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        stripped = text.strip()
        if stripped.startswith("{") and not stripped.endswith("}"):
            return (
                "line.truncated",
                f"the JSON object is not closed: the line ends after {len(stripped):,} "
                "characters without '}'; the record was cut off",
            )
        return "line.not_json", f"not JSON: {error.msg} at column {error.colno}"
    except RecursionError:
        return "line.not_json", "not JSON that this reader can decode: nested too deeply"
    if not isinstance(value, dict):
        return (
            "record.not_object",
            f"a JSON {_json_kind(value)} where an arXiv record (a JSON object) belongs",
        )
    arxiv_id = value.get("id")
    if arxiv_id is None or (isinstance(arxiv_id, str) and not arxiv_id.replace("\x00", "").strip()):
        return "record.missing_id", 'no arXiv id: "id" is missing or empty'
    if not isinstance(arxiv_id, str):
        return (
            "record.wrong_type",
            f'id is a {_json_kind(arxiv_id)}; expected a string such as "0704.0001"',
        )
    for name in _STRING_FIELDS:
        if isinstance(value.get(name), list | dict):
            return (
                "record.wrong_type",
                f"{name} is a {_json_kind(value[name])}; expected a string",
            )
    versions = value.get("versions")
    if versions is not None:
        expected = 'expected a list of {"version": "v1", "created": "Mon, 2 Apr 2007 ..."}'
        if not isinstance(versions, list):
            return "record.wrong_type", f"versions is a {_json_kind(versions)}; {expected}"
        for position, version in enumerate(versions, start=1):
            if not isinstance(version, dict) or any(
                isinstance(version.get(key), list | dict) for key in ("version", "created")
            ):
                return (
                    "record.wrong_type",
                    f"versions holds a {_json_kind(version)} as version {position}, with a "
                    f"list or object inside it or instead of it; {expected}",
                )
    authors_parsed = value.get("authors_parsed")
    if authors_parsed is not None:
        expected = "expected a list of [last, first, suffix] lists"
        if not isinstance(authors_parsed, list):
            kind = _json_kind(authors_parsed)
            return "record.wrong_type", f"authors_parsed is a {kind}; {expected}"
        for position, author in enumerate(authors_parsed, start=1):
            if not isinstance(author, list) or any(isinstance(p, list | dict) for p in author):
                return (
                    "record.wrong_type",
                    f"authors_parsed holds a {_json_kind(author)} as author {position}, with "
                    f"a list or object inside it or instead of it; {expected}",
                )
    return None


def _json_kind(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    return "null"


def _too_long(record: int, line: int, raw: bytes, length: int) -> RecordProblem:
    return RecordProblem(
        record,
        line,
        "line.too_long",
        f"the line is {length:,} bytes, over the {MAX_LINE_BYTES:,}-byte limit for one "
        "arXiv record",
        raw[: SNIPPET_CHARS * 4].decode("utf-8", "replace"),
    )


def _not_utf8(record: int, line: int, raw: bytes, error: UnicodeDecodeError) -> RecordProblem:
    return RecordProblem(
        record,
        line,
        "line.not_utf8",
        f"not UTF-8: byte 0x{raw[error.start]:02x} at byte {error.start + 1} of the line",
        raw[: SNIPPET_CHARS * 4].decode("utf-8", "replace"),
    )


def _not_a_snapshot(source: SourceFile, held: list[RecordBatch]) -> InputFileError:
    """The error for a file that shows no arXiv record where one should be."""
    rejects = pl.concat([batch.rejects for batch in held]) if held else None
    if rejects is None or rejects.is_empty():
        return InputFileError(
            source.name, "file.empty", "file is empty: no line holds an arXiv record"
        )
    first = rejects.row(0, named=True)
    where = f"line {first['line_number']}: {first['reason']}"
    if first["rule"] in {"line.binary", "line.not_utf8"}:
        return InputFileError(
            source.name,
            "file.binary",
            f"binary file, not JSON Lines text ({where}); if it is compressed (.gz, .zip), "
            "decompress it first",
            line=first["line_number"],
            snippet=first["raw_snippet"],
        )
    return InputFileError(
        source.name,
        "file.no_records",
        f"not an arXiv metadata snapshot: none of the first {FIRST_RECORD_WITHIN_LINES:,} "
        f"lines is an arXiv record, a JSON object with an id ({where})",
        line=first["line_number"],
        snippet=first["raw_snippet"],
    )

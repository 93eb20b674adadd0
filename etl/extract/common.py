"""What every extract module shares: the Reader each format declares, errors, file facts,
helpers.

A format module (listing, hf_daily, paperlists, pwc_evaluation, pwc_api, arxiv) declares its
READER (see Reader), and the extract package knows it by that alone. Raw records keep what the
source says, lightly cleaned (control characters removed, strings stripped, empty strings as
null: clean_string, or without_control_characters for Polars columns); identifiers are
normalised later, by the transform, so that every source gets the same rules.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import polars as pl

from etl.contracts import RAW_RECORD_SCHEMA, REJECT_SCHEMA, SNIPPET_CHARS


@dataclass
class InputFileError(Exception):
    """A whole input file is unusable: what is wrong, where, and a bit of what was there."""

    source_file: str
    rule: str
    reason: str
    line: int | None = None
    snippet: str | None = None

    def __str__(self) -> str:
        where = f"{self.source_file}:{self.line}" if self.line else self.source_file
        return f"{where}: {self.reason}"


@dataclass(frozen=True)
class FilePart:
    """Whole lines of a file, read on their own (a Ray task's share of a large file): the
    bytes from `start` up to `end`, after `lines_before` lines holding `records_before`
    records, so that its records and lines are numbered as in a read of the whole file."""

    start: int
    end: int
    lines_before: int
    records_before: int


@dataclass(frozen=True)
class SourceFile:
    """An input file about to be read: the path as given, its sha256, size and format; and,
    when only a part of it is to be read, which part (records keep the file's name)."""

    path: Path
    sha256: str
    size_bytes: int
    format: str
    lines: int | None = None  # about how many lines: exact for a small file, else estimated
    part: FilePart | None = None

    @property
    def name(self) -> str:
        return str(self.path)


@dataclass(frozen=True)
class RecordBatch:
    records: pl.DataFrame  # RAW_RECORD_SCHEMA
    rejects: pl.DataFrame = field(default_factory=lambda: REJECT_SCHEMA.to_frame())
    # Records read but not parsed: known to the caller as they are (see Reader.skips_known).
    unchanged: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class RecordProblem:
    """A record a reader quarantines, the rest of its file still read: where the record is in
    the file, the rule it breaks and why, and what of it the reject may quote (the reader
    leaves out what must not be stored, such as personal fields). Every reader reports its
    bad records as these, and rejects_frame makes the file's reject rows (REJECT_SCHEMA) of
    them.

    record_number: None for a broken part of a file that holds records (a leaderboard's
    dataset); line_number: for readers whose records are lines.
    """

    record_number: int | None
    line_number: int | None
    rule: str
    reason: str
    raw_snippet: str | None
    source_record_id: str | None = None

    def __post_init__(self) -> None:
        # Made printable and cut when made, not when stored: Postgres cannot hold NULs or lone
        # surrogates, and a quarantined line may be megabytes long.
        object.__setattr__(self, "reason", printable(self.reason))
        snippet = printable((self.raw_snippet or "")[:SNIPPET_CHARS])
        object.__setattr__(self, "raw_snippet", snippet or None)


class UnusableRecord(Exception):
    """Raised while a record is read: it cannot become a raw record, for the rule and the
    reason given; the reader quarantines it as a RecordProblem."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


class BatchReader(Protocol):
    """How a format reads a file: batches of its raw records (RAW_RECORD_SCHEMA, at most
    batch_rows each) and of the records it quarantined (REJECT_SCHEMA); InputFileError when
    the file as a whole is unusable."""

    def __call__(self, source: SourceFile, *, batch_rows: int) -> Iterator[RecordBatch]: ...


@dataclass(frozen=True)
class Reader:
    """One input format, all that the extract package knows of it.

    format: the name users pass to --format and every raw record carries (source_format).
    looks_like: whether a file is of this format, judged by its start (its first
        etl.extract.SNIFF_BYTES, decoded as UTF-8 with undecodable bytes replaced).
    read: the file's records, batch by batch (see BatchReader).
    record_is_line: each record is a line of the file: record numbers count the file's
        records in order and line numbers are the lines they are on, so a file's line count
        estimates its records before it is read. Otherwise a record is an item of one
        document, numbered by its position there, with no line number.
    parts: how a file of this format splits into parts of whole lines, each of at least the
        given bytes (the last may be shorter), which `read` reads on their own (a source
        with `part` set) to the same records a read of the whole file makes; the parts are
        made as the file is scanned. None: the format's records cannot be read apart.
    skips_known: `read` also takes `known` (record, record_digest) of records the caller
        has as they are (published from an earlier version of the file): a record whose
        line has that digest at that number is not parsed, only numbered in the batch's
        `unchanged`. Its raw records carry their line's digest (line_digest).
    """

    format: str
    looks_like: Callable[[str], bool]
    read: BatchReader
    record_is_line: bool
    parts: Callable[[SourceFile, int], Iterator[FilePart]] | None = None
    skips_known: bool = False


@dataclass
class ExtractedFile:
    """One input file's facts, as the run ledger keeps them; records counted as read."""

    source_file: str
    sha256: str
    size_bytes: int
    format: str
    records: int = 0
    rejected: int = 0
    unchanged: int = 0  # records as published from an earlier version of the file

    @classmethod
    def counting(cls, sources: list[SourceFile]) -> dict[str, ExtractedFile]:
        """Each source's facts by its name, with nothing counted yet."""
        return {s.name: cls(s.name, s.sha256, s.size_bytes, s.format) for s in sources}

    def add_counts(self, other: ExtractedFile) -> None:
        """Count in what another reader of the same file (a part of it) counted."""
        self.records += other.records
        self.rejected += other.rejected
        self.unchanged += other.unchanged

    def ledger_entry(self) -> dict[str, object]:
        return {
            "path": self.source_file,
            "sha256": self.sha256,
            "bytes": self.size_bytes,
            "format": self.format,
            "records": self.records,
            "rejected": self.rejected,
            "unchanged": self.unchanged,
        }


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_sha256(path: Path, chunk_bytes: int = 1 << 20) -> tuple[str, int]:
    """sha256 and size of a file, read in chunks (never the whole file at once)."""
    digest, size = hashlib.sha256(), 0
    with path.open("rb") as handle:
        while chunk := handle.read(chunk_bytes):
            digest.update(chunk)
            size += len(chunk)
    return digest.hexdigest(), size


def read_input(path: Path) -> bytes:
    """The file's bytes, or InputFileError when it cannot be opened. Small formats only."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InputFileError(str(path), "file.missing", "no such file") from None
    except IsADirectoryError:
        raise InputFileError(str(path), "file.is_directory", "is a directory, not a file") from None
    except PermissionError:
        raise InputFileError(str(path), "file.unreadable", "permission denied") from None


def records_frame(rows: Iterable[dict[str, Any]], source: SourceFile) -> pl.DataFrame:
    """Raw records from dicts holding any subset of RAW_RECORD_SCHEMA's columns; the source
    columns are filled in, absent columns are null (lists: empty)."""
    rows = list(rows)
    columns = {}
    for name, dtype in RAW_RECORD_SCHEMA.items():
        if name == "source_file":
            columns[name] = [source.name] * len(rows)
        elif name == "source_sha256":
            columns[name] = [source.sha256] * len(rows)
        elif name == "source_format":
            columns[name] = [source.format] * len(rows)
        elif isinstance(dtype, pl.List):
            columns[name] = [row.get(name) or [] for row in rows]
        else:
            columns[name] = [row.get(name) for row in rows]
    return pl.DataFrame(columns, schema=RAW_RECORD_SCHEMA)


def rejects_frame(problems: Iterable[RecordProblem], source: SourceFile) -> pl.DataFrame:
    """The reject rows (REJECT_SCHEMA) of the records of one source that a reader
    quarantined."""
    rows = [
        {
            "source_file": source.name,
            "record_number": problem.record_number,
            "line_number": problem.line_number,
            "source_record_id": problem.source_record_id,
            "rule": problem.rule,
            "check_name": None,
            "reason": problem.reason,
            "raw_snippet": problem.raw_snippet,
        }
        for problem in problems
    ]
    return pl.DataFrame(rows, schema=REJECT_SCHEMA) if rows else REJECT_SCHEMA.to_frame()


# Python strings can hold lone UTF-16 surrogates (from JSON escapes such as "\ud800"), which
# cannot be encoded as UTF-8, so Polars and Postgres cannot take them.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")

# Software that keeps part of a text aside while it processes the rest leaves a placeholder in
# its place: a key between START OF TEXT (U+0002) and END OF TEXT (U+0003), such as
# Python-Markdown's "\x02wzxhzdk:12\x03" for a stashed HTML tag or "\x0242\x03" for an escaped
# "*". Text saved before the placeholders were put back still holds them. The key names content
# kept elsewhere and is none itself, so the whole placeholder goes, not only its two control
# characters: "Bi-LSTM<sub>att</sub>" saved as "Bi-LSTM\x02wzxhzdk:12\x03att\x02wzxhzdk:13\x03"
# becomes "Bi-LSTMatt", the text of the HTML. A key is one short token: STX and ETX around
# anything else are stray control characters, removed alone, keeping the text between them.
_PLACEHOLDER = r"\x02[^\x00-\x20\x7f-\x9f]{1,32}\x03"
# Placeholders after whitespace (or at the start) go with the spaces after them, so that
# "Joshi et al. \x02wzxhzdk:6\x03 (2019)" becomes "Joshi et al. (2019)", with one space; a
# placeholder glued to the text before it leaves the spaces after it. The whitespace before is
# captured and put back: the Polars regex engine has no look-behind, and a pattern that starts
# at a placeholder, not at any space, is fast to scan for.
_PLACEHOLDERS_AFTER_SPACE = rf"(^|\s)(?:{_PLACEHOLDER}[ \t]*)+"
# Vertical tab, form feed and NEXT LINE separate words like a space; dropping them would glue
# the words together.
_SPACING_CONTROLS = r"[\x0b\x0c\x85]"
# Every other C0 and C1 control character. Tab, line feed and carriage return stay: an abstract
# keeps its line breaks as written, and the transform collapses whitespace in the titles,
# abstracts, author names, affiliations and keywords it publishes.
_OTHER_CONTROLS = r"[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f]"

_PLACEHOLDERS_AFTER_SPACE_RE = re.compile(_PLACEHOLDERS_AFTER_SPACE)
_PLACEHOLDER_RE = re.compile(_PLACEHOLDER)
_SPACING_CONTROLS_RE = re.compile(_SPACING_CONTROLS)
_OTHER_CONTROLS_RE = re.compile(_OTHER_CONTROLS)


def printable(text: str) -> str:
    """Text that UTF-8 and Postgres can hold: lone surrogates and NULs become U+FFFD."""
    return _LONE_SURROGATE.sub("\ufffd", text).replace("\x00", "\ufffd")


def clean_string(value: Any) -> str | None:
    """A source string without control characters, stripped, with empty and whitespace-only
    strings as null; lone surrogates replaced (UTF-8 and Postgres cannot hold them).

    Placeholders (STX key ETX) are removed whole; vertical tabs, form feeds and NEXT LINE
    become spaces; the other control characters but tabs and line breaks, NULs included, are
    removed.
    """
    if value is None:
        return None
    text = _PLACEHOLDERS_AFTER_SPACE_RE.sub(r"\1", str(value))
    text = _PLACEHOLDER_RE.sub("", text)
    text = _OTHER_CONTROLS_RE.sub("", _SPACING_CONTROLS_RE.sub(" ", text))
    text = _LONE_SURROGATE.sub("\ufffd", text).strip()
    return text or None


def clean_name(value: Any) -> str | None:
    """clean_string for a name that is published as it is (a leaderboard's task or dataset):
    one line, each run of whitespace a single space."""
    text = clean_string(value)
    return " ".join(text.split()) if text is not None else None


def without_control_characters(text: pl.Expr) -> pl.Expr:
    """clean_string's removal of control characters, for a Polars string column (neither
    stripped nor nulled here)."""
    return (
        text.str.replace_all(_PLACEHOLDERS_AFTER_SPACE, "${1}")
        .str.replace_all(_PLACEHOLDER, "")
        .str.replace_all(_SPACING_CONTROLS, " ")
        .str.replace_all(_OTHER_CONTROLS, "")
    )

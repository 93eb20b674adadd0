"""The plain-text listing format: paperhouse's founding input.

Layout: the first non-empty line names the listing; every further non-empty line is one
abstract. Keys: none (papers are identified by their abstract's fingerprint). Tolerated: a
UTF-8 byte-order mark, CRLF or CR line ends, blank lines, surrounding spaces, a few control
characters (removed, as clean_string does for every format). Rejected as a
whole: an empty file, a binary file, a file that is not UTF-8, a file with a name but no
abstracts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from etl.extract.common import (
    InputFileError,
    RecordBatch,
    SourceFile,
    clean_string,
    read_input,
    records_frame,
)

FORMAT = "listing"
# One abstract per line: a file's line count is the records to expect (for progress).
ONE_RECORD_PER_LINE = True
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# C0 control characters other than tab, line feed, vertical tab, form feed, carriage return.
_CONTROL_BYTES = bytes(range(0x00, 0x09)) + bytes(range(0x0E, 0x20)) + b"\x7f"
# Text carries almost no control characters; a file where more than this share of the first
# block's bytes are control characters is binary, whatever its extension says.
_BINARY_CONTROL_SHARE = 0.01
_SNIFF_BYTES = 8192
_SNIPPET_CHARS = 120


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _check_is_text(source_file: str, data: bytes) -> str:
    """The file's text without a BOM, or InputFileError saying why it is not a text listing."""
    if not data.strip(b" \t\r\n\x0b\x0c\xef\xbb\xbf"):
        raise InputFileError(source_file, "file.empty", "file is empty")
    nul = data.find(b"\x00")
    if nul >= 0:
        raise InputFileError(
            source_file,
            "file.binary",
            f"binary file: NUL byte at offset {nul}; a listing is UTF-8 text",
            line=_line_of(data, nul),
        )
    head = data[:_SNIFF_BYTES]
    controls = sum(head.count(bytes([b])) for b in _CONTROL_BYTES)
    if controls > _BINARY_CONTROL_SHARE * len(head):
        raise InputFileError(
            source_file,
            "file.binary",
            f"binary file: {controls} control bytes in the first {len(head)}; "
            "a listing is UTF-8 text",
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = _line_of(data, error.start)
        line_start = data.rfind(b"\n", 0, error.start) + 1
        raise InputFileError(
            source_file,
            "file.not_utf8",
            f"not UTF-8: byte 0x{data[error.start]:02x} at offset {error.start} (line {line}) "
            "is not valid UTF-8; re-save the file as UTF-8",
            line=line,
            snippet=data[line_start : line_start + _SNIPPET_CHARS].decode("utf-8", "replace"),
        ) from None


def looks_like(head: str) -> bool:
    """Any text that is not JSON: the listing format is the fallback."""
    return not head.lstrip("\ufeff \t\r\n").startswith(("{", "["))


def read(source: SourceFile, *, batch_rows: int) -> Iterator[RecordBatch]:
    """Raw records of one listing file: one per abstract, with file, record and line.

    Listings are small (one abstract per line, typed or pasted by people): the file is read
    whole, then handed out in batches of batch_rows.
    """
    data = read_input(source.path)
    text = _check_is_text(source.name, data)

    listing_name = None
    rows = []
    for line_number, line in enumerate(_LINE_BREAK.split(text), start=1):
        cleaned = clean_string(line)
        if cleaned is None:
            continue
        if listing_name is None:
            listing_name = cleaned
        else:
            rows.append({"line": line_number, "abstract_source": cleaned})
    if not rows:
        raise InputFileError(
            source.name,
            "file.no_records",
            f"listing {listing_name!r} has no abstracts: after the name line, every "
            "non-empty line should be one abstract",
            line=1,
            snippet=listing_name,
        )
    for start in range(0, len(rows), batch_rows):
        chunk = [
            {**row, "record": start + offset + 1, "listing_name": listing_name}
            for offset, row in enumerate(rows[start : start + batch_rows])
        ]
        yield RecordBatch(records=records_frame(chunk, source))

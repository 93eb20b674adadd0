"""The plain-text listing format: paperhouse's founding input.

Layout: the first non-empty line names the listing; every further non-empty line is one
abstract. Keys: none (papers are identified by their abstract's fingerprint). Tolerated: a
UTF-8 byte-order mark, CRLF or CR line ends, blank lines, surrounding spaces, a few control
characters (removed, as clean_string does for every format). Rejected as a whole: an empty
file, a binary file, a file that is not UTF-8, a file with a name but no abstracts.

Recognised by its shape, since text has no keys to tell it by: a name line, then lines of
prose (see looks_like). Text of another shape (a CSV or TSV table, code, a log, notes broken
over lines) is refused, not loaded as a listing named after its first line; `--format listing`
reads a file as a listing whatever its lines look like.
"""

from __future__ import annotations

import codecs
import csv
import re
from collections.abc import Iterator
from dataclasses import dataclass

from etl.contracts import LISTING_FORMAT, SNIPPET_CHARS
from etl.extract.common import (
    InputFileError,
    Reader,
    RecordBatch,
    SourceFile,
    clean_string,
    read_input,
    records_frame,
)
from etl.extract.json_document import starts_like_json

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# C0 control characters other than tab, line feed, vertical tab, form feed, carriage return.
_CONTROL_BYTES = bytes(range(0x00, 0x09)) + bytes(range(0x0E, 0x20)) + b"\x7f"
# Text carries almost no control characters; a file where more than this share of the first
# block's bytes are control characters is binary, whatever its extension says.
_BINARY_CONTROL_SHARE = 0.01
_SNIFF_BYTES = 8192

SHAPE = "a listing is a name line, then one abstract per line, written in sentences"
# A listing is told by its first lines after the name, as every format is told by its start.
# Most of them must be prose: one truncated or odd abstract does not make a file no listing,
# and one sentence in a file of another kind does not make it one.
_SHAPE_LINES = 20
# Prose is words: runs of letters (any script), separated by spaces. 2,890 real abstracts
# (every sample format) have at least 8 words, 74% of their space-separated tokens words and
# 77% of their other characters letters; tables, code and logs are mostly numbers and
# symbols.
_WORD = re.compile(r"[^\W\d_]{2,}")
_MIN_WORDS = 5
_MIN_WORD_SHARE = 0.6
_MIN_LETTER_SHARE = 0.6
# An abstract is whole sentences: it ends with sentence punctuation (a closing quote or
# bracket may follow) or with a link (code and project pages close many abstracts).
_WHOLE_END = re.compile(r"""[.!?]['"”’)\]}*]*$|(?:https?://|www\.)\S*$""", re.IGNORECASE)
# A field in quotes glued to a delimiter (`1,"A title",`) is how CSV writes a row; prose
# puts a space after its commas, also after a closing quote (`the "holes", which`).
_QUOTED_FIELD = re.compile(r'(?<=\S)([,;|])"(?=[^\s,;|])|(?<=\S)"([,;|])(?=\S)')
# Delimiters of a table whose first line is a header: `id,title,abstract`.
_DELIMITERS = (",", ";", "|")
# A sentence starts with a capital or a character of a script without case, a digit, an
# opening quote or bracket, or LaTeX (`$\alpha$-...`, `\textbf{...}`).
_SENTENCE_OPENERS = frozenset("\"'“‘([{$\\")
_NUMBERED_ITEM = re.compile(r"\d{1,3}[.)]\s")
# Invisible characters some abstracts start with (copied from web pages).
_INVISIBLE = "\ufeff\u200b\u200c\u200d\u2060"


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _check_is_text(source_file: str, data: bytes, *, complete: bool = True) -> str:
    """The file's text without a BOM, or InputFileError saying why it is not a text listing.
    When not complete (data is the start of the file), a character cut at its end is left
    out, not an error."""
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
        return codecs.getincrementaldecoder("utf-8-sig")().decode(data, final=complete)
    except UnicodeDecodeError as error:
        offset = error.start + len(data) - len(error.object)  # the decoder skipped the BOM
        line = _line_of(data, offset)
        line_start = data.rfind(b"\n", 0, offset) + 1
        # A character is at most four bytes: enough bytes for SNIPPET_CHARS characters.
        start_of_line = data[line_start : line_start + SNIPPET_CHARS * 4].decode("utf-8", "replace")
        raise InputFileError(
            source_file,
            "file.not_utf8",
            f"not UTF-8: byte 0x{data[offset]:02x} at offset {offset} (line {line}) "
            "is not valid UTF-8; re-save the file as UTF-8",
            line=line,
            snippet=start_of_line[:SNIPPET_CHARS],
        ) from None


def _not_prose(line: str) -> str | None:
    """Why a line is no abstract written in prose, or None when it is one."""
    if "\t" in line:
        return "it holds tabs, which separate the fields of a table (TSV)"
    quoted = _QUOTED_FIELD.search(line)
    if quoted:
        delimiter = quoted.group(1) or quoted.group(2)
        return f"it holds fields in quotes separated by {delimiter!r}, as a CSV row does"
    start = line.lstrip(_INVISIBLE)[:1]
    if start.islower():
        return "it starts in lower case, as no sentence does (code, or a sentence broken off)"
    if not (start.isalpha() or start.isdigit() or start in _SENTENCE_OPENERS):
        return f"it starts with {start!r}, as a comment, markup or a list item does"
    if _NUMBERED_ITEM.match(line):
        return "it is a numbered list item"
    tokens = line.split()
    words = sum(1 for token in tokens if _WORD.search(token))
    if words < _MIN_WORDS:
        return f"it has {words} words, too few for an abstract"
    characters = [c for c in line if not c.isspace()]
    letters = sum(1 for c in characters if c.isalpha())
    if words < _MIN_WORD_SHARE * len(tokens) or letters < _MIN_LETTER_SHARE * len(characters):
        return "it is mostly numbers and symbols, not words"
    if not _WHOLE_END.search(line):
        return "it does not end a sentence (with . ! or ?) or with a link"
    return None


def _table(header: str, lines: list[str]) -> str | None:
    """Why the lines are a table under a header line (`id,title,abstract`), or None."""
    for delimiter in _DELIMITERS:
        # A header's delimiters stand between column names, with no space around them, and
        # a column name starts with no digit (`10:00:01,120 INFO` is a time, no header).
        spaced = re.search(rf"\s{re.escape(delimiter)}|{re.escape(delimiter)}\s", header)
        if delimiter not in header or spaced:
            continue
        names = next(csv.reader([header], delimiter=delimiter))
        if any(name.strip()[:1].isdigit() for name in names):
            continue
        rows = sum(
            len(next(csv.reader([line], delimiter=delimiter))) == len(names) for line in lines
        )
        if rows * 2 > len(lines):
            return (
                f"it is the header of a table of {len(names)} columns separated by "
                f"{delimiter!r}, and most lines after it have as many"
            )
    return None


@dataclass(frozen=True)
class ShapeProblem:
    """Why a text is not shaped like a listing: a sentence for people, and the line at fault."""

    reason: str
    line: int
    text: str


def shape_problem(text: str) -> ShapeProblem | None:
    """Why the text (a file or its start, whose last line may be cut) is not shaped like a
    listing, or None when it is."""
    lines = [
        (number, stripped)
        for number, line in enumerate(_LINE_BREAK.split(text.lstrip("\ufeff")), start=1)
        if (stripped := line.strip())
    ]
    if not text.endswith(("\n", "\r")) and len(lines) > 2:
        lines.pop()  # perhaps cut where the start of the file ends
    if len(lines) < 2:
        return None  # nothing after the name to judge: read says the listing has no abstracts
    (name_number, name), judged = lines[0], lines[1 : 1 + _SHAPE_LINES]
    table = _table(name, [line for _, line in judged])
    if table is not None:
        return ShapeProblem(f"line {name_number} is not a name: {table}", name_number, name)
    problems = [(number, line, why) for number, line in judged if (why := _not_prose(line))]
    if len(problems) * 2 < len(judged):
        return None
    number, line, why = problems[0]
    if len(judged) == 1:
        return ShapeProblem(
            f"line {number}, the one after the name, is no abstract: {why}", number, line
        )
    return ShapeProblem(
        f"{len(problems)} of the first {len(judged)} lines after the name are no abstracts; "
        f"line {number}: {why}",
        number,
        line,
    )


def looks_like(head: str) -> bool:
    """Text shaped like a listing (see shape_problem): a name line that heads no table, then
    lines most of which are prose: words separated by spaces, mostly letters, whole
    sentences."""
    return not starts_like_json(head) and shape_problem(head) is None


def text_problem(source_file: str, head: bytes, *, whole_file: bool) -> InputFileError | None:
    """The error read would raise for a file that starts with `head` because it is no text
    (empty, binary, not UTF-8), else None; for files no reader recognises."""
    try:
        _check_is_text(source_file, head, complete=whole_file)
    except InputFileError as error:
        return error
    return None


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


READER = Reader(format=LISTING_FORMAT, looks_like=looks_like, read=read, record_is_line=True)

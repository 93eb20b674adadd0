"""What the readers of whole-file JSON documents share (Daily Papers, conference lists, Papers
with Code): reading the document with one set of reasons for a file that is not usable JSON,
naming JSON types in messages, and the record-level helpers of the Papers with Code readers.
The same reasons serve a file that starts like JSON but no reader recognises (syntax_problem):
broken JSON is reported as broken, whatever format it was meant to be.

Rules for a file as a whole: `file.empty`, `file.not_utf8`, `file.truncated` (the JSON ends
before the document does: a string or value still open at the end of the file),
`file.not_json` (any other syntax error, or nesting too deep to read).
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterable, Iterator
from datetime import date
from typing import Any

from etl.contracts import SNIPPET_CHARS
from etl.extract.common import (
    InputFileError,
    RecordBatch,
    RecordProblem,
    SourceFile,
    UnusableRecord,
    clean_name,
    clean_string,
    printable,
    read_input,
    records_frame,
    rejects_frame,
)

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_DECODER = json.JSONDecoder(strict=False)
# A key as JSON writes it: `"name":`, its quote not escaped (so not inside a string).
_KEY = re.compile(r'(?<!\\)"((?:[^"\\]|\\.){1,60})"\s*:')
_KEYS_SHOWN = 8
# What a JSON file of no known format is told to fix, when it is not even JSON.
_ANY_JSON_FORMAT = "an input in JSON must parse as JSON: fix the file or download it again"


class NumberText(float):
    """A JSON number that remembers how it was written: `0.930` must stay "0.930", not 0.93."""

    text: str

    def __new__(cls, text: str) -> NumberText:
        number = super().__new__(cls, text)
        number.text = text
        return number


def json_type(value: Any) -> str:
    """The JSON name of a parsed value's type, for reasons people read."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list | tuple) else "an object"


def read_json_document(
    source: SourceFile, *, expected: str, keep_number_text: bool = False, snippet: bool = True
) -> Any:
    """The file's parsed JSON, or InputFileError saying why it is not usable JSON.

    `expected` says what the format's files are ("a paper list is a JSON array of paper
    objects"), for the reason. Control characters inside strings (a NUL, a raw line break) are
    tolerated: clean_string removes them later, and one bad character should not cost the
    whole file. With keep_number_text, numbers parse to NumberText. Without snippet, errors
    carry no text of the file (conference lists hold personal fields).
    """
    data = read_input(source.path)
    if not data.strip(b" \t\r\n\xef\xbb\xbf"):
        raise InputFileError(source.name, "file.empty", "file is empty")
    text = _utf8_text(source.name, data, complete=True)
    numbers = {"parse_float": NumberText, "parse_constant": NumberText} if keep_number_text else {}
    try:
        return json.loads(text, strict=False, **numbers)
    except RecursionError:
        raise _nested_too_deeply(source.name) from None
    except json.JSONDecodeError as error:
        raise _syntax_error(source.name, text, error, expected, snippet=snippet) from None


def starts_like_json(head: str) -> bool:
    """Whether the text starts as a JSON object or array does (after a byte-order mark)."""
    return head.lstrip("\ufeff \t\r\n").startswith(("{", "["))


def syntax_problem(source_file: str, head: bytes, *, whole_file: bool) -> InputFileError | None:
    """The error read_json_document would raise for a file that starts with `head` (not UTF-8,
    not JSON, cut off), as far as `head` shows one; None when it is valid JSON so far.

    For the files no reader recognises: a broken JSON file is reported as broken, with the
    parser's line and column, not as a format paperhouse does not read. When `head` is only the
    start of the file, an error where `head` ends says nothing about the file. No snippet: the
    file may be a conference list, whose text around an error may be a personal field.
    """
    try:
        text = _utf8_text(source_file, head, complete=whole_file)
        json.loads(text, strict=False)
    except InputFileError as error:
        return error
    except RecursionError:
        return _nested_too_deeply(source_file)
    except json.JSONDecodeError as error:
        if error.msg == "Extra data" and _is_json_lines(text):
            return None
        problem = _syntax_error(source_file, text, error, _ANY_JSON_FORMAT, snippet=False)
        if whole_file or problem.rule != "file.truncated":
            return problem
    return None


def described(head: str) -> str:
    """What a file starting with `head` (JSON of no known format) holds, for a reason: its
    kind and the keys it shows."""
    text = head.lstrip("\ufeff \t\r\n")
    if _is_json_lines(text):
        kind = "JSON Lines"
    elif text.startswith("["):
        kind = "a JSON array"
    else:
        kind = "a JSON object"
    keys = list(dict.fromkeys(_KEY.findall(text)))[:_KEYS_SHOWN]
    return f"{kind} with the keys {', '.join(keys)}" if keys else f"{kind} without keys"


def _utf8_text(source_file: str, data: bytes, *, complete: bool) -> str:
    """The bytes as text (without a byte-order mark), or InputFileError file.not_utf8; when
    not complete, a character cut at the end is left out, not an error."""
    try:
        return codecs.getincrementaldecoder("utf-8-sig")().decode(data, final=complete)
    except UnicodeDecodeError as error:
        offset = error.start + len(data) - len(error.object)  # the decoder skipped the BOM
        line = data.count(b"\n", 0, offset) + 1
        raise InputFileError(
            source_file,
            "file.not_utf8",
            f"not UTF-8: byte 0x{data[offset]:02x} at offset {offset} (line {line}) "
            "is not valid UTF-8; JSON files are UTF-8, re-save the file as UTF-8",
            line=line,
        ) from None


def _nested_too_deeply(source_file: str) -> InputFileError:
    return InputFileError(source_file, "file.not_json", "JSON nested too deeply to read")


def _syntax_error(
    source_file: str, text: str, error: json.JSONDecodeError, expected: str, *, snippet: bool
) -> InputFileError:
    problem = error.msg.removesuffix(" starting at")
    where = f"line {error.lineno}, column {error.colno}"
    around = text[max(0, error.pos - SNIPPET_CHARS // 2) : error.pos + SNIPPET_CHARS // 2]
    # With strict=False strings may span lines, so an unterminated one runs to the end.
    if error.pos >= len(text.rstrip()) or problem == "Unterminated string":
        return InputFileError(
            source_file,
            "file.truncated",
            f"JSON ends early ({problem} at {where}): the file looks cut off; download or "
            "copy it again",
            line=error.lineno,
            snippet=printable(around) if snippet else None,
        )
    return InputFileError(
        source_file,
        "file.not_json",
        f"not JSON: {problem} at {where}; {expected}",
        line=error.lineno,
        snippet=printable(around) if snippet else None,
    )


def _is_json_lines(text: str) -> bool:
    """Whether the text starts with a whole JSON value on a line of its own, followed by more:
    JSON Lines, not one JSON document."""
    try:
        _, end = _DECODER.raw_decode(text.lstrip("\ufeff \t\r\n"))
    except (json.JSONDecodeError, RecursionError):
        return False
    rest = text.lstrip("\ufeff \t\r\n")[end:]
    return "\n" in rest[: len(rest) - len(rest.lstrip())] and bool(rest.strip())


def has_json_key(head: str, key: str) -> bool:
    """Whether `"key":` occurs in the text as a key, not inside a string (where its quotes
    would be escaped)."""
    return re.search(rf'(?<!\\)"{re.escape(key)}"\s*:', head) is not None


def quarantined(
    record_number: int | None,
    rule: str,
    reason: str,
    raw: Any,
    source_record_id: str | None = None,
) -> RecordProblem:
    """A record (or a broken part of the file holding records) set aside, quoted as JSON."""
    snippet = json.dumps(raw, ensure_ascii=False)
    return RecordProblem(record_number, None, rule, reason, snippet, source_record_id)


def optional_text(container: dict[str, Any], key: str, where: str) -> str | None:
    """The cleaned string under key (null when absent, null or blank), else UnusableRecord."""
    value = container.get(key)
    if value is None or isinstance(value, str):
        return clean_string(value)
    raise UnusableRecord("record.wrong_type", f"{where}: {key} is {json_type(value)}, not text")


def optional_name(container: dict[str, Any], key: str, where: str) -> str | None:
    """optional_text for a name published as it is: one line (see clean_name)."""
    return clean_name(optional_text(container, key, where))


def optional_date(container: dict[str, Any], key: str, where: str) -> date | None:
    """The YYYY-MM-DD date under key (null when absent or blank), else UnusableRecord."""
    text = optional_text(container, key, where)
    if text is None:
        return None
    if _ISO_DATE.fullmatch(text):
        try:
            return date.fromisoformat(text)
        except ValueError:
            pass
    raise UnusableRecord(
        "record.wrong_type", f"{where}: {key} {text[:40]!r} is not a date (YYYY-MM-DD)"
    )


def batches(
    outcomes: Iterable[dict[str, Any] | RecordProblem], source: SourceFile, batch_rows: int
) -> Iterator[RecordBatch]:
    """Records (raw-record dicts) and quarantined records in file order, batched: a batch
    holds at most batch_rows records and the problems met among them."""
    rows: list[dict[str, Any]] = []
    problems: list[RecordProblem] = []
    for outcome in outcomes:
        if isinstance(outcome, RecordProblem):
            problems.append(outcome)
        else:
            rows.append(outcome)
        if len(rows) == batch_rows:
            yield RecordBatch(
                records=records_frame(rows, source), rejects=rejects_frame(problems, source)
            )
            rows, problems = [], []
    if rows or problems:
        yield RecordBatch(
            records=records_frame(rows, source), rejects=rejects_frame(problems, source)
        )

"""Hugging Face Daily Papers API dumps: one JSON file per day, one item per paper.

Layout: a JSON list of items `{paper: {id, title, summary, authors, ...}, numComments, ...}`,
or the same list wrapped as `{status, date, count, data}`. Items may be Python-repr strings
(`"{'paper': {...}}"`) instead of objects; they are read with ast.literal_eval, never eval.
Keys: the paper id (an arXiv id) of each item.

Schema drift between days, all read: `ai_keywords`, `githubRepo` and `projectPage` appear from
2025; the organisation sits in `paper.organization` and `organization`, or in
`submitterOrganization` in older files; `title` and `summary` are repeated at the item level
in newer files (the paper's own values win). Submitter, avatar and user fields are not read:
authors are loaded as names only. Authors marked `hidden: true` are left out; the others keep
their order.

The listing is "Daily Papers YYYY-MM-DD", the day taken from the first of: the wrapper's
`date`, a YYYY-MM-DD in the file name, the `paper.submittedOnDailyAt` day when all items agree
on it. The items' `publishedAt` is not used: it is the arXiv date, often days before the
listing day.

Quarantined, the rest of the file still read: items that cannot be parsed
(record.unparseable), items without a paper id or title (record.missing_field), fields of the
wrong type (record.wrong_type). Rejected as a whole: an empty file, a file that is not UTF-8,
not JSON or cut off, a top level other than a list or the wrapper, a wrapper whose status is
not "success", a file whose listing day cannot be told. The wrapper's `count` is not checked
against `data`: the items are what the file holds.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from datetime import date, datetime
from typing import Any

from etl.contracts import HF_DAILY_FORMAT
from etl.extract.common import (
    InputFileError,
    Reader,
    RecordBatch,
    RecordProblem,
    SourceFile,
    UnusableRecord,
    clean_string,
    printable,
)
from etl.extract.json_document import batches, read_json_document

# An item's paper object, as JSON (`"paper": {`) or inside a Python-repr string (`'paper': {`).
# Papers with Code results also have a "paper" key, but its value is a slug, not an object.
_PAPER_OBJECT = re.compile(r"""["']paper["']\s*:\s*\{""")
_DAY_IN_NAME = re.compile(r"\d{4}-\d{2}-\d{2}")
# The user objects inside an item (avatar, handle, full name): kept out of reject snippets,
# which are loaded, like everything else about people beyond their names. An unclosed one (the
# string was cut inside it) is removed to the end.
_USER_OBJECT = re.compile(
    r"""(["'])(user|submittedBy|submittedOnDailyBy)\1\s*:\s*\{[^{}]*(?:\}|$)"""
)
_INT32_RANGE = range(-(2**31), 2**31)


def looks_like(head: str) -> bool:
    """JSON holding a Daily Papers item's paper object, as JSON or as a Python-repr string."""
    starts_as_json = head.lstrip("\ufeff \t\r\n").startswith(("[", "{"))
    return starts_as_json and _PAPER_OBJECT.search(head) is not None


def read(source: SourceFile, *, batch_rows: int) -> Iterator[RecordBatch]:
    """Raw records of one day's Daily Papers file: one per paper item, in file order.

    The files are small API responses: the file is read whole, then handed out in batches of
    batch_rows records, each with the rejects met on the way.
    """
    document = read_json_document(
        source,
        expected="a Daily Papers dump is a JSON list of items or a {status, date, "
        "count, data} wrapper",
    )
    items, wrapper_day = _items_of(source.name, document)
    parsed_items = [_parse_item(item) for item in items]
    listing_day = wrapper_day or _day_in_file_name(source) or _common_daily_day(parsed_items)
    if parsed_items and listing_day is None:
        raise InputFileError(
            source.name,
            "file.no_listing_day",
            "cannot tell which day this Daily Papers file lists: no wrapper `date`, no "
            "YYYY-MM-DD in the file name and no `submittedOnDailyAt` day shared by all items; "
            "rename the file to the day it lists, e.g. 2025-01-10.json",
        )
    listing_name = f"Daily Papers {listing_day}"

    def outcomes() -> Iterator[dict[str, Any] | RecordProblem]:
        for record, (raw_item, item) in enumerate(zip(items, parsed_items, strict=True), start=1):
            try:
                yield {**_record_fields(item), "record": record, "listing_name": listing_name}
            except UnusableRecord as problem:
                snippet = _snippet(item if isinstance(item, dict) else raw_item)
                yield RecordProblem(
                    record, None, problem.rule, problem.reason, snippet, _paper_id(item)
                )

    yield from batches(outcomes(), source, batch_rows)


READER = Reader(format=HF_DAILY_FORMAT, looks_like=looks_like, read=read, record_is_line=False)


def _items_of(source_file: str, document: Any) -> tuple[list[Any], date | None]:
    """The day's items, and the day the wrapper names (None when unwrapped or unreadable)."""
    if isinstance(document, list):
        return document, None
    if isinstance(document, dict) and isinstance(document.get("data"), list):
        status = document.get("status", "success")
        if status != "success":
            raise InputFileError(
                source_file,
                "file.api_error",
                f"the API answered status {status!r}, not 'success': this file holds no "
                "papers; download the day again",
            )
        return document["data"], _as_day(document.get("date"))
    raise InputFileError(
        source_file,
        "file.wrong_shape",
        f"top level is {_kind(document)}; a Daily Papers file is a JSON list of paper items "
        "or an object {status, date, count, data} with that list in data",
    )


def _day_in_file_name(source: SourceFile) -> date | None:
    match = _DAY_IN_NAME.search(source.path.name)
    return _as_day(match.group()) if match else None


def _common_daily_day(parsed_items: list[dict[str, Any] | UnusableRecord]) -> date | None:
    """The day all items were submitted to Daily Papers on, when they say so and agree."""
    days = set()
    for item in parsed_items:
        if isinstance(item, dict):
            paper = item.get("paper")
            days.add(_as_day(paper.get("submittedOnDailyAt")) if isinstance(paper, dict) else None)
    return days.pop() if len(days) == 1 else None


def _as_day(value: Any) -> date | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value).date()
    except ValueError:
        return None


def _parse_item(item: Any) -> dict[str, Any] | UnusableRecord:
    """The item as an object: as found, or recovered from its Python-repr string."""
    if isinstance(item, str):
        try:
            # NUL characters would be removed by clean_string anyway; the parser refuses them.
            item = ast.literal_eval(item.replace("\x00", ""))
        except SyntaxError as error:
            return UnusableRecord(
                "record.unparseable",
                f"item is a string but not a Python literal: {error.msg} "
                f"(line {error.lineno}, column {error.offset})",
            )
        except ValueError:
            return UnusableRecord(
                "record.unparseable",
                "item is a string holding code, not a plain Python literal of an object",
            )
        # CPython's parser reports an expression nested too deeply as MemoryError.
        except (MemoryError, RecursionError):
            return UnusableRecord(
                "record.unparseable", "item is a string nested too deeply to parse"
            )
    if not isinstance(item, dict):
        return UnusableRecord(
            "record.wrong_type", f"item is {_kind(item)}, expected an object with a paper"
        )
    return item


def _paper_id(item: dict[str, Any] | UnusableRecord) -> str | None:
    """The paper id (its arXiv id) a set-aside item gives, when it gives one as text."""
    paper = item.get("paper") if isinstance(item, dict) else None
    value = paper.get("id") if isinstance(paper, dict) else None
    return clean_string(value) if isinstance(value, str) else None


def _record_fields(item: dict[str, Any] | UnusableRecord) -> dict[str, Any]:
    """The raw-record columns of one item, or UnusableRecord naming the field at fault."""
    if isinstance(item, UnusableRecord):
        raise item
    paper = item.get("paper")
    if paper is None:
        raise UnusableRecord("record.missing_field", "item has no paper object")
    if not isinstance(paper, dict):
        raise UnusableRecord("record.wrong_type", f"paper is {_kind(paper)}, expected an object")
    paper_id = _string(paper, "id", "paper.id")
    if paper_id is None:
        raise UnusableRecord("record.missing_field", "paper has no id (its arXiv id)")
    title = _string(paper, "title", "paper.title") or _string(item, "title", "title")
    if title is None:
        raise UnusableRecord("record.missing_field", f"paper {paper_id} has no title")
    published_at = _string(paper, "publishedAt", "paper.publishedAt")
    published_on = _as_day(published_at)
    if published_at is not None and published_on is None:
        raise UnusableRecord(
            "record.wrong_type", f"paper.publishedAt {published_at!r} is not an ISO 8601 date"
        )
    return {
        "source_record_id": paper_id,
        "arxiv_id": paper_id,
        "title": title,
        "abstract_source": _string(paper, "summary", "paper.summary")
        or _string(item, "summary", "summary"),
        "published_on": published_on,
        "authors": _author_names(paper),
        "organization": _organization(paper.get("organization"), "paper.organization")
        or _organization(item.get("organization"), "organization")
        or _organization(item.get("submitterOrganization"), "submitterOrganization"),
        "keywords": [
            {"keyword": keyword, "origin": "source", "kind": "keyword"}
            for keyword in _strings(paper, "ai_keywords", "paper.ai_keywords")
        ],
        "links": [
            {"url": url, "field": field}
            for field in ("githubRepo", "projectPage")
            if (url := _string(paper, field, f"paper.{field}")) is not None
        ],
        "upvotes": _count(paper, "upvotes", "paper.upvotes"),
        "comment_count": _count(item, "numComments", "numComments"),
    }


def _author_names(paper: dict[str, Any]) -> list[dict[str, Any]]:
    authors = paper.get("authors") or []
    if not isinstance(authors, list):
        raise _wrong_type("paper.authors", authors, "a list")
    names = []
    for position, author in enumerate(authors, start=1):
        path = f"paper.authors[{position}]"
        if not isinstance(author, dict):
            raise _wrong_type(path, author, "an object")
        if author.get("hidden") is True:
            continue
        name = _string(author, "name", f"{path}.name")
        if name is None:
            raise UnusableRecord("record.missing_field", f"{path} has no name")
        names.append({"name": name, "affiliation": None})
    return names


def _organization(value: Any, path: str) -> str | None:
    """The organisation's full name ("Stanford NLP"), else its short name ("stanfordnlp")."""
    if value is None or isinstance(value, str):
        return _text(value)
    if not isinstance(value, dict):
        raise _wrong_type(path, value, "an object")
    return _string(value, "fullname", f"{path}.fullname") or _string(value, "name", f"{path}.name")


def _string(container: dict[str, Any], key: str, path: str) -> str | None:
    value = container.get(key)
    if value is not None and not isinstance(value, str):
        raise _wrong_type(path, value, "a string")
    return _text(value)


def _strings(container: dict[str, Any], key: str, path: str) -> list[str]:
    """A list of strings, blank ones left out (the source has a few empty keywords)."""
    values = container.get(key) or []
    if not isinstance(values, list):
        raise _wrong_type(path, values, "a list of strings")
    texts = []
    for position, value in enumerate(values, start=1):
        if not isinstance(value, str):
            raise _wrong_type(f"{path}[{position}]", value, "a string")
        if (text := _text(value)) is not None:
            texts.append(text)
    return texts


def _count(container: dict[str, Any], key: str, path: str) -> int | None:
    value = container.get(key)
    if value is None:
        return None
    # bool is an int in Python, but true is no count.
    if isinstance(value, bool) or not isinstance(value, int):
        raise _wrong_type(path, value, "a whole number")
    if value not in _INT32_RANGE:
        raise UnusableRecord("record.wrong_type", f"{path} {value} is too large for a count")
    return value


def _text(value: str | None) -> str | None:
    cleaned = clean_string(value)
    return printable(cleaned) if cleaned is not None else None


def _wrong_type(path: str, value: Any, expected: str) -> UnusableRecord:
    return UnusableRecord("record.wrong_type", f"{path} is {_kind(value)}, expected {expected}")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple | set):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def _snippet(item: Any) -> str:
    """What identifies a rejected item (its paper's id and title), without user data."""
    if isinstance(item, str):
        return _USER_OBJECT.sub(r"\1\2\1: {…}", item)
    paper = item.get("paper") if isinstance(item, dict) else None
    if isinstance(paper, dict):
        shown = {"id": paper.get("id"), "title": paper.get("title")}
    elif isinstance(item, dict):
        shown = {key: item.get(key) for key in ("title", "paper")}
    else:
        shown = item
    return json.dumps(shown, ensure_ascii=False, default=repr)

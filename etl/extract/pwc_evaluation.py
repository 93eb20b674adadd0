"""Papers with Code evaluation tables (`evaluation-tables.json`, paperswithcode/sota-extractor).

Layout: a JSON list of tasks; a task has `task` (its name), `datasets` and `subtasks` (tasks
of the same shape); a dataset has `dataset` (its name), `sota.rows` and `subdatasets`
(datasets of the same shape named by `subdataset`, e.g. a "Restricted" track). A row is one
model's entry on that leaderboard: `model_name`, `paper_title`, `paper_url`, `paper_date`,
`code_links` and `metrics` ({metric name: value}).

One raw record per row, numbered in document order (a task's datasets, each followed by its
subdatasets, then its subtasks); `source_record_id` is the row's JSON Pointer in the file,
e.g. `/0/subtasks/1/datasets/0/sota/rows/3`, unique by construction and easy to look up. A
row's metrics become its leaderboard entries with the value as written: strings as they are
("85.1%", "81.2 ± 0.3", "-"), JSON numbers as their literal text ("0.930" stays "0.930"). A
subdataset's leaderboard is named "<dataset> (<subdataset>)".

Quarantined: rows naming no paper (no title, no URL: models without papers), rows without
`metrics`, rows or containers of the wrong JSON type, dates that are not YYYY-MM-DD. Rejected
as a whole: a file that is empty, not UTF-8, not JSON, or not a list of tasks.

The JSON helpers shared with pwc_api live here until common.py has a home for them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any
from urllib.parse import urlsplit

from etl.extract.common import (
    SNIPPET_CHARS,
    InputFileError,
    RecordBatch,
    SourceFile,
    clean_string,
    read_input,
    records_frame,
    rejects_frame,
)

FORMAT = "pwc-evaluation"

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_URL_IN_TEXT = re.compile(r"https?://\S+", re.IGNORECASE)
_PWC_PAPER_PATH = re.compile(r"/papers?/([^/?#]+)/?")
_DOI_HOSTS = ("doi.org", "dx.doi.org", "www.doi.org")


class _NumberText(float):
    """A JSON number that remembers how it was written: `0.930` must stay "0.930", not 0.93."""

    text: str

    def __new__(cls, text: str) -> _NumberText:
        number = super().__new__(cls, text)
        number.text = text
        return number


@dataclass(frozen=True)
class RecordProblem(Exception):
    """Why one record cannot be used; it is quarantined, the rest of the file is not."""

    rule: str
    reason: str


@dataclass(frozen=True)
class Quarantined:
    """A record (or a broken part of the file holding records) set aside with its reason."""

    record_number: int | None
    rule: str
    reason: str
    raw: Any


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
    return "a list" if isinstance(value, list) else "an object"


def read_json_document(source: SourceFile) -> Any:
    """The file's parsed JSON, or InputFileError saying why it is not usable JSON.

    Control characters inside strings (a NUL, a raw line break) are tolerated: clean_string
    removes NULs later, and one bad character should not cost the whole file. JSON numbers
    parse to floats that keep their literal text.
    """
    data = read_input(source.path)
    if not data.strip(b" \t\r\n\xef\xbb\xbf"):
        raise InputFileError(source.name, "file.empty", "file is empty")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputFileError(
            source.name,
            "file.not_utf8",
            f"not UTF-8: byte 0x{data[error.start]:02x} at offset {error.start} (line {line}) "
            "is not valid UTF-8; JSON files are UTF-8",
            line=line,
        ) from None
    try:
        return json.loads(text, parse_float=_NumberText, parse_constant=_NumberText, strict=False)
    except json.JSONDecodeError as error:
        # An unterminated string is one whose closing quote never comes: the file ends in it.
        problem = error.msg.removesuffix(" starting at")
        truncated = error.pos >= len(text.rstrip()) or problem == "Unterminated string"
        hint = "; the file ends before the JSON does (truncated?)" if truncated else ""
        raise InputFileError(
            source.name,
            "file.not_json",
            f"not valid JSON at line {error.lineno} column {error.colno}: {problem}{hint}",
            line=error.lineno,
            snippet=text[max(0, error.pos - SNIPPET_CHARS // 2) : error.pos + SNIPPET_CHARS // 2],
        ) from None
    except RecursionError:
        raise InputFileError(
            source.name, "file.not_json", "JSON nested too deeply to read"
        ) from None


def has_json_key(head: str, key: str) -> bool:
    """Whether `"key":` occurs in the text as a key, not inside a string (where its quotes
    would be escaped)."""
    return re.search(rf'(?<!\\)"{re.escape(key)}"\s*:', head) is not None


def optional_text(container: dict[str, Any], key: str, where: str) -> str | None:
    """The cleaned string under key (null when absent, null or blank), else RecordProblem."""
    value = container.get(key)
    if value is None or isinstance(value, str):
        return clean_string(value)
    raise RecordProblem("record.wrong_type", f"{where}: {key} is {json_type(value)}, not text")


def optional_date(container: dict[str, Any], key: str, where: str) -> date | None:
    """The YYYY-MM-DD date under key (null when absent or blank), else RecordProblem."""
    text = optional_text(container, key, where)
    if text is None:
        return None
    if _ISO_DATE.fullmatch(text):
        try:
            return date.fromisoformat(text)
        except ValueError:
            pass
    raise RecordProblem(
        "record.wrong_type", f"{where}: {key} {text[:40]!r} is not a date (YYYY-MM-DD)"
    )


def paper_identity(url_text: str) -> tuple[str, str]:
    """Which raw-record field a paper's URL fills, and with what: ("arxiv_id", url),
    ("doi", url), ("pwc_id", slug) or ("link", url) for any other page.

    Identifiers are kept as given (the transform normalises them); only text around the URL
    ("(Singapore Management University) https://arxiv.org/abs/...") is left out.
    """
    found = _URL_IN_TEXT.search(url_text)
    url = found.group(0) if found else url_text
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
    except ValueError:  # e.g. an unclosed IPv6 bracket: not a paper identity, just a link
        return "link", url
    if host == "arxiv.org" or host.endswith(".arxiv.org"):
        return "arxiv_id", url
    if host in _DOI_HOSTS:
        return "doi", url
    if host == "paperswithcode.com" or host.endswith(".paperswithcode.com"):
        paper_page = _PWC_PAPER_PATH.fullmatch(parts.path)
        if paper_page:
            return "pwc_id", paper_page.group(1)
    return "link", url


def batches(
    outcomes: list[dict[str, Any] | Quarantined], source: SourceFile, batch_rows: int
) -> Iterator[RecordBatch]:
    """Records and quarantined records in file order, at most batch_rows of them a batch."""
    for start in range(0, len(outcomes), batch_rows):
        chunk = outcomes[start : start + batch_rows]
        records = [item for item in chunk if not isinstance(item, Quarantined)]
        rejects = [
            {
                "source_file": source.name,
                "record_number": item.record_number,
                "line_number": None,
                "rule": item.rule,
                "reason": item.reason,
                "raw_snippet": json.dumps(item.raw, ensure_ascii=False)[:SNIPPET_CHARS],
            }
            for item in chunk
            if isinstance(item, Quarantined)
        ]
        yield RecordBatch(records=records_frame(records, source), rejects=rejects_frame(rejects))


@dataclass(frozen=True)
class _SotaRow:
    pointer: str  # JSON Pointer of the row in the file
    task: str | None
    dataset: str | None
    row: Any


def looks_like(head: str) -> bool:
    """A JSON list whose objects have `datasets` and `sota` keys."""
    text = head.lstrip("\ufeff \t\r\n")
    return text.startswith("[") and has_json_key(text, "datasets") and has_json_key(text, "sota")


def _broken(pointer: str, raw: Any, problem: str) -> Quarantined:
    return Quarantined(None, "record.wrong_type", f"{pointer}: {problem}", raw)


def _list_under(container: dict[str, Any], key: str, where: str) -> list[Any]:
    value = container.get(key)
    if value is None:
        return []
    if isinstance(value, list):
        return value
    raise RecordProblem("record.wrong_type", f"{where}: {key} is {json_type(value)}, not a list")


def _dataset_rows(
    dataset: Any, pointer: str, task: str | None, parent_dataset: str | None
) -> Iterator[_SotaRow | Quarantined]:
    if not isinstance(dataset, dict):
        yield _broken(pointer, dataset, f"dataset is {json_type(dataset)}, not an object")
        return
    try:
        name = optional_text(dataset, "subdataset" if parent_dataset else "dataset", pointer)
        if parent_dataset:
            name = f"{parent_dataset} ({name})" if name else parent_dataset
        sota = dataset.get("sota")
        if sota is None:
            sota = {}
        elif not isinstance(sota, dict):
            raise RecordProblem(
                "record.wrong_type", f"{pointer}: sota is {json_type(sota)}, not an object"
            )
        rows = _list_under(sota, "rows", f"{pointer}/sota")
        subdatasets = _list_under(dataset, "subdatasets", pointer)
    except RecordProblem as problem:
        yield Quarantined(None, problem.rule, problem.reason, dataset)
        return
    for index, row in enumerate(rows):
        yield _SotaRow(f"{pointer}/sota/rows/{index}", task, name, row)
    for index, subdataset in enumerate(subdatasets):
        yield from _dataset_rows(subdataset, f"{pointer}/subdatasets/{index}", task, name)


def _task_rows(tasks: list[Any], pointer: str) -> Iterator[_SotaRow | Quarantined]:
    for index, task in enumerate(tasks):
        here = f"{pointer}/{index}"
        if not isinstance(task, dict):
            yield _broken(here, task, f"task is {json_type(task)}, not an object")
            continue
        try:
            name = optional_text(task, "task", here)
            datasets = _list_under(task, "datasets", here)
            subtasks = _list_under(task, "subtasks", here)
        except RecordProblem as problem:
            yield Quarantined(None, problem.rule, problem.reason, task)
            continue
        for dataset_index, dataset in enumerate(datasets):
            yield from _dataset_rows(dataset, f"{here}/datasets/{dataset_index}", name, None)
        yield from _task_rows(subtasks, f"{here}/subtasks")


def _value_text(value: Any, metric: str, where: str) -> str | None:
    if isinstance(value, _NumberText):
        return value.text
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if value is None or isinstance(value, str):
        return clean_string(value)
    raise RecordProblem(
        "record.wrong_type",
        f'{where}: metric {metric!r} is {json_type(value)}, not a value like "85.1%"',
    )


def _code_links(row: dict[str, Any], where: str) -> list[dict[str, str]]:
    links = []
    for link in _list_under(row, "code_links", where):
        # sota-extractor writes {title, url} objects; older dumps wrote bare URL strings.
        if isinstance(link, dict):
            url = optional_text(link, "url", f"{where}: a code link")
        elif link is None or isinstance(link, str):
            url = clean_string(link)
        else:
            raise RecordProblem(
                "record.wrong_type",
                f"{where}: a code link is {json_type(link)}, not a URL or a {{url}} object",
            )
        if url is not None:
            links.append({"url": url, "field": "code_links"})
    return links


def _raw_record(found: _SotaRow, record_number: int) -> dict[str, Any]:
    """The raw record of one leaderboard row, or RecordProblem."""
    where = f"row {found.pointer} ({found.task} / {found.dataset})"
    row = found.row
    if not isinstance(row, dict):
        raise RecordProblem("record.wrong_type", f"{where} is {json_type(row)}, not an object")
    title = optional_text(row, "paper_title", where)
    paper_url = optional_text(row, "paper_url", where)
    model_name = optional_text(row, "model_name", where)
    published_on = optional_date(row, "paper_date", where)
    if title is None and paper_url is None:
        raise RecordProblem(
            "record.no_paper",
            f"{where}: no paper_title and no paper_url, so the entry of model {model_name!r} "
            "cannot be tied to a paper (a model without a paper)",
        )
    if "metrics" not in row:
        raise RecordProblem("record.missing_field", f"{where}: no metrics; a row needs them")
    metrics = row["metrics"]
    if not isinstance(metrics, dict):
        raise RecordProblem(
            "record.wrong_type", f"{where}: metrics is {json_type(metrics)}, not an object"
        )
    leaderboard = []
    for metric, value in metrics.items():
        value_text = _value_text(value, metric, where)
        if value_text is not None:
            leaderboard.append(
                {
                    "task": found.task,
                    "dataset": found.dataset,
                    "model_name": model_name,
                    "metric": clean_string(metric),
                    "value_text": value_text,
                }
            )
    record: dict[str, Any] = {
        "record": record_number,
        "source_record_id": found.pointer,
        "title": title,
        "published_on": published_on,
        "links": [],
        "leaderboard": leaderboard,
    }
    if paper_url is not None:
        field, value = paper_identity(paper_url)
        if field == "link":
            record["links"].append({"url": value, "field": "paper_url"})
        else:
            record[field] = value
    record["links"].extend(_code_links(row, where))
    return record


def read(source: SourceFile, *, batch_rows: int) -> Iterator[RecordBatch]:
    """Raw records of one evaluation-tables file: one per leaderboard row, in document order.

    Files are small (a few MB for the full dump of one task family): read whole, then handed
    out in batches of batch_rows.
    """
    tasks = read_json_document(source)
    if not isinstance(tasks, list):
        raise InputFileError(
            source.name,
            "file.wrong_shape",
            f"the file holds {json_type(tasks)}; an evaluation-tables file is a list of tasks "
            "[{task, datasets: [{dataset, sota: {rows}}], subtasks}]",
        )
    outcomes: list[dict[str, Any] | Quarantined] = []
    record_number = 0
    for found in _task_rows(tasks, ""):
        if isinstance(found, Quarantined):
            outcomes.append(found)
            continue
        record_number += 1
        try:
            outcomes.append(_raw_record(found, record_number))
        except RecordProblem as problem:
            outcomes.append(Quarantined(record_number, problem.rule, problem.reason, found.row))
    yield from batches(outcomes, source, batch_rows)

"""Papers with Code evaluation tables (`evaluation-tables.json`, paperswithcode/sota-extractor).

Layout: a JSON list of tasks, or one task object on its own (the shape of the format's
documented example, read as a list of one); a task has `task` (its name), `datasets` and
`subtasks` (tasks of the same shape); a dataset has `dataset` (its name), `sota.rows` and
`subdatasets` (datasets of the same shape named by `subdataset`, e.g. a "Restricted" track).
A row is one model's entry on that leaderboard: `model_name`, `paper_title`, `paper_url`,
`paper_date`, `code_links` and `metrics` ({metric name: value}).

One raw record per row, numbered in document order (a task's datasets, each followed by its
subdatasets, then its subtasks); `source_record_id` is the row's JSON Pointer in the file,
e.g. `/0/subtasks/1/datasets/0/sota/rows/3` (`/subtasks/1/datasets/0/sota/rows/3` in a file
of one task), unique by construction and easy to look up. A row's metrics become its
leaderboard entries with the value as written: strings as they are ("85.1%", "81.2 ± 0.3",
"-"), JSON numbers as their literal text ("0.930" stays "0.930"). A subdataset's leaderboard
is named "<dataset> (<subdataset>)"; task and dataset names are one line each. The row's
`paper_url` is the record's paper_url, the link that names its paper (the transform reads
the arXiv id, DOI, ACL Anthology id ... it carries); `paper_date` is the date of the entry
(`entered_on`), not of the paper: rows of one paper carry different dates.

A row naming no paper (no title, no URL) is still a leaderboard entry: its model and values are
read like any other row's, and the transform publishes them with their paper unknown.
Quarantined: rows without `metrics`, rows or containers of the wrong JSON type, dates that are
not YYYY-MM-DD. Rejected as a whole: a file that is empty, not UTF-8, not JSON, or neither a
list of tasks nor a task.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from etl.contracts import PWC_EVALUATION_FORMAT
from etl.extract.common import (
    InputFileError,
    Reader,
    RecordBatch,
    RecordProblem,
    SourceFile,
    UnusableRecord,
    clean_name,
    clean_string,
)
from etl.extract.json_document import (
    NumberText,
    batches,
    has_json_key,
    json_type,
    optional_date,
    optional_name,
    optional_text,
    quarantined,
    read_json_document,
)

_URL_IN_TEXT = re.compile(r"https?://\S+", re.IGNORECASE)
# A file that is one object is one task when it has one of a task's keys.
_TASK_KEYS = frozenset({"task", "datasets", "subtasks"})


def paper_link(url_text: str) -> str:
    """The URL in a row's paper_url, without text around it ("(Singapore Management
    University) https://arxiv.org/abs/..."); which identifier it carries (arXiv id, DOI, ACL
    Anthology id ...) the transform decides, as for every source."""
    found = _URL_IN_TEXT.search(url_text)
    return found.group(0) if found else url_text


@dataclass(frozen=True)
class _SotaRow:
    pointer: str  # JSON Pointer of the row in the file
    task: str | None
    dataset: str | None
    row: Any

    @property
    def table(self) -> str:
        """JSON Pointer of the leaderboard (dataset or subdataset) the row is on."""
        return self.pointer.rsplit("/sota/rows/", 1)[0]


def looks_like(head: str) -> bool:
    """JSON with `datasets` and `sota` keys: a list of tasks, or one task object."""
    text = head.lstrip("\ufeff \t\r\n")
    return (
        text.startswith(("[", "{"))
        and has_json_key(text, "datasets")
        and has_json_key(text, "sota")
    )


def _is_task(value: Any) -> bool:
    return isinstance(value, dict) and not _TASK_KEYS.isdisjoint(value)


def _broken(pointer: str, raw: Any, problem: str) -> RecordProblem:
    return quarantined(None, "record.wrong_type", f"{pointer}: {problem}", raw)


def _list_under(container: dict[str, Any], key: str, where: str) -> list[Any]:
    value = container.get(key)
    if value is None:
        return []
    if isinstance(value, list):
        return value
    raise UnusableRecord("record.wrong_type", f"{where}: {key} is {json_type(value)}, not a list")


def _dataset_rows(
    dataset: Any, pointer: str, task: str | None, parent_dataset: str | None
) -> Iterator[_SotaRow | RecordProblem]:
    if not isinstance(dataset, dict):
        yield _broken(pointer, dataset, f"dataset is {json_type(dataset)}, not an object")
        return
    try:
        name = optional_name(dataset, "subdataset" if parent_dataset else "dataset", pointer)
        if parent_dataset:
            name = f"{parent_dataset} ({name})" if name else parent_dataset
        sota = dataset.get("sota")
        if sota is None:
            sota = {}
        elif not isinstance(sota, dict):
            raise UnusableRecord(
                "record.wrong_type", f"{pointer}: sota is {json_type(sota)}, not an object"
            )
        rows = _list_under(sota, "rows", f"{pointer}/sota")
        subdatasets = _list_under(dataset, "subdatasets", pointer)
    except UnusableRecord as problem:
        yield quarantined(None, problem.rule, problem.reason, dataset)
        return
    for index, row in enumerate(rows):
        yield _SotaRow(f"{pointer}/sota/rows/{index}", task, name, row)
    for index, subdataset in enumerate(subdatasets):
        yield from _dataset_rows(subdataset, f"{pointer}/subdatasets/{index}", task, name)


def _task_rows(tasks: list[Any], pointer: str) -> Iterator[_SotaRow | RecordProblem]:
    for index, task in enumerate(tasks):
        yield from _rows_of_task(task, f"{pointer}/{index}")


def _rows_of_task(task: Any, here: str) -> Iterator[_SotaRow | RecordProblem]:
    if not isinstance(task, dict):
        yield _broken(here, task, f"task is {json_type(task)}, not an object")
        return
    try:
        name = optional_name(task, "task", here)
        datasets = _list_under(task, "datasets", here)
        subtasks = _list_under(task, "subtasks", here)
    except UnusableRecord as problem:
        yield quarantined(None, problem.rule, problem.reason, task)
        return
    for dataset_index, dataset in enumerate(datasets):
        yield from _dataset_rows(dataset, f"{here}/datasets/{dataset_index}", name, None)
    yield from _task_rows(subtasks, f"{here}/subtasks")


def _value_text(value: Any, metric: str, where: str) -> str | None:
    if isinstance(value, NumberText):
        return value.text
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if value is None or isinstance(value, str):
        return clean_string(value)
    raise UnusableRecord(
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
            raise UnusableRecord(
                "record.wrong_type",
                f"{where}: a code link is {json_type(link)}, not a URL or a {{url}} object",
            )
        if url is not None:
            links.append({"url": url, "field": "code_links"})
    return links


def _raw_record(found: _SotaRow, record_number: int) -> dict[str, Any]:
    """The raw record of one leaderboard row, or UnusableRecord."""
    where = f"row {found.pointer} ({found.task} / {found.dataset})"
    row = found.row
    if not isinstance(row, dict):
        raise UnusableRecord("record.wrong_type", f"{where} is {json_type(row)}, not an object")
    title = optional_text(row, "paper_title", where)
    paper_url = optional_text(row, "paper_url", where)
    model_name = optional_name(row, "model_name", where)
    entered_on = optional_date(row, "paper_date", where)
    if "metrics" not in row:
        raise UnusableRecord("record.missing_field", f"{where}: no metrics; a row needs them")
    metrics = row["metrics"]
    if not isinstance(metrics, dict):
        raise UnusableRecord(
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
                    "metric": clean_name(metric),
                    "value_text": value_text,
                    "entered_on": entered_on,
                }
            )
    record: dict[str, Any] = {
        "record": record_number,
        "source_record_id": found.pointer,
        "title": title,
        "paper_url": None if paper_url is None else paper_link(paper_url),
        "links": []
        if paper_url is None
        else [{"url": paper_link(paper_url), "field": "paper_url"}],
        "leaderboard": leaderboard,
    }
    record["links"].extend(_code_links(row, where))
    return record


def _whole_tables(
    outcomes: list[tuple[str | None, dict[str, Any] | RecordProblem]], batch_rows: int
) -> Iterator[list[dict[str, Any] | RecordProblem]]:
    """(table, outcome) pairs in file order cut into runs of at most batch_rows outcomes,
    never between two rows of one table: a table longer than batch_rows is a run of its own.
    The transform decides the unit of a leaderboard column from all of its values, so a
    table's rows must reach it in one batch (the pipeline concatenates whole batches)."""
    run: list[dict[str, Any] | RecordProblem] = []
    for _, rows in groupby(outcomes, key=lambda pair: pair[0]):
        table = [outcome for _, outcome in rows]
        if run and len(run) + len(table) > batch_rows:
            yield run
            run = []
        run.extend(table)
    if run:
        yield run


def read(source: SourceFile, *, batch_rows: int) -> Iterator[RecordBatch]:
    """Raw records of one evaluation-tables file: one per leaderboard row, in document order.

    Files are small (a few MB for the full dump of one task family): read whole, then handed
    out in batches of at most batch_rows, each holding whole leaderboard tables (a longer
    table is a batch of its own).
    """
    document = read_json_document(
        source,
        expected="evaluation tables are a JSON list of tasks, or one task",
        keep_number_text=True,
    )
    # The document is the JSON Pointer "": the rows of a lone task are at /datasets/...
    if isinstance(document, list):
        found_rows = _task_rows(document, "")
    elif _is_task(document):
        found_rows = _rows_of_task(document, "")
    else:
        raise InputFileError(
            source.name,
            "file.wrong_shape",
            f"the file holds {json_type(document)} that is no task; an evaluation-tables file "
            "is a list of tasks [{task, datasets: [{dataset, sota: {rows}}], subtasks}], or "
            "one such task",
        )
    # Each outcome with the table it belongs to (none for a broken task or dataset).
    outcomes: list[tuple[str | None, dict[str, Any] | RecordProblem]] = []
    record_number = 0
    for found in found_rows:
        if isinstance(found, RecordProblem):
            outcomes.append((None, found))
            continue
        record_number += 1
        try:
            outcomes.append((found.table, _raw_record(found, record_number)))
        except UnusableRecord as problem:
            set_aside = quarantined(
                record_number, problem.rule, problem.reason, found.row, found.pointer
            )
            outcomes.append((found.table, set_aside))
    for run in _whole_tables(outcomes, batch_rows):
        yield from batches(run, source, len(run))


READER = Reader(
    format=PWC_EVALUATION_FORMAT, looks_like=looks_like, read=read, record_is_line=False
)

"""Papers with Code REST API responses (paperswithcode.com/api/v1), saved one per file.

Layout: either one paper (`GET /papers/{id}/`: {id, arxiv_id, url_abs, url_pdf, title,
abstract, authors, published, conference, proceeding, ...}) or one page of a list
({count, next, previous, results: [...]}). Keys: the paper `id` (a slug such as
"generative-adversarial-networks"), which is also the raw record's `pwc_id`.

Papers become raw records: in a paper list page, one per item, numbered by position in
`results`. `url_abs` is kept as a link only when it is not the paper's arXiv or Papers with
Code page (those are identifiers, and fill arxiv_id or pwc_id when the paper has none);
`url_pdf` is not kept. No listing: `proceeding` and `conference` are ids of Papers with Code
pages, not listings of papers. `proceeding` is the slug of the proceedings' title cut short
("proceedings-of-the-27th-international": neither venue nor year can be read from it) and
`conference` the id of the paper's conference version ("generative-adversarial-networks-1" for
"generative-adversarial-networks"). A listing named by either would be a listing of one
paper, with a name no reader knows.

Pages of other endpoints yield no records, on purpose:
- methods of a paper ({id, name, full_name, description, paper}): method names have no
  column in the raw record;
- results of a paper ({id, metrics, methodology, paper, best_rank, evaluated_on, ...}): they
  name the paper but not the task or dataset, so they cannot be leaderboard entries; the
  evaluation tables (pwc_evaluation) carry the same results with both;
- tasks, datasets, repositories, authors or conferences: no paper in them.
A page is a paper page when any item has a paper's keys (arxiv_id, url_abs, abstract,
published, proceeding ...); in such a page an item without them is quarantined.

Quarantined: items that are not objects, papers without `id`, fields of the wrong JSON type,
dates that are not YYYY-MM-DD. Rejected as a whole: a file that is empty, not UTF-8, not
JSON, or neither a paper nor a list page.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from etl.contracts import PWC_API_FORMAT
from etl.extract.common import (
    InputFileError,
    Reader,
    RecordBatch,
    RecordProblem,
    SourceFile,
    UnusableRecord,
    clean_string,
)
from etl.extract.json_document import (
    batches,
    has_json_key,
    json_type,
    optional_date,
    optional_text,
    quarantined,
    read_json_document,
)

# Keys only a paper object has: methods, results, tasks and repositories share `id`, `name`,
# `description` and `paper` with each other but none of these.
_PAPER_KEYS = frozenset(
    {"arxiv_id", "url_abs", "url_pdf", "abstract", "published", "proceeding", "nips_id"}
)
_PAGE_KEYS = ("count", "next", "results")


def looks_like(head: str) -> bool:
    """A JSON object that is a list page ({count, next, results}) or a paper ({id, arxiv_id,
    url_abs})."""
    text = head.lstrip("\ufeff \t\r\n")
    if not text.startswith("{"):
        return False
    is_page = all(has_json_key(text, key) for key in _PAGE_KEYS)
    is_paper = all(has_json_key(text, key) for key in ("id", "arxiv_id", "url_abs"))
    return is_page or is_paper


def _is_paper(item: Any) -> bool:
    return isinstance(item, dict) and not _PAPER_KEYS.isdisjoint(item)


def _authors(paper: dict[str, Any], where: str) -> list[dict[str, str | None]]:
    authors = paper.get("authors")
    if authors is None:
        return []
    if not isinstance(authors, list):
        raise UnusableRecord(
            "record.wrong_type", f"{where}: authors is {json_type(authors)}, not a list of names"
        )
    names = []
    for author in authors:
        if author is not None and not isinstance(author, str):
            raise UnusableRecord(
                "record.wrong_type",
                f"{where}: an author is {json_type(author)}, not a name",
            )
        name = clean_string(author)
        if name is not None:
            names.append({"name": name, "affiliation": None})
    return names


def _raw_record(paper: Any, record_number: int, where: str) -> dict[str, Any]:
    """The raw record of one paper object, or UnusableRecord."""
    if not isinstance(paper, dict):
        raise UnusableRecord("record.wrong_type", f"{where} is {json_type(paper)}, not a paper")
    if not _is_paper(paper):
        raise UnusableRecord(
            "record.no_paper",
            f"{where} holds no paper: keys {', '.join(sorted(paper)[:8])}; "
            "a paper has arxiv_id, url_abs, abstract, published ...",
        )
    paper_id = optional_text(paper, "id", where)
    if paper_id is None:
        raise UnusableRecord(
            "record.missing_field", f"{where}: no id; a Papers with Code paper needs its id"
        )
    record: dict[str, Any] = {
        "record": record_number,
        "source_record_id": paper_id,
        "pwc_id": paper_id,
        "arxiv_id": optional_text(paper, "arxiv_id", where),
        "doi": optional_text(paper, "doi", where),
        "title": optional_text(paper, "title", where),
        "abstract_source": optional_text(paper, "abstract", where),
        "published_on": optional_date(paper, "published", where),
        "authors": _authors(paper, where),
        "listing_name": None,
        "links": [],
    }
    url_abs = optional_text(paper, "url_abs", where)
    if url_abs is not None:
        record["paper_url"] = url_abs
        record["links"].append({"url": url_abs, "field": "url_abs"})
    return record


def _outcome(paper: Any, record_number: int, where: str) -> dict[str, Any] | RecordProblem:
    try:
        return _raw_record(paper, record_number, where)
    except UnusableRecord as problem:
        return quarantined(record_number, problem.rule, problem.reason, paper)


def read(source: SourceFile, *, batch_rows: int) -> Iterator[RecordBatch]:
    """Raw records of one API response: its papers, none for other endpoints' pages.

    Responses are small (a page holds at most a few hundred items): read whole.
    """
    response = read_json_document(
        source, expected="an API response is a JSON object: one paper or a page of results"
    )
    if isinstance(response, dict) and "results" in response:
        items = response["results"]
        if not isinstance(items, list):
            raise InputFileError(
                source.name,
                "file.wrong_shape",
                f"results is {json_type(items)}; a list page has results: [...]",
            )
        if not any(_is_paper(item) for item in items):
            return
        outcomes = [
            _outcome(item, number, f"results[{number - 1}]")
            for number, item in enumerate(items, start=1)
        ]
    elif _is_paper(response):
        outcomes = [_outcome(response, 1, "the paper")]
    else:
        raise InputFileError(
            source.name,
            "file.wrong_shape",
            f"the file holds {json_type(response)} that is neither a paper {{id, arxiv_id, "
            "url_abs, title, ...}} nor a list page {count, next, previous, results}",
        )
    yield from batches(outcomes, source, batch_rows)


READER = Reader(format=PWC_API_FORMAT, looks_like=looks_like, read=read, record_is_line=False)

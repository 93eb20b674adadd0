"""OpenReview-style conference paper lists, as papercopilot/paperlists publishes them.

Layout: one JSON array per conference, one object per paper, multi-valued fields joined with
`;`: `[{"id", "title", "status", "track", "abstract", "keywords", "author", "aff",
"aff_unique_norm", "aff_unique_index", "github", "project", "site", "bibtex", ...}, ...]`.
Files are a few MB, so a file is read whole.

What a raw record takes, and why:
- `source_record_id` is `id`. It is also the `openreview_id` only when the record itself links
  to OpenReview with that id (`site`, `pdf` or the BibTeX url: `openreview.net/forum?id=<id>`):
  lists made from OpenReview (COLM 2025) do; NeurIPS 2018 predates OpenReview and its ids are
  nips.cc poster numbers (`11127`), which are not OpenReview ids.
- `listing_name` is "<venue> <year>", the same for every record of the file. The venue and the
  year are read apart, each from the first place that has it:
  - venue: the BibTeX `booktitle` most records of the file name, when its words name a venue
    we know (_VENUE_BY_PROCEEDINGS); else the code of papercopilot's file name
    `<venue code><year>.json`, whatever characters it starts with (`colm2025.json` -> "COLM",
    `4dv2026.json` -> "4DV", `neurips-2023.json` -> "NeurIPS"); else the booktitle as written,
    without a trailing volume number ("Advances in ... Systems 36" is volume 36, not a year);
  - year: the BibTeX `year` most records in proceedings (with a booktitle) give; else the file
    name's year; else a year written in the booktitle ("Proceedings of the 2024 Conference on
    ..."). A volume number is never taken for a year: a list whose year none of these gives
    has none.
  A list with a venue but no year is named by its venue; one without a venue keeps its file
  name without the extension.
- `decision` is `status` as given (Poster, Oral, Spotlight, Reject, Withdraw ...).
- `authors`: the names in `author`, in order, each with the affiliation in the same position of
  `aff` when both have as many entries (else every affiliation is null: a shifted list would
  give people the wrong affiliation). An affiliation is kept as written, `+` between several.
  Names are `;`-joined; a file where no record has a `;` in `author` joins them with `,` (other
  papercopilot lists do).
- each author's `affiliations`, the organisations the affiliation names: papercopilot's normalised
  names, `aff_unique_norm` (`;`-joined, an empty entry for "none") indexed per author by
  `aff_unique_index` (`;`-joined like `aff`, `+` between an author's several: `0;2+0;1`).
  They name the institution rather than the department or address as written ("Department of
  Computer Science, University of X, City" is "University of X"). Used only when they agree
  with `aff` for the whole record: an index entry per `aff` entry, every index a position of
  `aff_unique_norm`, and an organisation exactly for the authors that have an affiliation
  (NeurIPS 2018 leaves out the index of an author without one, which shifts the rest; 83
  NeurIPS 2018 records have neither field). Otherwise, and when either field is missing or not
  a string, the organisations are the affiliation as written split at each `+` standing alone
  (not the `+` of "Face++").
- `keywords`: `keywords` split at `;`, each an author keyword.
- `links`: `github` (code, as given) and `project` (the source's project page). `site` and `pdf`
  are the paper's own conference or OpenReview page and PDF, not project pages or code.
- `arxiv_id`: a `project` value that is an arxiv.org URL is the paper's arXiv page (NeurIPS
  2018 has a dozen), kept as given; it is not a project page, so it is not a link too.
- `published_on`: the year of the listing ("<venue> <year>"), as January 1 of that year with
  `published_on_precision` `year`: the proceedings' year, the only date the list gives; null
  when the listing has no year.
- `doi`: null; no field carries a DOI.

Personal data is never read: only the fields in _FIELDS_READ and _NORMALISED_AFFILIATION_FIELDS
are looked at, so `gender`, `homepage`, `linkedin`, `email`, `aff_domain`, `position`, `dblp`,
`google_scholar`, `orcid`, `authorids`, `or_profile` ... never reach a record, a quarantine
snippet or an error message.

Quarantined: a record that is not an object, has a field of _FIELDS_READ of the wrong type
(`record.wrong_type`), or has no id or no title (`record.missing_field`). Rejected as a whole
(InputFileError): a file that is empty, not UTF-8, not JSON, cut off, or not an array of
objects. Over-long text is kept as given: the transform enforces the abstract length limit.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from datetime import date
from typing import Any

from etl.contracts import PAPERLISTS_FORMAT
from etl.extract.common import (
    InputFileError,
    Reader,
    RecordBatch,
    RecordProblem,
    SourceFile,
    clean_string,
)
from etl.extract.json_document import batches, json_type, read_json_document

# Text fields this reader uses; each must be a JSON string (or null, or absent).
_FIELDS_READ = (
    "id",
    "title",
    "status",
    "abstract",
    "keywords",
    "author",
    "aff",
    "github",
    "project",
    "site",
    "pdf",
    "bibtex",
)
# Organisation names papercopilot derived from `aff` (see the module docstring). They only refine
# `aff`, so a record whose copy is missing or odd keeps `aff` instead of being quarantined.
_NORMALISED_AFFILIATION_FIELDS = ("aff_unique_norm", "aff_unique_index")
# Fields shown in a quarantined record's snippet: enough to find the paper, nothing personal.
_SNIPPET_FIELDS = ("id", "title", "status", "author")

# The keys that mark a paper list: its papers have a title and a decision status, and at
# least one of the conference fields (other JSON formats share `title`, none `status`).
_REQUIRED_KEYS = {"title", "status"}
_CONFERENCE_KEYS = {"track", "author", "aff"}
_ARRAY_OF_OBJECTS_START = re.compile(r"\s*\[\s*\{\s*")
_OBJECT_KEY = re.compile(r'"((?:[^"\\]|\\.)*)"\s*:\s*')
_NEXT_MEMBER = re.compile(r"\s*,\s*")
_DECODER = json.JSONDecoder(strict=False)
# `+` joins an author's affiliations ("Google Brain + UC Berkeley"); a doubled one is part of a
# name ("Megvii Inc (Face++)").
_AFFILIATION_SEPARATOR = re.compile(r"(?<!\+)\+(?!\+)")

_OPENREVIEW_LINK = re.compile(r"openreview\.net/(?:forum|pdf)\?(?:[^\s\"'}]*&)?id=([\w-]+)")
_ARXIV_URL = re.compile(r"^(?:https?://)?(?:www\.|export\.)?arxiv\.org/", re.IGNORECASE)
_BIBTEX_BOOKTITLE = re.compile(r"\bbooktitle\s*=\s*[{\"]([^}\"]+)", re.IGNORECASE)
_BIBTEX_YEAR = re.compile(r"\byear\s*=\s*[{\"]?\s*(\d{4})\b", re.IGNORECASE)
# Words of a BibTeX booktitle (lowercase) and the venue they name.
_VENUE_BY_PROCEEDINGS = {
    "conference on language modeling": "COLM",
    "neural information processing systems": "NeurIPS",
}
# papercopilot names files <venue code><year>.json; codes whose venue is not the code in
# capitals.
_VENUE_BY_FILE_CODE = {"nips": "NeurIPS", "neurips": "NeurIPS"}
# `<venue code><year>`: any code with a letter in it (`4dv`), then a year, maybe after a separator.
_FILE_NAME = re.compile(r"(.*[A-Za-z].*?)[\s_.-]*((?:19|20)\d{2})")
_YEAR_IN_TITLE = re.compile(r"\b((?:19|20)\d{2})\b")
_TRAILING_VOLUME = re.compile(r"[\s,]+(?:vol(?:ume)?\.?\s*)?\d{1,3}$", re.IGNORECASE)
_LISTING_YEAR = re.compile(r"\b((?:19|20)\d{2})$")


def _first_object_keys(head: str) -> set[str]:
    """Top-level keys of the first object of a JSON array, as far as `head` shows them (a
    huge first value hides the keys after it)."""
    text = head.lstrip("\ufeff")
    start = _ARRAY_OF_OBJECTS_START.match(text)
    if start is None:
        return set()
    position, keys = start.end(), set()
    while key := _OBJECT_KEY.match(text, position):
        keys.add(key.group(1))
        try:
            _, position = _DECODER.raw_decode(text, key.end())
        except json.JSONDecodeError:
            break  # the head ends inside this value
        separator = _NEXT_MEMBER.match(text, position)
        if separator is None:
            break
        position = separator.end()
    return keys


def looks_like(head: str) -> bool:
    """A JSON array whose first object has `title`, `status` and `track`, `author` or `aff`."""
    keys = _first_object_keys(head)
    return keys >= _REQUIRED_KEYS and bool(_CONFERENCE_KEYS & keys)


def _load_papers(source: SourceFile) -> list[Any]:
    """The file's top-level JSON array, or InputFileError saying why there is none."""
    # No snippet in these errors: the text around a syntax error may be a personal field.
    papers = read_json_document(
        source, expected="a paper list is a JSON array of paper objects", snippet=False
    )
    if not isinstance(papers, list):
        keys = f" (keys: {', '.join(list(papers)[:6])})" if isinstance(papers, dict) else ""
        raise InputFileError(
            source.name,
            "file.wrong_shape",
            f"top level is {json_type(papers)}{keys}, not an array: a paper list is a JSON "
            "array with one object per paper",
        )
    if not papers:
        raise InputFileError(source.name, "file.no_records", "the JSON array holds no papers")
    if not any(isinstance(paper, dict) for paper in papers):
        raise InputFileError(
            source.name,
            "file.wrong_shape",
            f"the JSON array holds {json_type(papers[0])} values, not paper objects",
        )
    return papers


def _problem(paper: Any) -> tuple[str, str] | None:
    """(rule, reason) when a record cannot be used, else None."""
    if not isinstance(paper, dict):
        return "record.wrong_type", f"record is {json_type(paper)}, not a paper object"
    wrong = [
        f"{field!r} is {json_type(paper[field])}"
        for field in _FIELDS_READ
        if paper.get(field) is not None
        and not isinstance(paper[field], str)
        # An integer id is still an id; JSON booleans are Python ints, so exclude them.
        and not (field == "id" and type(paper[field]) is int)
    ]
    if wrong:
        return "record.wrong_type", "not a string: " + ", ".join(wrong)
    missing = [field for field in ("id", "title") if clean_string(paper.get(field)) is None]
    if missing:
        return "record.missing_field", "no " + " and no ".join(missing)
    return None


def _record_id(paper: Any) -> str | None:
    """The id a set-aside record gives itself, when it gives one (a string or an integer)."""
    value = paper.get("id") if isinstance(paper, dict) else None
    return clean_string(str(value)) if isinstance(value, str) or type(value) is int else None


def _snippet(paper: Any) -> str:
    shown = (
        {f: paper[f] for f in _SNIPPET_FIELDS if f in paper} if isinstance(paper, dict) else paper
    )
    return json.dumps(shown, ensure_ascii=False)


def _most_common(values: list[str]) -> str | None:
    return Counter(values).most_common(1)[0][0] if values else None


def _listing_name(papers: list[Any], source: SourceFile) -> str:
    """The listing's "<venue> <year>", venue and year each from the records' BibTeX, else the
    file name, else the BibTeX booktitle (see the module docstring)."""
    booktitles, known_venues, years = [], [], []
    for paper in papers:
        bibtex = paper.get("bibtex") if isinstance(paper, dict) else None
        if not isinstance(bibtex, str):
            continue
        # Only the year of an entry in proceedings (a booktitle) is the proceedings' year; a
        # @misc entry's may be its preprint's.
        if (booktitle := _BIBTEX_BOOKTITLE.search(bibtex)) is None:
            continue
        if (year := _BIBTEX_YEAR.search(bibtex)) is not None:
            years.append(year.group(1))
        written = " ".join(booktitle.group(1).split())
        booktitles.append(written)
        venue = next(
            (v for words, v in _VENUE_BY_PROCEEDINGS.items() if words in written.lower()), None
        )
        if venue is not None:
            known_venues.append(venue)
    booktitle = _most_common(booktitles)
    from_file = _FILE_NAME.fullmatch(source.path.stem)
    file_venue = file_year = None
    if from_file is not None:
        code, file_year = from_file.groups()
        file_venue = _VENUE_BY_FILE_CODE.get(code.lower(), code.upper())
    venue = (
        _most_common(known_venues)
        or file_venue
        or (_TRAILING_VOLUME.sub("", booktitle) if booktitle is not None else None)
    )
    year_in_booktitle = _YEAR_IN_TITLE.findall(booktitle or "")
    year = _most_common(years) or file_year or (year_in_booktitle or [None])[-1]
    if venue is None:
        return source.path.stem
    return venue if year is None else f"{venue} {year}"


def _author_separator(papers: list[Any]) -> str:
    if any(isinstance(p, dict) and ";" in str(p.get("author") or "") for p in papers):
        return ";"
    return ","


def _authors(
    names: str | None,
    affiliations: str | None,
    *,
    separator: str,
    norm: str | None,
    index: str | None,
) -> list[dict]:
    """The authors in order, with their affiliations and the organisations these name (by
    `norm` and `index`, the record's aff_unique_norm and aff_unique_index, where usable)."""
    if names is None:
        return []
    name_list = names.split(separator)
    affiliation_list: list[str | None] = [
        clean_string(affiliation) for affiliation in (affiliations or "").split(";")
    ]
    if len(affiliation_list) != len(name_list):
        affiliation_list = [None] * len(name_list)
    organisations = _normalised_organisations(affiliation_list, norm, index) or [
        _organisations_as_written(affiliation) for affiliation in affiliation_list
    ]
    return [
        {"name": clean_string(name), "affiliation": affiliation, "affiliations": named}
        for name, affiliation, named in zip(name_list, affiliation_list, organisations, strict=True)
        if clean_string(name) is not None
    ]


def _listing_year(listing_name: str) -> date | None:
    year = _LISTING_YEAR.search(listing_name)
    return None if year is None else date(int(year.group(1)), 1, 1)


def _normalised_organisations(
    affiliation_list: list[str | None], norm: str | None, index: str | None
) -> list[list[str] | None] | None:
    """Each author's organisations by aff_unique_norm and aff_unique_index (null for an author
    without affiliation), or None unless both fields agree with the affiliations."""
    if norm is None or index is None:
        return None
    names = [clean_string(name) for name in norm.split(";")]
    index_list = index.split(";")
    if len(index_list) != len(affiliation_list):
        return None
    organisations: list[list[str] | None] = []
    for affiliation, author_index in zip(affiliation_list, index_list, strict=True):
        positions = [part.strip() for part in author_index.split("+") if part.strip()]
        if not all(part.isdecimal() and int(part) < len(names) for part in positions):
            return None
        named = list(dict.fromkeys(n for part in positions if (n := names[int(part)])))
        if bool(named) != (affiliation is not None):
            return None
        organisations.append(named or None)
    return organisations


def _organisations_as_written(affiliation: str | None) -> list[str] | None:
    if affiliation is None:
        return None
    parts = map(clean_string, _AFFILIATION_SEPARATOR.split(affiliation))
    return list(dict.fromkeys(part for part in parts if part is not None)) or None


def _raw_record(
    paper: dict[str, Any], record_number: int, listing_name: str, author_separator: str
) -> dict[str, Any]:
    text = {field: clean_string(paper.get(field)) for field in _FIELDS_READ}
    normalised = {
        field: value if isinstance(value := paper.get(field), str) else None
        for field in _NORMALISED_AFFILIATION_FIELDS
    }
    record_id = text["id"]
    published_on = _listing_year(listing_name)
    openreview_links = {
        linked_id
        for field in ("site", "pdf", "bibtex")
        if text[field] is not None
        for linked_id in _OPENREVIEW_LINK.findall(text[field])
    }
    project = text["project"]
    project_is_arxiv = project is not None and _ARXIV_URL.match(project) is not None
    links = [
        {"url": url, "field": field}
        for field, url in (("github", text["github"]), ("project", project))
        if url is not None and not (field == "project" and project_is_arxiv)
    ]
    keywords = [
        {"keyword": keyword, "origin": "author", "kind": "keyword"}
        for keyword in map(clean_string, (text["keywords"] or "").split(";"))
        if keyword is not None
    ]
    return {
        "record": record_number,
        "source_record_id": record_id,
        "openreview_id": record_id if record_id in openreview_links else None,
        "listing_name": listing_name,
        "published_on": published_on,
        "published_on_precision": None if published_on is None else "year",
        "title": text["title"],
        "abstract_source": text["abstract"],
        "arxiv_id": project if project_is_arxiv else None,
        "authors": _authors(
            text["author"],
            text["aff"],
            separator=author_separator,
            norm=normalised["aff_unique_norm"],
            index=normalised["aff_unique_index"],
        ),
        "keywords": keywords,
        "links": links,
        "decision": text["status"],
    }


def read(source: SourceFile, *, batch_rows: int) -> Iterator[RecordBatch]:
    """Raw records of one paper list, one per paper; unusable records quarantined."""
    papers = _load_papers(source)
    listing_name = _listing_name(papers, source)
    author_separator = _author_separator(papers)

    def outcomes() -> Iterator[dict[str, Any] | RecordProblem]:
        for record_number, paper in enumerate(papers, start=1):
            problem = _problem(paper)
            if problem is None:
                yield _raw_record(paper, record_number, listing_name, author_separator)
            else:
                rule, reason = problem
                snippet, record_id = _snippet(paper), _record_id(paper)
                yield RecordProblem(record_number, None, rule, reason, snippet, record_id)

    yield from batches(outcomes(), source, batch_rows)


READER = Reader(format=PAPERLISTS_FORMAT, looks_like=looks_like, read=read, record_is_line=False)

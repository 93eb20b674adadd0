"""Control characters leave every string a reader yields: clean_string and its Polars twin."""

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from etl.extract import read_all
from etl.extract.common import clean_name, clean_string, without_control_characters

# Python-Markdown left these placeholders in nlp-progress.json (shared/data/pwc) where the page
# had HTML: "Bi-LSTM<sub>att+LEX</sub>", "Joshi et al. <a ...>[4]</a> (2019)".
CASES = [
    ("Bi-LSTM\x02wzxhzdk:12\x03att+LEX\x02wzxhzdk:13\x03", "Bi-LSTMatt+LEX"),
    ("Joshi et al. \x02wzxhzdk:6\x03 (2019)", "Joshi et al. (2019)"),
    ("Improved CAMR \x02wzxhzdk:37\x03\x02wzxhzdk:38\x03 (2017)", "Improved CAMR (2017)"),
    ("JAMR \x02wzxhzdk:21\x03 \x02wzxhzdk:22\x03 (2016)", "JAMR (2016)"),
    (
        "Transition-based transducer \x02wzxhzdk:32\x03\x02wzxhzdk:33\x03",
        "Transition-based transducer",
    ),
    ("\x02wzxhzdk:0\x03[1]\x02wzxhzdk:1\x03 Joshi et al. (2019)", "[1] Joshi et al. (2019)"),
    # STX and ETX around text that is no key (it has spaces) are stray: the text stays.
    ("\x02Stanford NLP\x03", "Stanford NLP"),
    # Other C0 and C1 controls go; those that separate words become spaces.
    ("Bell\x07Net \x1b[31mred\x1b[0m", "BellNet [31mred[0m"),
    ("Ma\x9bria \x80Curie\x9f", "Maria Curie"),
    ("Page one.\x0cPage two.\x0bLine\x85three", "Page one. Page two. Line three"),
    ("NUL\x00 and DEL\x7f", "NUL and DEL"),
    # Tabs and line breaks stay (the transform collapses them where it publishes the text).
    ("A title\nbroken\tby hand", "A title\nbroken\tby hand"),
    ("\x02\x03\x07 \x01", None),
]


@pytest.mark.parametrize(("raw", "clean"), CASES)
def test_clean_string_removes_control_characters(raw: str, clean: str | None) -> None:
    assert clean_string(raw) == clean


def test_the_polars_expression_removes_the_same() -> None:
    raw = pl.Series([raw for raw, _ in CASES])
    cleaned = pl.select(without_control_characters(pl.lit(raw)).str.strip_chars()).to_series()
    assert [text or None for text in cleaned] == [clean for _, clean in CASES]


def test_a_name_is_one_line() -> None:
    assert clean_name(" Word Sense\n\tDisambiguation \x02wzxhzdk:1\x03 ") == (
        "Word Sense Disambiguation"
    )
    assert clean_name("\x07") is None


# A name as the sources may carry it, and what every reader must make of it.
NAME = "Bi-LSTM\x02wzxhzdk:12\x03att \x07Model\x9b"
CLEAN_NAME = "Bi-LSTMatt Model"
ABSTRACT = (
    "We study word sense disambiguation with neural sequence models and report results on "
    "every standard evaluation set, with the code and the data released for others. "
) * 4


def _listing(folder: Path) -> Path:
    path = folder / "listing.txt"
    path.write_text(f"{NAME}\n{ABSTRACT}\x07\n")
    return path


def _hf_daily(folder: Path) -> Path:
    item = {
        "paper": {
            "id": "2501.00001",
            "title": NAME,
            "summary": ABSTRACT + "\x07",
            "authors": [{"name": NAME}],
            "ai_keywords": [NAME],
            "organization": {"fullname": NAME},
        },
        "numComments": 0,
    }
    path = folder / "2025-01-10.json"
    path.write_text(json.dumps([item]))
    return path


def _paperlists(folder: Path) -> Path:
    paper = {
        "id": "p1",
        "title": NAME,
        "status": "Poster",
        "track": "main",
        "abstract": ABSTRACT,
        "keywords": f"{NAME};graphs",
        "author": f"{NAME};Ada Lovelace",
        "aff": f"{NAME};MIT",
    }
    path = folder / "colm2025.json"
    path.write_text(json.dumps([paper]))
    return path


def _pwc_evaluation(folder: Path) -> Path:
    row = {
        "model_name": NAME,
        "paper_title": NAME,
        "paper_url": "https://arxiv.org/abs/1810.04805",
        "metrics": {NAME: "85.1%"},
    }
    task = {"task": NAME, "datasets": [{"dataset": NAME, "sota": {"rows": [row]}}]}
    path = folder / "evaluation-tables.json"
    path.write_text(json.dumps([task]))
    return path


def _pwc_api(folder: Path) -> Path:
    paper = {
        "id": "bi-lstm",
        "arxiv_id": "1810.04805",
        "url_abs": "https://arxiv.org/abs/1810.04805",
        "title": NAME,
        "abstract": ABSTRACT,
        "authors": [NAME],
        "proceeding": NAME,
    }
    path = folder / "paper.json"
    path.write_text(json.dumps(paper))
    return path


def _arxiv(folder: Path) -> Path:
    record = {
        "id": "1810.04805",
        "authors": "A. Author",
        "title": NAME,
        "abstract": ABSTRACT,
        "categories": "cs.CL\x07",
        "versions": [{"version": "v1", "created": "Thu, 11 Oct 2018 00:50:01 GMT"}],
        "authors_parsed": [[NAME, "Ada", ""]],
    }
    path = folder / "snapshot.jsonl"
    path.write_text(json.dumps(record) + "\n")
    return path


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def _has_control_characters(text: str) -> bool:
    return any(
        (ord(char) < 0x20 and char not in "\t\n\r") or 0x7F <= ord(char) <= 0x9F for char in text
    )


@pytest.mark.parametrize(
    ("format_name", "write"),
    [
        ("listing", _listing),
        ("hf-daily", _hf_daily),
        ("paperlists", _paperlists),
        ("pwc-evaluation", _pwc_evaluation),
        ("pwc-api", _pwc_api),
        ("arxiv", _arxiv),
    ],
)
def test_every_reader_removes_control_characters(
    tmp_path: Path, format_name: str, write: Any
) -> None:
    records, rejects, errors = read_all([write(tmp_path)], format_name)
    assert not errors and rejects.is_empty() and records.height == 1
    strings = _strings(records.to_dicts())
    assert [text for text in strings if _has_control_characters(text)] == []
    # The name is there, cleaned: as title, listing name, author, model or task.
    assert CLEAN_NAME in strings

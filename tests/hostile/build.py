"""Write the hostile-input corpus: broken and adversarial files, one case each.

The files are built here, not stored, so that each case's bytes are spelled out in one
reviewable place (a NUL byte or a latin-1 line is invisible in a diff). `CASES` names each
file and what loading it must do; tests/integration/test_hostile_inputs.py holds the loader
to it. Run `python -m tests.hostile.build DIR` to look at the files.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

ABSTRACT = (
    "We introduce a method for learning graph representations that scales to large "
    "citation networks, and we evaluate it carefully on several public benchmarks."
)


@dataclass(frozen=True)
class Case:
    """One corpus file and what loading it (alone, default settings) must do."""

    name: str
    content: bytes
    exit_code: int  # 0 published, 1 blocked, 2 unusable input
    papers: int = 0  # published afterwards
    reject_rules: dict[str, int] = field(default_factory=dict)  # quarantined, per rule
    why: str = ""


def _arxiv(index: int, **fields: object) -> str:
    record = {
        "id": f"2501.{index:05d}",
        "submitter": "Ada Lovelace",
        "authors": "Ada Lovelace, Alan Turing",
        "title": f"Hostile corpus paper {index}",
        "comments": None,
        "journal-ref": None,
        "doi": None,
        "report-no": None,
        "categories": "cs.LG",
        "license": None,
        "abstract": f"Paper {index}. {ABSTRACT}",
        "versions": [{"version": "v1", "created": "Mon, 6 Jan 2025 10:00:00 GMT"}],
        "update_date": "2025-01-06",
        "authors_parsed": [["Lovelace", "Ada", ""], ["Turing", "Alan", ""]],
        **fields,
    }
    return json.dumps(record)


def _arxiv_file(lines: list[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode()


def _daily(items: list[dict]) -> str:
    return json.dumps(
        [
            {
                "paper": {
                    "id": item["id"],
                    "title": item.get("title", f"Daily paper {item['id']}"),
                    "summary": item.get("summary", ABSTRACT),
                    "authors": [{"name": "Ada Lovelace"}],
                    "publishedAt": "2025-01-06T00:00:00.000Z",
                    "upvotes": item.get("upvotes", 1),
                },
                "numComments": 0,
            }
            for item in items
        ],
        indent=1,
    )


def _listing(name: str, abstracts: list[str]) -> bytes:
    return ("\n".join([name, *abstracts]) + "\n").encode()


GOOD_ARXIV = [_arxiv(i) for i in range(40)]
GOOD_DAILY = [{"id": f"2501.{i:05d}", "upvotes": 7} for i in range(100, 120)]

CASES = [
    Case(
        "2025-01-06-truncated.json",
        _daily([{"id": f"2501.{i:05d}"} for i in range(5)]).encode()[:700],
        exit_code=2,
        reject_rules={"file.truncated": 1},
        why="a JSON document cut off: which records it held cannot be known",
    ),
    Case(
        "broken-lines.jsonl",
        _arxiv_file(
            [
                *GOOD_ARXIV,
                GOOD_ARXIV[0][:60],  # cut off mid-line
                "<html><body>502 Bad Gateway</body></html>",
                '["an", "array", "not", "a", "record"]',
            ]
        ),
        exit_code=0,
        papers=40,
        reject_rules={"line.truncated": 1, "line.not_json": 1, "record.not_object": 1},
        why="bad lines of a JSON Lines file are quarantined, the good ones published",
    ),
    Case(
        "too-many-broken-lines.jsonl",
        _arxiv_file([*GOOD_ARXIV[:10], *(line[:50] for line in GOOD_ARXIV[10:20])]),
        exit_code=1,
        reject_rules={"line.truncated": 10},
        why="half the records cut off: over the reject threshold, the run is blocked",
    ),
    Case(
        "latin1-line.txt",
        _listing("Mixed encodings", [ABSTRACT]) + "Un résumé écrit en latin-1.\n".encode("latin-1"),
        exit_code=2,
        reject_rules={"file.not_utf8": 1},
        why="not UTF-8: the text of every line is in doubt",
    ),
    Case(
        "utf16.txt",
        f"Listing\n{ABSTRACT}\n".encode("utf-16"),
        exit_code=2,
        reject_rules={"file.binary": 1},
        why="UTF-16 (NUL bytes between the letters): not a text listing paperhouse reads",
    ),
    Case(
        "bom-crlf.txt",
        b"\xef\xbb\xbf"
        + _listing("Windows listing", [ABSTRACT, "Second. " + ABSTRACT]).replace(b"\n", b"\r\n"),
        exit_code=0,
        papers=2,
        why="a byte-order mark and CRLF line ends are ordinary text, not damage",
    ),
    Case(
        "giant-abstract.jsonl",
        _arxiv_file([*GOOD_ARXIV, _arxiv(99, abstract="graph " * 50_000)]),
        exit_code=0,
        papers=40,
        reject_rules={"record.abstract_too_long": 1},
        why="a 300 KB abstract is not an abstract: quarantined, the rest published",
    ),
    Case(
        "2025-01-06-giant-title.json",
        _daily([{"id": "2501.00001", "title": "T" * 200_000}, *GOOD_DAILY]).encode(),
        exit_code=0,
        papers=20,
        reject_rules={"record.title_too_long": 1},
        why="a 200 KB title is not a title: that record quarantined, the rest published",
    ),
    Case(
        "2025-01-07-escaped-nul.json",
        _daily(
            [{"id": "2501.00003", "title": "Nul\u0000in title", "summary": "A\u0000" + ABSTRACT}]
        ).encode(),
        exit_code=0,
        papers=1,
        why="NUL escaped in JSON strings: removed (Postgres text cannot hold it)",
    ),
    Case(
        "raw-nul.txt",
        _listing("Raw NUL", [ABSTRACT]) + b"An abstract with a raw \x00 byte.\n",
        exit_code=2,
        reject_rules={"file.binary": 1},
        why="a raw NUL byte makes a text listing binary",
    ),
    Case(
        "sql-looking.txt",
        _listing(
            "Robert'); DROP TABLE papers;--",
            [
                "'; DELETE FROM papers; -- " + ABSTRACT,
                "$$; TRUNCATE etl.runs CASCADE; $$ %s %(name)s :name \\copy " + ABSTRACT,
                'Bobby" OR 1=1; UPDATE papers SET title = NULL; -- ' + ABSTRACT,
            ],
        ),
        exit_code=0,
        papers=3,
        why="SQL in the text is text: published verbatim, nothing executed",
    ),
    Case(
        "odd-schemes.txt",
        _listing(
            "Odd URL schemes",
            [
                "Try javascript:alert(document.cookie) to see. " + ABSTRACT,
                "Data at data:text/html;base64,PHNjcmlwdD4= and vbscript:msgbox(1). " + ABSTRACT,
                "Files at file:///etc/passwd and ftp://ftp.example.org/pub/x. " + ABSTRACT,
                "Code at https://github.com/hostile-corpus/real-repo. " + ABSTRACT,
            ],
        ),
        exit_code=0,
        papers=4,
        why="only http(s) links become repositories: no javascript:, data:, file: or ftp:",
    ),
    Case(
        "odd-numbers.txt",
        _listing(
            "Odd numbers",
            [
                "Our model reaches 1e309% accuracy on ImageNet. " + ABSTRACT,
                "It fails in NaN% of cases and improves BLEU by inf points. " + ABSTRACT,
                "We obtain 99999999999999999999999999999999999999% recall. " + ABSTRACT,
            ],
        ),
        exit_code=0,
        papers=3,
        why="numbers that are not finite are not results; every published value is finite",
    ),
    Case(
        "2025-01-08-odd-numbers.json",
        (
            _daily(
                [
                    {"id": "2501.00004", "upvotes": 111111},
                    {"id": "2501.00005", "upvotes": 222222},
                    *GOOD_DAILY,
                ]
            )
            .replace("111111", "1e309")
            .replace("222222", "NaN")
        ).encode(),
        exit_code=0,
        papers=20,
        reject_rules={"record.wrong_type": 2},
        why="1e309 and NaN (not JSON at all) as upvotes: those records quarantined",
    ),
    Case(
        "deep-nesting.json",
        b"[" * 100_000 + b"]" * 100_000,
        exit_code=2,
        reject_rules={"file.not_json": 1},
        why="100,000 nested arrays: refused as JSON too deeply nested to read, without a crash",
    ),
    Case(
        "table.csv",
        b"a,b,c\n1,2,3\n4,5,6\n",
        exit_code=2,
        reject_rules={"file.unknown_format": 1},
        why="a CSV table is no listing: refused, not published as a listing named 'a,b,c'",
    ),
    Case(
        "empty.json",
        b"",
        exit_code=2,
        reject_rules={"file.empty": 1},
        why="an empty file holds no listing",
    ),
]


def write(folder: Path) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for case in CASES:
        paths[case.name] = folder / case.name
        paths[case.name].write_bytes(case.content)
    return paths


if __name__ == "__main__":
    for name, path in write(Path(sys.argv[1])).items():
        print(f"{path}  ({len(path.read_bytes()):,} bytes)  {name}")

"""Check a hand-labelled set of abstracts before it joins tests/fixtures (docs/labelling/).

    python3 scripts/check_labelled_set.py tests/fixtures/heldout101

A labeller runs it without opening it: it reads only the folder given, the `id` field of the
other labelled sets and the arXiv ids named anywhere in the fixtures, the shared samples and
the audits (a set must hold papers no rule was ever written or audited on). It needs only the
standard library, prints every problem with its line, and exits 1 if there is one.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from pathlib import Path

COLUMNS = ["id", "text", "value", "unit", "kind", "metric", "dataset", "comparator"]
KINDS = {"score", "improvement", "ratio", "other"}
ARXIV_ID = re.compile(r"\b\d{4}\.\d{4,5}(?:v\d+)?\b")
REPO = Path(__file__).resolve().parents[1]


def _bare(paper_id: str) -> str:
    """The arXiv id without its source prefix (`arxiv:`, `hf-daily:`) or version."""
    return re.sub(r"v\d+$", "", paper_id.rpartition(":")[2])


def ids_seen_elsewhere(folder: Path, shared: Path) -> dict[str, str]:
    """Every arXiv id the repository's fixtures and audits or the shared samples name, outside
    `folder`, with one file that names it."""
    seen: dict[str, str] = {}
    roots = [REPO / "tests" / "fixtures", REPO / "audits", shared]
    for root in roots:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if not path.is_file() or folder in path.parents:
                continue
            if path.suffix not in {".jsonl", ".json", ".tsv", ".md", ".txt", ".csv", ""}:
                continue
            for found in ARXIV_ID.findall(path.read_text(encoding="utf-8", errors="ignore")):
                seen.setdefault(_bare(found), str(path.relative_to(root.parent)))
    return seen


def _inside_longer_number(abstract: str, start: int, end: int) -> bool:
    before = abstract[max(start - 2, 0) : start]
    after = abstract[end : end + 2]
    return (
        before[-1:].isdigit()
        or after[:1].isdigit()
        or (before[-1:] in {".", ","} and before[:1].isdigit())
        or (after[:1] in {".", ","} and after[1:].isdigit())
    )


def check_abstracts(folder: Path, problems: list[str]) -> dict[str, str]:
    abstracts: dict[str, str] = {}
    path = folder / "abstracts.jsonl"
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"abstracts.jsonl:{number}: not JSON ({error})")
            continue
        if set(record) != {"id", "abstract"}:
            problems.append(f"abstracts.jsonl:{number}: fields must be id and abstract")
            continue
        if not re.fullmatch(r"arxiv:\d{4}\.\d{4,5}", record["id"]):
            problems.append(f"abstracts.jsonl:{number}: id {record['id']!r} not arxiv:NNNN.NNNNN")
        if record["id"] in abstracts:
            problems.append(f"abstracts.jsonl:{number}: id {record['id']} twice")
        if "  " in record["abstract"] or record["abstract"] != record["abstract"].strip():
            problems.append(f"abstracts.jsonl:{number}: whitespace not collapsed")
        abstracts[record["id"]] = record["abstract"]
    return abstracts


def check_rows(folder: Path, abstracts: dict[str, str], problems: list[str]) -> list[str]:
    """The id of each row of results_expected.tsv, its problems added to `problems`."""
    path = folder / "results_expected.tsv"
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader, None)
        if header != COLUMNS:
            problems.append(f"results_expected.tsv:1: header must be {' '.join(COLUMNS)}")
            return []
        rows = list(reader)
    position: dict[str, int] = {}
    for number, row in enumerate(rows, start=2):
        where = f"results_expected.tsv:{number}"
        if len(row) != len(COLUMNS):
            problems.append(f"{where}: {len(row)} fields, not {len(COLUMNS)}")
            continue
        record = dict(zip(COLUMNS, row, strict=True))
        abstract = abstracts.get(record["id"])
        if abstract is None:
            problems.append(f"{where}: id {record['id']} is not in abstracts.jsonl")
            continue
        start = abstract.find(record["text"], position.get(record["id"], 0))
        while start >= 0 and _inside_longer_number(abstract, start, start + len(record["text"])):
            start = abstract.find(record["text"], start + 1)
        if not record["text"] or start < 0:
            problems.append(
                f"{where}: text {record['text']!r} not found after the row before (text order)"
            )
        else:
            position[record["id"]] = start + len(record["text"])
        try:
            value = float(record["value"])
        except ValueError:
            problems.append(f"{where}: value {record['value']!r} is not a number")
        else:
            digits = re.findall(r"\d+(?:\.\d+)?", record["text"].replace(",", ""))
            # "20k" may be labelled 20 or 20000, "11.6M" 11.6 or 11600000.
            scales = (1, 1e3, 1e6, 1e9)
            if not any(abs(float(d) * k - value) < 1e-6 * k for d in digits for k in scales):
                problems.append(f"{where}: value {value:g} is not a number written in the text")
        if record["kind"] not in KINDS:
            problems.append(f"{where}: kind {record['kind']!r} not one of {sorted(KINDS)}")
        for field in ("metric", "dataset", "comparator"):
            if record[field] and record[field] not in abstract:
                problems.append(f"{where}: {field} {record[field]!r} not verbatim in the abstract")
    return [row[0] for row in rows if row]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="the labelled set's folder")
    parser.add_argument(
        "--shared",
        type=Path,
        default=REPO.parent / "shared" / "data",
        help="the shared samples, whose ids a set must not hold (default ../shared/data)",
    )
    arguments = parser.parse_args()
    folder = arguments.folder.resolve()
    problems: list[str] = []
    missing = [
        name
        for name in ("abstracts.jsonl", "results_expected.tsv", "NOTES.md")
        if not (folder / name).is_file()
    ]
    if missing:
        print(f"{folder.name}: missing {', '.join(missing)}")
        return 1
    abstracts = check_abstracts(folder, problems)
    rows = check_rows(folder, abstracts, problems)
    seen = ids_seen_elsewhere(folder, arguments.shared.resolve())
    for paper_id in abstracts:
        if _bare(paper_id) in seen:
            problems.append(f"{paper_id} is already in {seen[_bare(paper_id)]}")
    for paper_id in sorted(set(abstracts) - set(rows)):
        problems.append(f"{paper_id} has no result row (every abstract reports a number)")
    for problem in problems:
        print(problem)
    verdict = "OK" if not problems else f"{len(problems)} problems"
    print(f"{len(abstracts)} abstracts, {len(rows)} rows, {verdict}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

"""Figures of a judged audit of rule tags and method names (drawn by draw_tag_audit.py).

Reads `papers.tsv` and `tags.tsv` of an audit folder, with the auditors' verdicts filled,
and prints what the tags-and-method-names issue measures:
- rule tags: the share true (correct or generic), strictly correct, and per kind; areas
  correct; the share of papers with at least one rule tag;
- method names: precision (right among the names given), recall (right among the papers
  that introduce a named thing) and names given to papers that introduce none.

    .venv/bin/python scripts/score_tag_audit.py audits/tags/seed-5-before
"""

from __future__ import annotations

import argparse
import csv
import json
from collections import Counter
from pathlib import Path

TAG_VERDICTS = {"correct", "generic", "wrong"}
METHOD_VERDICTS = {"right", "wrong", "missed", "none"}


def read_tsv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def _share(part: int, whole: int) -> float:
    return round(part / whole, 3) if whole else 0.0


def figures(folder: Path) -> dict[str, object]:
    """The audit's figures; raises ValueError on a row without a known verdict."""
    papers, tags = read_tsv(folder / "papers.tsv"), read_tsv(folder / "tags.tsv")
    bad = [row for row in tags if row["verdict"] not in TAG_VERDICTS]
    bad += [row for row in papers if row["method_verdict"] not in METHOD_VERDICTS]
    if bad:
        raise ValueError(f"{len(bad)} rows of {folder} have no known verdict, first: {bad[0]}")
    verdicts = Counter(row["verdict"] for row in tags)
    by_kind = {
        kind: Counter(row["verdict"] for row in tags if row["kind"] == kind)
        for kind in sorted({row["kind"] for row in tags})
    }
    methods = Counter(row["method_verdict"] for row in papers)
    named = [row for row in papers if row["method_name"]]
    introducing = [
        row
        for row in papers
        if row["method_verdict"] in {"right", "missed"}
        or (row["method_verdict"] == "wrong" and row["expected_method_name"])
    ]
    invented = [
        row for row in named if row["method_verdict"] == "wrong" and not row["expected_method_name"]
    ]
    return {
        "papers": len(papers),
        "paper_tag_pairs": len(tags),
        "tags_true": _share(verdicts["correct"] + verdicts["generic"], len(tags)),
        "tags_correct": _share(verdicts["correct"], len(tags)),
        "by_kind_correct": {
            kind: _share(counts["correct"], sum(counts.values()))
            for kind, counts in by_kind.items()
        },
        "papers_with_a_rule_tag": _share(len({row["audit_id"] for row in tags}), len(papers)),
        "method_precision": _share(methods["right"], len(named)),
        "method_recall": _share(methods["right"], len(introducing)),
        "method_names_invented": len(invented),
        "method_verdicts": dict(methods),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("audit", type=Path, help="a folder with judged papers.tsv and tags.tsv")
    print(json.dumps(figures(parser.parse_args().audit), indent=2))


if __name__ == "__main__":
    main()

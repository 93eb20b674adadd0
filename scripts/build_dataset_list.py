"""Build etl/vocab/listed_datasets.csv, benchmark names from the Papers with Code taxonomy.

    python scripts/build_dataset_list.py /path/to/pwc-tasks [--out etl/vocab/listed_datasets.csv]

The folder holds the World-Snapshot/papers-with-code files (CC BY-SA 4.0); only
all_tasks_detailed.csv is read: each task's common datasets and benchmarks. A benchmark's
split ("COCO test-dev", "BDD100K val") is its dataset's name. A name is kept only when its
form marks it as a name, not a word: a digit with letters ("KITTI 2015", "SST-2"), a capital
inside a word ("VoxCeleb", "nuScenes"), a capitalised word joined by a hyphen
("TREC-COVID"), or five capitals or more ("RAVDESS"); never a description (more than four
words, or brackets, a colon, a slash or a comma in it), a bare acronym of four capitals or
fewer ("SSL", "ARK": as often a method or a field), nor a name the results rules never take
for a dataset (etl.transform.results.datasets._NOT_DATASET_NAME: a competition, "2024 AI City
Challenge"; a device; a size). The list is the independent record of
benchmark names the results rules check an uncurated name against (kind `listed`,
etl.transform.results.dataset_name_kind); the curated datasets.csv stays the one that
canonicalises. The build is deterministic.
"""

from __future__ import annotations

import argparse
import csv
import re
from pathlib import Path

from etl.transform.results.datasets import _NOT_DATASET_NAME

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO_ROOT / "etl" / "vocab" / "listed_datasets.csv"
NAME_COLUMNS = ("Common Datasets (Top 10)", "Benchmarks")
_SPLIT = re.compile(
    r"(?i)[\s\-_]+(?:test(?:-?dev|-?std|final)?|val(?:idation)?|dev|train(?:ing)?|"
    r"(?:test|val)\s+set|test\s+split)$"
)
_DESCRIPTION = re.compile(r"[(:/,]")
_NOT_A_DATASET = re.compile(_NOT_DATASET_NAME)


def is_name(name: str) -> bool:
    """Whether the form of `name` marks it as a benchmark's name (see the module doc)."""
    if _DESCRIPTION.search(name) or _NOT_A_DATASET.search(name) or len(name.split()) > 4:
        return False
    if re.match(r"^[a-z]+\s", name):  # "dim 64": a setting
        return False
    return bool(
        re.search(r"\d", name)
        and re.search(r"[A-Za-z]{2}", name)
        or re.search(r"[a-z][A-Z]", name)
        or re.fullmatch(r"[A-Z]{5,}", name)
        or re.search(r"[A-Z]\w*-[A-Za-z]", name)
    )


def benchmark_names(detailed_csv: Path) -> list[str]:
    """The kept names of the taxonomy's datasets and benchmarks, without splits, sorted."""
    names: set[str] = set()
    with detailed_csv.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            for column in NAME_COLUMNS:
                for written in (row.get(column) or "").split(";"):
                    name = _SPLIT.sub("", " ".join(written.split()).strip(" ,")).strip()
                    if name and is_name(name):
                        names.add(name)
    return sorted(names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pwc_tasks", type=Path, help="folder with all_tasks_detailed.csv")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    names = benchmark_names(args.pwc_tasks / "all_tasks_detailed.csv")
    with args.out.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["dataset_name"])
        writer.writerows([name] for name in names)
    print(f"{len(names)} benchmark names -> {args.out}")


if __name__ == "__main__":
    main()

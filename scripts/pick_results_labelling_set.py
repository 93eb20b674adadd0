"""Pick abstracts for a new hand-labelled results set, at random, before anyone reads them.

Candidates are the abstracts of the Hugging Face Daily Papers dumps and the conference lists
under the shared data folder that hold at least three numbers (`--min-numbers`: once the
abstracts rich in numbers are used up, sets are drawn from those with fewer), leaving out
every abstract an existing labelled set or the sample listings already hold (those rules
were tuned on them) and the abstracts the results issue quotes. Ids are drawn with a fixed
seed, so the pick can be repeated and checked; the abstracts are written cleaned the way the
pipeline cleans them.

    .venv/bin/python scripts/pick_results_labelling_set.py ../shared/data tests/fixtures/heldout2
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

import polars as pl

from etl.extract import read_all
from etl.transform.text import clean_text

FIXTURES = Path(__file__).parents[1] / "tests" / "fixtures"
# A number as a result is written: a decimal, or a figure with %, x or times after it.
_NUMBER = re.compile(r"\d+\.\d+|\d+\s*(?:%|x\b|×|times\b)")
# Phrases of the abstracts quoted in the results issue.
_QUOTED = ("by 6.4% and 22.6%", "15.3% on GSM8k")


def _candidates(shared: Path) -> dict[str, str]:
    """Abstract of each record of the Daily Papers dumps and conference lists, by
    `<source>:<id>`, read by the project's own readers (the dumps come in several shapes)."""
    paths = sorted((shared / "hf-daily").glob("*.json"))
    paths += [shared / "paperlists" / f"{name}.json" for name in ("colm2025", "nips2018")]
    records, _, _ = read_all(paths)
    found: dict[str, str] = {}
    daily = {path.name for path in paths if path.parent.name == "hf-daily"}
    for row in records.iter_rows(named=True):
        name = Path(row["source_file"]).name
        prefix = "hf-daily" if name in daily else Path(name).stem
        key = row["arxiv_id"] if prefix == "hf-daily" else row["openreview_id"]
        if key and row["abstract_source"]:
            found.setdefault(f"{prefix}:{key}", row["abstract_source"])
    return found


def _already_seen(shared: Path) -> tuple[set[str], str]:
    """Ids of the existing labelled sets, and the text of every listing and golden fixture."""
    ids = {
        json.loads(line)["id"]
        for labelled in sorted(FIXTURES.glob("heldout*/abstracts.jsonl"))
        for line in labelled.read_text().splitlines()
    }
    texts = [path.read_text() for path in sorted((shared / "listings").glob("*.txt"))]
    texts += [path.read_text() for path in sorted((FIXTURES / "golden").rglob("*.jsonl"))]
    return ids, "\n".join(texts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shared_data", type=Path, help="the shared data folder")
    parser.add_argument("out", type=Path, help="folder to write abstracts.jsonl into")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026_11_30)
    parser.add_argument(
        "--min-numbers", type=int, default=3, help="numbers an abstract must hold (default 3)"
    )
    args = parser.parse_args()

    seen_ids, seen_text = _already_seen(args.shared_data)
    eligible = sorted(
        (key, abstract)
        for key, abstract in _candidates(args.shared_data).items()
        if key not in seen_ids
        and abstract.strip()[:120] not in seen_text
        and not any(phrase in abstract for phrase in _QUOTED)
        and len(_NUMBER.findall(abstract)) >= args.min_numbers
    )
    picked = random.Random(args.seed).sample(eligible, args.count)
    cleaned = pl.DataFrame({"abstract": [a for _, a in picked]}).select(
        clean_text(pl.col("abstract"))
    )["abstract"]
    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "abstracts.jsonl").open("w", encoding="utf-8") as out:
        for (key, _), text in zip(picked, cleaned, strict=True):
            out.write(json.dumps({"id": key, "abstract": text}, ensure_ascii=False) + "\n")
    print(f"{len(eligible)} eligible, {args.count} written to {args.out / 'abstracts.jsonl'}")


if __name__ == "__main__":
    main()

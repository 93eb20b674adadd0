"""Draw papers for a blind audit of rule tags and method names, with what the rules give them.

The tags-and-method-names issue is judged on hand audits of at least 200 paper-tag pairs and
100 papers, drawn by a seeded script before the rules change and again after. This is that
script. Candidates are the Daily Papers dumps and conference lists under the shared data
folder, leaving out every paper the sample listings, the test fixtures or an earlier audit
under `audits/` hold (rules were written against those). Papers are drawn with a fixed
seed, so a draw can be repeated and checked. Once those are all audited, `--papers` draws
from papers collected elsewhere instead (a JSON line a paper: key, title, abstract; the
collection's log goes into the audit's NOTES.md), under the same exclusions.

Writes two files for auditors into the output folder:
- `papers.tsv`: one row a paper (audit_id, key, title, abstract, the method name the
  warehouse publishes: the abstract's, else the title's), with
  empty columns `method_verdict` (right / wrong / missed / none-and-right) and
  `expected_method_name`;
- `tags.tsv`: one row a paper-tag pair (audit_id, key, tag, its kind, confidence and the
  text it was found in), with empty columns `verdict` (correct / generic / wrong) and `note`.

    .venv/bin/python scripts/draw_tag_audit.py ../shared/data audits/tags/seed-5 --seed 5
"""

from __future__ import annotations

import argparse
import csv
import json
import random
from pathlib import Path

import polars as pl

from etl.extract import read_all
from etl.transform.methods import method_name, published_method_name, title_method_name
from etl.transform.tags import tag_papers
from etl.transform.text import clean_text
from etl.vocab import load_vocabulary

FIXTURES = Path(__file__).parents[1] / "tests" / "fixtures"
AUDITS = Path(__file__).parents[1] / "audits"


def _candidates(shared: Path) -> pl.DataFrame:
    """key, title and abstract of every record of the Daily Papers dumps and conference
    lists, read by the project's own readers, one row a key."""
    paths = sorted((shared / "hf-daily").glob("*.json"))
    paths += sorted((shared / "paperlists").glob("*.json"))
    records, _, _ = read_all(paths)
    return (
        records.filter(pl.col("abstract_source").is_not_null() & pl.col("title").is_not_null())
        .with_columns(
            key=pl.coalesce(
                pl.concat_str(pl.lit("arxiv:"), "arxiv_id"),
                pl.concat_str(pl.lit("openreview:"), "openreview_id"),
            )
        )
        .drop_nulls("key")
        .unique("key", keep="first", maintain_order=True)
        .select("key", "title", abstract="abstract_source")
    )


def _collected(path: Path) -> pl.DataFrame:
    """key, title and abstract of every paper of a JSON-lines collection, one row a key."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return (
        pl.DataFrame(rows, schema={"key": pl.String, "title": pl.String, "abstract": pl.String})
        .drop_nulls()
        .unique("key", keep="first", maintain_order=True)
    )


def _already_seen(shared: Path) -> str:
    """The text of every sample listing and test fixture: papers in them were tuned on."""
    texts = [path.read_text() for path in sorted((shared / "listings").glob("*.txt"))]
    texts += [path.read_text() for path in sorted(FIXTURES.rglob("*.jsonl"))]
    return "\n".join(texts)


def _audited() -> set[str]:
    """The keys of the papers of every earlier audit: their rule output was looked at."""
    keys: set[str] = set()
    for path in sorted(AUDITS.rglob("papers.tsv")):
        with path.open(encoding="utf-8", newline="") as handle:
            keys |= {row["key"] for row in csv.DictReader(handle, delimiter="\t")}
    return keys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shared_data", type=Path, help="the shared data folder")
    parser.add_argument("out", type=Path, help="folder to write papers.tsv and tags.tsv into")
    parser.add_argument("--count", type=int, default=100, help="papers to draw")
    parser.add_argument("--seed", type=int, default=2026_12_01)
    parser.add_argument(
        "--papers", type=Path, help="draw from this JSON-lines collection, not the shared data"
    )
    args = parser.parse_args()

    seen, audited = _already_seen(args.shared_data), _audited()
    pool = _collected(args.papers) if args.papers else _candidates(args.shared_data)
    candidates = pool.sort("key")
    eligible = [
        row
        for row in candidates.iter_rows(named=True)
        if row["abstract"].strip()[:120] not in seen
        and row["key"] not in audited
        and len(row["abstract"]) >= 200
    ]
    picked = random.Random(args.seed).sample(eligible, args.count)
    papers = pl.DataFrame(picked).with_columns(
        audit_id=pl.int_range(1, pl.len() + 1),
        title=clean_text(pl.col("title")).str.replace_all(r"\s+", " "),
        abstract=clean_text(pl.col("abstract")),
    )
    # The name the warehouse publishes.
    papers = papers.with_columns(
        method_name=published_method_name(
            method_name(pl.col("abstract")), title_method_name(pl.col("title")), pl.col("abstract")
        )
    )
    vocabulary = load_vocabulary()
    tags = (
        tag_papers(
            papers.lazy().select(paper_key="key", abstract="abstract", title="title"),
            vocabulary.tags.lazy(),
            vocabulary.measure_names,
        )
        .collect()
        .join(papers.select(paper_key="key", audit_id="audit_id"), on="paper_key")
        .sort("audit_id", pl.col("confidence"), "tag_slug", descending=[False, True, False])
    )
    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "papers.tsv").open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, delimiter="\t", lineterminator="\n")
        writer.writerow(
            ["audit_id", "key", "title", "abstract", "method_name", "method_verdict",
             "expected_method_name"]
        )  # fmt: skip
        for row in papers.sort("audit_id").iter_rows(named=True):
            writer.writerow(
                [row["audit_id"], row["key"], row["title"], row["abstract"],
                 row["method_name"] or "", "", ""]
            )  # fmt: skip
    with (args.out / "tags.tsv").open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, delimiter="\t", lineterminator="\n")
        writer.writerow(
            ["audit_id", "key", "tag_slug", "tag_name", "kind", "confidence", "matched_text",
             "verdict", "note"]
        )  # fmt: skip
        for row in tags.iter_rows(named=True):
            writer.writerow(
                [row["audit_id"], row["paper_key"], row["tag_slug"], row["tag_name"],
                 row["kind"], f"{row['confidence']:.2f}", row["matched_text"], "", ""]
            )  # fmt: skip
    summary = {
        "eligible": len(eligible),
        "papers": papers.height,
        "paper_tag_pairs": tags.height,
        "papers_with_a_tag": tags["audit_id"].n_unique(),
        "papers_with_a_method_name": int(papers["method_name"].is_not_null().sum()),
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()

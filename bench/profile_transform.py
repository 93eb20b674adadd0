"""Seconds of each part of the transform on the first records of a file, each collected on
its own from the same checked records (so a part's figure is its own work, not a share of
one plan): text cleaning and record checks, method names, rule tags, links, results, authors,
source keywords and leaderboards.

    python -m bench.profile_transform FILE [--records N]

The parts overlap a little with the load's transform (which collects them together and
shares the checked records), so their sum is an upper bound of its seconds.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

import polars as pl

from etl.extract import open_source, read_batches
from etl.pipeline import BATCH_ENGINE
from etl.transform.identity import with_record_digest
from etl.transform.methods import method_name
from etl.transform.normalize import (
    _authors,
    _record_tags,
    check_records,
    leaderboard_tables,
    record_links,
)
from etl.transform.repos import extract_links
from etl.transform.results import extract_results
from etl.transform.tags import tag_papers
from etl.vocab import load_vocabulary


def _first_records(path: Path, records: int) -> pl.DataFrame:
    batches = read_batches(open_source(path), batch_rows=records)
    return next(batches).records.head(records)


def _timed(collect: Callable[[], object]) -> float:
    started = time.perf_counter()
    collect()
    return time.perf_counter() - started


def profile(path: Path, records: int) -> dict[str, float]:
    """Seconds per part of the transform of the first `records` records of `path`."""
    vocabulary = load_vocabulary()
    raw = with_record_digest(_first_records(path, records))
    seconds = {}
    started = time.perf_counter()
    checked = check_records(raw.lazy(), max_abstract_chars=100_000).collect(engine=BATCH_ENGINE)
    seconds["clean text and check records"] = time.perf_counter() - started
    usable = checked.filter(pl.col("reject_rule").is_null()).lazy()
    texts = (
        usable.filter(pl.col("abstract").is_not_null())
        .select(paper_key="abstract_hash", abstract="abstract", title="title")
        .unique("paper_key", keep="first", maintain_order=True)
        .collect()
        .lazy()
    )
    parts: dict[str, pl.LazyFrame] = {
        "method names": texts.select(method_name(pl.col("abstract"))),
        "rule tags": tag_papers(texts, vocabulary.tags.lazy(), vocabulary.measure_names),
        "links (abstracts)": extract_links(texts),
        "links (record fields)": record_links(usable),
        "results": extract_results(
            texts,
            vocabulary.metrics,
            vocabulary.datasets,
            listed_datasets=vocabulary.listed_datasets,
        ),
        "authors": _authors(usable),
        "source keywords": _record_tags(usable, vocabulary.tags),
        "leaderboards": leaderboard_tables(usable, vocabulary)["leaderboard_results"],
    }
    for name, plan in parts.items():
        seconds[name] = _timed(lambda plan=plan: plan.collect(engine=BATCH_ENGINE))
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--records", type=int, default=100_000)
    args = parser.parse_args()
    seconds = profile(args.file, args.records)
    width = max(map(len, seconds))
    for name, value in sorted(seconds.items(), key=lambda item: -item[1]):
        print(f"{name:<{width}}  {value:8.2f} s")
    print(f"{'sum':<{width}}  {sum(seconds.values()):8.2f} s ({args.records:,} records)")


if __name__ == "__main__":
    main()

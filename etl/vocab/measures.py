"""Metric and dataset vocabularies: canonical names with their aliases.

Results found in abstracts (and, later, on leaderboards) name metrics and datasets in many
spellings (hit@1, Hits@1, H@1); these files say which spellings are one thing, so results
group correctly in SQL. Rules for parametrised metric families (Hits@k, NDCG@k, top-k
accuracy) live in etl.transform.results, not here.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

VOCAB_DIR = Path(__file__).parent


def alias_key(name: pl.Expr) -> pl.Expr:
    """Spelling-insensitive form of a name: `ImageNet-1K`, `imagenet 1k` -> `imagenet1k`."""
    return name.str.to_lowercase().str.replace_all(r"[\s\-_'.’]+", "")


def load_metrics() -> pl.DataFrame:
    """metric_name, direction (higher/lower), is_share, in_abstracts, aliases (list, the name
    included). in_abstracts is false for a metric that only a table's column names: "Score"
    heads Papers with Code columns (Atari games), but in prose "score" is the noun of any
    metric ("a BLEU score of 28"), so abstracts are not searched for it."""
    metrics = pl.read_csv(VOCAB_DIR / "metrics.csv", schema_overrides={"aliases": pl.String})
    return metrics.with_columns(
        aliases=pl.concat_list(
            pl.col("metric_name"),
            pl.col("aliases")
            .fill_null("")
            .str.split("|")
            .list.eval(pl.element().filter(pl.element() != "")),
        )
    )


def load_listed_datasets() -> pl.DataFrame:
    """dataset_name: the benchmark names of the Papers with Code taxonomy whose form marks
    them as names (scripts/build_dataset_list.py), an independent record to check a name
    the curated list lacks against."""
    return pl.read_csv(VOCAB_DIR / "listed_datasets.csv", schema={"dataset_name": pl.String})


def load_datasets() -> pl.DataFrame:
    """dataset_name, aliases (list, the name included)."""
    datasets = pl.read_csv(VOCAB_DIR / "datasets.csv", schema_overrides={"aliases": pl.String})
    return datasets.with_columns(
        aliases=pl.concat_list(
            pl.col("dataset_name"),
            pl.col("aliases")
            .fill_null("")
            .str.split("|")
            .list.eval(pl.element().filter(pl.element() != "")),
        )
    )

"""How often each way of deciding a result's dataset is right, on the labelled sets.

Every extracted result says which rule decided its dataset (`dataset_way`: `after` for "73.7%
on DBP15K", `opening` for "On COCO, ...", `evaluation_dataset` for the one benchmark the
abstract evaluates on, ...). Over the results matched to a labelled one, a stated dataset is
right when it is the labelled phrase or the same curated dataset; it is wrong when the label
names another dataset or none (labellers write a dataset only where the text ties it to the
number).

Sets the rules were tuned on give a way's precision after tuning; `--blind` names the sets
drawn and labelled before any rule was changed for them, whose figures are first measures.
A way below 0.95 on first measures is not fit to state a dataset.

    .venv/bin/python scripts/calibrate_dataset_ways.py --out docs/calibration/dataset_ways.tsv
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import polars as pl

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"
# The least share of right datasets for a way to state one (the results issue's bar).
TRUSTED_PRECISION = 0.95
# The labelled sets drawn and labelled before any rule was changed for them, and not tuned
# on since: their figures are first measures. A set leaves this list once rules are tuned
# on it.
BLIND_SETS: tuple[str, ...] = ("heldout24",)


def judged_datasets(scores: dict, datasets: pl.DataFrame) -> pl.DataFrame:
    """One row per matched result that states a dataset: its set, way, the kind of name the
    dataset has (`names`: curated, uncurated or acronym; dataset_name_kind), whether it is
    right (the labelled one, as written or curated), and whether the label names none."""
    from etl.transform.results import dataset_name_kind
    from tests.unit.transform.results_scoring import datasets_right

    rows = []
    for name, set_scores in scores.items():
        stated = [(g, e) for g, e in set_scores.matched if e["dataset_text"]]
        for (label, extracted), right in zip(stated, datasets_right(stated, datasets), strict=True):
            rows.append(
                {
                    "labelled_set": name,
                    "way": extracted["dataset_way"],
                    "dataset_name": extracted["dataset_name"],
                    "right": right,
                    "labelled_none": not label["dataset"],
                }
            )
    schema = {"labelled_set": pl.String, "way": pl.String, "dataset_name": pl.String,
              "right": pl.Boolean, "labelled_none": pl.Boolean}  # fmt: skip
    return pl.DataFrame(rows, schema=schema).select(
        "labelled_set",
        "way",
        names=dataset_name_kind(pl.col("dataset_name"), datasets),
        right="right",
        labelled_none="labelled_none",
    )


def way_table(judged: pl.DataFrame, blind: set[str], withheld: frozenset[str]) -> pl.DataFrame:
    """Per way and kind of name: stated and right on the tuned sets and on the blind ones,
    with precisions; `fit` is false when the tuned precision is below TRUSTED_PRECISION
    (tuning only raises it) or the blind one is, true when the blind one reaches it, and
    unknown without blind figures; `withheld` says whether the rules state none."""
    from etl.transform.results import withheld_dataset

    def figures(prefix: str, rows: pl.LazyFrame) -> pl.LazyFrame:
        return rows.group_by("way", "names").agg(
            pl.len().alias(f"{prefix}_stated"),
            pl.col("right").sum().alias(f"{prefix}_right"),
            pl.col("labelled_none").sum().alias(f"{prefix}_labelled_none"),
        )

    is_blind = pl.col("labelled_set").is_in(list(blind))
    tuned = figures("tuned", judged.lazy().filter(~is_blind))
    first = figures("blind", judged.lazy().filter(is_blind))
    below = pl.col("tuned_precision") < TRUSTED_PRECISION
    return (
        tuned.join(first, on=["way", "names"], how="full", coalesce=True)
        .with_columns(pl.col(pl.UInt32).fill_null(0).cast(pl.Int64))
        .with_columns(
            (pl.col(f"{p}_right") / pl.col(f"{p}_stated"))
            .round(3)
            .alias(f"{p}_precision")
            .pipe(lambda share, p=p: pl.when(pl.col(f"{p}_stated") > 0).then(share))
            for p in ("tuned", "blind")
        )
        .with_columns(
            fit=pl.when(below.fill_null(False))
            .then(False)
            .when(pl.col("blind_stated") > 0)
            .then(pl.col("blind_precision") >= TRUSTED_PRECISION),
            withheld=withheld_dataset(pl.col("way"), pl.col("names"), withheld),
        )
        .sort(
            pl.col("tuned_stated") + pl.col("blind_stated"),
            "way",
            "names",
            descending=[True, False, False],
        )  # fmt: skip
        .collect()
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--blind", nargs="*", default=list(BLIND_SETS), metavar="SET",
        help="labelled sets measured first, never tuned on (default: BLIND_SETS)",
    )  # fmt: skip
    parser.add_argument("--out", type=Path, help="write the table here (TSV)")
    args = parser.parse_args(argv)
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))  # the scoring helpers live with the tests
    from etl.transform.results import WITHHELD_DATASET_WAYS
    from etl.vocab.measures import load_datasets
    from tests.unit.transform.results_scoring import labelled_sets_scores

    folders = sorted(FIXTURES.glob("heldout*"))
    missing = set(args.blind) - {folder.name for folder in folders}
    if missing:
        parser.error(f"no labelled set named {', '.join(sorted(missing))} under {FIXTURES}")
    # Every way states its dataset here, withheld or not, so that each is measured.
    every_way = labelled_sets_scores(folders, withheld_dataset_ways=frozenset())
    judged = judged_datasets(every_way, load_datasets())
    table = way_table(judged, set(args.blind), WITHHELD_DATASET_WAYS)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        table.write_csv(args.out, separator="\t")
    with pl.Config(tbl_rows=-1, tbl_cols=-1, tbl_width_chars=200):
        print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

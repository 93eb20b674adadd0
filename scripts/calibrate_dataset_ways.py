"""How often each way of deciding a result's dataset is right, on the labelled sets.

Every extracted result says which rule decided its dataset (`dataset_way`: `after` for "73.7%
on DBP15K", `opening` for "On COCO, ...", `evaluation_dataset` for the one benchmark the
abstract evaluates on, ...). Over the results matched to a labelled one, a stated dataset is
right when it is the labelled phrase or the same curated dataset; it is wrong when the label
names another dataset or none (labellers write a dataset only where the text ties it to the
number).

Sets the rules were tuned on give a way's precision after tuning; `--blind` names the sets
drawn and labelled before any rule was changed for them, whose figures are first measures.
A way (for a kind of name, or a kind of name over every way) is not fit to state a dataset
when the labelled sets show it right less than 0.95 of the time: when even the upper end of
the 95% interval of its precision is below 0.95, over every set or over the blind ones alone
where they state ten names or more (a way tuned to the sets it was written from may be right
there and wrong on abstracts nobody tuned it on: names the vocabulary lacks found after the
claim were right 0.96 of the time on the tuned sets and 0.78 on the blind ones).
WITHHELD_DATASET_WAYS must withhold every unfit row and nothing the table does not show unfit.

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
BLIND_SETS: tuple[str, ...] = (
    "heldout24",
    "heldout25",
    "heldout26",
    "heldout29",
    "heldout30",
    "heldout31",
    "heldout32",
)
# The fewest names the blind sets must state for a way to be judged on them alone: with three,
# one wrong decides.
MIN_BLIND_NAMES = 10
# The way of the rows that count a kind of name over every way.
ANY_WAY = "*"
COLUMNS = (
    "way", "names",
    "tuned_stated", "tuned_right", "tuned_labelled_none",
    "blind_stated", "blind_right", "blind_labelled_none",
    "tuned_precision", "blind_precision", "precision", "upper_bound", "blind_upper_bound",
    "fit", "withheld",
)  # fmt: skip


def judged_datasets(
    scores: dict, datasets: pl.DataFrame, listed: pl.DataFrame | None = None
) -> pl.DataFrame:
    """One row per matched result that states a dataset: its set, way, the kind of claim
    (`names`: efficiency for an efficiency result's, else the kind of name: curated,
    listed, acronym, plain, numbered or uncurated; dataset_claim_kind, with the `listed`
    benchmark names), whether
    it is right (the labelled one, as written or curated), and whether the label names none."""
    from etl.transform.results import dataset_claim_kind
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
                    "dataset_text": extracted["dataset_text"],
                    "is_efficiency": extracted["is_efficiency"],
                    "right": right,
                    "labelled_none": not label["dataset"],
                }
            )
    schema = {"labelled_set": pl.String, "way": pl.String, "dataset_name": pl.String,
              "dataset_text": pl.String, "is_efficiency": pl.Boolean, "right": pl.Boolean,
              "labelled_none": pl.Boolean}  # fmt: skip
    return pl.DataFrame(rows, schema=schema).select(
        "labelled_set",
        "way",
        names=dataset_claim_kind(datasets, listed),
        right="right",
        labelled_none="labelled_none",
    )


def way_table(judged: pl.DataFrame, blind: set[str], withheld: frozenset[str]) -> pl.DataFrame:
    """Per way and kind of name, and per kind of name over every way (way `*`, of the ways
    `withheld` does not withhold for that kind): stated and right on the tuned sets and on
    the blind ones, with precisions; `precision` over both,
    `upper_bound` the most it may be (one-sided 95% Wilson bound: three right of three may be
    a way right half the time), `blind_upper_bound` the same of the blind sets alone; `fit`
    false when either bound is below TRUSTED_PRECISION (the blind one where they state
    MIN_BLIND_NAMES names or more), true otherwise; `withheld` says whether the rules state
    none."""
    from etl.transform.results import withheld_way

    def figures(prefix: str, rows: pl.LazyFrame, keys: list[str]) -> pl.LazyFrame:
        return rows.group_by(keys).agg(
            pl.len().alias(f"{prefix}_stated"),
            pl.col("right").sum().alias(f"{prefix}_right"),
            pl.col("labelled_none").sum().alias(f"{prefix}_labelled_none"),
        )

    def cells(rows: pl.LazyFrame, keys: list[str]) -> pl.LazyFrame:
        is_blind = pl.col("labelled_set").is_in(list(blind))
        tuned = figures("tuned", rows.filter(~is_blind), keys)
        first = figures("blind", rows.filter(is_blind), keys)
        return tuned.join(first, on=keys, how="full", coalesce=True)

    # A kind of name over every way counts what no rule for a way and that kind withholds:
    # what `*:kind` would withhold besides.
    withheld_by_way = pl.concat_str("way", pl.lit(":"), "names").is_in(sorted(withheld))
    every_way = cells(judged.lazy().filter(~withheld_by_way), ["names"])
    every_way = every_way.with_columns(way=pl.lit(ANY_WAY))
    stated = pl.col("tuned_stated") + pl.col("blind_stated")
    right = pl.col("tuned_right") + pl.col("blind_right")
    return (
        pl.concat([cells(judged.lazy(), ["way", "names"]), every_way], how="diagonal")
        .with_columns(pl.col(pl.UInt32).fill_null(0).cast(pl.Int64))
        .with_columns(
            (pl.col(f"{p}_right") / pl.col(f"{p}_stated"))
            .round(3)
            .alias(f"{p}_precision")
            .pipe(lambda share, p=p: pl.when(pl.col(f"{p}_stated") > 0).then(share))
            for p in ("tuned", "blind")
        )
        .with_columns(
            precision=(right / stated).round(3),
            upper_bound=wilson_upper_bound(right, stated).round(3),
            blind_upper_bound=wilson_upper_bound(
                pl.col("blind_right"), pl.col("blind_stated")
            ).round(3),
        )
        .with_columns(
            fit=(pl.col("upper_bound") >= TRUSTED_PRECISION)
            & (
                (pl.col("blind_upper_bound") >= TRUSTED_PRECISION)
                | (pl.col("blind_stated") < MIN_BLIND_NAMES)
            ).fill_null(True),
            withheld=withheld_way(pl.col("way"), pl.col("names"), withheld),
        )
        .sort(stated, "way", "names", descending=[True, False, False])
        .select(COLUMNS)
        .collect()
    )


def wilson_upper_bound(right: pl.Expr, stated: pl.Expr) -> pl.Expr:
    """The upper end of the one-sided 95% Wilson interval of right / stated."""
    z = 1.645
    share = right / stated
    centre = share + z**2 / (2 * stated)
    spread = z * (share * (1 - share) / stated + z**2 / (4 * stated**2)).sqrt()
    return pl.when(stated > 0).then((centre + spread) / (1 + z**2 / stated))


def write_and_print(table: pl.DataFrame, out: Path | None) -> None:
    """The calibration table written to `out` as TSV (when given) and printed whole."""
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        table.write_csv(out, separator="\t")
    with pl.Config(tbl_rows=-1, tbl_cols=-1, tbl_width_chars=200):
        print(table)


def unfit_but_stated(table: pl.DataFrame) -> pl.DataFrame:
    """The rows the labelled sets show to be wrong too often that the rules still state."""
    return table.filter(~pl.col("fit") & ~pl.col("withheld"))


def withheld_but_not_shown_unfit(table: pl.DataFrame, ways: frozenset[str]) -> set[str]:
    """The rules of `ways` (`way:kind`, `*:kind`) that no unfit row of the table names."""
    unfit = {
        f"{way}:{names}"
        for way, names in table.filter(~pl.col("fit")).select("way", "names").rows()
    }
    return set(ways) - unfit


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
    from etl.vocab.measures import load_datasets, load_listed_datasets
    from tests.unit.transform.results_scoring import labelled_sets_scores

    folders = sorted(FIXTURES.glob("heldout*"))
    missing = set(args.blind) - {folder.name for folder in folders}
    if missing:
        parser.error(f"no labelled set named {', '.join(sorted(missing))} under {FIXTURES}")
    # Every way states its dataset here, withheld or not, so that each is measured.
    every_way = labelled_sets_scores(folders, withheld_dataset_ways=frozenset())
    judged = judged_datasets(every_way, load_datasets(), load_listed_datasets())
    table = way_table(judged, set(args.blind), WITHHELD_DATASET_WAYS)
    write_and_print(table, args.out)
    unfit = unfit_but_stated(table)
    for way, names in unfit.select("way", "names").rows():
        print(f"unfit but stated: {way}:{names} (add it to WITHHELD_DATASET_WAYS)")
    unshown = withheld_but_not_shown_unfit(table, WITHHELD_DATASET_WAYS)
    for rule in sorted(unshown):
        print(f"withheld but not shown unfit: {rule} (take it out of WITHHELD_DATASET_WAYS)")
    return 1 if unfit.height or unshown else 0


if __name__ == "__main__":
    raise SystemExit(main())

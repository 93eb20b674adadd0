"""How often each way of deciding a result's metric is right, on the labelled sets.

Every extracted result says which rule decided its metric (`metric_way`: `after` for "64%
win rate", `before` for "win rate of 64%", `after_known` for the vocabulary's name found
after a number no phrase measures, `list_member` for the measure of the member before it in
a list, ...; etl.contracts.METRIC_WAYS), and the phrase is of a kind: `known` when the
vocabulary names it, `unknown` when it is only written (etl.transform.results
.metric_claim_kind). Over the results matched to a labelled one that state a metric, a
metric is right when it is the labelled phrase or the same vocabulary metric; it is wrong
when the label names another measure or none (labellers write a metric only where the text
names what the number measures).

A way is not fit to state a metric of a kind when the labelled sets show it right less than
0.95 of the time even at the upper end of the 95% interval of its precision (the bar of a
result's dataset, scripts/calibrate_dataset_ways.py). WITHHELD_METRIC_WAYS must withhold every
unfit row and nothing the table does not show unfit.

    .venv/bin/python -m scripts.calibrate_metric_ways --out docs/calibration/metric_ways.tsv
"""

from __future__ import annotations

import argparse
from pathlib import Path

import polars as pl

from etl.transform.results import WITHHELD_METRIC_WAYS, metric_claim_kind, withheld_way
from etl.vocab.measures import load_metrics
from scripts.calibrate_dataset_ways import (
    FIXTURES,
    TRUSTED_PRECISION,
    wilson_upper_bound,
    write_and_print,
)

# The way of the rows that count a kind of phrase over every way the rules state it by.
ANY_WAY = "*"
COLUMNS = (
    "way", "kind", "stated", "right", "labelled_none", "precision", "upper_bound", "fit",
    "withheld",
)  # fmt: skip


def judged_metrics(scores: dict, metrics: pl.DataFrame) -> pl.DataFrame:
    """One row per matched result that states a metric: its set, way, kind of phrase,
    whether it is right and whether the label names none."""
    from tests.unit.transform.results_scoring import metrics_right

    rows = []
    for name, set_scores in scores.items():
        stated = [(g, e) for g, e in set_scores.matched if e["metric_text"]]
        for (label, extracted), right in zip(stated, metrics_right(stated, metrics), strict=True):
            rows.append(
                {
                    "labelled_set": name,
                    "way": extracted["metric_way"],
                    "metric_name": extracted["metric_name"],
                    "right": right,
                    "labelled_none": not label["metric"],
                }
            )
    schema = {"labelled_set": pl.String, "way": pl.String, "metric_name": pl.String,
              "right": pl.Boolean, "labelled_none": pl.Boolean}  # fmt: skip
    return pl.DataFrame(rows, schema=schema).select(
        "labelled_set", "way", "right", "labelled_none", kind=metric_claim_kind()
    )


def way_table(judged: pl.DataFrame, withheld: frozenset[str]) -> pl.DataFrame:
    """Per way and kind of phrase, and per kind over the ways `withheld` does not withhold
    for it (way `*`): metrics stated, right and labelled none, precision, the upper end of
    its one-sided 95% Wilson interval, whether that reaches TRUSTED_PRECISION (`fit`) and
    whether the rules state none."""

    def cells(rows: pl.LazyFrame, keys: list[str]) -> pl.LazyFrame:
        return rows.group_by(keys).agg(
            stated=pl.len(),
            right=pl.col("right").sum(),
            labelled_none=pl.col("labelled_none").sum(),
        )

    rows = judged.lazy()
    stated_ways = rows.filter(~withheld_way(pl.col("way"), pl.col("kind"), withheld))
    return (
        pl.concat(
            [
                cells(rows, ["way", "kind"]),
                cells(stated_ways, ["kind"]).with_columns(way=pl.lit(ANY_WAY)),
            ],
            how="diagonal",
        )
        .with_columns(pl.col(pl.UInt32).cast(pl.Int64))
        .with_columns(
            precision=(pl.col("right") / pl.col("stated")).round(3),
            upper_bound=wilson_upper_bound(pl.col("right"), pl.col("stated")).round(3),
        )
        .with_columns(
            fit=pl.col("upper_bound") >= TRUSTED_PRECISION,
            withheld=withheld_way(pl.col("way"), pl.col("kind"), withheld),
        )
        .sort(
            pl.col("way") != ANY_WAY,
            "stated",
            "way",
            "kind",
            descending=[False, True, False, False],
        )
        .select(COLUMNS)
        .collect()
    )


def misjudged_ways(table: pl.DataFrame, withheld: frozenset[str]) -> tuple[list[str], list[str]]:
    """The rules (`way:kind`) shown unfit that the rules state, and the rules withheld that
    no unfit row shows."""
    ways = table.filter(pl.col("way") != ANY_WAY).with_columns(
        rule=pl.concat_str("way", pl.lit(":"), "kind")
    )
    unfit_stated = ways.filter(~pl.col("fit") & ~pl.col("withheld"))["rule"].to_list()
    unfit = set(ways.filter(~pl.col("fit"))["rule"])
    return unfit_stated, sorted(withheld - unfit)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write the table here (TSV)")
    args = parser.parse_args(argv)
    from tests.unit.transform.results_scoring import labelled_sets_scores

    folders = sorted(FIXTURES.glob("heldout*"))
    # Every way states its metric here, withheld or not, so that each is measured.
    every_way = labelled_sets_scores(folders, withheld_metric_ways=frozenset())
    table = way_table(judged_metrics(every_way, load_metrics()), WITHHELD_METRIC_WAYS)
    write_and_print(table, args.out)
    unfit_stated, unshown = misjudged_ways(table, WITHHELD_METRIC_WAYS)
    for rule in unfit_stated:
        print(f"unfit but stated: {rule} (add it to WITHHELD_METRIC_WAYS)")
    for rule in unshown:
        print(f"withheld but not shown unfit: {rule} (take it out of WITHHELD_METRIC_WAYS)")
    return 1 if unfit_stated or unshown else 0


if __name__ == "__main__":
    raise SystemExit(main())

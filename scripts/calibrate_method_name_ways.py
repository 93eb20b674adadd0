"""How often each way a method name is read is right, on the judged audits of audits/tags.

Every paper's method name says how it was read (`papers.method_name_way`): `title` (the one
token before the title's colon), or in the abstract `introduced` (after an introducing verb),
`named` (after a naming word), `appositive`, `our_artefact`, `our_proposed`
(etl.transform.methods). The audits judged the name each paper was published with when they
were drawn: `right`; `wrong`, with the name the paper introduces, or none; `missed`, with the
name no rule found; `none` when the paper introduces nothing by name. So each audited paper's
true name is known, and today's name is right when it is that name, as written.

A way is fit by the bar of the text-derived facts (0.95, as for a result's dataset) when the
upper end of the 95% interval of its precision reaches it.

    .venv/bin/python -m scripts.calibrate_method_name_ways \
        --out docs/calibration/method_name_ways.tsv
"""

from __future__ import annotations

import argparse
from pathlib import Path

import polars as pl

from etl.transform.methods import (
    introduced_name,
    published_method_name,
    published_method_name_way,
    title_method_name,
)
from etl.vocab import load_vocabulary
from scripts.calibrate_dataset_ways import (
    TRUSTED_PRECISION,
    wilson_upper_bound,
    write_and_print,
)
from scripts.calibrate_tag_ways import AUDITS, judged_audits
from scripts.score_tag_audit import read_tsv

COLUMNS = ("way", "names", "right", "precision", "upper_bound", "fit")
# Totals over every way.
ANY_WAY = "*"


def true_name(verdict: str, given: str, expected: str) -> str | None:
    """The name an audited paper introduces, from its verdict: the given one when right, the
    expected one when it was wrong or missed, none when it introduces none."""
    if verdict == "right":
        return given
    if verdict in {"wrong", "missed"}:
        return expected or None
    return None


def audited_names(folders: list[Path]) -> pl.DataFrame:
    """One row per audited paper (a paper audited twice keeps the later verdict): key,
    title, abstract and its true name (`truth`, null when it introduces none). A paper whose
    method name no judge has given a verdict on (an audit of tags alone, such as
    audits/tags/title-mentions) is in no row."""
    rows = [
        {
            "paper_key": row["key"],
            "title": row["title"],
            "abstract": row["abstract"],
            "truth": true_name(
                row["method_verdict"], row["method_name"], row["expected_method_name"]
            ),
        }
        for folder in folders
        for row in read_tsv(folder / "papers.tsv")
        if row["method_verdict"]
    ]
    return pl.DataFrame(rows).unique("paper_key", keep="last").sort("paper_key")


def published_names(papers: pl.LazyFrame) -> pl.LazyFrame:
    """The name and way each paper is published with today (etl.load.assemble's choice)."""
    found = introduced_name(pl.col("abstract"), load_vocabulary().field_names)
    abstract_name, title_name = pl.col("abstract_name"), pl.col("title_name")
    return papers.with_columns(
        abstract_name=found.struct.field("method_name"),
        abstract_way=found.struct.field("method_name_way"),
        title_name=title_method_name(pl.col("title")),
    ).with_columns(
        method_name=published_method_name(abstract_name, title_name, pl.col("abstract")),
        method_name_way=published_method_name_way(
            abstract_name, pl.col("abstract_way"), title_name, pl.col("abstract")
        ),
    )


def way_table(named: pl.DataFrame) -> pl.DataFrame:
    """Per way, and over every way (`*`): names given, right, precision, the upper end of its
    one-sided 95% Wilson interval, and whether that reaches TRUSTED_PRECISION."""
    rows = named.lazy().filter(pl.col("method_name").is_not_null())
    right = (pl.col("method_name") == pl.col("truth")).fill_null(False)

    def cells(keys: list[str]) -> pl.LazyFrame:
        return rows.group_by(keys).agg(names=pl.len(), right=right.sum())

    return (
        pl.concat(
            [cells(["method_name_way"]), cells([]).with_columns(method_name_way=pl.lit(ANY_WAY))],
            how="diagonal",
        )
        .rename({"method_name_way": "way"})
        .with_columns(pl.col(pl.UInt32).cast(pl.Int64))
        .with_columns(
            precision=(pl.col("right") / pl.col("names")).round(3),
            upper_bound=wilson_upper_bound(pl.col("right"), pl.col("names")).round(3),
        )
        .with_columns(fit=pl.col("upper_bound") >= TRUSTED_PRECISION)
        .sort(pl.col("way") != ANY_WAY, "way")
        .select(COLUMNS)
        .collect()
    )


def recall(named: pl.DataFrame) -> float:
    """The share of the papers that introduce a name that are published with it."""
    introducing = named.filter(pl.col("truth").is_not_null())
    return round((introducing["method_name"] == introducing["truth"]).fill_null(False).mean(), 3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--audits", type=Path, default=AUDITS, help="folder of audit folders")
    parser.add_argument("--out", type=Path, help="write the table here (TSV)")
    args = parser.parse_args(argv)
    folders = judged_audits(args.audits)
    named = published_names(audited_names(folders).lazy()).collect()
    table = way_table(named)
    write_and_print(table, args.out)
    print(f"{named.height} audited papers in {len(folders)} audits; recall {recall(named)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

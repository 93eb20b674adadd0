"""The calibration of the ways a result's metric is decided: precision per way and kind of
phrase on the labelled sets, and which are fit to state a metric."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from etl.transform.results import WITHHELD_METRIC_WAYS
from tests.unit.scripts.script_module import load_script

calibrate = load_script("calibrate_metric_ways")


def _judged(rows: list[tuple[str, str, str, bool, bool]]) -> pl.DataFrame:
    columns = ("labelled_set", "way", "kind", "right", "labelled_none")
    return pl.DataFrame(rows, schema=columns, orient="row")


def _table(judged: pl.DataFrame, withheld: frozenset[str] = frozenset()) -> dict:
    table = calibrate.way_table(judged, withheld=withheld)
    return {(row["way"], row["kind"]): row for row in table.iter_rows(named=True)}


def test_a_way_is_unfit_only_when_its_labelled_results_show_it_below_the_bar():
    judged = _judged(
        [
            # 19 of 20: 0.95, and 0.99 at most.
            *[("heldout", "after", "known", True, False)] * 19,
            ("heldout", "after", "known", False, True),
            # 72 of 80 (0.90): below 0.95 even at the upper end of its interval.
            *[("heldout", "after", "unknown", True, False)] * 72,
            *[("heldout2", "after", "unknown", False, False)] * 8,
            # 3 of 3: too few to show it below the bar; 2 of 3 are enough.
            *[("heldout", "equated", "known", True, False)] * 3,
            *[("heldout", "parallel", "known", True, False)] * 2,
            ("heldout2", "parallel", "known", False, True),
        ]
    )
    rows = _table(judged)
    known, unknown = rows[("after", "known")], rows[("after", "unknown")]
    assert (known["precision"], known["labelled_none"], known["fit"]) == (0.95, 1, True)
    assert unknown["precision"] == 0.9 and unknown["upper_bound"] < 0.95
    assert unknown["fit"] is False
    assert rows[("equated", "known")]["fit"] is True
    parallel = rows[("parallel", "known")]
    assert parallel["precision"] == 0.667 and parallel["fit"] is False


def test_a_kind_over_every_way_counts_what_the_rules_state():
    judged = _judged(
        [
            *[("heldout", "after", "known", True, False)] * 60,
            *[("heldout", "after_known", "known", False, True)] * 10,
            *[("heldout", "after", "unknown", False, False)] * 3,
        ]
    )
    rows = _table(judged, withheld=frozenset({"after_known:known"}))
    known, unknown = rows[("*", "known")], rows[("*", "unknown")]
    assert (known["stated"], known["right"], known["fit"], known["withheld"]) == (
        60,
        60,
        True,
        False,
    )
    assert (unknown["stated"], unknown["fit"]) == (3, False)
    assert rows[("after_known", "known")]["withheld"] is True


def test_the_rules_are_checked_against_the_table_both_ways():
    judged = _judged(
        [
            *[("heldout", "changed_before", "known", False, True)] * 5,
            *[("heldout", "after", "known", True, False)] * 30,
        ]
    )
    withheld = frozenset({"after:known"})
    table = calibrate.way_table(judged, withheld=withheld)
    unfit_stated, unshown = calibrate.misjudged_ways(table, withheld)
    assert unfit_stated == ["changed_before:known"]
    assert unshown == ["after:known"]


def test_a_metric_is_judged_by_whether_the_vocabulary_knows_it():
    """A phrase the vocabulary names is `known`, one only written `unknown`; both count
    as stated, a result with neither is left out."""
    extracted = {
        "rows": [
            ({"metric": "accuracy"}, {"metric_text": "accuracy", "metric_name": "Accuracy",
                                      "metric_way": "after"}),
            ({"metric": ""}, {"metric_text": "terms", "metric_name": None,
                              "metric_way": "after"}),
            ({"metric": ""}, {"metric_text": None, "metric_name": None, "metric_way": None}),
        ],
    }  # fmt: skip

    class Scores:
        matched = extracted["rows"]

    from etl.vocab.measures import load_metrics

    judged = calibrate.judged_metrics({"heldout": Scores()}, load_metrics())
    assert judged.select("way", "kind", "right", "labelled_none").rows() == [
        ("after", "known", True, False),
        ("after", "unknown", False, True),
    ]


TABLE = Path(__file__).parents[3] / "docs" / "calibration" / "metric_ways.tsv"


@pytest.mark.slow  # extraction over every labelled set: seconds
def test_the_committed_table_is_the_one_the_labelled_sets_give_today(tmp_path: Path):
    """A rule change that moves a way's figures shows in the table's diff, with its
    withholding decision next to it: rebuild it with the script."""
    assert calibrate.main(["--out", str(tmp_path / "ways.tsv")]) == 0
    rebuilt = pl.read_csv(tmp_path / "ways.tsv", separator="\t")
    assert rebuilt.equals(pl.read_csv(TABLE, separator="\t"))


def test_the_rules_withhold_every_way_the_committed_table_shows_unfit_and_no_other():
    committed = pl.read_csv(TABLE, separator="\t")
    assert calibrate.misjudged_ways(committed, WITHHELD_METRIC_WAYS) == ([], [])

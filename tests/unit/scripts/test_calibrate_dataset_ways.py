"""The calibration of the ways a result's dataset is decided: precision per way and kind of
name, on tuned and on blind labelled sets, and which are fit to state a dataset."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from etl.transform.results import WITHHELD_DATASET_WAYS
from tests.unit.scripts.script_module import load_script

calibrate = load_script("calibrate_dataset_ways")


def _judged(rows: list[tuple[str, str, str, bool, bool]]) -> pl.DataFrame:
    columns = ("labelled_set", "way", "names", "right", "labelled_none")
    return pl.DataFrame(rows, schema=columns, orient="row")


def _table(judged: pl.DataFrame, withheld: frozenset[str] = frozenset()) -> dict:
    table = calibrate.way_table(judged, blind={"heldout22"}, withheld=withheld)
    return {(row["way"], row["names"]): row for row in table.iter_rows(named=True)}


def test_a_way_is_unfit_only_when_its_labelled_results_show_it_below_the_bar():
    judged = _judged(
        [
            # 19 of 20: 0.95, and 0.99 at most.
            *[("heldout", "after", "curated", True, False)] * 19,
            ("heldout", "after", "curated", False, True),
            # 72 of 80 (0.90): below 0.95 even at the upper end of its interval.
            *[("heldout", "opening", "curated", True, False)] * 70,
            *[("heldout22", "opening", "curated", True, False)] * 2,
            *[("heldout22", "opening", "curated", False, False)] * 8,
            # 3 of 3: too few to show it below the bar; 2 of 3 are enough.
            *[("heldout", "participle", "uncurated", True, False)] * 3,
            *[("heldout", "scoped_with", "curated", True, False)] * 2,
            ("heldout22", "scoped_with", "curated", False, True),
        ]
    )
    rows = _table(judged)
    after, opening = rows[("after", "curated")], rows[("opening", "curated")]
    assert (after["precision"], after["fit"]) == (0.95, True)
    assert after["tuned_labelled_none"] == 1
    assert (opening["tuned_precision"], opening["blind_precision"]) == (1.0, 0.2)
    assert opening["precision"] == 0.9 and opening["upper_bound"] < 0.95
    assert opening["fit"] is False
    assert rows[("participle", "uncurated")]["fit"] is True
    scoped_with = rows[("scoped_with", "curated")]
    assert scoped_with["precision"] == 0.667 and scoped_with["fit"] is False


def test_a_way_right_on_the_tuned_sets_is_unfit_when_the_blind_ones_show_it_below_the_bar():
    judged = _judged(
        [
            # 0.96 over every set, but 8 of 12 (0.67) on the blind set.
            *[("heldout", "after", "uncurated", True, False)] * 110,
            *[("heldout22", "after", "uncurated", True, False)] * 8,
            *[("heldout22", "after", "uncurated", False, True)] * 4,
            # One wrong of three blind names is too few to judge on them alone.
            *[("heldout", "opening", "curated", True, False)] * 40,
            *[("heldout22", "opening", "curated", True, False)] * 2,
            ("heldout22", "opening", "curated", False, False),
        ]
    )
    rows = _table(judged)
    after, opening = rows[("after", "uncurated")], rows[("opening", "curated")]
    assert after["upper_bound"] >= 0.95 and after["blind_upper_bound"] < 0.95
    assert after["fit"] is False
    assert opening["blind_upper_bound"] < 0.95 and opening["fit"] is True


def test_a_kind_over_every_way_counts_what_no_rule_for_a_way_withholds():
    judged = _judged(
        [
            *[("heldout", "evaluation_dataset", "uncurated", False, True)] * 10,
            *[("heldout", "after", "uncurated", True, False)] * 60,
            *[("heldout", "after", "plain", True, False)] * 3,
            *[("heldout", "opening", "plain", False, True)] * 3,
        ]
    )
    rows = _table(judged, withheld=frozenset({"evaluation_dataset:uncurated", "*:plain"}))
    uncurated, plain = rows[("*", "uncurated")], rows[("*", "plain")]
    assert (uncurated["tuned_stated"], uncurated["fit"], uncurated["withheld"]) == (60, True, False)
    assert (plain["tuned_stated"], plain["fit"], plain["withheld"]) == (6, False, True)
    # `*:plain` withholds what every way decides for a plain name, fit or not on its own.
    assert rows[("after", "plain")]["fit"] is True and rows[("after", "plain")]["withheld"] is True
    assert rows[("evaluation_dataset", "uncurated")]["withheld"] is True


def test_the_rules_are_checked_against_the_table_both_ways():
    judged = _judged(
        [
            *[("heldout", "carried", "uncurated", False, True)] * 5,
            *[("heldout", "after", "uncurated", True, False)] * 30,
        ]
    )
    rows = _table(judged, withheld=frozenset({"after:uncurated"}))
    table = pl.DataFrame(list(rows.values()))
    # The carried names, and uncurated names over every way (only carried ones are left).
    assert set(calibrate.unfit_but_stated(table).select("way", "names").rows()) == {
        ("carried", "uncurated"),
        ("*", "uncurated"),
    }
    assert calibrate.withheld_but_not_shown_unfit(table, frozenset({"after:uncurated"})) == {
        "after:uncurated"
    }


TABLE = calibrate.REPO / "docs" / "calibration" / "dataset_ways.tsv"


@pytest.mark.slow  # extraction over every labelled set: seconds
def test_the_committed_table_is_the_one_the_labelled_sets_give_today(tmp_path: Path):
    """A rule change that moves a way's figures shows in the table's diff, with its
    withholding decision next to it: rebuild it with the script."""
    assert calibrate.main(["--out", str(tmp_path / "ways.tsv")]) == 0
    rebuilt = pl.read_csv(tmp_path / "ways.tsv", separator="\t")
    assert rebuilt.equals(pl.read_csv(TABLE, separator="\t"))


def test_the_rules_withhold_every_way_the_committed_table_shows_unfit_and_no_other():
    committed = pl.read_csv(TABLE, separator="\t")
    assert calibrate.unfit_but_stated(committed).is_empty()
    assert calibrate.withheld_but_not_shown_unfit(committed, WITHHELD_DATASET_WAYS) == set()

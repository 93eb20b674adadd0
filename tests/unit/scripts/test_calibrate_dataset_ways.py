"""The calibration of the ways a result's dataset is decided: precision per way, on tuned
and on blind labelled sets, and which ways are fit to state a dataset."""

from __future__ import annotations

import polars as pl

from tests.unit.scripts.script_module import load_script

calibrate = load_script("calibrate_dataset_ways")


def test_a_way_is_trusted_on_its_blind_precision_alone():
    judged = pl.DataFrame(
        {
            "labelled_set": ["heldout"] * 4 + ["heldout22"] * 5,
            "way": ["after", "after", "carried", "carried", *["after"] * 4, "carried"],
            "right": [True, False, True, True, True, True, True, True, False],
            "labelled_none": [False, True, False, False, False, False, False, False, True],
        }
    )
    table = calibrate.way_table(judged, blind={"heldout22"})
    rows = {row["way"]: row for row in table.iter_rows(named=True)}
    assert rows["after"]["tuned_precision"] == 0.5
    assert rows["after"]["blind_precision"] == 1.0 and rows["after"]["trusted"] is True
    assert rows["carried"]["tuned_precision"] == 1.0
    assert rows["carried"]["blind_labelled_none"] == 1 and rows["carried"]["trusted"] is False


def test_a_way_never_measured_blind_is_neither_trusted_nor_distrusted():
    judged = pl.DataFrame(
        {"labelled_set": ["heldout"], "way": ["opening"], "right": [True], "labelled_none": [False]}
    )
    (row,) = calibrate.way_table(judged, blind={"heldout22"}).iter_rows(named=True)
    assert row["blind_stated"] == 0 and row["blind_precision"] is None and row["trusted"] is None

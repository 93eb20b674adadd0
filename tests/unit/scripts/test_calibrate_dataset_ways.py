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


def test_a_way_is_fit_on_its_blind_precision_once_its_tuned_one_clears_the_bar():
    judged = _judged(
        [
            *[("heldout", "after", "curated", True, False)] * 19,
            ("heldout", "after", "curated", False, True),
            *[("heldout22", "after", "curated", True, False)] * 3,
            ("heldout22", "after", "curated", False, False),
            *[("heldout", "opening", "curated", True, False)] * 20,
            *[("heldout22", "opening", "curated", True, False)] * 4,
        ]
    )
    rows = _table(judged)
    after, opening = rows[("after", "curated")], rows[("opening", "curated")]
    assert (after["tuned_precision"], after["blind_precision"]) == (0.95, 0.75)
    assert after["tuned_labelled_none"] == 1 and after["fit"] is False
    assert opening["blind_precision"] == 1.0 and opening["fit"] is True


def test_a_way_below_the_bar_after_tuning_is_unfit_even_unmeasured_blind():
    judged = _judged(
        [
            ("heldout", "carried", "uncurated", True, False),
            ("heldout", "carried", "uncurated", False, True),
            ("heldout", "participle", "uncurated", True, False),
        ]
    )
    rows = _table(judged, withheld=frozenset({"carried:uncurated"}))
    carried, participle = rows[("carried", "uncurated")], rows[("participle", "uncurated")]
    assert carried["fit"] is False and carried["withheld"] is True
    assert carried["blind_stated"] == 0 and carried["blind_precision"] is None
    assert participle["fit"] is None and participle["withheld"] is False


def test_a_way_withheld_whole_is_withheld_for_every_kind_of_name():
    judged = _judged(
        [
            ("heldout", "evaluation_dataset", "curated", True, False),
            ("heldout", "evaluation_dataset", "uncurated", False, True),
        ]
    )
    rows = _table(judged, withheld=frozenset({"evaluation_dataset"}))
    assert rows[("evaluation_dataset", "curated")]["withheld"] is True
    assert rows[("evaluation_dataset", "uncurated")]["withheld"] is True


def test_an_acronym_is_withheld_with_the_uncurated_names_and_on_its_own():
    judged = _judged(
        [
            ("heldout", "carried", "acronym", False, True),
            ("heldout", "after", "acronym", False, True),
            ("heldout", "after", "uncurated", True, False),
        ]
    )
    rows = _table(judged, withheld=frozenset({"carried:uncurated", "after:acronym"}))
    assert rows[("carried", "acronym")]["withheld"] is True
    assert rows[("after", "acronym")]["withheld"] is True
    assert rows[("after", "uncurated")]["withheld"] is False


TABLE = calibrate.REPO / "docs" / "calibration" / "dataset_ways.tsv"


@pytest.mark.slow  # extraction over every labelled set: seconds
def test_the_committed_table_is_the_one_the_labelled_sets_give_today(tmp_path: Path):
    """A rule change that moves a way's figures shows in the table's diff, with its
    withholding decision next to it: rebuild it with the script."""
    assert calibrate.main(["--out", str(tmp_path / "ways.tsv")]) == 0
    rebuilt = pl.read_csv(tmp_path / "ways.tsv", separator="\t")
    assert rebuilt.equals(pl.read_csv(TABLE, separator="\t"))


def test_no_way_fit_to_state_a_dataset_is_withheld():
    committed = pl.read_csv(TABLE, separator="\t")
    assert committed.filter(pl.col("withheld") & pl.col("fit").fill_null(False)).is_empty()
    # Every rule of WITHHELD_DATASET_WAYS names a way (or a way and kind of name) measured.
    ways = set(committed["way"]) | {f"{w}:{n}" for w, n in committed.select("way", "names").rows()}
    assert ways >= WITHHELD_DATASET_WAYS

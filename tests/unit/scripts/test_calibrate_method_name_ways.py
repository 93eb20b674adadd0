"""The calibration of the ways a method name is read: each audited paper's true name from its
verdict, precision per way, which ways are fit, and the committed table."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from tests.unit.scripts.script_module import load_script

calibrate = load_script("calibrate_method_name_ways")


@pytest.mark.parametrize(
    ("verdict", "given", "expected", "truth"),
    [
        ("right", "NeuSymEA", "", "NeuSymEA"),
        ("wrong", "GRPO", "DEFT", "DEFT"),
        ("wrong", "GRPO", "", None),  # invented: the paper introduces no name
        ("missed", "", "Ranky", "Ranky"),
        ("none", "", "", None),
    ],
)
def test_an_audited_papers_true_name_follows_from_its_verdict(verdict, given, expected, truth):
    assert calibrate.true_name(verdict, given, expected) == truth


def test_a_way_is_fit_only_when_its_names_reach_the_bar():
    named = pl.DataFrame(
        {
            "method_name": ["A"] * 40 + ["B"] * 24 + [None],
            "truth": ["A"] * 40 + ["B"] * 21 + ["C", None, "C"] + ["D"],
            "method_name_way": ["introduced"] * 40 + ["named"] * 24 + [None],
        }
    )
    table = {row["way"]: row for row in calibrate.way_table(named).iter_rows(named=True)}
    assert (table["introduced"]["right"], table["introduced"]["fit"]) == (40, True)
    # 21 of 24 (0.875): below 0.95 even at the upper end of its interval.
    assert table["named"]["precision"] == 0.875 and not table["named"]["fit"]
    assert (table["*"]["names"], table["*"]["right"]) == (64, 61)
    assert calibrate.recall(named) == round(61 / 64, 3)


def test_a_paper_an_audit_of_tags_alone_holds_keeps_its_earlier_method_verdict(tmp_path: Path):
    """audits/tags/title-mentions judged tags, not methods: its papers, all audited before,
    must not count as papers that introduce no name."""
    header = "audit_id\tkey\ttitle\tabstract\tmethod_name\tmethod_verdict\texpected_method_name\n"
    for name, verdict in (("seed-1-after", "right"), ("title-mentions", "")):
        (tmp_path / name).mkdir()
        row = f"1\tarxiv:1\tDEFT: A Study\tWe propose DEFT.\tDEFT\t{verdict}\t\n"
        (tmp_path / name / "papers.tsv").write_text(header + row)
    names = calibrate.audited_names([tmp_path / "seed-1-after", tmp_path / "title-mentions"])
    assert names.select("paper_key", "truth").rows() == [("arxiv:1", "DEFT")]


TABLE = calibrate.AUDITS.parents[1] / "docs" / "calibration" / "method_name_ways.tsv"


def test_the_committed_table_is_the_one_the_audits_give_today(tmp_path: Path):
    out = tmp_path / "method_name_ways.tsv"
    assert calibrate.main(["--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == TABLE.read_text(encoding="utf-8")


# Today's figures over every judged audit (seed 19 lowered them when it was judged, seed 20's
# five missed names the recall, seed 21's three wrong ones the precision, seed 22's two wrong
# and four missed ones both; then families of networks named no artefact; seed 23's six
# missed names lowered the recall, one of them since found: a name closing the clause after
# what its kind is for; and a phrase whose brackets a hyphen joins to more words named
# nothing; seed 24's eight missed names lowered the recall again, one of them since found:
# capitalised words set off by commas after the kind; seed 25's eight missed names lowered it
# again, one of them since found: a name in quotes after a naming word; seed 26's four missed
# names lowered it again, three of them since found: an acronym for a phrase too long to be a
# name, a name after a long dash, the work's kind then its name in brackets; and its one wrong
# name, a field the paper writes about, no longer is one; seed 27's eight missed names lowered
# it again; seed 28's four wrong names lowered the precision and its four missed ones the
# recall, one of them since right: the name after the kind when a name before it says what
# kind it is; seed 29's four missed names lowered the recall again, two of them since found:
# what the kind is for between it and a name set off by dashes, the kind in the plural before
# a name in brackets; seed 30's three missed names lowered the recall again; seed 31's four
# missed names lowered it again; seed 32's four missed names lowered it again, one of them
# since found: a title's name before a dash set off by spaces; over the audits before it the
# recall stays 0.884), as floors: a rule change that publishes more wrong names or finds
# fewer is caught here, not only as a changed table.
PRECISION_AT_LEAST = 0.956
RECALL_AT_LEAST = 0.883


def test_the_published_names_of_the_judged_audits_hold_todays_figures():
    folders = calibrate.judged_audits(calibrate.AUDITS)
    named = calibrate.published_names(calibrate.audited_names(folders).lazy()).collect()
    every_way = calibrate.way_table(named).filter(pl.col("way") == calibrate.ANY_WAY)
    assert every_way["precision"].item() >= PRECISION_AT_LEAST
    assert calibrate.recall(named) >= RECALL_AT_LEAST

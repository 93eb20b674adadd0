"""The report's SVG charts: marks proportional to their values, text escaped."""

import re
from datetime import date
from xml.etree import ElementTree

import pytest

from etl.charts import LABEL_CHARACTERS, Bar, Point, bar_chart, timeline_chart

SVG = "{http://www.w3.org/2000/svg}"


def _marks(svg: str) -> list[ElementTree.Element]:
    return [e for e in ElementTree.fromstring(svg).iter() if e.get("class") == "mark"]


def test_bars_are_proportional_and_carry_their_values() -> None:
    svg = bar_chart("c", [Bar("a <b> & c", 40), Bar("d", 10), Bar("e", 0)], "three bars")
    marks = _marks(svg)  # parses: the label's markup is escaped
    assert [m.get("data-label") for m in marks] == ["a <b> & c", "d", "e"]
    widths = [float(m.get("width")) for m in marks]
    assert widths[0] == 4 * widths[1] and widths[2] == 1  # zero still shows as a hairline
    assert marks[0].find(f"{SVG}title").text == "a <b> & c: 40"


def test_long_labels_are_shortened_but_kept_whole_in_the_data() -> None:
    label = "Error Rate on Word error rate on Switchboard trained against the Hub5'00 dataset"
    svg = bar_chart("c", [Bar(label, 1)], "one bar")
    shown = [e.text for e in ElementTree.fromstring(svg).iter(f"{SVG}text")][0]
    assert len(shown) == LABEL_CHARACTERS and shown.endswith("…")
    assert _marks(svg)[0].get("data-label") == label


def test_a_timeline_places_points_in_time_order_per_series() -> None:
    series = {
        "x": [Point(date(2024, 3, 1), 5, "x"), Point(date(2024, 1, 1), 10, "x")],
        "y": [Point(date(2024, 2, 1), 0, "y")],
    }
    svg = timeline_chart("t", series, "two series", lines=True)
    marks = _marks(svg)
    xs = {(m.get("data-label"), m.get("data-value")): float(m.get("cx")) for m in marks}
    assert xs[("x", "10")] < xs[("y", "0")] < xs[("x", "5")]
    path = next(e for e in ElementTree.fromstring(svg).iter(f"{SVG}path"))
    assert len(re.findall(r"[ML]", path.get("d"))) == 2  # one line per series with 2+ points


def _boxes(svg: str) -> list[tuple[str, float, float, float, float]]:
    """Each mark's label and its box: left, right, top, bottom."""
    return [
        (
            m.get("data-label"),
            float(m.get("x")),
            float(m.get("x")) + float(m.get("width")),
            float(m.get("y")),
            float(m.get("y")) + float(m.get("height")),
        )
        for m in _marks(svg)
    ]


def _overlaps(a: tuple, b: tuple) -> bool:
    """Whether two boxes share more than the rounding of their parsed edges."""
    width = min(a[2], b[2]) - max(a[1], b[1])
    height = min(a[4], b[4]) - max(a[3], b[3])
    return width > 1e-6 and height > 1e-6


def test_columns_of_the_same_day_or_of_days_too_close_to_tell_apart_are_stacked() -> None:
    year = date(2025, 1, 1)
    series = {
        "conference": [Point(year, 400, "COLM 2025", "2025"), Point(date(2018, 1, 1), 1000, "N")],
        "listing": [Point(year, 20, "NeurIPS 2025 Papers", "2025")],
        # Two days after the first of 2018: well within a column's width on a 7-year axis.
        "daily": [Point(date(2018, 1, 3), 40, "Daily Papers 2018-01-03")],
    }
    svg = timeline_chart("t", series, "listings", lines=False)
    boxes = {box[0]: box for box in _boxes(svg)}
    assert len(boxes) == 4
    # Each pair in one column: the same x, the later day or series above, none over another.
    for lower, upper in (("COLM 2025", "NeurIPS 2025 Papers"), ("N", "Daily Papers 2018-01-03")):
        assert boxes[lower][1:3] == boxes[upper][1:3]
        assert abs(boxes[lower][3] - boxes[upper][4]) < 1e-6
    assert not any(_overlaps(a, b) for a in boxes.values() for b in boxes.values() if a != b)
    # Heights stay proportional; the value axis reaches the tallest column's total.
    heights = {name: box[4] - box[3] for name, box in boxes.items()}
    # (edges are written to a hundredth of a pixel)
    assert heights["N"] / heights["Daily Papers 2018-01-03"] == pytest.approx(25, rel=1e-3)
    assert heights["COLM 2025"] / heights["NeurIPS 2025 Papers"] == pytest.approx(20, rel=1e-3)
    # A year is shown as a year, not as its first day.
    titles = [m.find(f"{SVG}title").text for m in _marks(svg)]
    assert "COLM 2025: 400 (conference, 2025)" in titles
    assert "N: 1,000 (conference, 2018-01-01)" in titles


def test_a_column_of_many_small_marks_stays_inside_the_plot() -> None:
    day = date(2025, 1, 1)
    series = {"daily": [Point(day, 1, f"listing {i}") for i in range(60)]}
    series["conference"] = [Point(date(2020, 1, 1), 10_000, "big")]
    svg = timeline_chart("t", series, "listings", lines=False)
    boxes = _boxes(svg)
    assert min(box[3] for box in boxes) >= 0
    assert all(box[4] - box[3] >= 1 for box in boxes)  # every listing visible
    assert not any(_overlaps(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])

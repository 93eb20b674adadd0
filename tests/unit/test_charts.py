"""The report's SVG charts: marks proportional to their values, text escaped."""

import re
from datetime import date
from xml.etree import ElementTree

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

"""Charts as inline SVG, drawn here rather than by a script from a CDN: the report they go in
is one file that has to work on a server with no internet.

Every mark (a bar, a point of a line) carries its label and value in data- attributes and a
<title> that browsers show on hover, so a test can read back what was drawn and a person can
read the exact number.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from html import escape

# Distinguishable for the common colour-vision deficiencies (Okabe and Ito's palette).
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442")
WIDTH = 720
BAR_HEIGHT = 18
BAR_GAP = 6
LABEL_WIDTH = 260
# What fits in LABEL_WIDTH at the report's 12 px font.
LABEL_CHARACTERS = 36
VALUE_WIDTH = 70
PLOT_HEIGHT = 220
MARGIN = 40
# A column of a timeline's columns, and the least height a stacked mark is drawn with.
COLUMN_WIDTH = 4
LEAST_MARK_HEIGHT = 1


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    hint: str = ""  # shown on hover after the label and value


@dataclass(frozen=True)
class Point:
    day: date
    value: float
    label: str  # what the point is, e.g. a listing's name
    # When it is, as precisely as known ("2025" for a year placed at its first day); shown on
    # hover in place of the day.
    when: str = ""


def _number(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}"


def _mark(label: str, value: float) -> str:
    """The data- attributes of one mark: what a test reads back."""
    return f'data-label="{escape(label)}" data-value="{value:g}"'


def _title(label: str, value: float, hint: str) -> str:
    text = f"{label}: {_number(value)}" + (f" ({hint})" if hint else "")
    return f"<title>{escape(text)}</title>"


def _svg(name: str, height: float, body: list[str], description: str) -> str:
    return (
        f'<svg class="chart" data-chart="{escape(name)}" role="img" '
        f'viewBox="0 0 {WIDTH} {height:.0f}" width="{WIDTH}" height="{height:.0f}" '
        f'xmlns="http://www.w3.org/2000/svg"><desc>{escape(description)}</desc>'
        + "".join(body)
        + "</svg>"
    )


def _clip(text: str, characters: int) -> str:
    return text if len(text) <= characters else text[: characters - 1] + "…"


def bar_chart(name: str, bars: Sequence[Bar], description: str) -> str:
    """Horizontal bars, one per row, longest first as given, each labelled with its value."""
    top = max((b.value for b in bars), default=0) or 1
    span = WIDTH - LABEL_WIDTH - VALUE_WIDTH
    body = []
    for row, bar in enumerate(bars):
        y = row * (BAR_HEIGHT + BAR_GAP)
        width = max(bar.value / top * span, 1)
        body.append(
            f'<text class="label" x="{LABEL_WIDTH - 8}" y="{y + BAR_HEIGHT * 0.75:.1f}" '
            f'text-anchor="end">{escape(_clip(bar.label, LABEL_CHARACTERS))}</text>'
            f'<rect class="mark" x="{LABEL_WIDTH}" y="{y}" width="{width:.1f}" '
            f'height="{BAR_HEIGHT}" fill="{PALETTE[0]}" {_mark(bar.label, bar.value)}>'
            f"{_title(bar.label, bar.value, bar.hint)}</rect>"
            f'<text class="value" x="{LABEL_WIDTH + width + 6:.1f}" '
            f'y="{y + BAR_HEIGHT * 0.75:.1f}">{_number(bar.value)}</text>'
        )
    height = max(len(bars) * (BAR_HEIGHT + BAR_GAP), BAR_HEIGHT)
    return _svg(name, height, body, description)


def _legend(series: Sequence[str], y: float) -> tuple[list[str], float]:
    """A swatch and a name per series, wrapped to the chart's width; and the y of its last row."""
    items, x = [], MARGIN
    for index, name in enumerate(series):
        shown = _clip(name, 28)
        width = 24 + 7 * len(shown)
        if x + width > WIDTH and x > MARGIN:
            x, y = MARGIN, y + 18
        items.append(
            f'<rect x="{x}" y="{y - 9}" width="10" height="10" '
            f'fill="{PALETTE[index % len(PALETTE)]}"/>'
            f'<text class="legend" x="{x + 14}" y="{y}">{escape(shown)}</text>'
        )
        x += width
    return items, y


LEFT, RIGHT = MARGIN + 20, WIDTH - MARGIN


def _x_of(first: date, last: date) -> Callable[[date], float]:
    """The function placing a day on a time axis from first to last."""
    days = max((last - first).days, 1)
    return lambda day: LEFT + (day - first).days / days * (RIGHT - LEFT)


def _axes(
    first: date, last: date, top: float, height: float = PLOT_HEIGHT
) -> tuple[list[str], Callable[[date], float], Callable[[float], float]]:
    """A time axis from first to last and a value axis from 0 to top, `height` high: the axis
    lines with their end labels, and the functions placing a day and a value."""
    left, right = LEFT, RIGHT
    x_of = _x_of(first, last)

    def y_of(value: float) -> float:
        return MARGIN / 2 + PLOT_HEIGHT - height * value / (top or 1)

    base = y_of(0)
    lines = [
        f'<line class="axis" x1="{left}" y1="{base:.1f}" x2="{right}" y2="{base:.1f}"/>',
        f'<line class="axis" x1="{left}" y1="{y_of(top):.1f}" x2="{left}" y2="{base:.1f}"/>',
        f'<text class="tick" x="{left}" y="{base + 16:.1f}">{first.isoformat()}</text>',
        f'<text class="tick" x="{right}" y="{base + 16:.1f}" text-anchor="end">'
        f"{last.isoformat()}</text>",
        f'<text class="tick" x="{left - 4}" y="{y_of(top) + 4:.1f}" text-anchor="end">'
        f"{_number(top)}</text>",
        f'<text class="tick" x="{left - 4}" y="{base:.1f}" text-anchor="end">0</text>',
    ]
    return lines, x_of, y_of


def _hint(series: str, point: Point) -> str:
    return f"{series}, {point.when or point.day.isoformat()}"


def timeline_chart(
    name: str, series: dict[str, Sequence[Point]], description: str, *, lines: bool
) -> str:
    """Values over time, one colour per series: points joined by a line per series when
    `lines`, else columns (see _stacked_columns)."""
    points = [p for ps in series.values() for p in ps]
    if not points:
        return _svg(name, BAR_HEIGHT, [], description)
    first, last = min(p.day for p in points), max(p.day for p in points)
    if not lines:
        body = _stacked_columns(series, first, last)
    else:
        body, x_of, y_of = _axes(first, last, max(p.value for p in points))
        for index, (label, ps) in enumerate(series.items()):
            colour = PALETTE[index % len(PALETTE)]
            ordered = sorted(ps, key=lambda p: p.day)
            if len(ordered) > 1:
                path = " ".join(
                    f"{'M' if i == 0 else 'L'}{x_of(p.day):.1f},{y_of(p.value):.1f}"
                    for i, p in enumerate(ordered)
                )
                body.append(f'<path class="line" d="{path}" stroke="{colour}" fill="none"/>')
            body.extend(
                f'<circle class="mark" cx="{x_of(point.day):.1f}" cy="{y_of(point.value):.1f}" '
                f'r="3" fill="{colour}" {_mark(point.label, point.value)}>'
                f"{_title(point.label, point.value, _hint(label, point))}</circle>"
                for point in ordered
            )
    legend, bottom = _legend(list(series), MARGIN / 2 + PLOT_HEIGHT + 40)
    return _svg(name, bottom + 12, body + legend, description)


def _stacked_columns(series: dict[str, Sequence[Point]], first: date, last: date) -> list[str]:
    """A column per COLUMN_WIDTH of the time axis, stacking the points it covers: points of
    the same day, or of days too close to be told apart at this scale, are drawn one above
    the other (earlier days, then series in the order given, lower), never one over
    another. Each keeps its own mark, value and hover text; the value axis goes up to the
    tallest column's total."""
    x_of = _x_of(first, last)
    columns: dict[int, list[tuple[str, int, Point]]] = {}
    for index, (label, ps) in enumerate(series.items()):
        for point in ps:
            slot = int((x_of(point.day) - LEFT) // COLUMN_WIDTH)
            columns.setdefault(slot, []).append((label, index, point))
    top = max(sum(p.value for _, _, p in stack) for stack in columns.values())
    # Room for the least height of every mark in the fullest column, so that no column
    # grows past the plot.
    tallest = max(len(stack) for stack in columns.values())
    body, _, y_of = _axes(first, last, top, PLOT_HEIGHT - LEAST_MARK_HEIGHT * tallest)
    for slot, stack in columns.items():
        x = LEFT + slot * COLUMN_WIDTH
        bottom = round(y_of(0), 2)
        for label, index, point in sorted(stack, key=lambda s: (s[2].day, s[1], s[2].label)):
            # Edges rounded as written, so that a mark starts exactly where the one below ends.
            top_edge = round(bottom - max(y_of(0) - y_of(point.value), LEAST_MARK_HEIGHT), 2)
            body.append(
                f'<rect class="mark" x="{x:.1f}" y="{top_edge:.2f}" width="{COLUMN_WIDTH - 1}" '
                f'height="{bottom - top_edge:.2f}" fill="{PALETTE[index % len(PALETTE)]}" '
                f"{_mark(point.label, point.value)}>"
                f"{_title(point.label, point.value, _hint(label, point))}</rect>"
            )
            bottom = top_edge
    return body

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


def _axes(
    first: date, last: date, top: float
) -> tuple[list[str], Callable[[date], float], Callable[[float], float]]:
    """A time axis from first to last and a value axis from 0 to top: the axis lines with
    their end labels, and the functions placing a day and a value."""
    days = max((last - first).days, 1)
    left, right = MARGIN + 20, WIDTH - MARGIN

    def x_of(day: date) -> float:
        return left + (day - first).days / days * (right - left)

    def y_of(value: float) -> float:
        return MARGIN / 2 + PLOT_HEIGHT * (1 - value / (top or 1))

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


def timeline_chart(
    name: str, series: dict[str, Sequence[Point]], description: str, *, lines: bool
) -> str:
    """Values over time, one colour per series: a column per point, or points joined by a
    line per series when `lines`."""
    points = [p for ps in series.values() for p in ps]
    if not points:
        return _svg(name, BAR_HEIGHT, [], description)
    first, last = min(p.day for p in points), max(p.day for p in points)
    top = max(p.value for p in points)
    body, x_of, y_of = _axes(first, last, top)
    for index, (label, ps) in enumerate(series.items()):
        colour = PALETTE[index % len(PALETTE)]
        ordered = sorted(ps, key=lambda p: p.day)
        if lines and len(ordered) > 1:
            path = " ".join(
                f"{'M' if i == 0 else 'L'}{x_of(p.day):.1f},{y_of(p.value):.1f}"
                for i, p in enumerate(ordered)
            )
            body.append(f'<path class="line" d="{path}" stroke="{colour}" fill="none"/>')
        for point in ordered:
            hint = f"{label}, {point.day.isoformat()}"
            if lines:
                shape = (
                    f'<circle class="mark" cx="{x_of(point.day):.1f}" '
                    f'cy="{y_of(point.value):.1f}" r="3"'
                )
            else:
                height = max(y_of(0) - y_of(point.value), 1)
                shape = (
                    f'<rect class="mark" x="{x_of(point.day) - 1.5:.1f}" '
                    f'y="{y_of(0) - height:.1f}" width="3" height="{height:.1f}"'
                )
            body.append(
                f'{shape} fill="{colour}" {_mark(point.label, point.value)}>'
                f"{_title(point.label, point.value, hint)}</{shape.split()[0][1:]}>"
            )
    legend, bottom = _legend(list(series), MARGIN / 2 + PLOT_HEIGHT + 40)
    return _svg(name, bottom + 12, body + legend, description)

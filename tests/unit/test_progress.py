"""Progress lines: counted stages, their parts, the time left."""

from __future__ import annotations

import io

from etl.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_counted_stage_shows_records_and_an_estimate_of_the_time_left() -> None:
    stream = Terminal()
    progress = Progress(stream)
    progress.start_counting("read", total=1000)

    progress.advance(400)

    assert "400 records" in stream.getvalue()
    assert "s left)" in stream.getvalue()


def test_past_the_estimated_total_no_time_left_is_promised() -> None:
    stream = Terminal()
    progress = Progress(stream)
    progress.start_counting("read", total=100)

    progress.advance(150)

    line = stream.getvalue().rsplit("\r", 2)[-2]
    assert "150 records" in line and "left" not in line


def test_parts_of_a_stage_are_shown_and_kept_apart_from_the_stages() -> None:
    stream = io.StringIO()
    progress = Progress(stream)
    progress.start_counting("read", total=None)
    progress.advance(10)

    progress.stop_counting({"extract": 1.0, "transform": 2.5})

    assert "(extract 1.0s, transform 2.5s)" in stream.getvalue()
    assert set(progress.timings) == {"read"}
    assert progress.parts == {"extract": 1.0, "transform": 2.5}

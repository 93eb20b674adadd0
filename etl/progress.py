"""Progress for people: which stage runs, what it did, how long it took (on stderr)."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TextIO

PLAIN_EVERY_SECONDS = 10.0


class Progress:
    """Prints one line per finished stage; on a terminal, also the stage being worked on."""

    def __init__(self, stream: TextIO | None = None, *, quiet: bool = False) -> None:
        self.stream = stream or sys.stderr
        self.quiet = quiet
        self.interactive = self.stream.isatty()
        self.timings: dict[str, float] = {}  # stage -> seconds; they add up to the run
        self.parts: dict[str, float] = {}  # step inside a stage -> seconds
        self._counting: tuple[str, int | None, float, float] = ("", None, 0.0, 0.0)
        self._counted = 0

    def _write(self, text: str) -> None:
        if not self.quiet:
            self.stream.write(text)
            self.stream.flush()

    @contextmanager
    def stage(self, name: str) -> Iterator[StageNote]:
        """Time a stage; the body may set `note.detail` to say what it did."""
        note = StageNote()
        if self.interactive:
            self._write(f"  {name:<9} ...\r")
        started = time.perf_counter()
        try:
            yield note
        finally:
            elapsed = time.perf_counter() - started
            self.timings[name] = round(elapsed, 3)
            detail = f"  {note.detail}" if note.detail else ""
            self._write(f"  {name:<9} {elapsed:6.2f}s{detail}\n")

    def say(self, text: str) -> None:
        self._write(text + "\n")

    def start_counting(self, name: str, total: int | None) -> None:
        """Begin a stage measured in records: `advance` reports them as they go."""
        self._counting = (name, total, time.perf_counter(), time.perf_counter())
        self._counted = 0

    def advance(self, records: int) -> None:
        """Records done; on a terminal the line updates in place, elsewhere a line is written
        every PLAIN_EVERY_SECONDS so that logs show a long load is alive."""
        name, total, started, last_line = self._counting
        self._counted += records
        now = time.perf_counter()
        rate = self._counted / max(now - started, 1e-9)
        # The total is an estimate: past it, no promise is better than a negative one.
        left = (total - self._counted) / rate if total and rate else 0
        eta = f", about {left:.0f}s left" if left > 0 else ""
        line = f"  {name:<9} {now - started:6.1f}s  {self._counted:,} records ({rate:,.0f}/s{eta})"
        if self.interactive:
            self._write(line + "\r")
        elif now - last_line >= PLAIN_EVERY_SECONDS:
            self._write(line + "\n")
            self._counting = (name, total, started, now)

    def stop_counting(self, parts: dict[str, float] | None = None) -> None:
        """End the counted stage; `parts` are the seconds of the steps it ran, kept in
        self.parts and shown on its line (steps that ran at the same time add up to more
        than the stage's own seconds)."""
        name, _, started, _ = self._counting
        elapsed = time.perf_counter() - started
        self.timings[name] = round(elapsed, 3)
        rate = self._counted / max(elapsed, 1e-9)
        breakdown = ""
        if parts:
            self.parts.update((part, round(s, 3)) for part, s in parts.items())
            breakdown = " (" + ", ".join(f"{part} {s:.1f}s" for part, s in parts.items()) + ")"
        self._write(
            f"  {name:<9} {elapsed:6.2f}s  {self._counted:,} records ({rate:,.0f}/s){breakdown}\n"
        )


@contextmanager
def timed(seconds: dict[str, float], name: str) -> Iterator[None]:
    """Add the block's seconds to seconds[name]: how a stage says what its steps took (a
    load's summary keeps them as stage_parts)."""
    started = time.perf_counter()
    try:
        yield
    finally:
        seconds[name] = round(seconds.get(name, 0.0) + time.perf_counter() - started, 3)


@dataclass
class StageNote:
    """What a stage did, in a few words, for its progress line."""

    detail: str = ""

"""Progress for people: which stage runs, what it did, how long it took (on stderr)."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TextIO


class Progress:
    """Prints one line per finished stage; on a terminal, also the stage being worked on."""

    def __init__(self, stream: TextIO | None = None, *, quiet: bool = False) -> None:
        self.stream = stream or sys.stderr
        self.quiet = quiet
        self.interactive = self.stream.isatty()
        self.timings: dict[str, float] = {}

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


@dataclass
class StageNote:
    """What a stage did, in a few words, for its progress line."""

    detail: str = ""

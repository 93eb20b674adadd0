"""The hand-over between the stage that makes batches and the stage that stores them.

Polars (extract, transform) and Postgres (COPY into staging) each keep a core busy, and both
let go of Python's lock while they work: run on two threads, batch N+1 is transformed while
batch N is copied. The hand-over is bounded, so memory stays that of a fixed number of
batches however fast one side is. Whatever makes the batches (this process's transform
today, a distributed executor tomorrow) plugs in here as an iterator.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

# Batches alive at once: the one being stored and the one being made.
IN_FLIGHT = 2
# How often a producer waiting for room looks whether the consumer has stopped.
_STOP_POLL_SECONDS = 0.1


@dataclass(frozen=True)
class _Failed:
    error: BaseException


_EXHAUSTED = object()


def produced_ahead(items: Iterator[T], *, in_flight: int = IN_FLIGHT) -> Iterator[T]:
    """The items of `items`, made on a thread of their own while the caller works on the
    ones before. At most `in_flight` items exist at a time: the one the caller holds counts
    until it asks for the next. An error raised making an item is raised here, to the
    caller, at that item's place; when the caller stops early, making stops after the item
    under way."""
    if in_flight < 1:
        raise ValueError(f"in_flight must be at least 1, not {in_flight}")
    room = threading.Semaphore(in_flight)
    made: queue.SimpleQueue[object] = queue.SimpleQueue()
    stopped = threading.Event()

    def produce() -> None:
        try:
            while True:
                while not room.acquire(timeout=_STOP_POLL_SECONDS):
                    if stopped.is_set():
                        return
                if stopped.is_set():
                    return
                item = next(items, _EXHAUSTED)
                made.put(item)
                if item is _EXHAUSTED:
                    return
        except BaseException as error:  # handed to the caller, who decides
            made.put(_Failed(error))

    producer = threading.Thread(target=produce, name="produce-ahead", daemon=True)
    producer.start()
    try:
        while True:
            item = made.get()
            if item is _EXHAUSTED:
                return
            if isinstance(item, _Failed):
                raise item.error
            yield item  # type: ignore[misc]
            del item
            room.release()
    finally:
        stopped.set()
        producer.join()

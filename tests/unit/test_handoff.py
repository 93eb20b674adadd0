"""The bounded hand-over between the stage that makes batches and the one that stores them."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from etl.handoff import produced_ahead


class Batches:
    """Batches 0..count-1, counting how many exist at once (made and not yet let go by
    the consumer) and on which thread each was made."""

    def __init__(self, count: int, *, fail_at: int | None = None) -> None:
        self.count = count
        self.fail_at = fail_at
        self.alive = 0
        self.most_alive = 0
        self.made = 0
        self.threads: set[str] = set()
        self.lock = threading.Lock()

    def __iter__(self) -> Iterator[int]:
        for number in range(self.count):
            if number == self.fail_at:
                raise ValueError(f"record {number} is broken")
            with self.lock:
                self.alive += 1
                self.made += 1
                self.most_alive = max(self.most_alive, self.alive)
            self.threads.add(threading.current_thread().name)
            yield number

    def let_go(self) -> None:
        with self.lock:
            self.alive -= 1


def test_every_item_comes_in_order_made_on_another_thread() -> None:
    batches = Batches(20)

    received = []
    for number in produced_ahead(iter(batches)):
        received.append(number)
        batches.let_go()

    assert received == list(range(20))
    assert batches.threads == {"produce-ahead"}


def test_no_more_than_in_flight_items_exist_at_once_when_the_consumer_is_slow() -> None:
    batches = Batches(30)
    consumer_waited = threading.Event()

    for _ in produced_ahead(iter(batches), in_flight=2):
        # Long enough for an unbounded producer to run far ahead.
        consumer_waited.wait(0.01)
        batches.let_go()

    assert batches.most_alive == 2


def test_an_error_while_making_an_item_reaches_the_consumer_after_the_items_before_it() -> None:
    batches = Batches(10, fail_at=3)
    received = []

    with pytest.raises(ValueError, match="record 3 is broken"):
        for number in produced_ahead(iter(batches)):
            received.append(number)
            batches.let_go()

    assert received == [0, 1, 2]


def test_a_consumer_that_stops_early_stops_the_producer() -> None:
    batches = Batches(1000)

    items = produced_ahead(iter(batches), in_flight=2)
    for number in items:
        batches.let_go()
        if number == 4:
            break
    items.close()

    assert batches.made <= 4 + 2
    assert not any(t.name == "produce-ahead" for t in threading.enumerate())

"""`etl load --executor ray`: extract and transform on Ray, stage, gate and publish as ever.

Each input file, or each part of a large one (Settings.ray_part_mb; formats whose records
are lines read apart, see etl.extract.source_parts), is one Ray task running this process's
own reader and transform (etl.pipeline.transformed_batches: no second copy of either), which
yields its batches one at a time through Ray's object store (Polars frames travel as Arrow
IPC). The driver takes them in the order of the files and their parts, so batches reach the
staging COPY in the same order whatever finishes first, while later ones are already being
transformed. A part's records are numbered as in the whole file, and its counts add up to
the file's.

Memory is bounded on both sides: at most one task per CPU of the cluster is running at once,
and each task stops after BATCHES_AHEAD batches the driver has not taken yet (Ray's generator
backpressure), so a fast cluster cannot flood the COPY. No more tasks than CPUs: a task
waiting for the driver keeps its CPU, and a task run again after its worker died needs one
free, or it would wait for tasks that wait for it. A large file is split as it is scanned,
its first parts running while the rest of it is scanned.

Ray is an optional dependency (`pip install paperhouse[ray]`): imported only here. With
RAY_ADDRESS set the tasks run on that cluster; without it a local Ray starts on this machine
with an object store of Settings.ray_object_store_mb.
"""

from __future__ import annotations

import logging
import os
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

import polars as pl

from etl.config import Settings
from etl.extract import InputFileError, source_parts
from etl.extract.common import ExtractedFile, SourceFile
from etl.pipeline import TransformedBatch, transformed_batches
from etl.progress import Progress
from etl.vocab import load_vocabulary

# Batches a task may have made ahead of the driver.
BATCHES_AHEAD = 2
# Times a task is run again after its worker died; Ray hands over only the batches
# the driver has not taken yet, so none is staged twice.
TASK_RETRIES = 3


class RayUnavailable(RuntimeError):
    """Ray is not installed, or its cluster cannot be reached."""


@dataclass(frozen=True)
class FileDone:
    """A task's last item: its file's (or part's) counts and the seconds it spent in
    extract and in transform."""

    counts: ExtractedFile
    seconds: dict[str, float]


def transform_file(
    source: SourceFile, settings: Settings, published: pl.DataFrame | None
) -> Iterator[TransformedBatch | FileDone]:
    """One file's (or part's) batches, read and transformed as the local executor does, then
    its counts."""
    files = ExtractedFile.counting([source])
    seconds = {"extract": 0.0, "transform": 0.0}
    progress = Progress(quiet=True)
    progress.start_counting("read", total=None)
    yield from transformed_batches(
        [source], settings, load_vocabulary(), progress, files, seconds, published
    )
    yield FileDone(files[source.name], seconds)


def _ray():
    try:
        import ray
    except ImportError:
        raise RayUnavailable(
            "the ray executor needs Ray: pip install 'paperhouse[ray]' (make install has it)"
        ) from None
    return ray


def _connect(settings: Settings):
    ray = _ray()
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS") or None
        ray.init(
            address=address,
            # A cluster's object store is the cluster's to size; a local one is ours.
            object_store_memory=None if address else settings.ray_object_store_mb * 1024**2,
            include_dashboard=False,
            log_to_driver=False,
            logging_level=logging.WARNING,
        )
    return ray


def ray_batches(
    sources: list[SourceFile],
    settings: Settings,
    progress: Progress,
    files: dict[str, ExtractedFile],
    seconds: dict[str, float],
    published: pl.DataFrame | None,
) -> Iterator[TransformedBatch]:
    """The sources' batches, made by Ray tasks, in the order of the sources; `files` and
    `seconds` are added to as the tasks report them."""
    ray = _connect(settings)
    task = ray.remote(transform_file).options(
        num_returns="streaming",
        _generator_backpressure_num_objects=BATCHES_AHEAD,
        max_retries=TASK_RETRIES,
    )
    in_flight = max(1, int(ray.cluster_resources().get("CPU", 1)))
    where = os.environ.get("RAY_ADDRESS") or "a local Ray"
    progress.say(f"  ray       up to {in_flight} tasks at once, on {where}")
    shared = ray.put(published)
    parts = (part for s in sources for part in source_parts(s, settings.ray_part_bytes))
    running: deque = deque()
    try:
        while True:
            while len(running) < in_flight and (source := next(parts, None)) is not None:
                running.append((source, task.remote(source, settings, shared)))
            if not running:
                break
            source, generator = running[0]
            for reference in generator:
                try:
                    item = ray.get(reference)
                except ray.exceptions.RayError as error:
                    cause = getattr(error, "cause", None)
                    if isinstance(cause, InputFileError):
                        raise cause from None  # a broken file, reported as the local run does
                    raise RuntimeError(f"{_named(source)}: its Ray task failed: {error}") from None
                if isinstance(item, FileDone):
                    files[source.name].add_counts(item.counts)
                    for stage in ("extract", "transform"):
                        seconds[stage] += item.seconds[stage]
                else:
                    progress.advance(item.records_read)
                    yield item
            running.popleft()
    finally:
        # Tasks are left only when the load stopped early: no one will take their batches,
        # and on a cluster they would run on to the end.
        for _, generator in running:
            ray.cancel(generator)


def _named(source: SourceFile) -> str:
    """The file, and which part of it when the task read a part."""
    if source.part is None:
        return source.name
    first_line, start, end = source.part.lines_before + 1, source.part.start, source.part.end
    return f"{source.name} (lines from {first_line:,}, bytes {start:,} to {end:,})"

"""Check, the way an analyst would, that each leaderboard's rank 1 in the warehouse is its
source's leader: read Papers with Code evaluation-table files as they are, find in each table
column the best value by the metric's published direction, and compare it with the rank-1
entries of the leaderboard analytics.leaderboard puts that file's entries of the dataset and
metric on (found by the view's `sources`, so the file's name must be what was loaded).

    .venv/bin/python scripts/check_leaderboard_leaders.py DATABASE_URL FILE [FILE ...]

Prints one line per leaderboard (file, task, dataset, metric, the source's leader, the
view's rank 1) marked ok, WRONG (another entry leads), UNRANKED (no rank: the metric has no
direction, or the column names no metric or holds no scores) or MISSING (the leader is not
in the view), and counts of each. Exit status 1 when a leaderboard is WRONG or MISSING,
else 0. The files' numbers are read here with a plain pattern (a leading number, emphasis
and notes aside), independently of paperhouse's transform; with several files of one
leaderboard loaded, the view's leader is the best of them all, so check files that do not
overlap, or read the output with that in mind.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg

_NUMBER = re.compile(r"^[\s*_`~]*([+-]?\d+(?:,\d{3})*(?:\.\d+)?)")


def _tables(node: Any, task: str | None = None) -> Iterator[tuple[str, str, list[dict]]]:
    """(task, dataset, rows) of every leaderboard table of an evaluation-tables document."""
    if isinstance(node, list):
        for item in node:
            yield from _tables(item, task)
        return
    if not isinstance(node, dict):
        return
    task = node.get("task", task)
    for dataset in node.get("datasets") or []:
        yield from _dataset_tables(dataset, task, None)
    yield from _tables(node.get("subtasks") or [], task)


def _dataset_tables(
    dataset: dict, task: str | None, parent: str | None
) -> Iterator[tuple[str, str, list[dict]]]:
    name = dataset.get("subdataset" if parent else "dataset")
    name = f"{parent} ({name})" if parent else name
    yield task, name, (dataset.get("sota") or {}).get("rows") or []
    for sub in dataset.get("subdatasets") or []:
        yield from _dataset_tables(sub, task, name)


def _number(value: Any) -> float | None:
    found = _NUMBER.match(str(value)) if value is not None else None
    return float(found.group(1).replace(",", "")) if found else None


# Every entry of the view with the dataset and metric as its rows wrote them, read once.
_VIEW_ENTRIES = """
SELECT lower(l.task_name), r.dataset_text, r.metric_text, l.model_name, l.value, m.direction,
       l.rank, l.sources
FROM analytics.leaderboard l
JOIN public.results r USING (result_id)
JOIN public.metrics m ON m.metric_id = r.metric_id
WHERE l.origin = 'leaderboard'
"""
# Columns published with no metric (named as a part of the data: "Dev", "Matched") or of no
# score (a model's parameter count), which the view, listing scores that name their metric,
# leaves out: unranked, not missing.
_NO_METRIC = """
SELECT DISTINCT source_file, dataset_text, metric_text FROM public.results
WHERE origin = 'leaderboard' AND (metric_id IS NULL OR kind <> 'score')
"""
# A word with a control character in it (markup residue such as "\x02wzxhzdk:6\x03") and runs
# of spaces, as paperhouse's names lose them.
_NOISE = re.compile(r"\S*[\x00-\x1f\x7f]\S*|\s+")


def _name(text: str | None) -> str | None:
    return None if text is None else " ".join(_NOISE.sub(" ", text).split())


def check(url: str, files: list[Path]) -> dict[str, int]:
    counts = {"ok": 0, "WRONG": 0, "UNRANKED": 0, "MISSING": 0}
    with psycopg.connect(url) as conn:
        view = conn.execute(_VIEW_ENTRIES).fetchall()
        no_metric = {
            (file_name.rsplit("/", 1)[-1], dataset, metric)
            for file_name, dataset, metric in conn.execute(_NO_METRIC)
        }
    by_column: dict[tuple[str, str | None, str, str], list[tuple]] = {}
    # The same without the task, for a task the vocabulary renamed ("Language Modelling").
    tasks_of_column: dict[tuple[str, str, str], dict[str | None, list[tuple]]] = {}
    for task, dataset, metric, model, value, direction, rank, sources in view:
        for file_name in {source.rsplit(" #", 1)[0].rsplit("/", 1)[-1] for source in sources}:
            entry = (model, value, direction, rank)
            by_column.setdefault((file_name, task, dataset, metric), []).append(entry)
            tasks_of_column.setdefault((file_name, dataset, metric), {}).setdefault(
                task, []
            ).append(entry)
    for path in files:
        document = json.loads(path.read_text(encoding="utf-8"))
        for task, dataset, rows in _tables(document):
            metrics = dict.fromkeys(m for row in rows for m in (row.get("metrics") or {}))
            for metric in metrics:
                values = [
                    (
                        _name(row.get("model_name")),
                        _number((row.get("metrics") or {}).get(metric)),
                    )
                    for row in rows
                ]
                values = [(model, value) for model, value in values if value is not None]
                if not values:
                    continue
                found = by_column.get(
                    (path.name, (_name(task) or "").lower(), _name(dataset), _name(metric))
                )
                if found is None:
                    by_task = tasks_of_column.get((path.name, _name(dataset), _name(metric)), {})
                    found = next(iter(by_task.values())) if len(by_task) == 1 else []
                entries = sorted(
                    found,
                    key=lambda entry: (entry[3] is None, entry[3] or 0),
                )
                verdict, source_leaders, view_leaders = _verdict(values, entries)
                if verdict == "MISSING" and (path.name, _name(dataset), _name(metric)) in no_metric:
                    verdict = "UNRANKED"
                counts[verdict] += 1
                print(
                    f"{verdict:8} {path.name} | {task} | {dataset} | {metric} | source: "
                    f"{source_leaders} | view rank 1: {view_leaders}"
                )
    return counts


def _verdict(
    values: list[tuple[str | None, float]], entries: list[tuple]
) -> tuple[str, list, list]:
    if not entries:
        return "MISSING", [], []
    direction = entries[0][2]
    view_leaders = sorted({(model, value) for model, value, _, rank in entries if rank == 1})
    if direction not in ("higher", "lower") or not view_leaders:
        return "UNRANKED", [], view_leaders
    best = (max if direction == "higher" else min)(value for _, value in values)
    source_leaders = sorted({(model, value) for model, value in values if value == best})
    leader_values = {value for _, value in view_leaders}
    leader_models = {model for model, _ in view_leaders}
    if leader_values != {best}:
        return "WRONG", source_leaders, view_leaders
    if not {model for model, _ in source_leaders} <= leader_models:
        return "MISSING", source_leaders, view_leaders
    return "ok", source_leaders, view_leaders


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("database_url")
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    counts = check(args.database_url, args.files)
    print(", ".join(f"{verdict} {count}" for verdict, count in counts.items()))
    return 1 if counts["WRONG"] or counts["MISSING"] else 0


if __name__ == "__main__":
    sys.exit(main())

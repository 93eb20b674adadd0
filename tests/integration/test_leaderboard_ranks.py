"""Leaderboard ranks kept by publish (results.leaderboard_rank): after every load they are
the ranks a full recomputation gives, and a load ranks again only the leaderboards it touched."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest

from etl.config import Settings
from etl.pipeline import EXIT_PUBLISHED, load
from etl.progress import Progress
from tests.conftest import FIXTURES_DIR

pytestmark = pytest.mark.slow

EVALUATION_TABLES = FIXTURES_DIR / "pwc" / "evaluation-tables.json"

# Every score ranked from scratch, in its metric's direction, against the scores of its task,
# dataset and metric measured alike: what the kept rank must equal.
FRESH_RANKS = """
SELECT r.result_id, r.leaderboard_rank, CASE m.direction
    WHEN 'higher' THEN rank() OVER (
        PARTITION BY r.task_tag_id, r.dataset_id, r.metric_id, r.scale IS NOT NULL,
                     CASE WHEN r.scale IS NULL THEN r.unit END
        ORDER BY coalesce(r.scale, r.value) DESC)
    WHEN 'lower' THEN rank() OVER (
        PARTITION BY r.task_tag_id, r.dataset_id, r.metric_id, r.scale IS NOT NULL,
                     CASE WHEN r.scale IS NULL THEN r.unit END
        ORDER BY coalesce(r.scale, r.value) ASC)
    END
FROM results r JOIN metrics m USING (metric_id)
WHERE r.kind = 'score' AND r.dataset_id IS NOT NULL
"""


def _ranks(url: str) -> tuple[dict[int, int | None], dict[int, int | None], int]:
    """Kept and fresh rank per score, and how many results outside scores have a rank."""
    with psycopg.connect(url) as conn:
        rows = conn.execute(FRESH_RANKS).fetchall()
        stray = conn.execute(
            "SELECT count(*) FROM results WHERE leaderboard_rank IS NOT NULL AND NOT "
            "(kind = 'score' AND dataset_id IS NOT NULL AND metric_id IS NOT NULL)"
        ).fetchone()[0]
        left = conn.execute("SELECT count(*) FROM etl.leaderboard_changes").fetchone()[0]
    assert left == 0
    return {r[0]: r[1] for r in rows}, {r[0]: r[2] for r in rows}, stray


def _leaderboard(url: str, dataset: str) -> list[tuple[int, str]]:
    """(kept rank, value as written) of the EM scores of a dataset, best first."""
    with psycopg.connect(url) as conn:
        return conn.execute(
            "SELECT leaderboard_rank, raw_text FROM results WHERE dataset_text = %s "
            "AND metric_text = 'EM' ORDER BY leaderboard_rank, raw_text",
            (dataset,),
        ).fetchall()


def _changed_by(url: str, dataset: str, metric: str | None = None) -> set[int]:
    """The runs that last wrote the results of a dataset (of one metric, when given)."""
    with psycopg.connect(url) as conn:
        return {
            run
            for (run,) in conn.execute(
                "SELECT changed_run_id FROM results WHERE dataset_text = %s "
                "AND metric_text = coalesce(%s, metric_text)",
                (dataset, metric),
            )
        }


def _squad(tasks: list[dict]) -> list[dict]:
    return next(d for t in tasks for d in t["datasets"] if d["dataset"] == "SQuAD1.1")["sota"][
        "rows"
    ]


def _entry(arxiv_id: str, score: str) -> dict:
    return {
        "code_links": [], "metrics": {"EM": score, "F1": score}, "model_links": [],
        "model_name": f"Model of {arxiv_id}", "paper_date": None,
        "paper_title": f"A paper numbered {arxiv_id}",
        "paper_url": f"https://arxiv.org/abs/{arxiv_id}", "uses_additional_data": False,
    }  # fmt: skip


def test_ranks_are_kept_through_inserts_updates_and_deletes(
    database_url: str, tmp_path: Path
) -> None:
    settings = replace(Settings.from_env({}), database_url=database_url, home=tmp_path / "home")
    listing = tmp_path / "evaluation-tables.json"
    tasks = json.loads(EVALUATION_TABLES.read_text(encoding="utf-8"))
    # SQuAD's leaderboard last in the file, led by its last entry, whose EM score a new
    # version drops: no other row changes, so only the trigger on deletes notes the change.
    tasks.sort(key=lambda task: task["task"] == "Question Answering")
    _squad(tasks).extend([_entry("2401.00002", "80.0"), _entry("2401.00001", "99.9")])
    listing.write_text(json.dumps(tasks), encoding="utf-8")
    assert load([listing], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    kept, fresh, stray = _ranks(database_url)
    assert kept == fresh and stray == 0
    entries = _leaderboard(database_url, "SQuAD1.1")
    assert entries[0] == (1, "99.9") and len(entries) >= 3

    # The leader's record read again without its EM score: that result is deleted (a record
    # gone from a file keeps its rows, a value gone from a record does not).
    _squad(tasks)[-1]["metrics"]["EM"] = "-"
    listing.write_text(json.dumps(tasks), encoding="utf-8")
    assert load([listing], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    kept_after_delete, fresh, stray = _ranks(database_url)
    assert kept_after_delete == fresh and stray == 0
    assert [rank for rank, _ in _leaderboard(database_url, "SQuAD1.1")] == list(
        range(1, len(entries))
    )
    assert _changed_by(database_url, "SQuAD1.1", "EM") == {2}  # ranked again
    assert _changed_by(database_url, "SQuAD1.1", "F1") == {1}  # its own leaderboard: untouched

    # Another version: the runner-up overtakes (an update).
    _squad(tasks)[-1]["metrics"] = {"EM": "95.0", "F1": "95.0"}
    listing.write_text(json.dumps(tasks), encoding="utf-8")
    assert load([listing], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    kept_after_update, fresh, stray = _ranks(database_url)
    assert kept_after_update == fresh and stray == 0
    assert kept_after_update != kept_after_delete
    # A leaderboard no version touched was never written again.
    assert _changed_by(database_url, "SWAG") == {1}

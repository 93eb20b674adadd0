"""Leaderboards ranked as they are read (analytics.leaderboard, walking results.rank_key in
leaderboard order): after every load the view's ranks are those a recomputation from scratch
gives, and a load writes only the results it changes, not the leaderboards they are on."""

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
# dataset (and variant) and metric measured alike: what the view must say. A leaderboard value that several
# rows list (the same task, dataset, metric, model, value and paper) is one entry, its first
# row standing for it.
FRESH_RANKS = """
WITH entries AS (
    SELECT DISTINCT ON (CASE WHEN origin = 'leaderboard' THEN 0 ELSE result_id END,
                        task_tag_id, dataset_id, metric_id, model_name, value, unit, scale,
                        paper_id) *
    FROM results
    ORDER BY CASE WHEN origin = 'leaderboard' THEN 0 ELSE result_id END,
             task_tag_id, dataset_id, metric_id, model_name, value, unit, scale, paper_id,
             result_id
)
SELECT r.result_id, CASE m.direction
    WHEN 'higher' THEN rank() OVER (
        PARTITION BY r.task_tag_id, r.dataset_id, r.dataset_variant, r.metric_id,
                     r.scale IS NOT NULL, CASE WHEN r.scale IS NULL THEN r.unit END
        ORDER BY coalesce(r.scale, r.value) DESC)
    WHEN 'lower' THEN rank() OVER (
        PARTITION BY r.task_tag_id, r.dataset_id, r.dataset_variant, r.metric_id,
                     r.scale IS NOT NULL, CASE WHEN r.scale IS NULL THEN r.unit END
        ORDER BY coalesce(r.scale, r.value) ASC)
    END
FROM entries r JOIN metrics m USING (metric_id)
WHERE r.kind = 'score' AND r.dataset_id IS NOT NULL
"""


def _ranks(url: str) -> tuple[dict[int, int | None], dict[int, int | None], int]:
    """The view's rank and the fresh one per score, and how many results outside scores
    have a rank key."""
    with psycopg.connect(url) as conn:
        viewed = dict(conn.execute("SELECT result_id, rank FROM analytics.leaderboard").fetchall())
        fresh = dict(conn.execute(FRESH_RANKS).fetchall())
        stray = conn.execute(
            "SELECT count(*) FROM results WHERE rank_key IS NOT NULL AND NOT "
            "(kind = 'score' AND dataset_id IS NOT NULL AND metric_id IS NOT NULL)"
        ).fetchone()[0]
    return viewed, fresh, stray


def _leaderboard(url: str, dataset: str) -> list[tuple[int, str]]:
    """(rank, value as written) of the EM scores of a dataset, best first."""
    with psycopg.connect(url) as conn:
        return conn.execute(
            "SELECT l.rank, l.raw_text FROM analytics.leaderboard l "
            "JOIN results r USING (result_id) WHERE r.dataset_text = %s "
            "AND r.metric_text = 'EM' ORDER BY l.rank, l.raw_text",
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


def test_ranks_follow_inserts_updates_and_deletes_and_a_load_writes_only_its_rows(
    database_url: str, tmp_path: Path
) -> None:
    settings = replace(Settings.from_env({}), database_url=database_url, home=tmp_path / "home")
    listing = tmp_path / "evaluation-tables.json"
    tasks = json.loads(EVALUATION_TABLES.read_text(encoding="utf-8"))
    _squad(tasks).extend([_entry("2401.00002", "80.0"), _entry("2401.00001", "99.9")])
    listing.write_text(json.dumps(tasks), encoding="utf-8")
    assert load([listing], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    viewed, fresh, stray = _ranks(database_url)
    assert viewed == fresh and stray == 0
    assert None in viewed.values() and 1 in viewed.values()
    entries = _leaderboard(database_url, "SQuAD1.1")
    assert entries[0] == (1, "99.9") and len(entries) >= 3

    # The leader's record read again without its EM score: that result is deleted (a record
    # gone from a file keeps its rows, a value gone from a record does not), and the
    # runner-up leads, with no other row written.
    _squad(tasks)[-1]["metrics"]["EM"] = "-"
    listing.write_text(json.dumps(tasks), encoding="utf-8")
    assert load([listing], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    viewed_after_delete, fresh, stray = _ranks(database_url)
    assert viewed_after_delete == fresh and stray == 0
    assert [rank for rank, _ in _leaderboard(database_url, "SQuAD1.1")] == list(
        range(1, len(entries))
    )
    assert _changed_by(database_url, "SQuAD1.1") == {1}

    # Another version: the runner-up overtakes (an update), and only its row is written.
    _squad(tasks)[-1]["metrics"] = {"EM": "95.0", "F1": "95.0"}
    listing.write_text(json.dumps(tasks), encoding="utf-8")
    assert load([listing], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    viewed_after_update, fresh, stray = _ranks(database_url)
    assert viewed_after_update == fresh and stray == 0
    assert viewed_after_update != viewed_after_delete
    assert _leaderboard(database_url, "SQuAD1.1")[0] == (1, "95.0")
    assert _changed_by(database_url, "SQuAD1.1", "EM") == {1, 3}


def test_a_metric_whose_direction_changes_reorders_its_scores(
    database_url: str, tmp_path: Path
) -> None:
    settings = replace(Settings.from_env({}), database_url=database_url, home=tmp_path / "home")
    assert load([EVALUATION_TABLES], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    # As an older vocabulary would have published it: EM lower-is-better, its scores keyed
    # that way.
    with psycopg.connect(database_url) as conn:
        conn.execute("UPDATE metrics SET direction = 'lower' WHERE metric_name = 'Exact Match'")
        conn.execute(
            "UPDATE results r SET rank_key = etl.leaderboard_rank_key(r.kind, r.dataset_id, "
            "m.direction, r.value, r.scale, r.bound) FROM metrics m "
            "WHERE m.metric_id = r.metric_id AND m.metric_name = 'Exact Match'"
        )
    viewed, fresh, _ = _ranks(database_url)
    assert viewed == fresh
    worst_first = _leaderboard(database_url, "SQuAD1.1")

    # A load that publishes the metric as the vocabulary has it (higher is better) reorders
    # every EM score, those of papers it does not read included.
    listing = tmp_path / "one-task.json"
    tasks = json.loads(EVALUATION_TABLES.read_text(encoding="utf-8"))
    listing.write_text(json.dumps(tasks[:1]), encoding="utf-8")
    assert load([listing], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    viewed, fresh, stray = _ranks(database_url)
    assert viewed == fresh and stray == 0
    best_first = _leaderboard(database_url, "SQuAD1.1")
    assert [text for _, text in best_first] != [text for _, text in worst_first]
    assert float(best_first[0][1]) > float(worst_first[0][1])


def _one_table(rows: list[dict]) -> list[dict]:
    return [
        {
            "task": "Question Answering",
            "datasets": [{"dataset": "FooQA", "sota": {"rows": rows}, "subdatasets": []}],
            "subtasks": [],
        }
    ]


def test_the_leader_is_kept_without_a_paper_and_an_entry_two_files_list_is_one(
    database_url: str, tmp_path: Path
) -> None:
    """The best of a leaderboard whose row links a code repository, not a paper, leads it; a
    snapshot and an older copy of it loaded together give each entry once, with both rows as
    its sources."""
    rows = [
        {"model_name": "Leader", "paper_title": "https://github.com/someone/leader",
         "paper_url": "https://github.com/someone/leader", "metrics": {"EM": "**91.2**"}},
        {"model_name": "Anon", "metrics": {"EM": "88.0 ± 0.4"}},
        {"model_name": "BERT", "paper_title": "BERT", "paper_url":
         "https://arxiv.org/abs/1810.04805", "metrics": {"EM": "87.4", "F1": "-"},
         "code_links": [{"title": "a/bert-port", "url": "https://github.com/a/bert-port"}]},
    ]  # fmt: skip
    snapshot, older_copy = tmp_path / "foo-qa.json", tmp_path / "foo-qa (1).json"
    snapshot.write_text(json.dumps(_one_table(rows)), encoding="utf-8")
    older_copy.write_text(json.dumps(_one_table(rows[1:])), encoding="utf-8")
    settings = replace(Settings.from_env({}), database_url=database_url, home=tmp_path / "home")
    assert load([snapshot, older_copy], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    with psycopg.connect(database_url) as conn:
        board = conn.execute(
            "SELECT rank, model_name, value, value_uncertainty, paper_key IS NULL, "
            "array_length(sources, 1) FROM analytics.leaderboard "
            "WHERE dataset_name = 'FooQA' ORDER BY rank"
        ).fetchall()
        entries = conn.execute(
            "SELECT count(*), count(DISTINCT (model_name, value, paper_id)) "
            "FROM analytics.leaderboard WHERE dataset_name = 'FooQA'"
        ).fetchone()
        rows_listed = conn.execute(
            "SELECT count(*) FROM results WHERE dataset_text = 'FooQA'"
        ).fetchone()
        set_aside = conn.execute("SELECT rule, raw_snippet FROM etl.rejects").fetchall()
        entry_links = conn.execute(
            "SELECT e.source_file, e.record_number, r.canonical_url, r.kind, e.source_field "
            "FROM entry_repositories e JOIN repositories r USING (repository_id) ORDER BY 1, 2"
        ).fetchall()
        paper_links = conn.execute("SELECT count(*) FROM paper_repositories").fetchone()
    assert board == [
        (1, "Leader", 91.2, None, True, 1),
        (2, "Anon", 88.0, 0.4, True, 2),
        (3, "BERT", 87.4, None, False, 2),
    ]
    assert entries == (3, 3) and rows_listed == (5,)
    # The "-" of each file says it is no number; the rows themselves are published.
    assert set_aside == [("value.not_a_number", "-")] * 2
    # A code link belongs to the entry (an implementation), not to the paper; the leader's
    # repository, given as its paper, is its entry's link too.
    assert entry_links == [
        (str(older_copy), 2, "https://github.com/a/bert-port", "code", "code_links"),
        (str(snapshot), 1, "https://github.com/someone/leader", "code", "paper_url"),
        (str(snapshot), 3, "https://github.com/a/bert-port", "code", "code_links"),
    ]
    assert paper_links == (0,)


def _table(dataset: str, rows: dict[str, dict[str, str]]) -> dict:
    """A task with one leaderboard table: model's arXiv id -> its values by column."""
    entries = [{**_entry(arxiv_id, "0"), "metrics": values} for arxiv_id, values in rows.items()]
    return {
        "task": "Question Answering", "categories": [], "description": "", "source_link": None,
        "subtasks": [], "synonyms": [],
        "datasets": [{"dataset": dataset, "dataset_citations": [], "dataset_links": [],
                      "description": "", "subdatasets": [], "sota": {"metrics": [], "rows": entries}}],
    }  # fmt: skip


def test_columns_ranked_by_their_head_words_and_parts_of_the_data_left_unranked(
    database_url: str, tmp_path: Path
) -> None:
    """Columns the vocabulary does not know as written rank by their head word ("ANS-EM",
    "Validation AUC", lower-better "Dev error"), a test and a validation column as two
    leaderboards; a column named as a split ("Dev") has no metric and no rank."""
    settings = replace(Settings.from_env({}), database_url=database_url, home=tmp_path / "home")
    listing = tmp_path / "evaluation-tables.json"
    tables = [
        _table("HotpotQA", {
            "2402.00001": {"ANS-EM": "45.1", "Test Accuracy": "80.0", "Validation Accuracy": "90.0"},
            "2402.00002": {"ANS-EM": "61.3", "Test Accuracy": "85.0", "Validation Accuracy": "70.0"},
        }),
        _table("SWAG", {
            "2402.00001": {"Dev": "81.6", "Validation AUC": "0.71", "Dev error": "3.5"},
            "2402.00002": {"Dev": "86.3", "Validation AUC": "0.93", "Dev error": "2.5"},
        }),
    ]  # fmt: skip
    listing.write_text(json.dumps(tables), encoding="utf-8")
    assert load([listing], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    viewed, fresh, stray = _ranks(database_url)
    assert viewed == fresh and stray == 0
    with psycopg.connect(database_url) as conn:
        leaders = conn.execute(
            "SELECT l.metric_name, l.metric_direction, m.direction_rule, l.raw_text "
            "FROM analytics.leaderboard l JOIN metrics m USING (metric_name) "
            "WHERE l.rank = 1 ORDER BY 1"
        ).fetchall()
        split = conn.execute(
            "SELECT metric_id, rank_key FROM results WHERE metric_text = 'Dev'"
        ).fetchall()
    assert leaders == [
        ("ANS-EM", "higher", 'head word "exact match"', "61.3"),
        ("Dev error", "lower", 'head word "error"', "2.5"),
        ("Test Accuracy", "higher", 'head word "accuracy"', "85.0"),
        ("Validation AUC", "higher", 'head word "AUC"', "0.93"),
        ("Validation Accuracy", "higher", 'head word "accuracy"', "90.0"),
    ]
    assert split == [(None, None), (None, None)]

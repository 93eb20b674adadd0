"""scripts/check_leaderboard_leaders.py: a leaderboard's leader read from its raw file, and the
verdict on the view's rank 1."""

from __future__ import annotations

from tests.unit.scripts.script_module import load_script

leaders = load_script("check_leaderboard_leaders")


def test_every_table_of_a_document_is_found_with_its_task_and_dataset() -> None:
    document = [
        {
            "task": "QA",
            "datasets": [
                {"dataset": "Foo", "sota": {"rows": [{"model_name": "A"}]},
                 "subdatasets": [{"subdataset": "Dev", "sota": {"rows": []}}]},
            ],
            "subtasks": [{"task": "Open QA", "datasets": [{"dataset": "Bar", "sota": {}}]}],
        }
    ]  # fmt: skip
    assert [(task, dataset, len(rows)) for task, dataset, rows in leaders._tables(document)] == [
        ("QA", "Foo", 1),
        ("QA", "Foo (Dev)", 0),
        ("Open QA", "Bar", 0),
    ]


def test_numbers_and_names_are_read_as_paperhouse_shows_them() -> None:
    assert [leaders._number(v) for v in ("**67.3**", "1,024", "-", None, "81.2 ± 0.3")] == [
        67.3, 1024.0, None, None, 81.2,
    ]  # fmt: skip
    assert leaders._name("Joshi et al. \x02wzxhzdk:6\x03  (2019)") == "Joshi et al. (2019)"


def test_the_verdict_compares_the_sources_best_with_the_views_rank_one() -> None:
    values = [("A", 90.0), ("B", 95.0)]
    assert leaders._verdict(values, [("B", 95.0, "higher", 1), ("A", 90.0, "higher", 2)])[0] == (
        "ok"
    )
    assert leaders._verdict(values, [("A", 90.0, "higher", 1)])[0] == "WRONG"
    assert leaders._verdict(values, [("A", 90.0, "lower", 1), ("B", 95.0, "lower", 2)])[0] == "ok"
    assert leaders._verdict(values, [("A", 90.0, None, None)])[0] == "UNRANKED"
    assert leaders._verdict(values, [])[0] == "MISSING"

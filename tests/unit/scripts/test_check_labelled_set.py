"""scripts/check_labelled_set.py: what it lets into tests/fixtures and what it stops."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.unit.scripts.script_module import load_script

check = load_script("check_labelled_set")

HEADER = "id\ttext\tvalue\tunit\tkind\tmetric\tdataset\tcomparator\n"
ABSTRACT = (
    "Our model reaches 81.2% top-1 accuracy on ImageNet, 1.5% above ResNet-50, and 2x faster."
)


def _labelled_set(folder: Path, rows: list[str], abstract: str = ABSTRACT) -> Path:
    folder.mkdir()
    record = {"id": "arxiv:9901.00001", "abstract": abstract}
    (folder / "abstracts.jsonl").write_text(json.dumps(record) + "\n")
    (folder / "results_expected.tsv").write_text(HEADER + "".join(row + "\n" for row in rows))
    (folder / "NOTES.md").write_text("# notes\n")
    return folder


def _run(folder: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> tuple[int, str]:
    monkeypatch.setattr("sys.argv", ["check", str(folder), "--shared", str(folder / "none")])
    code = check.main()
    return code, capsys.readouterr().out


GOOD = [
    "arxiv:9901.00001\t81.2%\t81.2\t%\tscore\ttop-1 accuracy\tImageNet\t",
    "arxiv:9901.00001\t1.5%\t1.5\t%\timprovement\t\t\tResNet-50",
    "arxiv:9901.00001\t2x\t2\tx\tratio\t\t\t",
]


def test_a_set_by_the_brief_passes(tmp_path: Path, monkeypatch, capsys) -> None:
    code, out = _run(_labelled_set(tmp_path / "heldout9999", GOOD), monkeypatch, capsys)
    assert (code, out.splitlines()[-1]) == (0, "1 abstracts, 3 rows, OK")


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        # Neither the 5 of "1.5%" nor that of "ResNet-50" stands alone: a text inside a
        # longer number is not found.
        (["arxiv:9901.00001\t5\t5\t\tscore\t\t\t"], "text '5' not found"),
        # Rows in text order: the 1.5% before the 81.2% it follows.
        ([GOOD[1], GOOD[0]], "text '81.2%' not found"),
        (["arxiv:9901.00001\t81.2%\t82.1\t%\tscore\t\t\t"], "value 82.1 is not a number written"),
        (["arxiv:9901.00001\t81.2%\t81.2\t%\tgain\t\t\t"], "kind 'gain'"),
        (["arxiv:9901.00001\t81.2%\t81.2\t%\tscore\taccuracy\tImageNet-1k\t"], "dataset"),
        (["arxiv:9901.00002\t81.2%\t81.2\t%\tscore\t\t\t"], "is not in abstracts.jsonl"),
    ],
)
def test_a_row_against_the_brief_is_reported(
    tmp_path: Path, monkeypatch, capsys, row: list[str], problem: str
) -> None:
    code, out = _run(_labelled_set(tmp_path / "heldout9999", row), monkeypatch, capsys)
    assert code == 1
    assert problem in out


def test_a_paper_named_in_another_fixture_is_reported(tmp_path: Path) -> None:
    """Ids are checked against the real fixtures: heldout2's first paper is seen there,
    whatever the source its id is prefixed with."""
    fixtures = Path(check.__file__).parents[1] / "tests" / "fixtures"
    first = json.loads((fixtures / "heldout2" / "abstracts.jsonl").read_text().splitlines()[0])
    seen = check.ids_seen_elsewhere(tmp_path, tmp_path / "none")
    assert check._bare(first["id"]) in seen
    assert check._bare("arxiv:9901.00001") not in seen


def test_an_abstract_without_a_result_row_is_reported(tmp_path: Path, monkeypatch, capsys) -> None:
    folder = _labelled_set(tmp_path / "heldout9999", GOOD)
    with (folder / "abstracts.jsonl").open("a") as handle:
        handle.write(json.dumps({"id": "arxiv:9901.00003", "abstract": "No numbers."}) + "\n")
    code, out = _run(folder, monkeypatch, capsys)
    assert code == 1
    assert "arxiv:9901.00003 has no result row" in out

"""The arXiv snapshot generator: deterministic, the requested size, the snapshot's shape, and
readable by etl.extract.arxiv with about 1% quarantined."""

import json
import re
from collections import Counter
from pathlib import Path

import polars as pl
import pytest

from bench.generate_arxiv import generate, main
from etl.extract import arxiv
from etl.extract.common import SourceFile, file_sha256

SAMPLE = Path(__file__).parents[1] / "fixtures" / "arxiv" / "snapshot-sample.jsonl"
RECORDS = 3_000
RFC2822 = re.compile(
    r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT$"
)
ARXIV_ID = re.compile(r"^(cs/\d{7}|\d{4}\.\d{4,5})$")


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("arxiv") / "snapshot.jsonl"
    generate(path, RECORDS, seed=7)
    return path


def _parsed_lines(path: Path) -> list[dict]:
    parsed = []
    for line in path.read_text(encoding="ascii").splitlines():
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            continue
        # The well-formed records: not the malformed lines that parse (no id, authors_parsed
        # as a string).
        if isinstance(value, dict) and "id" in value and isinstance(value["authors_parsed"], list):
            parsed.append(value)
    return parsed


def test_same_seed_same_bytes_whatever_the_workers(generated: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.jsonl"
    generate(again, RECORDS, seed=7, workers=2)  # two chunks, built in two processes
    assert again.read_bytes() == generated.read_bytes()


def test_other_seed_other_bytes(generated: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.jsonl"
    generate(other, RECORDS, seed=8)
    assert other.read_bytes() != generated.read_bytes()


def test_a_smaller_file_is_not_a_prefix_but_has_the_requested_count(tmp_path: Path) -> None:
    path = tmp_path / "small.jsonl"
    result = generate(path, 17, seed=7)
    assert result.records == 17
    assert len(path.read_bytes().splitlines()) == 17
    assert result.size_bytes == path.stat().st_size


def test_writes_the_requested_count(generated: Path) -> None:
    data = generated.read_bytes()
    assert data.endswith(b"\n")
    assert data.count(b"\n") == RECORDS


def test_reads_back_with_about_one_percent_quarantined(tmp_path: Path) -> None:
    path = tmp_path / "snapshot.jsonl"
    result = generate(path, RECORDS, seed=11)
    sha, size = file_sha256(path)
    batches = list(arxiv.read(SourceFile(path, sha, size, "arxiv"), batch_rows=500))
    records = pl.concat([batch.records for batch in batches])
    rejects = pl.concat([batch.rejects for batch in batches])
    assert records.height + rejects.height == RECORDS
    assert rejects.height == result.malformed
    assert 0.005 * RECORDS < rejects.height < 0.02 * RECORDS
    assert set(rejects["rule"]) <= {"line.truncated", "line.not_json", "record.missing_id",
                                    "record.wrong_type"}  # fmt: skip
    assert records["published_on"].null_count() == 0
    assert records["authors"].list.len().min() >= 1
    assert records["keywords"].list.len().min() >= 1
    # Updates of earlier papers: the same id again, later in the file.
    repeated = records.filter(pl.col("arxiv_id").is_duplicated())
    assert result.updates > 0
    assert repeated.height >= 2


def test_updates_carry_one_more_version_than_the_paper_they_update(generated: Path) -> None:
    by_id: dict[str, list[dict]] = {}
    for record in _parsed_lines(generated):
        by_id.setdefault(record["id"], []).append(record)
    updated = [records for records in by_id.values() if len(records) > 1]
    assert updated
    for first, later, *_ in updated:
        assert later["versions"][: len(first["versions"])] == first["versions"]
        assert len(later["versions"]) == len(first["versions"]) + 1
        assert later["update_date"] >= first["update_date"]
        assert later["title"] == first["title"]


def test_has_the_shape_of_the_real_snapshot(generated: Path) -> None:
    real_keys = list(json.loads(SAMPLE.read_text().splitlines()[0]))
    records = _parsed_lines(generated)
    assert all(list(record) == real_keys for record in records)
    for record in records:
        assert ARXIV_ID.match(record["id"]), record["id"]
        assert record["abstract"].startswith("  ") and record["abstract"].endswith("\n")
        assert all(len(line) <= 79 for line in record["abstract"].splitlines())
        assert all(RFC2822.match(version["created"]) for version in record["versions"])
        assert [version["version"] for version in record["versions"]] == [
            f"v{number}" for number in range(1, len(record["versions"]) + 1)
        ]
        assert all(len(author) in (3, 4) for author in record["authors_parsed"])
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", record["update_date"])
    # Ascending ids, like the snapshot (updates repeat earlier ids), in every id style.
    first_seen = list(dict.fromkeys(record["id"] for record in records))
    assert first_seen == sorted(first_seen, key=_id_order)
    assert {len(arxiv_id) for arxiv_id in first_seen} == {9, 10}  # cs/0512017, 0704.0001 ...
    assert any(arxiv_id.startswith("cs/") for arxiv_id in first_seen)


def _id_order(arxiv_id: str) -> tuple[int, int]:
    """(year and month, number) of "cs/9801001", "0704.0001" or "2405.15738"."""
    if arxiv_id.startswith("cs/"):
        yymm, number = arxiv_id[3:7], arxiv_id[7:]
    else:
        yymm, number = arxiv_id.split(".")
    year = int(yymm[:2]) + (1900 if int(yymm[:2]) >= 90 else 2000)
    return year * 100 + int(yymm[2:]), int(number)


def test_abstracts_carry_what_the_transform_must_handle(generated: Path) -> None:
    # Hard line breaks as spaces, so that phrases broken over two lines are found.
    abstracts = re.sub(r"\s+", " ", " ".join(r["abstract"] for r in _parsed_lines(generated)))
    for pattern in (
        r"https://github\.com/[\w-]+/[\w-]+[.,;)>}]",  # URLs glued to punctuation
        r"https://huggingface\.co/[\w-]+/[\w.-]+",
        r"\d+\.\d\\%",  # LaTeX percent
        r"\$\\alpha\$",
        r"\\textbf\{",
        r"achieves \d+\.\d+(\\?%)? [\w@ -]+ on ",
        r"\d+\.\dx speedup",
    ):
        assert re.search(pattern, abstracts), pattern
    # Varied, not one template: many distinct opening sentences and methods.
    openings = Counter(record["abstract"].split(".")[0] for record in _parsed_lines(generated))
    assert len(openings) > RECORDS // 4


def test_looks_like_the_snapshot_to_the_sniffer(generated: Path) -> None:
    assert arxiv.looks_like(generated.read_bytes()[: 64 * 1024].decode())


@pytest.mark.parametrize(
    ("records", "malformed_share", "message"),
    [(0, 0.01, "records"), (10, 1.0, "malformed_share"), (15_000_000, 0.01, "arXiv ids")],
)
def test_rejects_impossible_requests(
    tmp_path: Path, records: int, malformed_share: float, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        generate(tmp_path / "x.jsonl", records, seed=1, malformed_share=malformed_share)


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cli.jsonl"
    assert main([str(path), "--records", "50", "--seed", "3", "--workers", "1"]) == 0
    assert path.read_bytes().count(b"\n") == 50
    assert "50 lines" in capsys.readouterr().err


def test_titles_are_nearly_all_distinct_as_real_ones_are(generated: Path) -> None:
    # A paper's later records repeat its title; other papers share one only by chance (the
    # templates alone gave a million papers 312,593 titles, one 805 times).
    records = _parsed_lines(generated)
    papers = {record["id"]: re.sub(r"\W", "", record["title"].lower()) for record in records}
    titles = Counter(papers.values())
    assert len(titles) >= 0.995 * len(papers)
    assert max(titles.values()) <= 2


# Real-text mode, on a folder of samples made here: three sources, one abstract twice.
_DAILY_ABSTRACT = (
    "We present Sparrow, a retrieval-augmented model for long documents. On NarrativeQA it "
    "reaches 61.2 F1, 4.1 points above the strongest baseline, with half the memory."
)
_CONFERENCE_ABSTRACT = (
    "Graph neural networks over-smooth as they deepen. We show that a residual gate keeps "
    "node features apart, and reach 85.3% accuracy on Cora with 64 layers."
)
_LISTED_ABSTRACT = (
    "Diffusion policies learn robot skills from few demonstrations; we cut their sampling "
    "to 4 steps and keep 92% of the success rate on 12 manipulation tasks."
)


def _samples(folder: Path) -> Path:
    (folder / "hf-daily").mkdir(parents=True)
    (folder / "hf-daily" / "2025-01-02.json").write_text(
        json.dumps(
            [
                {
                    "paper": {
                        "id": "2501.00001",
                        "title": "Sparrow: Retrieval for\n Long Documents",
                        "summary": _DAILY_ABSTRACT.replace("documents. ", "documents.\n"),
                    },
                    "publishedAt": "2025-01-02T00:00:00.000Z",
                }
            ]
        )
    )
    (folder / "paperlists").mkdir()
    (folder / "paperlists" / "conf2025.json").write_text(
        json.dumps(
            [
                {"id": "abc", "title": "Deep GNNs Without Over-Smoothing",
                 "abstract": _CONFERENCE_ABSTRACT, "status": "Poster"},
                # The Daily Papers abstract again, re-wrapped: one text, not two.
                {"id": "def", "title": "Sparrow", "abstract": _DAILY_ABSTRACT.upper(),
                 "status": "Poster"},
            ]
        )
    )  # fmt: skip
    (folder / "listings").mkdir()
    (folder / "listings" / "daily.txt").write_text(f"Daily Papers\n\n{_LISTED_ABSTRACT}\n")
    return folder


def _one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_real_text_draws_titles_and_abstracts_from_the_samples(tmp_path: Path) -> None:
    samples = _samples(tmp_path / "samples")
    path = tmp_path / "real.jsonl"
    result = generate(path, 400, seed=5, text="real", sample_data=samples)
    generated_path = tmp_path / "generated.jsonl"
    generate(generated_path, 400, seed=5)

    # Valid lines, read back as the generated ones are.
    sha, size = file_sha256(path)
    batches = list(arxiv.read(SourceFile(path, sha, size, "arxiv"), batch_rows=500))
    assert sum(batch.records.height for batch in batches) == 400 - result.malformed
    records = _parsed_lines(path)
    assert len(records) > 350
    sample_abstracts = {_DAILY_ABSTRACT, _CONFERENCE_ABSTRACT, _LISTED_ABSTRACT}
    drawn = Counter()
    for record in records:
        abstract = _one_line(record["abstract"])
        source = next(a for a in sample_abstracts if abstract.startswith(a))
        drawn[source] += 1
        # What follows is the one closing sentence, with no number in it (an update may add
        # its own revision sentence after it).
        rest = abstract[len(source) :].split(" This version adds results on ")[0]
        assert rest.count(".") == 1 and not re.search(r"\d", rest), rest
        title = _one_line(record["title"])
        assert title.startswith(
            ("Sparrow: Retrieval for Long Documents", "Deep GNNs Without Over-Smoothing")
        )
    # Every text is drawn, the duplicate only once as one text; abstracts stay distinct.
    assert set(drawn) == sample_abstracts
    assert max(drawn.values()) < 0.5 * len(records)
    papers = {r["id"]: r["abstract"] for r in records}
    assert len(set(papers.values())) >= 0.99 * len(papers)

    # The other fields are those of the generated mode, line for line.
    def without_text(line: dict) -> dict:
        return {k: v for k, v in line.items() if k not in ("title", "abstract")}

    assert [without_text(r) for r in records] == [
        without_text(r) for r in _parsed_lines(generated_path)
    ]
    # Same samples, same seed, same bytes, whatever the workers.
    again = tmp_path / "again.jsonl"
    generate(again, 400, seed=5, text="real", sample_data=samples, workers=2)
    assert again.read_bytes() == path.read_bytes()


def test_real_text_needs_samples_that_hold_abstracts(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no sample folder at"):
        generate(tmp_path / "x.jsonl", 10, seed=1, text="real", sample_data=tmp_path / "none")
    (tmp_path / "empty" / "listings").mkdir(parents=True)
    with pytest.raises(ValueError, match="no abstracts in .*hf-daily"):
        generate(tmp_path / "x.jsonl", 10, seed=1, text="real", sample_data=tmp_path / "empty")

"""The Papers with Code readers: evaluation tables (pwc_evaluation) and API responses (pwc_api)."""

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import polars as pl
import pytest

from etl.contracts import RAW_RECORD_SCHEMA, REJECT_SCHEMA
from etl.extract import open_source, pwc_api, pwc_evaluation
from etl.extract.common import InputFileError, SourceFile, file_sha256
from tests.samples import SHARED_DATA, needs_shared_data

FIXTURES = Path(__file__).parents[2] / "fixtures"
PWC = FIXTURES / "pwc"
GOLDEN = FIXTURES / "golden" / "pwc"
EVALUATION_TABLES = PWC / "evaluation-tables.json"
SINGLE_TASK = PWC / "one-task" / "word-sense-disambiguation.json"
API_PAPER_RESPONSES = ("paper_list_response.json", "paper_get_response.json")
API_OTHER_RESPONSES = (
    "paper_method_list_response.json",
    "paper_result_list.json",
    "paper_task_list_response.json",
)
TEN_MB = 10 * 1024 * 1024


def read_all(
    module: ModuleType, path: Path, batch_rows: int = 1000
) -> tuple[pl.DataFrame, pl.DataFrame]:
    sha, size = file_sha256(path)
    batches = list(
        module.read(SourceFile(path, sha, size, module.READER.format), batch_rows=batch_rows)
    )
    if module is pwc_api:  # evaluation tables keep a table whole: see its own test
        assert all(b.records.height + b.rejects.height <= batch_rows for b in batches)
    records = pl.concat([RAW_RECORD_SCHEMA.to_frame(), *(b.records for b in batches)])
    rejects = pl.concat([REJECT_SCHEMA.to_frame(), *(b.rejects for b in batches)])
    return records, rejects


def as_json(frame: pl.DataFrame) -> list[dict[str, Any]]:
    """Rows as the golden files hold them: JSON, dates as YYYY-MM-DD."""
    return [json.loads(json.dumps(row, default=str)) for row in frame.to_dicts()]


def golden(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (GOLDEN / name).read_text().splitlines()]


def write_json(tmp_path: Path, document: Any, name: str = "input.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def leaderboard_row(**fields: Any) -> dict[str, Any]:
    row = {
        "model_name": "BERT (ensemble)",
        "paper_title": "BERT: Pre-training of Deep Bidirectional Transformers",
        "paper_url": "https://arxiv.org/abs/1810.04805",
        "paper_date": "2018-10-11",
        "code_links": [],
        "metrics": {"EM": "87.433"},
    }
    return {**row, **fields}


def tasks_with(*rows: Any) -> list[dict[str, Any]]:
    return [
        {
            "task": "Question Answering",
            "datasets": [{"dataset": "SQuAD1.1", "sota": {"rows": list(rows)}}],
            "subtasks": [],
        }
    ]


def api_paper(**fields: Any) -> dict[str, Any]:
    paper = {
        "id": "generative-adversarial-networks",
        "arxiv_id": "1406.2661",
        "url_abs": "https://arxiv.org/abs/1406.2661v1",
        "url_pdf": "https://arxiv.org/pdf/1406.2661v1.pdf",
        "title": "Generative Adversarial Networks",
        "abstract": "We propose a new framework.",
        "authors": ["Ian J. Goodfellow", "Yoshua Bengio"],
        "published": "2014-06-10",
        "conference": None,
        "proceeding": None,
    }
    return {**paper, **fields}


def api_page(*results: Any) -> dict[str, Any]:
    return {"count": len(results), "next": None, "previous": None, "results": list(results)}


# --- golden extracts ------------------------------------------------------------------------


@pytest.mark.parametrize("batch_rows", [1, 4, 1000])
def test_evaluation_tables_match_golden(monkeypatch: pytest.MonkeyPatch, batch_rows: int) -> None:
    monkeypatch.chdir(FIXTURES)  # source_file is the path as given
    records, rejects = read_all(pwc_evaluation, EVALUATION_TABLES.relative_to(FIXTURES), batch_rows)
    assert as_json(records) == golden("evaluation-tables.records.jsonl")
    assert as_json(rejects) == golden("evaluation-tables.rejects.jsonl")


def _table(pointer: pl.Expr) -> pl.Expr:
    return pointer.str.replace(r"/sota/rows/\d+$", "")


@pytest.mark.parametrize("batch_rows", [1, 2, 3, 1000])
def test_evaluation_batches_never_cut_a_table(batch_rows: int) -> None:
    """The transform decides a leaderboard column's unit from all of its values: a table's
    rows come in one batch, and a batch is larger than batch_rows only to hold one table."""
    sha, size = file_sha256(EVALUATION_TABLES)
    source = SourceFile(EVALUATION_TABLES, sha, size, pwc_evaluation.READER.format)
    batches = list(pwc_evaluation.read(source, batch_rows=batch_rows))
    tables_per_batch = [
        set(b.records.select(_table(pl.col("source_record_id")))["source_record_id"])
        for b in batches
    ]
    sizes = [b.records.height + b.rejects.height for b in batches]
    for tables, size in zip(tables_per_batch, sizes, strict=True):
        assert size <= batch_rows or len(tables) == 1
    if batch_rows == 1:  # a table of two rows and a quarantined one is one batch
        assert max(sizes) == 3
    every_table = [table for tables in tables_per_batch for table in tables]
    assert len(every_table) == len(set(every_table)) == 9
    records, rejects = read_all(pwc_evaluation, EVALUATION_TABLES)
    assert sum(b.records.height for b in batches) == records.height
    assert sum(b.rejects.height for b in batches) == rejects.height


def test_evaluation_tables_recurse_into_subtasks_and_subdatasets() -> None:
    records, _ = read_all(pwc_evaluation, EVALUATION_TABLES)
    entries = records["leaderboard"].explode().struct.unnest()
    iemocap = entries.filter(pl.col("dataset").str.starts_with("IEMOCAP"))
    assert iemocap["task"].unique().to_list() == ["Multimodal Emotion Recognition"]
    assert iemocap["dataset"].to_list() == ["IEMOCAP (Monologue)", "IEMOCAP (Conversational)"]
    assert records["source_record_id"][3] == "/1/subtasks/0/datasets/0/subdatasets/0/sota/rows/0"


def test_evaluation_values_are_kept_as_written_and_empty_ones_left_out() -> None:
    records, _ = read_all(pwc_evaluation, EVALUATION_TABLES)
    entries = records["leaderboard"].explode().struct.unnest()
    values = set(entries["value_text"])
    assert {"76.5%", "77.62%", "90.0 ± 0.5", "-", "3.11", "93.160"} <= values
    # The KEF row has six metrics, four of them "": only the two with values are entries.
    assert entries.filter(pl.col("model_name") == "KEF")["metric"].to_list() == [
        "SemEval 2013",
        "Senseval 3",
    ]
    assert "Parameters" not in set(entries["metric"])


def test_evaluation_code_links_in_both_shapes() -> None:
    records, _ = read_all(pwc_evaluation, EVALUATION_TABLES)
    links = records.select("links").explode("links").unnest("links")
    assert links.filter(pl.col("field") == "code_links")["url"].to_list() == [
        "https://github.com/openai/iaf",  # a bare string
        "https://github.com/openai/pixel-cnn",  # a {title, url} object
    ]


def test_evaluation_paper_urls_are_kept_as_the_link_to_the_paper() -> None:
    # Which identifier a URL carries is the transform's to decide, as for every source.
    records, _ = read_all(pwc_evaluation, EVALUATION_TABLES)
    by_id = {row["source_record_id"]: row for row in records.to_dicts()}
    doi_row = by_id["/3/datasets/0/sota/rows/0"]
    assert doi_row["paper_url"] == "https://doi.org/10.1016/j.knosys.2019.105030"
    assert doi_row["doi"] is None and doi_row["published_on"] is None
    # Text before the URL is not part of the link; the title stays as the source wrote it.
    junk = by_id["/5/datasets/0/sota/rows/2"]
    assert junk["paper_url"] == "https://arxiv.org/abs/1608.07905"
    assert junk["title"] == "(Singapore Management University) https://arxiv.org/abs/1608.07905"
    assert by_id["/6/datasets/0/sota/rows/0"]["links"][0] == {
        "url": "http://nlp.stanford.edu/pubs/snli_paper.pdf",
        "field": "paper_url",
    }


def test_a_file_of_one_task_is_read_as_a_list_of_one(tmp_path: Path) -> None:
    assert open_source(SINGLE_TASK).format == pwc_evaluation.READER.format
    records, rejects = read_all(pwc_evaluation, SINGLE_TASK)
    in_a_list, _ = read_all(
        pwc_evaluation, write_json(tmp_path, [json.loads(SINGLE_TASK.read_text())])
    )

    assert rejects.is_empty()
    # Each row's JSON Pointer points into the file as it is: no list around the task.
    assert records["source_record_id"].to_list() == [
        "/datasets/0/sota/rows/0",
        "/datasets/0/sota/rows/1",
        "/datasets/0/sota/rows/2",
        "/datasets/1/sota/rows/0",
    ]
    assert in_a_list["source_record_id"].to_list() == [
        "/0" + pointer for pointer in records["source_record_id"]
    ]
    same = [
        c
        for c in RAW_RECORD_SCHEMA
        if c not in {"source_file", "source_sha256", "source_record_id"}
    ]
    assert records.select(same).equals(in_a_list.select(same))
    entries = records["leaderboard"].explode().struct.unnest()
    assert entries["task"].unique().to_list() == ["Word Sense Disambiguation"]
    assert entries["dataset"].unique(maintain_order=True).to_list() == [
        "Supervised",
        "Knowledge-based",
    ]


def test_markup_placeholders_are_removed_from_model_names() -> None:
    # nlp-progress.json holds Python-Markdown placeholders (STX key ETX) where the page had
    # HTML, e.g. "Bi-LSTM<sub>att+LEX</sub>": the names keep the text, not the keys.
    records, _ = read_all(pwc_evaluation, SINGLE_TASK)
    entries = records["leaderboard"].explode().struct.unnest()
    assert entries["model_name"].unique(maintain_order=True).to_list() == [
        "MFS baseline",
        "Bi-LSTMatt+LEX",
        "GASext",
        "UKBppr_w2w",
    ]


@pytest.mark.parametrize("name", API_PAPER_RESPONSES)
def test_api_paper_responses_match_golden(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.chdir(FIXTURES)
    records, rejects = read_all(pwc_api, (PWC / name).relative_to(FIXTURES), batch_rows=1)
    assert as_json(records) == golden(name.replace(".json", ".records.jsonl"))
    assert rejects.is_empty()


@pytest.mark.parametrize("name", API_OTHER_RESPONSES)
def test_api_responses_without_papers_yield_nothing(name: str) -> None:
    records, rejects = read_all(pwc_api, PWC / name)
    assert records.is_empty()
    assert rejects.is_empty()


# --- format sniffing ------------------------------------------------------------------------

HF_DAILY_HEAD = json.dumps(
    [
        {
            "paper": {
                "id": "2405.15738",
                "title": "A paper",
                "summary": 'We report "datasets": [...] and "sota": {...} in JSON.',
                "authors": [{"name": "A. Author"}],
                "githubRepo": "https://github.com/owner/repo",
            },
            "publishedAt": "2024-05-27T00:00:00.000Z",
            "numComments": 2,
        }
    ]
)
HF_DAILY_WRAPPED_HEAD = json.dumps(
    {"status": "ok", "date": "2025-01-10", "count": 1, "data": json.loads(HF_DAILY_HEAD)}
)
PAPERLIST_HEAD = json.dumps(
    [{"id": "0JzWiigkUy", "title": "A paper", "status": "Poster", "abstract": "We study."}]
)
ARXIV_JSONL_HEAD = (
    json.dumps({"id": "0704.0001", "submitter": "A. Author", "title": "A paper", "doi": None})
    + "\n"
    + json.dumps({"id": "0704.0002", "submitter": "B. Author", "title": "Another"})
)
PLAIN_TEXT_HEAD = (FIXTURES / "listings" / "tiny.txt").read_text(encoding="utf-8-sig")
OTHER_FORMAT_HEADS = {
    "hf-daily list": HF_DAILY_HEAD,
    "hf-daily wrapper": HF_DAILY_WRAPPED_HEAD,
    "paperlists": PAPERLIST_HEAD,
    "arxiv jsonl": ARXIV_JSONL_HEAD,
    "plain text": PLAIN_TEXT_HEAD,
    "empty": "",
}


def head_of(path: Path) -> str:
    return path.read_bytes()[: 64 * 1024].decode("utf-8", errors="replace")


def test_looks_like_accepts_its_own_fixtures_and_not_the_others() -> None:
    for evaluation in (EVALUATION_TABLES, SINGLE_TASK):
        assert pwc_evaluation.looks_like(head_of(evaluation)), evaluation
        assert not pwc_api.looks_like(head_of(evaluation)), evaluation
    for name in API_PAPER_RESPONSES + API_OTHER_RESPONSES:
        assert pwc_api.looks_like(head_of(PWC / name)), name
        assert not pwc_evaluation.looks_like(head_of(PWC / name)), name


@pytest.mark.parametrize("kind", OTHER_FORMAT_HEADS)
def test_looks_like_rejects_other_formats(kind: str) -> None:
    assert not pwc_evaluation.looks_like(OTHER_FORMAT_HEADS[kind])
    assert not pwc_api.looks_like(OTHER_FORMAT_HEADS[kind])


def test_looks_like_works_on_a_head_cut_mid_document() -> None:
    # Sniffing sees at most 64 KiB: the head of a big file is not valid JSON.
    assert pwc_evaluation.looks_like("\ufeff" + EVALUATION_TABLES.read_text()[:1500])
    assert pwc_api.looks_like((PWC / "paper_list_response.json").read_text()[:700])


@needs_shared_data
def test_looks_like_on_every_shared_sample() -> None:
    for path in sorted(p for p in SHARED_DATA.rglob("*") if p.is_file()):
        head = head_of(path)
        is_evaluation = "evaluation-tables" in path.parts
        is_api = path.parent.name == "api" and "pwc" in path.parts
        assert pwc_evaluation.looks_like(head) == is_evaluation, path
        assert pwc_api.looks_like(head) == is_api, path


# --- unusable files -------------------------------------------------------------------------


@pytest.mark.parametrize("module", [pwc_evaluation, pwc_api])
@pytest.mark.parametrize(
    ("content", "rule", "reason_part"),
    [
        (b"", "file.empty", "empty"),
        (b"\xef\xbb\xbf \n", "file.empty", "empty"),
        (b'[{"task": "caf\xe9"}]', "file.not_utf8", "not UTF-8"),
        (b'[{"task": "QA"}, \x00]', "file.not_json", "not JSON"),
        (b"{nope", "file.not_json", "line 1, column 2"),
        (b"[" * 100_000, "file.not_json", ""),
    ],
)
def test_unusable_files_are_rejected_with_file_and_reason(
    tmp_path: Path, module: ModuleType, content: bytes, rule: str, reason_part: str
) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    with pytest.raises(InputFileError) as raised:
        read_all(module, path)
    assert raised.value.rule == rule
    assert reason_part in raised.value.reason
    assert str(path) in str(raised.value)


@pytest.mark.parametrize(
    ("module", "fixture"),
    [(pwc_evaluation, EVALUATION_TABLES), (pwc_api, PWC / "paper_list_response.json")],
)
def test_truncated_file_says_so(tmp_path: Path, module: ModuleType, fixture: Path) -> None:
    path = tmp_path / "truncated.json"
    path.write_bytes(fixture.read_bytes()[:1000])
    with pytest.raises(InputFileError) as raised:
        read_all(module, path)
    assert raised.value.rule == "file.truncated"
    assert "cut off" in raised.value.reason
    assert raised.value.line is not None and raised.value.snippet


@pytest.mark.parametrize(
    ("module", "document", "reason_part"),
    [
        (pwc_evaluation, {"dataset": "SQuAD1.1", "sota": {"rows": []}}, "list of tasks"),
        (pwc_evaluation, "just a string", "list of tasks"),
        (pwc_api, [api_paper()], "neither a paper"),
        (pwc_api, {"status": "ok", "date": "2025-01-10", "data": []}, "neither a paper"),
        (pwc_api, {"count": 1, "next": None, "results": {"id": "x"}}, "results is an object"),
    ],
)
def test_wrong_top_level_shape(
    tmp_path: Path, module: ModuleType, document: Any, reason_part: str
) -> None:
    path = write_json(tmp_path, document)
    with pytest.raises(InputFileError) as raised:
        read_all(module, path)
    assert raised.value.rule == "file.wrong_shape"
    assert reason_part in raised.value.reason


# --- record problems: evaluation tables -----------------------------------------------------


def test_a_row_naming_no_paper_is_an_entry_all_the_same(tmp_path: Path) -> None:
    """No title, no URL: the model and its values are read; the transform publishes them
    with their paper unknown."""
    row = leaderboard_row(paper_title="", paper_url=None, model_name="Anon-Net")
    path = write_json(tmp_path, tasks_with(leaderboard_row(), row))
    records, rejects = read_all(pwc_evaluation, path)
    assert rejects.is_empty()
    assert records["record"].to_list() == [1, 2]
    (entry,) = records.filter(pl.col("record") == 2)["leaderboard"].to_list()[0]
    assert (entry["model_name"], entry["metric"]) == ("Anon-Net", "EM")
    assert records.filter(pl.col("record") == 2).select("title", "paper_url").row(0) == (
        None,
        None,
    )


@pytest.mark.parametrize(
    ("bad_row", "rule", "reason_part"),
    [
        (leaderboard_row(paper_title=2018), "record.wrong_type", "paper_title is a number"),
        (leaderboard_row(paper_url=["https://x"]), "record.wrong_type", "paper_url is an array"),
        (leaderboard_row(paper_date="11/10/2018"), "record.wrong_type", "not a date"),
        (leaderboard_row(paper_date="2018-02-30"), "record.wrong_type", "not a date"),
        (leaderboard_row(metrics=["EM", "87.4"]), "record.wrong_type", "metrics is an array"),
        (leaderboard_row(metrics={"EM": {"v": 1}}), "record.wrong_type", "metric 'EM'"),
        (leaderboard_row(metrics={"EM": True}), "record.wrong_type", "a boolean"),
        (leaderboard_row(code_links=[7]), "record.wrong_type", "code link is a number"),
        (leaderboard_row(code_links={"url": "x"}), "record.wrong_type", "code_links is an object"),
        (
            {k: v for k, v in leaderboard_row().items() if k != "metrics"},
            "record.missing_field",
            "no metrics",
        ),
        ("a row as a string", "record.wrong_type", "is a string"),
    ],
)
def test_bad_rows_are_quarantined_and_the_rest_kept(
    tmp_path: Path, bad_row: Any, rule: str, reason_part: str
) -> None:
    path = write_json(tmp_path, tasks_with(leaderboard_row(), bad_row, leaderboard_row()))
    records, rejects = read_all(pwc_evaluation, path)
    assert records["record"].to_list() == [1, 3]
    assert rejects["record_number"].to_list() == [2]
    assert rejects["rule"].to_list() == [rule]
    assert reason_part in rejects["reason"][0]
    assert "/0/datasets/0/sota/rows/1" in rejects["reason"][0]
    assert rejects["source_file"].to_list() == [str(path)]


def test_broken_containers_are_quarantined_and_the_rest_kept(tmp_path: Path) -> None:
    tasks = [
        "not a task",
        {"task": "Broken datasets", "datasets": {"dataset": "X"}},
        {"task": "Broken sota", "datasets": [{"dataset": "X", "sota": []}, 5]},
        *tasks_with(leaderboard_row()),
    ]
    records, rejects = read_all(pwc_evaluation, write_json(tmp_path, tasks))
    assert records["record"].to_list() == [1]
    assert rejects["rule"].to_list() == ["record.wrong_type"] * 4
    assert rejects["record_number"].to_list() == [None] * 4
    assert [reason.split(" ")[0] for reason in rejects["reason"]] == [
        "/0:",
        "/1:",
        "/2/datasets/0:",
        "/2/datasets/1:",
    ]


def test_json_numbers_keep_their_literal_text(tmp_path: Path) -> None:
    document = json.dumps(tasks_with(leaderboard_row(metrics="METRICS")))
    literals = '{"a": 0.930, "b": 1e-3, "c": 42, "d": -0.5, "e": NaN}'
    path = tmp_path / "numbers.json"
    path.write_text(document.replace('"METRICS"', literals))
    records, _ = read_all(pwc_evaluation, path)
    values = records["leaderboard"][0].struct.field("value_text").to_list()
    assert values == ["0.930", "1e-3", "42", "-0.5", "NaN"]


def test_evaluation_survives_a_10_mb_title_and_nul_characters(tmp_path: Path) -> None:
    huge = leaderboard_row(paper_title="A" * TEN_MB)
    escaped_nul = leaderboard_row(paper_title="Title\u0000 with NUL", model_name="M\u0000")
    path = write_json(tmp_path, tasks_with(huge, escaped_nul))
    # A raw NUL byte inside a string, as a broken exporter might write it.
    raw = path.read_bytes().replace(b"87.433", b"87.4\x0033", 1)
    path.write_bytes(raw)
    records, rejects = read_all(pwc_evaluation, path)
    assert rejects.is_empty()
    assert records["title"].str.len_chars().to_list() == [TEN_MB, len("Title with NUL")]
    entries = records["leaderboard"].explode().struct.unnest()
    assert entries["value_text"].to_list() == ["87.433", "87.433"]
    assert entries["model_name"].to_list() == ["BERT (ensemble)", "M"]


# --- record problems: API responses ---------------------------------------------------------


@pytest.mark.parametrize(
    ("bad_item", "rule", "reason_part"),
    [
        ("generative-adversarial-networks", "record.wrong_type", "is a string, not a paper"),
        ({**api_paper(), "id": None}, "record.missing_field", "no id"),
        ({k: v for k, v in api_paper().items() if k != "id"}, "record.missing_field", "no id"),
        (api_paper(id=42), "record.wrong_type", "id is a number"),
        (
            api_paper(authors="Ian Goodfellow, Yoshua Bengio"),
            "record.wrong_type",
            "authors is a string",
        ),
        (api_paper(authors=[{"name": "Ian"}]), "record.wrong_type", "an author is an object"),
        (api_paper(published="June 2014"), "record.wrong_type", "not a date"),
        (api_paper(abstract=["We", "propose"]), "record.wrong_type", "abstract is an array"),
        ({"id": "gan", "name": "GAN", "full_name": "GAN"}, "record.no_paper", "holds no paper"),
    ],
)
def test_bad_papers_are_quarantined_and_the_rest_kept(
    tmp_path: Path, bad_item: Any, rule: str, reason_part: str
) -> None:
    page = api_page(api_paper(id="first"), bad_item, api_paper(id="third"))
    records, rejects = read_all(pwc_api, write_json(tmp_path, page))
    assert records["pwc_id"].to_list() == ["first", "third"]
    assert records["record"].to_list() == [1, 3]
    assert rejects["record_number"].to_list() == [2]
    assert rejects["rule"].to_list() == [rule]
    assert reason_part in rejects["reason"][0]
    assert rejects["reason"][0].startswith("results[1]")


def test_api_url_abs_is_the_link_to_the_paper(tmp_path: Path) -> None:
    page = api_page(
        api_paper(id="a", arxiv_id=None, url_abs="https://arxiv.org/abs/1406.2661v1"),
        api_paper(id="d", arxiv_id=None, url_abs="https://www.pnas.org/content/79/8/2554"),
        api_paper(id="e", doi="10.1000/xyz", proceeding=None, conference="neurips-2019-12"),
    )
    records, _ = read_all(pwc_api, write_json(tmp_path, page))
    rows = records.select("paper_url", "arxiv_id", "doi", "links", "listing_name").to_dicts()
    assert rows[0]["paper_url"] == "https://arxiv.org/abs/1406.2661v1"
    assert rows[0]["links"] == [{"url": "https://arxiv.org/abs/1406.2661v1", "field": "url_abs"}]
    assert rows[1]["links"] == [
        {"url": "https://www.pnas.org/content/79/8/2554", "field": "url_abs"}
    ]
    assert rows[2]["doi"] == "10.1000/xyz"
    assert rows[2]["listing_name"] is None


def test_api_proceeding_and_conference_slugs_make_no_listing(tmp_path: Path) -> None:
    page = api_page(
        api_paper(
            conference="generative-adversarial-networks-1",
            proceeding="proceedings-of-the-27th-international",
        )
    )
    records, _ = read_all(pwc_api, write_json(tmp_path, page))
    assert records["listing_name"].to_list() == [None]


def test_api_survives_a_10_mb_abstract_and_nul_characters(tmp_path: Path) -> None:
    page = api_page(
        api_paper(id="huge", abstract="word " * (TEN_MB // 5)),
        api_paper(id="nul", title="GAN\u0000s", authors=["Ian\u0000", "\u0000"]),
    )
    path = write_json(tmp_path, page)
    path.write_bytes(path.read_bytes().replace(b"We propose", b"We pro\x00pose"))
    records, rejects = read_all(pwc_api, path)
    assert rejects.is_empty()
    assert records["abstract_source"].str.len_chars()[0] == TEN_MB - 1  # trailing space stripped
    assert records["abstract_source"][1] == "We propose a new framework."
    assert records["title"][1] == "GANs"
    assert records["authors"][1].to_list() == [
        {"name": "Ian", "affiliation": None, "affiliations": None}
    ]


def test_api_empty_page_yields_nothing(tmp_path: Path) -> None:
    records, rejects = read_all(pwc_api, write_json(tmp_path, api_page()))
    assert records.is_empty() and rejects.is_empty()

"""The Hugging Face Daily Papers reader: golden files, sniffing, schema drift, bad input."""

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from etl.extract import hf_daily
from etl.extract.common import InputFileError, SourceFile, file_sha256
from tests.samples import SHARED_DATA, needs_shared_data

FIXTURES = Path(__file__).parents[2] / "fixtures"
HF_DAILY = FIXTURES / "hf-daily"
GOLDEN = FIXTURES / "golden" / "hf-daily"
FIXTURE_FILES = sorted(HF_DAILY.glob("*.json"))
SAMPLE_TEXTS = sorted((Path(__file__).parents[3] / "data" / "sample").glob("*.txt"))
TEN_MB = 10 * 1024 * 1024


def _source(path: Path) -> SourceFile:
    sha, size = file_sha256(path)
    return SourceFile(path, sha, size, "hf-daily")


def _read(path: Path, batch_rows: int = 1000) -> tuple[pl.DataFrame, pl.DataFrame]:
    batches = list(hf_daily.read(_source(path), batch_rows=batch_rows))
    records = pl.concat([batch.records for batch in batches])
    rejects = pl.concat([batch.rejects for batch in batches])
    return records, rejects


def _write(directory: Path, document: Any, name: str = "2025-01-10.json") -> Path:
    path = directory / name
    if isinstance(document, bytes):
        path.write_bytes(document)
    else:
        path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _item(paper_id: str | None = "2501.00001", **paper_fields: Any) -> dict[str, Any]:
    """A minimal item in the newer schema; paper_fields replace or add paper fields."""
    paper = {
        "id": paper_id,
        "authors": [{"_id": "a1", "name": "Ada Lovelace", "hidden": False}],
        "publishedAt": "2025-01-09T18:53:06.000Z",
        "title": f"Paper {paper_id}",
        "summary": "An abstract.",
        "upvotes": 3,
    }
    paper.update(paper_fields)
    return {"paper": paper, "publishedAt": "2025-01-09T22:24:36.430Z", "numComments": 1}


def _rejected(path: Path) -> tuple[pl.DataFrame, list[tuple[int, str]]]:
    records, rejects = _read(path)
    return records, list(zip(rejects["record_number"], rejects["rule"], strict=True))


# Golden files --------------------------------------------------------------------------------


@pytest.mark.parametrize("fixture", FIXTURE_FILES, ids=lambda path: path.name)
def test_records_match_golden(fixture: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(HF_DAILY)  # source_file is the path as given: the bare name here
    records, rejects = _read(Path(fixture.name))
    assert rejects.is_empty()
    produced = [json.loads(line) for line in records.write_ndjson().splitlines()]
    golden_lines = (GOLDEN / f"{fixture.stem}.records.jsonl").read_text().splitlines()
    assert produced == [json.loads(line) for line in golden_lines]


def test_golden_fixtures_cover_the_three_layouts() -> None:
    assert [path.name for path in FIXTURE_FILES] == [
        "2024-08-05.json",  # older schema, plain list, a hidden author
        "2025-01-10.json",  # wrapped {status, date, count, data}, Python-repr items
        "2025-10-02.json",  # newer schema: keywords, links, submitterOrganization
    ]


def test_no_user_data_beyond_author_names_is_loaded() -> None:
    records = pl.concat([_read(path)[0] for path in FIXTURE_FILES])
    text = records.write_ndjson()
    # Submitters' handles, a user fullname that differs from the author name, avatars.
    for personal in ("akhaliq", "Skylion007", "fangwu97", "taesiri", "Philip Huo", "avatars"):
        assert personal not in text
    assert set(records["authors"].explode().struct.field("affiliation").to_list()) == {None}


def test_hidden_author_is_left_out_and_the_others_keep_their_order() -> None:
    records, _ = _read(HF_DAILY / "2024-08-05.json")
    names = records.filter(pl.col("source_record_id") == "2408.01291")["authors"][0]
    assert [author["name"] for author in names][2:5] == ["Xinxin Zuo", "Juwei Lu", "Peng Dai"]
    assert "Zhihao Shi" not in [author["name"] for author in names]


def test_batches_hold_at_most_batch_rows_and_add_up_to_the_whole() -> None:
    path = HF_DAILY / "2025-01-10.json"
    batches = list(hf_daily.read(_source(path), batch_rows=2))
    assert [batch.records.height for batch in batches] == [2, 1]
    assert pl.concat([batch.records for batch in batches]).equals(_read(path)[0])


# Sniffing -------------------------------------------------------------------------------------


def _head(path: Path) -> str:
    with path.open("rb") as handle:
        return handle.read(64 * 1024).decode("utf-8", errors="replace")


@pytest.mark.parametrize("fixture", FIXTURE_FILES, ids=lambda path: path.name)
def test_looks_like_every_fixture(fixture: Path) -> None:
    assert hf_daily.looks_like(_head(fixture))


@pytest.mark.parametrize(
    "head",
    [
        '[\n    {\n        "id": "0JzWiigkUy",\n        "title": "BEARCUBS",\n        "track": "main",\n        "status": "Poster",\n        "abstract": "Modern web agents"',
        '[\n  {\n    "categories": [],\n    "datasets": [\n      {\n        "dataset": "SQuAD2.0",\n        "sota": {"rows": [{"model_name": "x", "paper_title": "y"}]}',
        '{\n  "count": 2,\n  "next": null,\n  "previous": null,\n  "results": [\n    {\n      "id": "657bb1c5",\n      "paper": "hierarchical-multi-scale-attention-for",\n      "best_metric": "mean iou (class)"',
        '{"id": "0704.0001", "submitter": "Pavel Nadolsky", "authors": "C. Bal\\u00e1zs", "title": "Calculation of prompt diphoton production", "abstract": "A fully differential calculation"}\n',
        "Daily Papers\nWe introduce a paper object: {'paper': {'id': 1}} in plain text.\n",
        "",
    ],
    ids=[
        "openreview-list",
        "pwc-evaluation-table",
        "pwc-api-results",
        "arxiv-jsonl",
        "text",
        "empty",
    ],
)
def test_does_not_look_like_other_formats(head: str) -> None:
    assert not hf_daily.looks_like(head)


@pytest.mark.parametrize("sample", SAMPLE_TEXTS, ids=lambda path: path.name)
def test_does_not_look_like_the_repository_text_listings(sample: Path) -> None:
    assert not hf_daily.looks_like(_head(sample))


@needs_shared_data
def test_sniffing_over_the_shared_sample_folders() -> None:
    daily = sorted((SHARED_DATA / "hf-daily").glob("*.json"))
    others = [
        *(SHARED_DATA / "paperlists").glob("*.json"),
        *(SHARED_DATA / "pwc").glob("**/*.json"),
        *(SHARED_DATA / "arxiv").glob("*.jsonl"),
        *SAMPLE_TEXTS,
    ]
    assert daily and others
    assert [path.name for path in daily if not hf_daily.looks_like(_head(path))] == []
    assert [path.name for path in others if hf_daily.looks_like(_head(path))] == []


@needs_shared_data
def test_every_shared_sample_day_is_read_whole() -> None:
    for path in sorted((SHARED_DATA / "hf-daily").glob("*.json")):
        records, rejects = _read(path)
        assert rejects.is_empty(), path.name
        assert records["listing_name"].unique().to_list() == [f"Daily Papers {path.stem}"]


# Listing day and schema drift -----------------------------------------------------------------


def test_wrapper_date_wins_over_the_file_name(tmp_path: Path) -> None:
    wrapped = {"status": "success", "date": "2025-01-10", "count": 1, "data": [_item()]}
    records, _ = _read(_write(tmp_path, wrapped, name="2099-12-31.json"))
    assert records["listing_name"].to_list() == ["Daily Papers 2025-01-10"]


def test_listing_day_from_a_date_anywhere_in_the_file_name(tmp_path: Path) -> None:
    records, _ = _read(_write(tmp_path, [_item()], name="daily-2025-01-10-dump.json"))
    assert records["listing_name"].to_list() == ["Daily Papers 2025-01-10"]


def test_listing_day_from_the_submitted_on_daily_day_all_items_share(tmp_path: Path) -> None:
    items = [
        _item("2501.00001", submittedOnDailyAt="2025-01-10T02:53:24.628Z"),
        _item("2501.00002", submittedOnDailyAt="2025-01-10T09:10:00.000Z"),
    ]
    records, _ = _read(_write(tmp_path, items, name="papers.json"))
    assert records["listing_name"].unique().to_list() == ["Daily Papers 2025-01-10"]


@pytest.mark.parametrize(
    "items",
    [
        [_item()],  # nothing to tell the day by (publishedAt is the arXiv date)
        [
            _item("2501.00001", submittedOnDailyAt="2025-01-10T02:53:24.628Z"),
            _item("2501.00002", submittedOnDailyAt="2025-01-11T02:53:24.628Z"),
        ],
    ],
    ids=["no-day", "days-disagree"],
)
def test_file_without_a_listing_day_is_refused(tmp_path: Path, items: list[Any]) -> None:
    with pytest.raises(InputFileError) as raised:
        list(hf_daily.read(_source(_write(tmp_path, items, name="papers.json")), batch_rows=10))
    assert raised.value.rule == "file.no_listing_day"
    assert "rename the file" in raised.value.reason


def test_an_empty_day_gives_no_records(tmp_path: Path) -> None:
    assert list(hf_daily.read(_source(_write(tmp_path, [])), batch_rows=10)) == []


@pytest.mark.parametrize(
    ("item", "organization"),
    [
        (
            {**_item(organization={"name": "SJTU", "fullname": "Shanghai Jiao Tong University"})},
            "Shanghai Jiao Tong University",
        ),
        ({**_item(), "organization": {"_id": "x", "name": "SJTU"}}, "SJTU"),
        (
            {
                **_item(),
                "submitterOrganization": {"name": "stanfordnlp", "fullname": "Stanford NLP"},
            },
            "Stanford NLP",
        ),
        ({**_item(organization="Acme Lab")}, "Acme Lab"),
        (_item(), None),
    ],
    ids=[
        "paper-organization",
        "item-organization-name-only",
        "submitterOrganization",
        "plain-string",
        "none",
    ],
)
def test_organization_wherever_the_day_puts_it(
    tmp_path: Path, item: dict[str, Any], organization: str | None
) -> None:
    records, _ = _read(_write(tmp_path, [item]))
    assert records["organization"].to_list() == [organization]


def test_drifted_and_blank_fields(tmp_path: Path) -> None:
    item = _item(
        title=None,
        summary=None,
        ai_keywords=["RLVR", "", "  ", " credit assignment "],
        githubRepo="https://github.com/o/r",
        projectPage="",
    )
    item.update(title="Title from the item", summary="Summary from the item")
    records, rejects = _read(_write(tmp_path, [item]))
    assert rejects.is_empty()
    record = records.row(0, named=True)
    assert record["title"] == "Title from the item"
    assert record["abstract_source"] == "Summary from the item"
    assert [keyword["keyword"] for keyword in record["keywords"]] == ["RLVR", "credit assignment"]
    assert record["links"] == [{"url": "https://github.com/o/r", "field": "githubRepo"}]
    assert record["published_on"].isoformat() == "2025-01-09"  # the paper's, not the item's


# Bad input: the whole file --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "rule", "reason_part"),
    [
        (b"", "file.empty", "empty"),
        (b"\xef\xbb\xbf  \n", "file.empty", "empty"),
        (b'[{"paper": {"id": "2501.00001", "title": "Cut o', "file.truncated", "cut off"),
        (b'[\n  {"paper": {"id": "2501.00001"}},\n', "file.truncated", "line 3"),
        (b"Daily Papers\nnot json at all\n", "file.not_json", "line 1, column 1"),
        (b'[{"paper": {"id": "2501.00001"}}, oops]', "file.not_json", "column 35"),
        (b"[" * 100_000 + b"]" * 100_000, "file.not_json", "nested too deeply"),
        (b"42", "file.wrong_shape", "top level is a number"),
        (b'"a string"', "file.wrong_shape", "top level is a string"),
        (b'{"paper": {"id": "2501.00001"}}', "file.wrong_shape", "top level is an object"),
        (
            b'{"status": "error", "date": "2025-01-10", "count": 0, "data": []}',
            "file.api_error",
            "'error'",
        ),
        ('[{"paper": {"title": "caf\u00e9"}}]'.encode("latin-1"), "file.not_utf8", "byte 0xe9"),
    ],
    ids=[
        "empty",
        "bom-and-blanks",
        "truncated-in-a-string",
        "truncated-between-items",
        "text",
        "junk-inside",
        "deep-nesting",
        "number",
        "string",
        "single-item-object",
        "api-error",
        "latin-1",
    ],
)
def test_unusable_file_raises_with_a_rule(
    tmp_path: Path, content: bytes, rule: str, reason_part: str
) -> None:
    path = _write(tmp_path, content)
    with pytest.raises(InputFileError) as raised:
        list(hf_daily.read(_source(path), batch_rows=10))
    assert raised.value.rule == rule
    assert reason_part in raised.value.reason
    assert raised.value.source_file == str(path)


# Bad input: one item, the others kept --------------------------------------------------------


@pytest.mark.parametrize(
    ("bad_item", "rule", "reason_part"),
    [
        (_item(None), "record.missing_field", "no id"),
        (
            {**_item(), "paper": {k: v for k, v in _item()["paper"].items() if k != "id"}},
            "record.missing_field",
            "no id",
        ),
        (_item("   "), "record.missing_field", "no id"),
        (_item(title=None), "record.missing_field", "has no title"),
        (
            {"publishedAt": "2025-01-09T22:24:36.430Z", "numComments": 0},
            "record.missing_field",
            "no paper object",
        ),
        (
            _item(title=["Part one", "Part two"]),
            "record.wrong_type",
            "paper.title is a list, expected a string",
        ),
        (_item(2501.00001), "record.wrong_type", "paper.id is a number"),
        (_item(summary={"en": "An abstract."}), "record.wrong_type", "paper.summary is an object"),
        (
            _item(authors="Ada Lovelace, Charles Babbage"),
            "record.wrong_type",
            "paper.authors is a string",
        ),
        (
            _item(authors=[{"name": ["Ada", "Lovelace"]}]),
            "record.wrong_type",
            "paper.authors[1].name is a list",
        ),
        (
            _item(authors=[{"name": "Ada"}, {"hidden": False}]),
            "record.missing_field",
            "paper.authors[2] has no name",
        ),
        (_item(ai_keywords="RLVR, MCTS"), "record.wrong_type", "paper.ai_keywords is a string"),
        (_item(ai_keywords=["RLVR", 7]), "record.wrong_type", "paper.ai_keywords[2] is a number"),
        (
            _item(githubRepo=["https://github.com/o/r"]),
            "record.wrong_type",
            "paper.githubRepo is a list",
        ),
        (_item(upvotes="51"), "record.wrong_type", "paper.upvotes is a string"),
        (_item(upvotes=True), "record.wrong_type", "paper.upvotes is true/false"),
        (_item(upvotes=10**12), "record.wrong_type", "too large"),
        (_item(publishedAt="last Tuesday"), "record.wrong_type", "not an ISO 8601 date"),
        (_item(organization=["SJTU"]), "record.wrong_type", "paper.organization is a list"),
        ({**_item(), "numComments": 1.5}, "record.wrong_type", "numComments is a number"),
        ({**_item(), "paper": "2501.00001"}, "record.wrong_type", "paper is a string"),
        (17, "record.wrong_type", "item is a number"),
        (["2501.00001"], "record.wrong_type", "item is a list"),
        (None, "record.wrong_type", "item is null"),
        (
            "{'paper': {'id': '2501.00009', 'title': 'Cut",
            "record.unparseable",
            "not a Python literal",
        ),
        ("{'paper': __import__('os').system('echo pwned')}", "record.unparseable", "holding code"),
        ("['2501.00009']", "record.wrong_type", "item is a list"),
        ("{" * 300 + "}" * 300, "record.unparseable", "not a Python literal"),
        ("-" * 100_000 + "1", "record.unparseable", "nested too deeply"),
    ],
)
def test_bad_item_is_quarantined_and_the_good_ones_kept(
    tmp_path: Path, bad_item: Any, rule: str, reason_part: str
) -> None:
    path = _write(tmp_path, [_item("2501.00001"), bad_item, _item("2501.00003")])
    records, rejects = _read(path)
    assert records["source_record_id"].to_list() == ["2501.00001", "2501.00003"]
    assert records["record"].to_list() == [1, 3]
    reject = rejects.row(0, named=True)
    assert rejects.height == 1
    assert (reject["source_file"], reject["record_number"], reject["line_number"]) == (
        str(path),
        2,
        None,
    )
    assert reject["rule"] == rule
    assert reason_part in reject["reason"]
    assert reject["raw_snippet"]


def test_python_repr_item_with_true_false_none_is_recovered(tmp_path: Path) -> None:
    repr_item = repr({**_item("2501.00002", githubRepo=None), "isAuthorParticipating": False})
    records, rejects = _read(_write(tmp_path, [repr_item]))
    assert rejects.is_empty()
    assert records["source_record_id"].to_list() == ["2501.00002"]


def test_reject_snippet_names_the_paper_without_user_data(tmp_path: Path) -> None:
    user = {"avatarUrl": "/avatars/x.svg", "fullname": "Someone Else", "user": "handle42"}
    author = {"_id": "a1", "user": user, "name": "Ada Lovelace", "hidden": False}
    broken_repr = repr(_item("2501.00009", authors=[author]))[:-5]  # cut: not parseable
    cut_inside_user = repr(_item("2501.00011", authors=[author])).split("handle42")[0] + "handle42"
    bad_title = _item("2501.00010", title=7, authors=[author])
    bad_title["submittedBy"] = {**user, "name": "handle42"}
    _, rejects = _read(_write(tmp_path, [broken_repr, bad_title, cut_inside_user]))
    assert rejects["rule"].to_list() == [
        "record.unparseable",
        "record.wrong_type",
        "record.unparseable",
    ]
    # Only the item that could be read names its paper; the cut ones name none.
    assert rejects["source_record_id"].to_list() == [None, "2501.00010", None]
    snippets = rejects["raw_snippet"].to_list()
    assert "2501.00009" in snippets[0] and "Ada Lovelace" in snippets[0]
    assert snippets[1] == '{"id": "2501.00010", "title": 7}'
    assert "2501.00011" in snippets[2]
    for snippet in snippets:
        assert (
            "handle42" not in snippet and "avatars" not in snippet and "Someone Else" not in snippet
        )


def test_every_item_bad_still_reports_each_one(tmp_path: Path) -> None:
    records, reported = _rejected(_write(tmp_path, [_item(None), "{'paper':", 3]))
    assert records.is_empty()
    assert reported == [
        (1, "record.missing_field"),
        (2, "record.unparseable"),
        (3, "record.wrong_type"),
    ]


# Big and strange strings ----------------------------------------------------------------------


def test_ten_megabyte_abstract_is_kept_whole(tmp_path: Path) -> None:
    huge = "word " * (TEN_MB // 5)
    items = [_item("2501.00001", summary=huge), repr(_item("2501.00002", summary=huge))]
    records, rejects = _read(_write(tmp_path, items))
    assert rejects.is_empty()
    # Raw records keep the abstract as given (stripped); the transform decides what is too long.
    assert records["abstract_source"].str.len_chars().to_list() == [len(huge) - 1] * 2


def test_nul_characters_are_removed_wherever_they_come(tmp_path: Path) -> None:
    escaped = json.dumps(_item("2501.00001", title="Zero\u0000 shot")).encode()
    raw_byte = (
        json.dumps(_item("2501.00002", title="Zero<NUL> shot")).replace("<NUL>", "\x00").encode()
    )
    in_repr = (
        json.dumps(repr(_item("2501.00003", title="Zero<NUL> shot")))
        .replace("<NUL>", "\\u0000")
        .encode()
    )
    key_with_nul = json.dumps(_item("2501.0000\u00004", ai_keywords=["\u0000"])).encode()
    path = _write(tmp_path, b"[" + b",".join([escaped, raw_byte, in_repr, key_with_nul]) + b"]")
    records, rejects = _read(path)
    assert rejects.is_empty()
    assert records["title"].to_list()[:3] == ["Zero shot"] * 3
    assert records["source_record_id"].to_list()[3] == "2501.00004"
    assert records["keywords"].to_list()[3] == []


def test_lone_surrogates_are_replaced_not_a_crash(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        b'[{"paper": {"id": "2501.00001", "title": "Broken \\ud800 pair", "authors": [{"name": "\\udc00"}]}}, 5]',
    )
    records, rejects = _read(path)
    assert records["title"].to_list() == ["Broken \ufffd pair"]
    assert rejects["rule"].to_list() == ["record.wrong_type"]

"""The paper-list reader (papercopilot/paperlists, OpenReview-style): golden raw records, no
personal data, format sniffing, and broken input."""

import json
from datetime import date
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from etl.extract import paperlists
from etl.extract.common import InputFileError, SourceFile, file_sha256
from tests.samples import SHARED_DATA, needs_shared_data

REPO_ROOT = Path(__file__).parents[3]
FIXTURES = REPO_ROOT / "tests" / "fixtures"
PAPERLISTS = FIXTURES / "paperlists"
GOLDEN = FIXTURES / "golden" / "paperlists"
SNIFF_CHARS = 64 * 1024
PERSONAL_FIELDS = ("authorids", "gender", "homepage", "dblp", "google_scholar", "orcid",
                   "linkedin", "or_profile", "aff_domain", "position", "email")  # fmt: skip


def _read(path: Path, batch_rows: int = 1000) -> tuple[pl.DataFrame, pl.DataFrame]:
    sha, size = file_sha256(path)
    batches = list(
        paperlists.read(SourceFile(path, sha, size, "paperlists"), batch_rows=batch_rows)
    )
    records = pl.concat([batch.records for batch in batches])
    rejects = pl.concat([batch.rejects for batch in batches])
    return records, rejects


def _fixture_papers(name: str) -> list[dict[str, Any]]:
    return json.loads((PAPERLISTS / name).read_text())


def _write(directory: Path, papers: Any, name: str = "colm2025.json") -> Path:
    path = directory / name
    path.write_text(json.dumps(papers))
    return path


def _read_error(path: Path) -> InputFileError:
    with pytest.raises(InputFileError) as raised:
        _read(path)
    assert str(path) in str(raised.value)
    return raised.value


# --- golden ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["colm2025", "nips2018"])
def test_raw_records_match_golden(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(PAPERLISTS)  # source_file is the path as given
    records, rejects = _read(Path(f"{name}.json"))
    assert rejects.is_empty()
    produced = [json.loads(line) for line in records.write_ndjson().splitlines()]
    golden = [json.loads(line) for line in (GOLDEN / f"{name}.raw.jsonl").read_text().splitlines()]
    assert produced == golden


def test_batches_hold_at_most_batch_rows_and_keep_record_numbers() -> None:
    whole, _ = _read(PAPERLISTS / "nips2018.json")
    sha, size = file_sha256(PAPERLISTS / "nips2018.json")
    source = SourceFile(PAPERLISTS / "nips2018.json", sha, size, "paperlists")
    batches = list(paperlists.read(source, batch_rows=3))
    assert [batch.records.height for batch in batches] == [3, 3, 1]
    assert pl.concat([batch.records for batch in batches]).equals(whole)
    assert whole["record"].to_list() == [1, 2, 3, 4, 5, 6, 7]


def test_openreview_id_only_where_the_record_links_to_openreview() -> None:
    colm, _ = _read(PAPERLISTS / "colm2025.json")
    nips, _ = _read(PAPERLISTS / "nips2018.json")
    assert colm["openreview_id"].to_list() == colm["source_record_id"].to_list()
    # NeurIPS 2018 ids are nips.cc poster numbers: kept as the source's id only.
    assert nips["openreview_id"].is_null().all()
    assert nips["source_record_id"].to_list()[:2] == ["11127", "11960"]


# --- personal data -----------------------------------------------------------------------


def _personal_values(papers: list[dict[str, Any]]) -> set[str]:
    """Every non-empty per-author value of the personal fields (`;` and `+` separated)."""
    return {
        value.strip()
        for paper in papers
        for field in PERSONAL_FIELDS
        for slot in str(paper.get(field) or "").split(";")
        for value in slot.split("+")
        if value.strip()
    }


@pytest.mark.parametrize("name", ["colm2025.json", "nips2018.json"])
def test_no_personal_value_reaches_a_record_or_a_reject(name: str, tmp_path: Path) -> None:
    papers = _fixture_papers(name)
    personal = _personal_values(papers)
    assert len(personal) >= 10  # the fixture does carry personal fields
    # The same papers again, one without its title so that it is quarantined with a snippet.
    untitled = {key: value for key, value in papers[0].items() if key != "title"}
    records, rejects = _read(_write(tmp_path, [*papers, untitled], name))
    assert rejects["rule"].to_list() == ["record.missing_field"]
    everything = records.write_ndjson() + rejects.write_ndjson()
    assert [value for value in personal if value in everything] == []
    assert set(records["authors"].explode().struct.fields) == {
        "name",
        "affiliation",
        "affiliations",
    }


def _atomic_strings(records: pl.DataFrame) -> set[str]:
    """Every string value in the records, list and struct members included."""
    values: set[str] = set()
    for row in records.iter_rows():
        stack = list(row)
        while stack:
            value = stack.pop()
            if isinstance(value, str):
                values.add(value)
            elif isinstance(value, list):
                stack.extend(value)
            elif isinstance(value, dict):
                stack.extend(value.values())
    return values


@needs_shared_data
@pytest.mark.parametrize(
    ("name", "count", "listing_name", "with_openreview_id", "with_arxiv_id", "links"),
    [
        ("colm2025.json", 418, "COLM 2025", 418, 0, 0),
        ("nips2018.json", 1009, "NeurIPS 2018", 0, 13, 81),
    ],
)
def test_full_samples(
    name: str,
    count: int,
    listing_name: str,
    with_openreview_id: int,
    with_arxiv_id: int,
    links: int,
) -> None:
    path = SHARED_DATA / "paperlists" / name
    records, rejects = _read(path, batch_rows=250)
    assert (records.height, rejects.height) == (count, 0)
    assert records["listing_name"].unique().to_list() == [listing_name]
    assert records["openreview_id"].is_not_null().sum() == with_openreview_id
    assert records["arxiv_id"].is_not_null().sum() == with_arxiv_id
    assert records["links"].list.len().sum() == links
    papers = json.loads(path.read_text())
    # `position` sometimes names an employer ("Google Research") that is also an affiliation.
    loaded_anyway = {
        value.strip()
        for paper in papers
        for field in ("author", "aff", "aff_unique_norm")
        for slot in (paper.get(field) or "").split(";")
        for value in [slot, *slot.split("+")]
    }
    assert (_personal_values(papers) - loaded_anyway) & _atomic_strings(records) == set()


# --- format sniffing ---------------------------------------------------------------------


def _head(path: Path) -> str:
    with path.open("rb") as handle:
        return handle.read(SNIFF_CHARS).decode("utf-8", errors="replace")


@pytest.mark.parametrize("name", ["colm2025.json", "nips2018.json"])
def test_looks_like_the_fixtures(name: str) -> None:
    assert paperlists.looks_like(_head(PAPERLISTS / name))


def test_looks_like_a_head_cut_inside_a_huge_first_abstract() -> None:
    paper = _fixture_papers("colm2025.json")[0] | {"abstract": "x" * (2 * SNIFF_CHARS)}
    assert paperlists.looks_like(json.dumps([paper], indent=4)[:SNIFF_CHARS])


@pytest.mark.parametrize(
    "head",
    [
        # Hugging Face Daily Papers: a list of {paper: {...}}, a wrapper, Python-repr strings
        '[{"paper": {"id": "2405.15738", "title": "T", "summary": "S"}, "title": "T", "publishedAt": "2024-05-27"}]',
        '{"status": "ok", "date": "2025-01-10", "count": 1, "data": [{"paper": {"id": "1"}}]}',
        "[\"{'paper': {'id': '2501.05441', 'title': 'T', 'status': 'x'}}\"]",
        # Papers with Code evaluation tables and API responses
        '[{"categories": [], "datasets": [{"dataset": "SQuAD", "sota": {"rows": []}}], "task": "QA"}]',
        '{"count": 2, "next": null, "previous": null, "results": [{"id": "gan", "title": "GAN"}]}',
        # arXiv metadata, JSON Lines
        '{"id": "0704.0001", "submitter": "P", "authors": "A", "title": "T", "abstract": "A"}\n{"id": "0704.0002"}',
        # other JSON, and nothing
        '[{"title": "T", "abstract": "A"}]',
        '["colm2025"]',
        "[]",
        "",
    ],
)
def test_does_not_look_like_other_formats(head: str) -> None:
    assert not paperlists.looks_like(head)


def test_does_not_look_like_a_text_listing() -> None:
    assert not paperlists.looks_like(_head(FIXTURES / "listings" / "tiny.txt"))


@needs_shared_data
def test_looks_like_exactly_the_paper_lists_in_shared_data() -> None:
    files = sorted(path for path in SHARED_DATA.rglob("*") if path.is_file())
    accepted = [
        path.relative_to(SHARED_DATA) for path in files if paperlists.looks_like(_head(path))
    ]
    assert accepted == [Path("paperlists/colm2025.json"), Path("paperlists/nips2018.json")]


# --- listing name ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file_name", "listing_name"),
    [
        ("iclr2024.json", "ICLR 2024"),
        ("nips2019.json", "NeurIPS 2019"),
        ("my papers.json", "my papers"),
    ],
)
def test_listing_name_from_the_file_name_when_no_record_names_its_venue(
    tmp_path: Path, file_name: str, listing_name: str
) -> None:
    papers = [{"id": "a1", "title": "T", "status": "Poster", "bibtex": "@misc{x, year={2024}}"}]
    records, _ = _read(_write(tmp_path, papers, file_name))
    assert records["listing_name"].to_list() == [listing_name]


@pytest.mark.parametrize(
    ("file_name", "listing_name"),
    [
        ("4dv2026.json", "4DV 2026"),
        ("neurips-2023.json", "NeurIPS 2023"),
        ("cvpr_2022.json", "CVPR 2022"),
    ],
)
def test_a_file_name_code_may_start_with_any_character_and_be_separated_from_its_year(
    tmp_path: Path, file_name: str, listing_name: str
) -> None:
    papers = [{"id": "a1", "title": "T", "status": "Poster"}]
    records, _ = _read(_write(tmp_path, papers, file_name))
    assert records["listing_name"].to_list() == [listing_name]
    year = int(listing_name[-4:])
    assert records["published_on"].to_list() == [date(year, 1, 1)]


def _in_proceedings(booktitle: str, year: str | None) -> dict[str, str]:
    year_field = "" if year is None else f", year={{{year}}}"
    return {
        "id": "a1",
        "title": "T",
        "status": "Poster",
        "bibtex": f"@inproceedings{{x, booktitle={{{booktitle}}}{year_field}}}",
    }


def test_a_volume_in_a_long_booktitle_is_not_a_year_the_records_year_is(tmp_path: Path) -> None:
    papers = [_in_proceedings("Advances in Neural Information Processing Systems 36", "2023")]
    records, _ = _read(_write(tmp_path, papers, "papers.json"))
    assert records["listing_name"].to_list() == ["NeurIPS 2023"]


def test_an_unknown_booktitle_is_the_venue_when_the_file_name_has_none(tmp_path: Path) -> None:
    papers = [_in_proceedings("International Workshop on Graph Learning 12", "2021")]
    records, _ = _read(_write(tmp_path, papers, "papers.json"))
    assert records["listing_name"].to_list() == ["International Workshop on Graph Learning 2021"]


def test_no_year_is_invented_when_neither_records_nor_file_name_give_one(tmp_path: Path) -> None:
    papers = [_in_proceedings("Advances in Neural Information Processing Systems 36", None)]
    records, _ = _read(_write(tmp_path, papers, "papers.json"))
    assert records["listing_name"].to_list() == ["NeurIPS"]
    assert records["published_on"].to_list() == [None]
    assert records["published_on_precision"].to_list() == [None]


def test_listing_name_from_the_data_wins_over_the_file_name(tmp_path: Path) -> None:
    records, _ = _read(_write(tmp_path, _fixture_papers("colm2025.json"), "nips2019.json"))
    assert records["listing_name"].unique().to_list() == ["COLM 2025"]


# --- authors -----------------------------------------------------------------------------


def test_affiliations_are_dropped_when_they_do_not_line_up_with_the_authors(tmp_path: Path) -> None:
    paper = {
        "id": "a1",
        "title": "T",
        "status": "Poster",
        "author": "Ann A;Bo B;Cy C",
        "aff": "U1;U2",
    }
    records, _ = _read(_write(tmp_path, [paper]))
    assert records["authors"].to_list() == [
        [{"name": n, "affiliation": None, "affiliations": None} for n in ("Ann A", "Bo B", "Cy C")]
    ]


def _organisations(records: pl.DataFrame) -> list[list[list[str] | None]]:
    return [[author["affiliations"] for author in authors] for authors in records["authors"]]


def test_organisations_are_the_normalised_names_each_author_is_indexed_to() -> None:
    colm, _ = _read(PAPERLISTS / "colm2025.json")
    nips, _ = _read(PAPERLISTS / "nips2018.json")
    umass, umd = "University of Massachusetts Amherst", "University of Maryland"
    # 0;0;1;2+0;2;2 into "University of Massachusetts Amherst;;University of Maryland": the
    # third author has no affiliation (the empty entry), the fourth two.
    assert _organisations(colm)[0] == [[umass], [umass], None, [umd, umass], [umd], [umd]]
    assert colm["authors"][0][3]["affiliation"] == (
        "University of Maryland, College Park+University of Massachusetts at Amherst"
    )
    by_id = dict(zip(nips["source_record_id"], _organisations(nips), strict=True))
    # The institution, not the laboratory and address as written.
    assert by_id["11127"] == [["Nanjing University"], ["Nanjing University"]]
    assert by_id["11254"] == [["Google"], ["NNAISENSE", "IDSIA"]]
    assert by_id["11130"] == [None, None]  # neither field, and no affiliation


# NeurIPS 2018 `11527`, cut down: footnote marks on the affiliations, `+` between several.
OPENAI_PAPER = {
    "id": "11527",
    "title": "Evolved Policy Gradients",
    "status": "Poster",
    "author": "Rein Houthooft; Yuhua Chen; Phillip Isola; Bradly Stadie",
    "aff": "OpenAI∗; OpenAI∗+MIT×; UC Berkeley†; ",
    "aff_unique_norm": "OpenAI;Massachusetts Institute of Technology;"
    "University of California, Berkeley;",
    "aff_unique_index": "0;0+1;2;3",
}


def test_organisations_as_written_split_at_each_lone_plus_without_normalised_names(
    tmp_path: Path,
) -> None:
    # 83 NeurIPS 2018 records have neither aff_unique_norm nor aff_unique_index.
    without_norm = {
        key: value for key, value in OPENAI_PAPER.items() if not key.startswith("aff_unique")
    }
    megvii = {
        **without_norm,
        "id": "11000",
        "author": "A A; B B",
        "aff": "Megvii Inc (Face++) + Fudan University; Fudan University",
    }
    records, _ = _read(_write(tmp_path, [without_norm, megvii], "nips2018.json"))
    # Marks stay here: the transform cleans names the same way for every source.
    assert _organisations(records) == [
        [["OpenAI∗"], ["OpenAI∗", "MIT×"], ["UC Berkeley†"], None],
        [["Megvii Inc (Face++)", "Fudan University"], ["Fudan University"]],
    ]


@pytest.mark.parametrize(
    "change",
    [
        # NeurIPS 2018 `11979`: the index leaves out the author without affiliation.
        {"aff_unique_index": "0;0+1;2"},
        {"aff_unique_index": "0;0+1;2;7"},  # no entry 7
        {"aff_unique_index": "0;0+1;x;3"},
        {"aff_unique_index": "0;0+1;3;3"},  # an author with an affiliation, but no organisation
        {"aff_unique_index": "0;0+1;2;0"},  # an organisation for an author without affiliation
        {"aff_unique_index": None},
        {"aff_unique_norm": ["OpenAI"]},  # not a string: not quarantined for that
    ],
)
def test_normalised_names_that_do_not_agree_with_aff_are_not_used(
    tmp_path: Path, change: dict[str, Any]
) -> None:
    records, rejects = _read(_write(tmp_path, [OPENAI_PAPER | change], "nips2018.json"))
    assert rejects.is_empty()
    assert _organisations(records) == [[["OpenAI∗"], ["OpenAI∗", "MIT×"], ["UC Berkeley†"], None]]


def test_normalised_names_when_they_agree(tmp_path: Path) -> None:
    records, _ = _read(_write(tmp_path, [OPENAI_PAPER], "nips2018.json"))
    assert _organisations(records) == [
        [
            ["OpenAI"],
            ["OpenAI", "Massachusetts Institute of Technology"],
            ["University of California, Berkeley"],
            None,
        ]
    ]
    assert [author["affiliation"] for author in records["authors"][0]] == [
        "OpenAI∗",
        "OpenAI∗+MIT×",
        "UC Berkeley†",
        None,
    ]


def test_comma_joined_authors_when_no_record_of_the_file_uses_semicolons(tmp_path: Path) -> None:
    papers = [
        {"id": "a1", "title": "T1", "status": "Poster", "author": "Ann A, Bo B"},
        {"id": "a2", "title": "T2", "status": "Poster", "author": "Cy C"},
    ]
    records, _ = _read(_write(tmp_path, papers))
    names = [[author["name"] for author in authors] for authors in records["authors"].to_list()]
    assert names == [["Ann A", "Bo B"], ["Cy C"]]


# --- broken input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "rule", "reason_part"),
    [
        (b"", "file.empty", "empty"),
        (b"\xef\xbb\xbf \n\n", "file.empty", "empty"),
        (b'[{"id": "a", "title": "caf\xe9"}]', "file.not_utf8", "not UTF-8"),
        (b"COLM 2025\nan abstract\n", "file.not_json", "not JSON"),
        (b'[{"id": "a", "title": "T"}] [', "file.not_json", "line 1"),
        (b'[{"id": "a", \x00 "title": "T"}]', "file.not_json", "not JSON"),
        (b'[{"id": "a", "title": "T"}, {"id": "b", "tit', "file.truncated", "cut off"),
        (b'[{"id": "a", "title": "T"}, {"id": "b"', "file.truncated", "cut off"),
        (b'[{"id": "a", "title": "T"},\n', "file.truncated", "line 2"),
        (
            b'{"count": 1, "results": [{"id": "a", "title": "T"}]}',
            "file.wrong_shape",
            "keys: count, results",
        ),
        (b"42", "file.wrong_shape", "a number"),
        (b'["a", "b"]', "file.wrong_shape", "a string"),
        (b"[" * 100_000 + b"]" * 100_000, "file.not_json", "nested"),
        (b"[]", "file.no_records", "no papers"),
    ],
)
def test_unusable_files_raise_with_rule_and_reason(
    tmp_path: Path, content: bytes, rule: str, reason_part: str
) -> None:
    path = tmp_path / "colm2025.json"
    path.write_bytes(content)
    error = _read_error(path)
    assert error.rule == rule
    assert reason_part in error.reason


def test_a_fixture_cut_in_half_is_truncated(tmp_path: Path) -> None:
    text = (PAPERLISTS / "nips2018.json").read_text()
    path = tmp_path / "nips2018.json"
    path.write_text(text[: len(text) // 2])
    error = _read_error(path)
    assert error.rule == "file.truncated"
    assert error.line is not None


def test_bad_records_are_quarantined_and_the_others_kept(tmp_path: Path) -> None:
    good = _fixture_papers("colm2025.json")[:2]
    papers = [
        good[0],
        {**good[1], "id": None},  # 2: no id
        {**good[1], "title": "   "},  # 3: blank title
        {**good[1], "author": 42},  # 4: author a number
        {**good[1], "keywords": ["a", "b"], "aff": {"x": 1}},  # 5: two fields of the wrong type
        "not a paper",  # 6
        {**good[1], "id": 12345, "site": ""},  # 7: a numeric id is still an id
        {"title": "T"},  # 8: no id
        good[1],  # 9
    ]
    records, rejects = _read(_write(tmp_path, papers), batch_rows=2)
    assert records["record"].to_list() == [1, 7, 9]
    assert records["source_record_id"].to_list() == [good[0]["id"], "12345", good[1]["id"]]
    assert rejects.select("record_number", "rule").rows() == [
        (2, "record.missing_field"),
        (3, "record.missing_field"),
        (4, "record.wrong_type"),
        (5, "record.wrong_type"),
        (6, "record.wrong_type"),
        (8, "record.missing_field"),
    ]
    reasons = dict(zip(rejects["record_number"], rejects["reason"], strict=True))
    assert reasons[2] == "no id"
    assert reasons[3] == "no title"
    assert reasons[4] == "not a string: 'author' is a number"
    assert reasons[5] == "not a string: 'keywords' is an array, 'aff' is an object"
    assert reasons[6] == "record is a string, not a paper object"
    assert reasons[8] == "no id"
    # A reject names the record by the id it gives, when it gives one.
    assert rejects["source_record_id"].to_list() == [
        None,
        good[1]["id"],
        *[good[1]["id"]] * 2,
        None,
        None,
    ]
    assert rejects["check_name"].is_null().all()
    assert rejects["source_file"].unique().to_list() == [str(tmp_path / "colm2025.json")]
    assert all(len(snippet) <= 200 for snippet in rejects["raw_snippet"])
    assert rejects["raw_snippet"][0].startswith('{"id": null, "title": "Learning Effective')


def test_a_10_mb_abstract_is_kept_as_given(tmp_path: Path) -> None:
    papers = _fixture_papers("nips2018.json")[:3]
    papers[1] = papers[1] | {"abstract": "long " * 2_000_000}
    records, rejects = _read(_write(tmp_path, papers, "nips2018.json"))
    assert rejects.is_empty()
    assert records["abstract_source"].str.len_chars().to_list()[1] == 10_000_000 - 1
    assert records["title"].to_list() == [paper["title"] for paper in papers]


def test_a_lone_surrogate_in_a_quarantined_record_is_quoted_as_a_replacement(
    tmp_path: Path,
) -> None:
    # JSON may escape half of a UTF-16 pair ("\ud800"); Polars and Postgres cannot hold it.
    path = tmp_path / "colm2025.json"
    path.write_bytes(
        b'[{"id": null, "title": "Half \\ud800 pair", "status": "Poster"},'
        b' {"id": "a2", "title": "Fine", "status": "Poster"}]'
    )
    records, rejects = _read(path)
    assert records["source_record_id"].to_list() == ["a2"]
    assert rejects["rule"].to_list() == ["record.missing_field"]
    assert rejects["raw_snippet"][0].startswith('{"id": null, "title": "Half \ufffd pair"')


def test_nul_characters_are_removed_and_the_record_kept(tmp_path: Path) -> None:
    path = tmp_path / "colm2025.json"
    # A raw NUL byte inside a string, and an escaped one.
    path.write_bytes(
        b'[{"id": "a1", "title": "Deep\x00 Nets", "status": "Poster", '
        b'"abstract": "We \\u0000propose.", "author": "Ann\\u0000 A"},'
        b' {"id": "a2", "title": "Fine", "status": "Poster"}]'
    )
    records, rejects = _read(path)
    assert rejects.is_empty()
    assert records["title"].to_list() == ["Deep Nets", "Fine"]
    assert records["abstract_source"][0] == "We propose."
    assert records["authors"][0].to_list() == [
        {"name": "Ann A", "affiliation": None, "affiliations": None}
    ]

"""Every source format loaded into Postgres: one paper per paper, provenance, authors,
incremental loads, bad input. Uses the small fixtures copied from the samples."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest

from etl.config import Settings
from etl.pipeline import EXIT_BAD_INPUT, EXIT_PUBLISHED, load
from etl.progress import Progress
from tests.etl_process import run_etl_here

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).parents[1] / "fixtures"
ALL_FIXTURES = [
    *sorted((FIXTURES / "hf-daily").glob("*.json")),
    *sorted((FIXTURES / "paperlists").glob("*.json")),
    *sorted((FIXTURES / "pwc").glob("*.json")),
    FIXTURES / "listings" / "tiny.txt",
]


def _rows(url: str, query: str, params: tuple = ()) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query, params or None).fetchall()


def _one(url: str, query: str, params: tuple = ()):
    return _rows(url, query, params)[0][0]


def _daily(path: Path, items: list[dict]) -> Path:
    """A Daily Papers API dump: one item per (arxiv id, title, summary, upvotes)."""
    path.write_text(
        json.dumps(
            [
                {
                    "paper": {
                        "id": item["id"],
                        "title": item["title"],
                        "summary": item["summary"],
                        "authors": [{"name": "Ada Lovelace"}, {"name": "Alan Turing"}],
                        "publishedAt": "2025-01-02T00:00:00.000Z",
                        "upvotes": item.get("upvotes", 1),
                    },
                    "numComments": 0,
                }
                for item in items
            ]
        )
    )
    return path


ABSTRACT = (
    "We propose ZetaNet, a method for graph reasoning that reaches 81.5% accuracy on "
    "OGBN-Arxiv and runs 3x faster than prior work. Code: https://github.com/zeta/zetanet."
)


def test_every_format_loads_with_provenance_and_no_personal_data(
    settings: Settings, database_url: str
) -> None:
    outcome = load(ALL_FIXTURES, settings, Progress(quiet=True))

    assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
    formats = {f["format"] for f in outcome.input_files}
    assert formats == {"hf-daily", "paperlists", "pwc-evaluation", "pwc-api", "listing"}
    read = sum(f["records"] for f in outcome.input_files)
    rejected = sum(f["rejected"] for f in outcome.input_files)
    # Records count what readers returned; rejects, also what they quarantined themselves.
    assert read - rejected <= _one(database_url, "SELECT count(*) FROM paper_sources") <= read
    # A value that is no number is set aside on its own, its record published.
    assert _one(database_url, "SELECT count(*) FROM etl.rejects WHERE rule NOT LIKE 'value.%'") == (
        rejected
    )
    assert (
        _one(
            database_url,
            "SELECT count(*) FROM papers p WHERE NOT EXISTS "
            "(SELECT 1 FROM paper_sources s WHERE s.paper_id = p.paper_id)",
        )
        == 0
    )
    assert _one(database_url, "SELECT count(*) FROM papers") == outcome.papers
    # A method name the abstract does not give is the title's opening name, marked so.
    assert (
        _one(database_url, "SELECT count(*) FROM papers WHERE method_name_origin = 'abstract'") > 0
    )
    assert (
        _one(
            database_url,
            "SELECT count(*) FROM papers WHERE method_name_origin = 'title' "
            "AND title LIKE method_name || ':%'",
        )
        == _one(database_url, "SELECT count(*) FROM papers WHERE method_name_origin = 'title'")
        > 0
    )
    # Authors in order, with affiliations where the source gives them.
    assert (
        _one(
            database_url,
            "SELECT count(*) FROM paper_authors WHERE affiliation IS NOT NULL AND "
            "source_format = 'paperlists'",
        )
        > 0
    )
    assert _one(
        database_url,
        "SELECT bool_and(position = rn) FROM (SELECT position, row_number() OVER "
        "(PARTITION BY paper_id ORDER BY position) AS rn FROM paper_authors) ordered",
    )
    # Leaderboard entries are results, through the same vocabularies.
    assert (
        _one(
            database_url,
            "SELECT count(*) FROM results r JOIN tags t ON t.tag_id = r.task_tag_id "
            "WHERE r.origin = 'leaderboard' AND t.kind = 'task' AND r.metric_id IS NOT NULL "
            "AND r.dataset_id IS NOT NULL",
        )
        > 0
    )
    assert _rows(
        database_url,
        "SELECT DISTINCT listing_name FROM listings WHERE listing_name LIKE 'Daily Papers%' "
        "ORDER BY 1",
    ) == [("Daily Papers 2024-08-05",), ("Daily Papers 2025-01-10",), ("Daily Papers 2025-10-02",)]
    # Source tags and source-field links, with their origins.
    origins = dict(_rows(database_url, "SELECT origin, count(*) FROM paper_tags GROUP BY 1"))
    assert {"rule", "author", "source"} <= set(origins)
    assert (
        _one(database_url, "SELECT count(*) FROM paper_repositories WHERE origin = 'source-field'")
        > 0
    )
    # Nothing personal beyond names and affiliations: the fixtures' markers and handles.
    text_columns = _rows(
        database_url,
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = "
        "'public' AND data_type = 'text'",
    )
    with psycopg.connect(database_url) as conn:
        for table, column in text_columns:
            leaked = conn.execute(
                f'SELECT count(*) FROM "{table}" WHERE "{column}" ~ '
                "'private-|avatars/|linkedin\\.com|@[a-z0-9-]+\\.(edu|com|org)'"
            ).fetchone()[0]
            assert leaked == 0, (table, column)


def test_day_after_day_accumulates_listings_without_duplicating_papers(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    first = _daily(
        tmp_path / "2025-01-02.json",
        [{"id": "2501.00001v1", "title": "ZetaNet", "summary": ABSTRACT},
         {"id": "2501.00002", "title": "Other", "summary": "Another abstract. " * 10}],
    )  # fmt: skip
    second = _daily(
        tmp_path / "2025-01-03.json",
        [{"id": "2501.00001v2", "title": "ZetaNet", "summary": ABSTRACT, "upvotes": 9}],
    )
    load([first], settings, Progress(quiet=True))
    load([second], settings, Progress(quiet=True))

    assert _one(database_url, "SELECT count(*) FROM papers") == 2
    assert _rows(
        database_url,
        "SELECT l.listing_name, pl.upvotes FROM paper_listings pl JOIN listings l "
        "USING (listing_id) JOIN papers p USING (paper_id) WHERE p.arxiv_id = '2501.00001' "
        "ORDER BY 1",
    ) == [("Daily Papers 2025-01-02", 1), ("Daily Papers 2025-01-03", 9)]


def test_the_titles_name_wins_over_a_part_the_abstract_introduces(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    daily = _daily(
        tmp_path / "2025-01-02.json",
        [{"id": "2501.00011", "title": "OrbitNav: Planning Routes in Orbit",
          "summary": "OrbitNav plans routes for satellites with a learned cost model. We "
                     "introduce OrbitSet, a dataset of 2,000 manoeuvres, to train OrbitNav."},
         {"id": "2501.00012", "title": "CLX: Closed-Loop eXecution for Agents",
          "summary": "We propose Closed-Loop eXecution (CLX), a planner that checks every "
                     "step of an agent against the state it observes."},
         {"id": "2501.00013", "title": "Quill: Writing Assistants",
          "summary": "We present DraftBench, a benchmark of 500 writing tasks for assistants, "
                     "and find that no assistant drafts a long report well."},
         {"id": "2501.00014", "title": "Inkwell: Long Reports",
          "summary": "We present Inkwell-XL, a writing model that drafts long reports from "
                     "notes, and find that it keeps their structure better than others do."}],
    )  # fmt: skip
    assert load([daily], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED

    assert _rows(
        database_url, "SELECT arxiv_id, method_name, method_name_origin FROM papers ORDER BY 1"
    ) == [
        # The abstract names a part of the work and mentions the title's name: the title's.
        ("2501.00011", "OrbitNav", "title"),
        # A longer form of the title's name: the abstract's.
        ("2501.00012", "Closed-Loop eXecution (CLX)", "abstract"),
        # Two unrelated names, neither holding the other's letters: the title names the work,
        # the abstract's first name a part of it.
        ("2501.00013", "Quill", "title"),
        # The abstract's name holds the title's: the abstract's, the longer form.
        ("2501.00014", "Inkwell-XL", "abstract"),
    ]


def test_a_later_source_with_an_identifier_merges_into_the_paper(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    listing = tmp_path / "reading.txt"
    listing.write_text(f"Reading list\n{ABSTRACT}\n")
    load([listing], settings, Progress(quiet=True))
    before = _rows(database_url, "SELECT paper_id, paper_key, arxiv_id, title FROM papers")
    assert len(before) == 1 and before[0][2] is None

    daily = _daily(
        tmp_path / "2025-01-02.json",
        [{"id": "2501.00001", "title": "ZetaNet: Graphs", "summary": ABSTRACT}],
    )
    load([daily], settings, Progress(quiet=True))

    after = _rows(database_url, "SELECT paper_id, paper_key, arxiv_id, title FROM papers")
    assert after == [(before[0][0], before[0][1], "2501.00001", "ZetaNet: Graphs")]
    assert _one(database_url, "SELECT count(*) FROM paper_sources") == 2
    assert _one(database_url, "SELECT count(*) FROM paper_listings") == 2


def test_a_changed_file_updates_what_changed(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    items = [
        {"id": "2501.00001", "title": "ZetaNet", "summary": ABSTRACT},
        {"id": "2501.00002", "title": "Other", "summary": "Another abstract. " * 10},
    ]
    day = _daily(tmp_path / "2025-01-02.json", items)
    load([day], settings, Progress(quiet=True))
    papers_before = _rows(database_url, "SELECT * FROM papers ORDER BY paper_id")

    items[1]["upvotes"] = 42
    _daily(day, items)
    outcome = load([day], settings, Progress(quiet=True))

    assert outcome.status == "published"
    assert outcome.row_counts["paper_listings"]["updated"] == 1
    assert outcome.row_counts["papers"]["inserted"] == outcome.row_counts["papers"]["updated"] == 0
    assert _rows(database_url, "SELECT * FROM papers ORDER BY paper_id") == papers_before
    assert _rows(database_url, "SELECT upvotes FROM paper_listings ORDER BY upvotes") == [
        (1,),
        (42,),
    ]


def _arxiv_line(arxiv_id: str, versions: int, abstract: str) -> str:
    return json.dumps(
        {
            "id": arxiv_id,
            "authors": "Ada Lovelace, Alan Turing",
            "title": "ZetaNet",
            "categories": "cs.LG",
            "abstract": abstract,
            "versions": [
                {"version": f"v{n}", "created": "Mon, 6 Jan 2025 10:00:00 GMT"}
                for n in range(1, versions + 1)
            ],
            "update_date": "2025-01-08",
            "authors_parsed": [["Lovelace", "Ada", ""], ["Turing", "Alan", ""]],
        }
    )


def test_one_paper_from_arxiv_daily_papers_a_leaderboard_and_a_listing(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    snapshot = tmp_path / "snapshot.jsonl"
    snapshot.write_text(_arxiv_line("2501.00001", 1, ABSTRACT) + "\n")
    daily = _daily(
        tmp_path / "2025-01-09.json",
        [{"id": "2501.00001v2", "title": "ZetaNet", "summary": ABSTRACT}],
    )
    leaderboard = tmp_path / "evaluation-tables.json"
    row = {
        "model_name": "ZetaNet",
        "paper_title": "ZetaNet",
        "paper_url": "https://arxiv.org/abs/2501.00001v1",
        "paper_date": "2025-01-06",
        "code_links": [],
        "metrics": {"Accuracy": "81.5%"},
    }
    dataset = {"dataset": "OGBN-Arxiv", "sota": {"rows": [row]}, "subdatasets": []}
    task = {"task": "Node Classification", "datasets": [dataset], "subtasks": []}
    leaderboard.write_text(json.dumps([task]))
    listing = tmp_path / "reading.txt"
    listing.write_text("Reading list\n" + ABSTRACT.replace("81.5%", "81.5\\%") + "\n")

    outcome = load([listing, daily, leaderboard, snapshot], settings, Progress(quiet=True))

    assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
    assert _rows(database_url, "SELECT paper_key, metadata_source FROM papers") == [
        ("arxiv:2501.00001", "arxiv")
    ]
    assert _rows(
        database_url, "SELECT source_format, source_record_id FROM paper_sources ORDER BY 1"
    ) == [
        ("arxiv", "2501.00001"),
        ("hf-daily", "2501.00001v2"),
        ("listing", None),
        ("pwc-evaluation", "/0/datasets/0/sota/rows/0"),
    ]
    assert _rows(
        database_url,
        "SELECT r.origin, r.value, r.scale FROM results r WHERE r.unit = '%' ORDER BY 1",
    ) == [("abstract", 81.5, 0.815), ("leaderboard", 81.5, 0.815)]
    assert _one(database_url, "SELECT count(*) FROM paper_listings") == 2


def test_the_latest_record_of_a_source_wins(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    revised = ABSTRACT.replace("81.5%", "83.0%")
    snapshot = tmp_path / "snapshot-1.jsonl"
    snapshot.write_text(
        _arxiv_line("2501.00001", 1, ABSTRACT) + "\n" + _arxiv_line("2501.00001", 2, revised)
    )
    load([snapshot], settings, Progress(quiet=True))
    published = "SELECT p.abstract, r.value FROM papers p JOIN results r USING (paper_id) "
    published += "WHERE r.unit = '%'"
    assert _rows(database_url, published) == [(revised, 83.0)]

    newer = tmp_path / "snapshot-2.jsonl"
    newer.write_text(_arxiv_line("2501.00001", 3, ABSTRACT.replace("81.5%", "84.5%")) + "\n")
    daily = _daily(
        tmp_path / "2025-01-09.json",
        [{"id": "2501.00001", "title": "ZetaNet", "summary": "A shorter summary. " * 6}],
    )
    load([newer, daily], settings, Progress(quiet=True))

    assert _one(database_url, "SELECT count(*) FROM papers") == 1
    assert [value for _, value in _rows(database_url, published)] == [84.5]
    assert _one(database_url, "SELECT metadata_source FROM papers") == "arxiv"


@pytest.mark.parametrize(
    ("content", "rule"),
    [
        ('[{"paper": {"id": "2501.00001", "title": "T", "summary": "S"', "file.truncated"),
        ("42", "file.wrong_shape"),
    ],
)
def test_a_broken_json_file_publishes_nothing(
    settings: Settings, database_url: str, tmp_path: Path, content: str, rule: str
) -> None:
    broken = tmp_path / "2025-01-02.json"
    broken.write_text(content)
    good = _daily(
        tmp_path / "2025-01-03.json", [{"id": "2501.1", "title": "T", "summary": ABSTRACT}]
    )

    outcome = load([good, broken], settings, Progress(quiet=True), "hf-daily")

    assert outcome.exit_code == EXIT_BAD_INPUT
    assert _one(database_url, "SELECT count(*) FROM papers") == 0
    assert _rows(database_url, "SELECT rule FROM etl.rejects") == [(rule,)]


def test_a_broken_record_is_quarantined_and_the_rest_published(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    day = tmp_path / "2025-01-02.json"
    day.write_text(
        json.dumps(
            [
                {"paper": {"id": "2501.00001", "title": "ZetaNet", "summary": ABSTRACT}},
                {"paper": {"title": "No id at all", "summary": "Lost."}},
                {"paper": {"id": "2501.00003", "title": ["not", "a", "string"]}},
            ]
        )
    )
    # Two records of three rejected is over the default reject threshold (tested apart).
    outcome = load([day], replace(settings, max_reject_rate=1), Progress(quiet=True))

    assert outcome.exit_code == EXIT_PUBLISHED
    assert _one(database_url, "SELECT count(*) FROM papers") == 1
    assert _rows(
        database_url, "SELECT record_number, rule FROM etl.rejects ORDER BY record_number"
    ) == [(2, "record.missing_field"), (3, "record.wrong_type")]


def test_bad_arxiv_lines_are_quarantined_and_the_good_ones_published(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    good = _arxiv_line("2501.00001", 1, ABSTRACT)
    lines = [
        good,
        good[: len(good) // 2],  # cut off
        "<html>502 Bad Gateway</html>",
        _arxiv_line("", 1, ABSTRACT),  # no id
        good.replace('"title": "ZetaNet"', '"title": ["Zeta", "Net"]').replace("00001", "00004"),
        _arxiv_line("2501.00005", 1, "x" * 10_000_000),  # a 10 MB abstract
        good.replace("Ada", "A\x00da").replace("00001", "00006"),  # a raw NUL byte
        _arxiv_line("2501.00007", 1, ABSTRACT.replace("ZetaNet", "EtaNet")),
    ]
    snapshot = tmp_path / "snapshot.jsonl"
    snapshot.write_text("\n".join(lines) + "\n")

    # Most lines are broken: over the default reject threshold (tested apart).
    outcome = load([snapshot], replace(settings, max_reject_rate=1), Progress(quiet=True))

    assert outcome.exit_code == EXIT_PUBLISHED
    assert _rows(database_url, "SELECT arxiv_id FROM papers ORDER BY 1") == [
        ("2501.00001",),
        ("2501.00007",),
    ]
    assert _rows(
        database_url, "SELECT line_number, rule FROM etl.rejects ORDER BY line_number"
    ) == [
        (2, "line.truncated"),
        (3, "line.not_json"),
        (4, "record.missing_id"),
        (5, "record.wrong_type"),
        (6, "line.too_long"),
        (7, "line.binary"),
    ]


def _snapshot(path: Path, records: list[tuple[str, str, str]]) -> Path:
    """An arXiv snapshot of (id, title, abstract) records, one line each."""
    lines = []
    for arxiv_id, title, abstract in records:
        record = json.loads(_arxiv_line(arxiv_id, 1, abstract))
        lines.append(json.dumps({**record, "title": title}))
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_new_version_of_a_snapshot_publishes_only_its_changed_records(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    body = "on a benchmark of retrieval over long documents with many distractors in them"
    records = [
        (f"2501.{n:05d}", f"Paper {n}", f"Abstract of paper {n}, which reaches {n}% recall {body}.")
        for n in range(1, 41)
    ]
    # An update: the same paper again, later in the file; the later record wins.
    records.append(("2501.00007", "Paper 7, revised", f"The revised abstract of paper 7, {body}."))
    snapshot = _snapshot(tmp_path / "arxiv.jsonl", records)
    load([snapshot], settings, Progress(quiet=True))
    first_run = _one(database_url, "SELECT max(run_id) FROM etl.runs")

    changed = list(records)
    changed[2] = ("2501.00003", "Paper 3", f"A new abstract of paper 3, now at 91% recall {body}.")
    changed[6] = ("2501.00007", "Paper 7", f"An earlier record of paper 7, edited, {body}.")
    del changed[10]  # 2501.00011 is gone from the new version
    _snapshot(snapshot, changed)
    outcome = load([snapshot], settings, Progress(quiet=True))

    assert outcome.status == "published"
    (entry,) = outcome.input_files
    # 41 records, less the one removed; restaged: paper 3 (changed), both records of paper 7
    # (a paper with several records in the file is read again whole), and every record after
    # the removed one, whose place moved up by one.
    assert entry["records"] == 40
    assert entry["unchanged"] == 10 - 2
    assert outcome.row_counts["papers"]["inserted"] == 0
    assert _one(
        database_url, "SELECT abstract FROM papers WHERE arxiv_id = '2501.00003'"
    ).startswith("A new abstract")
    # The later record of paper 7 still wins over its edited earlier one.
    assert _one(database_url, "SELECT title FROM papers WHERE arxiv_id = '2501.00007'") == (
        "Paper 7, revised"
    )
    assert _one(database_url, "SELECT count(*) FROM paper_sources") == 40
    unchanged_rows = _rows(
        database_url,
        "SELECT record_number, changed_run_id FROM paper_sources WHERE record_number <= 10 "
        "AND record_number NOT IN (3, 7) ORDER BY 1",
    )
    assert unchanged_rows == [(n, first_run) for n in (1, 2, 4, 5, 6, 8, 9, 10)]


def test_papers_in_the_database_are_the_papers_the_preview_resolves(
    settings: Settings, database_url: str
) -> None:
    # Two implementations of one rule: the load resolves identities on integer ranks and
    # names papers in SQL; `etl extract` resolves on the identifier strings in Polars.
    files = [*ALL_FIXTURES, FIXTURES / "arxiv" / "snapshot-sample.jsonl"]
    preview = run_etl_here(["extract", "--jsonl", "--quiet", *map(str, files)])
    assert preview.returncode == 0, preview.stderr
    previewed = {json.loads(line)["paper_key"] for line in preview.stdout.splitlines()}

    assert load(files, settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    published = {key for (key,) in _rows(database_url, "SELECT paper_key FROM papers")}
    every_kind = {"arxiv", "doi", "acl", "openreview", "pwc", "url", "title", "abstract"}
    assert {key.partition(":")[0] for key in published} == every_kind
    # A leaderboard row that names no paper is a record of no paper in both.
    assert None in previewed
    assert published == previewed - {None}


def _organisations_by_paper(url: str) -> dict[str, set[str]]:
    """Each paper's organisations (by its source's record id), from its authors' affiliations."""
    rows = _rows(
        url,
        "SELECT s.source_record_id, o.name FROM paper_organizations po "
        "JOIN organizations o USING (organization_id) JOIN paper_sources s USING (paper_id) "
        "WHERE po.origin = 'affiliation'",
    )
    by_paper: dict[str, set[str]] = {}
    for record_id, name in rows:
        by_paper.setdefault(record_id, set()).add(name)
    return by_paper


def test_conference_lists_publish_one_organisation_each_by_its_normalised_name(
    database_url: str,
) -> None:
    fixtures = sorted((FIXTURES / "paperlists" / "affiliations").glob("*.json"))
    result = run_etl_here(["load", "--quiet", *map(str, fixtures)], database_url)
    assert result.returncode == EXIT_PUBLISHED, result.stderr

    # Compounds split ("York University+, McGill University"), the normalised name rather than
    # the department and address ("School of Software, Tsinghua University, China"), no stray
    # punctuation (", University of Texas at Austin") or footnote marks ("OpenAI∗").
    assert _organisations_by_paper(database_url) == {
        "8xofWL61S9": {"University of Texas at Austin", "University of Alberta",
                       "New York University"},
        # "Mila Research Institute" is Mila (etl/vocab/organization_aliases.csv).
        "9pzNFfgtyk": {"McGill University", "York University",
                       "Mila - Quebec Artificial Intelligence Institute", "Microsoft"},
        "11527": {"OpenAI", "Massachusetts Institute of Technology",
                  "University of California, Berkeley"},
        "11213": {"Tsinghua University", "Ministry of Education", "BNRist",
                  "University of California, Berkeley"},
        # The index leaves out the author without affiliation: the names as written.
        "11979": {"West Virginia University"},
    }  # fmt: skip
    assert _one(database_url, "SELECT count(*) FROM organizations") == 14
    # Each author keeps the affiliation as the source writes it.
    assert _rows(
        database_url,
        "SELECT a.affiliation FROM paper_authors a JOIN paper_sources s USING (paper_id) "
        "WHERE s.source_record_id = '9pzNFfgtyk' ORDER BY a.position",
    ) == [
        ("McGill University",),
        ("York University+, McGill University",),
        ("McGill University+Mila Research Institute+Microsoft",),
    ]


def test_affiliations_as_written_are_split_and_cleaned_without_normalised_names(
    settings: Settings, tmp_path: Path
) -> None:
    # NeurIPS 2018 `11527` as the 83 records of that list without aff_unique_* fields.
    (paper,) = [
        paper
        for paper in json.loads((FIXTURES / "paperlists/affiliations/nips2018.json").read_text())
        if paper["id"] == "11527"
    ]
    path = tmp_path / "nips2018.json"
    path.write_text(
        json.dumps([{k: v for k, v in paper.items() if not k.startswith("aff_unique")}])
    )
    outcome = load([path], settings, Progress(quiet=True))
    assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
    # The acronyms as the organisations they name (etl/vocab/organization_aliases.csv).
    assert _organisations_by_paper(settings.database_url) == {
        "11527": {"OpenAI", "Massachusetts Institute of Technology",
                  "University of California, Berkeley"}
    }  # fmt: skip


def test_an_organisation_is_shown_as_most_records_spell_it(
    settings: Settings, tmp_path: Path
) -> None:
    # NeurIPS 2018 spells it "École Normale Supérieure" six times, "Ecole ..." once.
    papers = [
        {"id": str(n), "title": f"Paper {n}", "status": "Poster", "author": "A A", "aff": aff}
        for n, aff in enumerate(
            ["Ecole Normale Supérieure", "École Normale Supérieure", "École Normale Supérieure"]
        )
    ]
    path = tmp_path / "nips2018.json"
    path.write_text(json.dumps(papers))
    outcome = load([path], settings, Progress(quiet=True))
    assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
    assert _rows(settings.database_url, "SELECT name FROM organizations") == [
        ("École Normale Supérieure",)
    ]


def test_the_last_of_many_files_on_the_command_line_wins(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    # Twelve reading lists with one abstract; only the last writes its method name in LaTeX.
    # The later file wins among records of one source, also past the tenth file.
    abstract = (
        "We propose {}, a retrieval model for long documents that reads every passage once "
        "and reaches 71.5% recall on a benchmark of distractor-heavy questions."
    )
    paths = []
    for number in range(1, 13):
        path = tmp_path / f"list-{number:02d}.txt"
        name = r"\textbf{SoloNet}" if number == 12 else "SoloNet"
        path.write_text(f"Reading list {number}\n{abstract.format(name)}\n")
        paths.append(path)
    assert load(paths, settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    assert _rows(database_url, "SELECT count(*), min(abstract_source) FROM papers") == [
        (1, abstract.format(r"\textbf{SoloNet}"))
    ]


def test_spellings_of_a_keyword_are_one_tag_named_as_most_records_write_it(
    settings: Settings, tmp_path: Path
) -> None:
    keywords = ["Multi-agent; world models", "multiagent; World Model", "multiagent"]
    papers = [
        {"id": str(n), "title": f"Paper {n}", "status": "Poster", "author": "A A", "keywords": k}
        for n, k in enumerate(keywords)
    ]
    path = tmp_path / "iclr2025.json"
    path.write_text(json.dumps(papers))
    assert load([path], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    tags = (
        "SELECT tag_slug, tag_name, is_source_keyword, papers FROM analytics.tags "
        "WHERE tag_kind = 'keyword' ORDER BY tag_slug"
    )
    # Ties go to the first spelling in order: `World Model` before `world models`.
    expected = [("multiagent", "multiagent", True, 3), ("worldmodel", "World Model", True, 2)]
    assert _rows(settings.database_url, tags) == expected
    # Loaded again, with other spellings first: the published name stays.
    papers[0]["keywords"] = "MULTI-AGENT; World-Models"
    path.write_text(json.dumps(papers))
    assert load([path], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    assert _rows(settings.database_url, tags) == expected

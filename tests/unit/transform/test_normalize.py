"""normalize_batch: raw records to the record-level tables that get staged (inline frames)."""

from datetime import date

import polars as pl
import pytest

from etl.contracts import BATCH_SCHEMAS
from etl.extract.common import SourceFile, records_frame
from etl.transform.identity import with_record_digest
from etl.transform.normalize import (
    batch_measure_tables,
    check_records,
    measure_tables,
    normalize_batch,
)
from etl.vocab import load_vocabulary

# Each test runs the whole transform, whose results extraction alone costs about a second.
pytestmark = pytest.mark.slow

ABSTRACT_A = (
    r"We propose AlphaNet, a network for image classification trained end to end, reaching "
    r"98.7\% accuracy. Code: https://github.com/o/a.git."
)
ABSTRACT_B = (
    "We study B, a benchmark of long documents for retrieval with many distractors. See "
    "https://github.com/o/a/tree/main/b and https://o.github.io/b/."
)


@pytest.fixture(scope="module")
def vocabulary():
    return load_vocabulary()


def _raw(rows: list[dict], source_format: str = "listing") -> pl.LazyFrame:
    source = SourceFile(path="f.txt", sha256="ab" * 32, size_bytes=0, format=source_format)
    numbered = [{"record": i, "line": i + 1, **row} for i, row in enumerate(rows, start=1)]
    return with_record_digest(records_frame(numbered, source)).lazy()


def _tables(rows, vocabulary, max_abstract_chars=10_000, source_format="listing"):
    checked = check_records(_raw(rows, source_format), max_abstract_chars=max_abstract_chars)
    batch = normalize_batch(checked, vocabulary=vocabulary)
    tables = {name: frame.collect() for name, frame in batch.tables.items()}
    tables.update(
        {name: frame.collect() for name, frame in batch_measure_tables(tables, vocabulary).items()}
    )
    return tables, batch.rejects.collect()


def test_tables_have_their_declared_schemas(vocabulary) -> None:
    tables, rejects = _tables([{"listing_name": "L", "abstract_source": ABSTRACT_A}], vocabulary)
    assert {name: frame.schema for name, frame in tables.items()} == BATCH_SCHEMAS
    assert rejects.height == 0


def test_what_an_abstract_gives_is_derived_once_per_text(vocabulary) -> None:
    tables, _ = _tables(
        [
            {"listing_name": "NeurIPS 2025", "abstract_source": ABSTRACT_A},
            {"listing_name": "Daily Papers", "abstract_source": ABSTRACT_A},
        ],
        vocabulary,
    )
    records = tables["records"]
    assert records.height == 2
    assert records["abstract_hash"].n_unique() == 1
    assert records["abstract"][0] == (
        "We propose AlphaNet, a network for image classification trained end to end, reaching "
        "98.7% accuracy. Code: https://github.com/o/a.git."
    )
    assert sorted(records["listing_slug"]) == ["daily-papers", "neurips-2025"]
    assert tables["abstracts"].height == 1 and tables["abstracts"]["method_name"][0] == "AlphaNet"
    assert tables["abstract_results"].select("raw_text", "metric_name").rows() == [
        ("98.7%", "Accuracy")
    ]
    assert tables["abstract_links"].select("canonical_url", "subpath").rows() == [
        ("https://github.com/o/a", None)
    ]


def test_identifiers_are_normalised(vocabulary) -> None:
    tables, _ = _tables(
        [
            {"title": "Some Paper", "arxiv_id": "https://arxiv.org/abs/2405.15738v2",
             "doi": "https://doi.org/10.1103/PhysRevD.76.013009",
             "openreview_id": "https://openreview.net/forum?id=0JzWiigkUy",
             "pwc_id": "https://paperswithcode.com/paper/some-paper",
             "published_on": date(2024, 5, 24)},
        ],
        vocabulary,
        source_format="pwc-api",
    )  # fmt: skip
    assert tables["records"].select(
        "arxiv_id", "doi", "openreview_id", "pwc_id", "year_low", "year_high", "title_key",
        "source_rank",
    ).rows() == [
        ("2405.15738", "10.1103/physrevd.76.013009", "0JzWiigkUy", "some-paper", 2024, 2024,
         "somepaper", 2)
    ]  # fmt: skip


def test_identifiers_written_with_markup_are_the_same_identifiers(vocabulary) -> None:
    # Markdown residue as leaderboards and lists carry it: the record with it and the record
    # without it give the same identifiers, so they are one paper, not two.
    tables, rejects = _tables(
        [
            {"title": "Paper A", "doi": "doi:10.1234/abcd\\_0001)", "arxiv_id": "2405.15738,"},
            {"title": "Paper A", "doi": "10.1234/abcd_0001", "arxiv_id": "arXiv:2405.15738"},
            {"title": "Paper B", "openreview_id": "<0JzWiigkUy>",
             "paper_url": "[PDF](http://www.danielpovey.com/files/dnn.pdf)."},
            {"title": "Paper B", "openreview_id": "0JzWiigkUy",
             "paper_url": "http://www.danielpovey.com/files/dnn.pdf"},
            {"title": "Paper C", "paper_url": "https://en.wikipedia.org/wiki/A_(b))"},
        ],
        vocabulary,
        source_format="pwc-api",
    )  # fmt: skip
    assert rejects.height == 0
    assert tables["records"].sort("record").select(
        "doi", "arxiv_id", "openreview_id", "paper_url"
    ).rows() == [
        ("10.1234/abcd_0001", "2405.15738", None, None),
        ("10.1234/abcd_0001", "2405.15738", None, None),
        (None, None, "0JzWiigkUy", "danielpovey.com/files/dnn.pdf"),
        (None, None, "0JzWiigkUy", "danielpovey.com/files/dnn.pdf"),
        (None, None, None, "en.wikipedia.org/wiki/A_(b)"),
    ]  # fmt: skip


def test_author_stubs_and_withdrawal_notices_are_no_titles(vocabulary) -> None:
    tables, _ = _tables(
        [
            {"title": "Smith et al., Findings of ACL 2021", "arxiv_id": "2101.00001"},
            {"title": "[Withdrawn]", "arxiv_id": "2101.00002"},
            {"title": "This paper has been withdrawn by the authors", "arxiv_id": "2101.00003"},
            {"title": "Withdrawn", "arxiv_id": "2101.00004"},
        ],
        vocabulary,
        source_format="pwc-evaluation",
    )
    records = tables["records"].sort("record")
    assert records.select("title", "title_key").rows() == [(None, None)] * 4


def test_authors_keywords_and_source_links(vocabulary) -> None:
    tables, _ = _tables(
        [
            {
                "title": "A paper",
                "authors": [{"name": " Zoë  O'Neil ", "affiliation": "MIT"},
                            {"name": "Li Wei", "affiliation": None}],
                "keywords": [
                    {"keyword": "knowledge graphs", "origin": "author", "kind": "keyword"},
                    {"keyword": "cs.LG", "origin": "source", "kind": "arxiv-category"},
                    {"keyword": "Quantum Widgets", "origin": "source", "kind": "keyword"},
                ],
                "links": [{"url": "https://github.com/o/r/", "field": "githubRepo"},
                          {"url": "not a url", "field": "projectPage"}],
            }
        ],
        vocabulary,
        source_format="hf-daily",
    )  # fmt: skip
    assert tables["record_authors"].select(
        "position", "name", "author_key", "affiliation"
    ).rows() == [
        (1, "Zoë O'Neil", "zoe o neil", "MIT"),
        (2, "Li Wei", "li wei", None),
    ]
    assert sorted(tables["record_tags"].select("tag_slug", "kind", "origin").rows()) == [
        ("arxiv-cs-lg", "arxiv-category", "source"),
        ("knowledge-graphs", "keyword", "author"),
        ("quantumwidget", "keyword", "source"),
    ]
    assert tables["record_links"].select("canonical_url", "source_field").rows() == [
        ("https://github.com/o/r", "githubRepo")
    ]


def _keywords(*keywords: str) -> dict:
    return {
        "title": "A paper",
        "keywords": [{"keyword": k, "origin": "author", "kind": "keyword"} for k in keywords],
    }


def test_spellings_of_a_keyword_are_one_tag(vocabulary) -> None:
    tables, _ = _tables(
        [
            _keywords("Multi-agent", "world models"),
            _keywords("multiagent", "World Model"),
            _keywords("multi-agent"),
            # The vocabulary's tag (Continual Pretraining) by the key of its name; an acronym
            # of it only as written: IN-R (ImageNet-R) is not INR.
            _keywords("continual pre-training", "IN-R", "inr"),
        ],
        vocabulary,
        source_format="paperlists",
    )
    tags = tables["record_tags"].group_by("tag_slug").agg(pl.col("tag_name").sort())
    assert dict(tags.rows()) == {
        "multiagent": ["Multi-agent", "multi-agent", "multiagent"],
        "worldmodel": ["World Model", "world models"],
        "continual-pretraining": ["Continual Pretraining"],
        "inr": ["IN-R"],
        "implicit-neural-representations": ["Implicit Neural Representations"],
    }
    own = tables["tags"].filter(pl.col("tag_slug").is_in(["multiagent", "worldmodel", "inr"]))
    assert own["is_source_keyword"].to_list() == [True] * 3
    vocabulary_tags = tables["tags"].filter(~pl.col("is_source_keyword"))
    assert {"continual-pretraining", "implicit-neural-representations"} <= set(
        vocabulary_tags["tag_slug"]
    )


def test_organisations_of_the_record_and_of_its_authors_affiliations(vocabulary) -> None:
    tables, _ = _tables(
        [
            {
                "title": "A paper",
                "organization": " Stanford NLP ",
                "authors": [
                    {"name": "A", "affiliation": "OpenAI∗+MIT×",
                     "affiliations": ["OpenAI∗", "MIT×"]},
                    {"name": "B", "affiliation": ", Tsinghua University",
                     "affiliations": [", Tsinghua University"]},
                    {"name": "C", "affiliation": "OpenAI∗", "affiliations": ["OpenAI∗"]},
                ],
            }
        ],
        vocabulary,
        source_format="paperlists",
    )  # fmt: skip
    assert tables["records"].select("organization", "organization_key").rows() == [
        ("Stanford NLP", "stanfordnlp")
    ]
    assert tables["record_affiliations"].select("organization", "organization_key").rows() == [
        ("OpenAI", "openai"),
        # The alias file names the acronym's organisation (etl/vocab/organization_aliases.csv).
        ("Massachusetts Institute of Technology", "massachusettinstituteoftechnology"),
        ("Tsinghua University", "tsinghuauniversity"),
    ]
    # The author's affiliation stays as the source writes it.
    assert tables["record_authors"]["affiliation"].to_list() == [
        "OpenAI∗+MIT×",
        ", Tsinghua University",
        "OpenAI∗",
    ]


def test_an_arxiv_id_of_no_month_is_set_aside_and_its_record_published(vocabulary) -> None:
    """`2500.00001` (month 00) and `2513.00002` (month 13) name no month: the batch is not
    stopped by a date that cannot be, the records are published without the id, and each
    dropped id is a reject that says why."""
    tables, rejects = _tables(
        [
            {"title": "A Paper", "arxiv_id": "2501.00001", "abstract_source": ABSTRACT_A},
            {"title": "B Paper", "arxiv_id": "2500.00001", "abstract_source": ABSTRACT_A + " B"},
            {"title": "C Paper", "arxiv_id": "2513.00002", "abstract_source": ABSTRACT_A + " C"},
        ],
        vocabulary,
        source_format="arxiv",
    )
    assert tables["records"].select("record", "arxiv_id").sort("record").rows() == [
        (1, "2501.00001"),
        (2, None),
        (3, None),
    ]
    assert rejects.select("record_number", "rule", "raw_snippet").rows() == [
        (2, "value.not_an_arxiv_id", "2500.00001"),
        (3, "value.not_an_arxiv_id", "2513.00002"),
    ]
    assert "'2500.00001' is none" in rejects["reason"][0]


def test_unusable_records_are_quarantined_and_the_rest_kept(vocabulary) -> None:
    tables, rejects = _tables(
        [
            {"listing_name": "L", "abstract_source": ABSTRACT_A},
            {"listing_name": "L", "abstract_source": "x" * 501},
            {"listing_name": "L", "abstract_source": r"$\textbf{}$ \quad"},
            {"title": "t" * 2_001},
        ],
        vocabulary,
        max_abstract_chars=500,
    )
    assert tables["records"].height == 1
    assert rejects.select("record_number", "line_number", "rule").rows() == [
        (2, 3, "record.abstract_too_long"),
        (3, 4, "record.abstract_empty"),
        (4, 5, "record.title_too_long"),
    ]
    assert "501 characters" in rejects["reason"][0]


def test_placeholders_are_no_identity_and_a_url_title_is_an_identifier(vocabulary) -> None:
    # Shaped like real conference-list and leaderboard records (NeurIPS 2018 "Part of"
    # abstracts; Papers with Code rows titled "[4]", "Parikh et al. '16" or by a URL).
    tables, rejects = _tables(
        [
            {"title": "Learning Abstract Options", "abstract_source": "Part of"},
            {"title": "[4]", "paper_url": "http://aclweb.org/anthology/N18-1202"},
            {"title": "Parikh et al. '16", "paper_url": "http://arxiv.org/pdf/1606.01933v1.pdf"},
            {"title": "https://arxiv.org/abs/1810.04805"},
            {"title": "[13] [code]"},
            {"title": None, "paper_url": "http://www.danielpovey.com/files/2013_dnn.pdf"},
            {"abstract_source": "Paper was withdrawn."},
        ],
        vocabulary,
        source_format="pwc-evaluation",
    )
    records = tables["records"].sort("record")
    assert records.select(
        "record", "title", "title_key", "abstract", "abstract_source", "abstract_fingerprint"
    ).rows()[0] == (
        1,
        "Learning Abstract Options",
        "learningabstractoptions",
        None,
        "Part of",
        None,
    )
    assert records.select("record", "title", "arxiv_id", "acl_id", "paper_url").rows()[1:] == [
        (2, None, None, "N18-1202", None),
        (3, None, "1606.01933", None, None),
        (4, None, "1810.04805", None, None),
        # A citation marker and a withdrawal notice name no paper: the leaderboard rows are
        # entries with their paper unknown, not rejects.
        (5, None, None, None, None),
        (6, None, None, None, "danielpovey.com/files/2013_dnn.pdf"),
        (7, None, None, None, None),
    ]
    assert (
        records.filter(pl.col("record").is_in([5, 7]))
        .select("title_key", "abstract_fingerprint", "doi", "openreview_id", "pwc_id")
        .rows()
        == [(None,) * 5] * 2
    )
    assert rejects.is_empty()


def test_a_record_with_nothing_but_placeholders_is_quarantined(vocabulary) -> None:
    _, rejects = _tables([{"listing_name": "L", "abstract_source": "Placeholder"}], vocabulary)
    assert rejects.select("rule").rows() == [("record.no_identity",)]
    assert rejects["reason"][0] == (
        "the abstract 'Placeholder' is a placeholder (boilerplate, or under 100 characters), "
        "and no identifier: nothing tells which paper this is"
    )


def test_dates_carry_their_precision(vocabulary) -> None:
    tables, _ = _tables(
        [
            {"title": "Day Paper", "published_on": date(2024, 5, 24)},
            {"title": "Venue Paper", "published_on": date(2018, 1, 1),
             "published_on_precision": "year"},
            {"title": "Preprint", "arxiv_id": "1810.04805"},
            {"title": "Old Preprint", "arxiv_id": "hep-th/9901001"},
            {"title": "Undated Paper"},
        ],
        vocabulary,
        source_format="pwc-evaluation",
    )  # fmt: skip
    assert tables["records"].sort("record").select(
        "published_on", "published_on_precision", "year_low", "year_high"
    ).rows() == [
        (date(2024, 5, 24), "day", 2024, 2024),
        (date(2018, 1, 1), "year", 2017, 2018),
        (date(2018, 10, 1), "month", 2018, 2018),
        (date(1999, 1, 1), "month", 1999, 1999),
        (None, None, None, None),
    ]


def test_a_leaderboard_date_is_the_entry_s_not_the_paper_s(vocabulary) -> None:
    entry = {"task": "QA", "dataset": "SQuAD1.1", "model_name": "M", "metric": "F1",
             "value_text": "85.5", "entered_on": date(2019, 3, 1)}  # fmt: skip
    tables, _ = _tables(
        [{"title": "A Reader", "leaderboard": [entry]}], vocabulary, source_format="pwc-evaluation"
    )
    assert tables["records"]["published_on"].to_list() == [None]
    assert tables["leaderboard_results"]["entered_on"].to_list() == [date(2019, 3, 1)]


def test_markdown_in_a_source_field_gives_each_url_alone(vocabulary) -> None:
    links = [
        {"url": "[code](https://github.com/a/b)", "field": "code_links"},
        {"url": "https://github.com/c/d) [mirror](https://gitlab.com/e/f)", "field": "github"},
        {"url": "github.com/g/h", "field": "github"},
    ]
    tables, _ = _tables(
        [{"title": "A Paper", "links": links}], vocabulary, source_format="hf-daily"
    )
    assert sorted(tables["record_links"].select("canonical_url", "raw_url").rows()) == [
        ("https://github.com/a/b", "https://github.com/a/b"),
        ("https://github.com/c/d", "https://github.com/c/d"),
        ("https://github.com/g/h", "github.com/g/h"),
        ("https://gitlab.com/e/f", "https://gitlab.com/e/f"),
    ]


def test_a_link_to_the_paper_is_its_identifier_and_a_link_only_when_it_names_none(
    vocabulary,
) -> None:
    # Papers with Code API papers: url_abs is given both as the paper's URL and as a link.
    rows = [
        {"title": "Generative Adversarial Networks",
         "paper_url": "https://arxiv.org/abs/1406.2661v1",
         "links": [{"url": "https://arxiv.org/abs/1406.2661v1", "field": "url_abs"}]},
        {"title": "Neural Networks and Physical Systems",
         "paper_url": "https://www.pnas.org/content/79/8/2554",
         "links": [{"url": "https://www.pnas.org/content/79/8/2554", "field": "url_abs"}]},
        {"title": "Knowledge Systems", "paper_url": "https://doi.org/10.1016/j.knosys.2019.105030"},
    ]  # fmt: skip
    tables, _ = _tables(rows, vocabulary, source_format="pwc-api")
    records = tables["records"].sort("record")
    assert records.select("arxiv_id", "doi", "paper_url").rows() == [
        ("1406.2661", None, None),
        (None, None, "pnas.org/content/79/8/2554"),
        (None, "10.1016/j.knosys.2019.105030", None),
    ]
    assert tables["record_links"].select("canonical_url", "source_field").rows() == [
        ("https://pnas.org/content/79/8/2554", "url_abs")
    ]


def test_a_batch_said_to_hold_no_leaderboard_gives_the_same_tables(vocabulary) -> None:
    checked = check_records(
        _raw([{"listing_name": "L", "abstract_source": ABSTRACT_A}]), max_abstract_chars=10_000
    )
    planned, skipped = (
        normalize_batch(checked, vocabulary=vocabulary, holds_leaderboards=holds)
        for holds in (True, False)
    )
    for name, frame in planned.tables.items():
        assert skipped.tables[name].collect().equals(frame.collect()), name
    assert skipped.rejects.collect().equals(planned.rejects.collect())
    assert skipped.tables["tags"].collect().height == vocabulary.tags.height


def _chosen_spellings(rows: list[tuple[str, str, str, str]], vocabulary) -> dict[str, dict]:
    """The name each metric and dataset key gets, and the key each alias gets, in a batch
    whose results are `rows` (metric_name, metric_text, dataset_name, dataset_text)."""
    results = pl.LazyFrame(
        rows, schema=["metric_name", "metric_text", "dataset_name", "dataset_text"], orient="row"
    )
    tables = {name: frame.collect() for name, frame in measure_tables(results, vocabulary).items()}
    return {
        "metrics": dict(tables["metrics"].select("metric_key", "metric_name").iter_rows()),
        "datasets": dict(tables["datasets"].select("dataset_key", "dataset_name").iter_rows()),
        "metric_aliases": dict(tables["metric_aliases"].select("alias", "metric_key").iter_rows()),
        "dataset_aliases": dict(
            tables["dataset_aliases"].select("alias", "dataset_key").iter_rows()
        ),
    }


def test_the_spelling_a_key_gets_does_not_depend_on_where_batches_are_cut(vocabulary) -> None:
    """Spellings of one key met in any order or cut into batches anyhow: each batch keeps the
    one assembly keeps among all batches (the least, byte by byte), so the published name is
    the same; a curated spelling comes first whatever the text says."""
    rows = [
        ("Zorp-F1", "Zorp-F1", "Foo-Bench Lite", "foo-bench lite"),
        ("Zorp F1", "zorp f1", "FooBench Lite", "FooBench Lite"),
        ("BLEU", "BLEU", "IMAGENET-1K", "IMAGENET-1K"),
    ]
    forwards = _chosen_spellings(rows, vocabulary)
    backwards = _chosen_spellings(rows[::-1], vocabulary)
    # Assembly's choice among the batches of one row each: the least of each batch's.
    each = [_chosen_spellings([row], vocabulary) for row in rows]
    assembled = {
        table: {key: min(b[table][key] for b in each if key in b[table]) for key in forwards[table]}
        for table in ("metrics", "datasets")
    }

    assert forwards == backwards
    assert {t: forwards[t] for t in assembled} == assembled
    assert forwards["metrics"]["zorpf1"] == "Zorp F1"
    assert forwards["datasets"]["foobenchlite"] == "Foo-Bench Lite"
    assert forwards["datasets"]["imagenet1k"] == "ImageNet-1K"

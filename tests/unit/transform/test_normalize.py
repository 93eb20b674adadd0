"""normalize: raw records to staged tables, on small inline frames."""

import polars as pl

from etl.extract.common import RAW_RECORD_SCHEMA
from etl.transform.normalize import TABLE_SCHEMAS, normalize
from etl.vocab import load_vocabulary

ABSTRACT_A = r"We propose A, reaching 98.7\% accuracy. Code: https://github.com/o/a.git."
ABSTRACT_B = "We study B. See https://github.com/o/a/tree/main/b and https://o.github.io/b/."


def _records(rows: list[tuple[str, int, str, str]]) -> pl.LazyFrame:
    """rows: (source_file, record, listing_name, abstract_source)."""
    return pl.LazyFrame(
        {
            "source_file": [r[0] for r in rows],
            "source_sha256": ["0" * 64] * len(rows),
            "record": [r[1] for r in rows],
            "line": [r[1] + 1 for r in rows],
            "listing_name": [r[2] for r in rows],
            "title": [None] * len(rows),
            "abstract_source": [r[3] for r in rows],
        },
        schema=RAW_RECORD_SCHEMA,
    )


def _tables(rows, max_abstract_chars=10_000):
    normalized = normalize(
        _records(rows), max_abstract_chars=max_abstract_chars, vocabulary=load_vocabulary()
    )
    return {name: frame.collect() for name, frame in normalized.tables.items()}, (
        normalized.rejects.collect()
    )


def test_tables_have_their_declared_schemas() -> None:
    tables, rejects = _tables([("f.txt", 1, "L", ABSTRACT_A)])
    assert {name: frame.schema for name, frame in tables.items()} == TABLE_SCHEMAS
    assert rejects.height == 0


def test_same_abstract_in_two_listings_is_one_paper_in_two_listings() -> None:
    retypeset_a = ABSTRACT_A.replace(r"98.7\%", "98.7 %").replace(" ", "  ")
    tables, _ = _tables(
        [("a.txt", 1, "NeurIPS 2025", ABSTRACT_A), ("b.txt", 3, "Daily Papers", retypeset_a)]
    )
    assert tables["papers"].height == 1
    assert tables["papers"]["abstract"][0] == (
        "We propose A, reaching 98.7% accuracy. Code: https://github.com/o/a.git."
    )
    assert sorted(tables["listings"]["listing_slug"]) == ["daily-papers", "neurips-2025"]
    assert tables["paper_listings"].select("listing_slug", "position", "source_file").rows() == [
        ("neurips-2025", 1, "a.txt"),
        ("daily-papers", 3, "b.txt"),
    ]


def test_repeat_within_one_listing_keeps_the_first_position() -> None:
    tables, _ = _tables([("a.txt", 1, "L", ABSTRACT_A), ("a.txt", 2, "L", ABSTRACT_A)])
    assert tables["paper_listings"]["position"].to_list() == [1]


def test_links_and_repositories() -> None:
    tables, _ = _tables([("a.txt", 1, "L", ABSTRACT_A), ("a.txt", 2, "L", ABSTRACT_B)])
    repositories = tables["repositories"].sort("repository_key")
    assert repositories.select("canonical_url", "kind").rows() == [
        ("https://github.com/o/a", "code"),
        ("https://o.github.io/b", "project_page"),
    ]
    links = tables["paper_repositories"].sort("repository_key", "subpath", nulls_last=False)
    assert links.select("repository_key", "subpath", "origin").rows() == [
        ("github.com/o/a", None, "abstract"),
        ("github.com/o/a", "tree/main/b", "abstract"),
        ("o.github.io/b", None, "abstract"),
    ]


def test_unusable_records_are_quarantined_and_the_rest_kept() -> None:
    tables, rejects = _tables(
        [
            ("a.txt", 1, "L", ABSTRACT_A),
            ("a.txt", 2, "L", "x" * 501),
            ("a.txt", 3, "L", r"$\textbf{}$ \quad"),
        ],
        max_abstract_chars=500,
    )
    assert tables["papers"].height == 1
    assert rejects.select("source_file", "record_number", "line_number", "rule").rows() == [
        ("a.txt", 2, 3, "record.abstract_too_long"),
        ("a.txt", 3, 4, "record.abstract_empty"),
    ]
    assert "501 characters" in rejects["reason"][0]

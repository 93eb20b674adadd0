"""Paper and listing identity: stable, content-derived keys."""

import hashlib

import polars as pl

from etl.transform.identity import abstract_fingerprint, listing_slug, resolve_identities


def _fingerprint(text: str) -> str:
    return pl.select(abstract_fingerprint(pl.lit(text))).item()


def test_same_abstract_typeset_differently_has_one_fingerprint() -> None:
    variants = [
        "Knowledge graphs (KGs) help; we reach 73.7% Hits@1.",
        "knowledge graphs (kgs) help — we reach 73.7 % hits@1",
        "Knowledge  Graphs (KGs) help;\nwe reach 73.7% Hits@1",
    ]
    assert len({_fingerprint(v) for v in variants}) == 1


def test_accents_do_not_change_the_fingerprint() -> None:
    assert _fingerprint("Erdős graphs") == _fingerprint("Erdos graphs")


def test_different_abstracts_have_different_fingerprints() -> None:
    assert _fingerprint("We reach 73.7% Hits@1.") != _fingerprint("We reach 73.8% Hits@1.")


def test_fingerprint_is_sha256_of_the_normalized_text() -> None:
    # Stored keys must not depend on the Polars version: they are plain sha256.
    expected = hashlib.sha256(b"wereach737hits1").hexdigest()[:32]
    assert _fingerprint("We reach 73.7% Hits@1.") == expected


def test_listing_slug() -> None:
    names = ["NeurIPS 2025 Papers", "Daily Papers 2025-03-04", "  COLM 2025: Poster ", "日本語"]
    slugs = pl.DataFrame({"name": names}).select(listing_slug(pl.col("name"))).to_series().to_list()
    assert slugs[:3] == ["neurips-2025-papers", "daily-papers-2025-03-04", "colm-2025-poster"]
    assert slugs[3].startswith("listing-") and len(slugs[3]) == len("listing-") + 12


def _ids(rows: list[dict]) -> pl.DataFrame:
    columns = ("record_key", "arxiv_id", "doi", "openreview_id", "pwc_id", "title_key",
               "abstract_fingerprint", "year")  # fmt: skip
    return pl.DataFrame(
        [{c: row.get(c) for c in columns} for row in rows],
        schema={c: pl.Int32 if c == "year" else pl.String for c in columns},
    )


def test_records_sharing_an_identifier_are_one_paper() -> None:
    keys = resolve_identities(
        _ids(
            [
                {"record_key": "listing", "abstract_fingerprint": "fp1"},
                {"record_key": "arxiv", "arxiv_id": "2405.1", "abstract_fingerprint": "fp1"},
                {"record_key": "daily", "arxiv_id": "2405.1", "title_key": "neusymea"},
                {"record_key": "leaderboard", "title_key": "neusymea"},
            ]
        )
    )
    assert keys["paper_key"].unique().to_list() == ["arxiv:2405.1"]


def test_shared_title_does_not_merge_papers_whose_identifiers_disagree() -> None:
    keys = resolve_identities(
        _ids(
            [
                {"record_key": "a", "arxiv_id": "2501.9", "title_key": "erratum", "year": 2025},
                {"record_key": "b", "arxiv_id": "2501.8", "title_key": "erratum", "year": 2025},
                {"record_key": "c", "openreview_id": "orA", "title_key": "x", "year": 2024},
                {"record_key": "d", "arxiv_id": "2401.1", "title_key": "x", "year": 2025},
                {"record_key": "e", "title_key": "y", "year": 2025},
                {"record_key": "f", "openreview_id": "orB", "title_key": "y"},
            ]
        )
    )
    by_record = dict(keys.iter_rows())
    assert by_record["a"] != by_record["b"]
    assert by_record["c"] != by_record["d"]  # years disagree
    assert by_record["e"] == by_record["f"] == "openreview:orB"


def test_keys_prefer_the_strongest_identifier_and_are_stable() -> None:
    rows = [
        {"record_key": "1", "doi": "10.1/x", "pwc_id": "p", "title_key": "t"},
        {"record_key": "2", "title_key": "only a title"},
        {"record_key": "3", "abstract_fingerprint": "abc"},
    ]
    keys = dict(resolve_identities(_ids(rows)).iter_rows())
    assert keys["1"] == "doi:10.1/x"
    assert keys["2"].startswith("title:") and len(keys["2"]) == len("title:") + 32
    assert keys["3"] == "abstract:abc"
    assert dict(resolve_identities(_ids(rows[::-1])).iter_rows()) == keys

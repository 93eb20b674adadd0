"""Paper and listing identity: stable, content-derived keys."""

import hashlib

import polars as pl

from etl.transform.identity import abstract_fingerprint, assign_paper_keys, listing_slug


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


def test_paper_key_is_prefixed_fingerprint() -> None:
    frame = assign_paper_keys(pl.LazyFrame({"abstract": ["A paper."]})).collect()
    assert frame["paper_key"][0] == "abstract:" + frame["abstract_fingerprint"][0]
    assert len(frame["abstract_fingerprint"][0]) == 32


def test_listing_slug() -> None:
    names = ["NeurIPS 2025 Papers", "Daily Papers 2025-03-04", "  COLM 2025: Poster ", "日本語"]
    slugs = pl.DataFrame({"name": names}).select(listing_slug(pl.col("name"))).to_series().to_list()
    assert slugs[:3] == ["neurips-2025-papers", "daily-papers-2025-03-04", "colm-2025-poster"]
    assert slugs[3].startswith("listing-") and len(slugs[3]) == len("listing-") + 12

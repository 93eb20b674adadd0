"""Identity: stable keys for papers and listings, computed from their content."""

from __future__ import annotations

import hashlib

import polars as pl

PAPER_KEY_FROM_ABSTRACT = "abstract:"
FINGERPRINT_HEX_DIGITS = 32


def _sha256_prefix(values: pl.Series) -> pl.Series:
    # Polars' own hash is documented as unstable across versions; keys stored in a
    # warehouse must not change when the library does, so sha256 it is.
    return pl.Series(
        [
            None if v is None else hashlib.sha256(v.encode()).hexdigest()[:FINGERPRINT_HEX_DIGITS]
            for v in values
        ],
        dtype=pl.String,
    )


def stable_digest(text: pl.Expr) -> pl.Expr:
    """sha256 of the UTF-8 text, first 32 hex digits; the same on every machine and version."""
    return text.map_batches(_sha256_prefix, return_dtype=pl.String, is_elementwise=True)


def normalized_for_fingerprint(text: pl.Expr) -> pl.Expr:
    """Letters and digits only, lowercased, accents dropped: what survives any re-typesetting."""
    return (
        text.str.normalize("NFKD").str.to_lowercase().str.replace_all(r"[^\p{L}\p{N}]+|\p{M}+", "")
    )


def abstract_fingerprint(abstract: pl.Expr) -> pl.Expr:
    return stable_digest(normalized_for_fingerprint(abstract))


def assign_paper_keys(records: pl.LazyFrame) -> pl.LazyFrame:
    """Add `abstract_fingerprint` and `paper_key` from the clean `abstract`."""
    return records.with_columns(
        abstract_fingerprint=abstract_fingerprint(pl.col("abstract"))
    ).with_columns(paper_key=pl.lit(PAPER_KEY_FROM_ABSTRACT) + pl.col("abstract_fingerprint"))


def listing_slug(name: pl.Expr) -> pl.Expr:
    """`NeurIPS 2025 Papers` -> `neurips-2025-papers`; a name with no ASCII letters or digits
    gets `listing-<digest>` so that it still has a usable key."""
    ascii_slug = (
        name.str.normalize("NFKD")
        .str.to_lowercase()
        .str.replace_all(r"[^a-z0-9]+", "-")
        .str.strip_chars("-")
    )
    return (
        pl.when(ascii_slug == "")
        .then(pl.lit("listing-") + stable_digest(name).str.slice(0, 12))
        .otherwise(ascii_slug)
    )

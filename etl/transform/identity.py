"""Identity: identifiers normalised the same way for every source, stable keys computed from
content, and the resolution of records into papers."""

from __future__ import annotations

import hashlib

import polars as pl

from etl.extract.common import RAW_RECORD_SCHEMA
from etl.transform.text import unicode_normalized

PAPER_KEY_FROM_ABSTRACT = "abstract:"
FINGERPRINT_HEX_DIGITS = 32
# Identifiers that name one paper and nothing else, strongest first: two records sharing
# any of them are the same paper.
STRONG_IDS = ("arxiv_id", "doi", "openreview_id", "pwc_id")
# Weak identifiers: a shared one makes two records one paper only if none of their strong
# identifiers disagree (two arXiv preprints may share a title).
WEAK_IDS = ("title_key", "abstract_fingerprint")
KEY_PREFIXES = {
    "arxiv_id": "arxiv:",
    "doi": "doi:",
    "openreview_id": "openreview:",
    "pwc_id": "pwc:",
    "title_key": "title:",
    "abstract_fingerprint": PAPER_KEY_FROM_ABSTRACT,
}
# Papers sharing one weak key with more clusters than this are not merged through it: a
# title such as "Introduction" or "Erratum" says nothing about identity.
MAX_WEAK_GROUP = 4
MAX_RESOLUTION_ROUNDS = 10


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


# The raw record columns that say where a record sits, not what it says.
_PROVENANCE_COLUMNS = ("source_file", "source_sha256", "source_format", "record", "line")


def record_digest() -> pl.Expr:
    """Digest of everything a raw record says but where it sits: the same record in the next
    version of its file has the same digest, however the rest of the file changed."""
    content = [c for c in RAW_RECORD_SCHEMA if c not in _PROVENANCE_COLUMNS]
    return stable_digest(pl.struct(content).struct.json_encode())


def normalized_for_fingerprint(text: pl.Expr) -> pl.Expr:
    """Letters and digits only, lowercased, accents dropped: what survives any re-typesetting."""
    return (
        unicode_normalized(text, "NFKD")
        .str.to_lowercase()
        .str.replace_all(r"[^\p{L}\p{N}]+|\p{M}+", "")
    )


def abstract_fingerprint(abstract: pl.Expr) -> pl.Expr:
    return stable_digest(normalized_for_fingerprint(abstract))


def arxiv_id(value: pl.Expr) -> pl.Expr:
    """`2405.15738v2`, `arXiv:2405.15738`, `https://arxiv.org/abs/2405.15738v1`,
    `hep-th/9901001v3` -> the id without version; null when there is none."""
    return value.str.extract(
        r"(?i)(?:^|arxiv:\s*|arxiv\.org/(?:abs|pdf)/)(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Za-z]{2})?/\d{7})"
        r"(?:v\d+)?(?:\.pdf)?/?$",
        1,
    )


def doi(value: pl.Expr) -> pl.Expr:
    """`https://doi.org/10.1103/PhysRevD.76.013009` -> `10.1103/physrevd.76.013009`."""
    return (
        value.str.strip_chars()
        .str.replace(r"(?i)^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", "")
        .str.to_lowercase()
        .str.extract(r"^(10\.\d{4,9}/\S+)$", 1)
    )


def openreview_id(value: pl.Expr) -> pl.Expr:
    """An OpenReview forum id, also out of a forum URL (`...forum?id=0JzWiigkUy`)."""
    return value.str.extract(r"(?:[?&]id=)?([A-Za-z0-9_\-]{5,})$", 1)


def pwc_id(value: pl.Expr) -> pl.Expr:
    """A Papers with Code paper slug, also out of its URL (`.../paper/<slug>`)."""
    return value.str.extract(r"(?:paperswithcode\.com/paper/)?([a-z0-9][a-z0-9\-]*)/?$", 1)


def name_key(name: pl.Expr) -> pl.Expr:
    """A name compared loosely: accents dropped, lowercase, punctuation and runs of spaces
    as one space (`Zoë  O'Neil` -> `zoe o neil`)."""
    return (
        unicode_normalized(name, "NFKD")
        .str.replace_all(r"\p{M}+", "")
        .str.to_lowercase()
        .str.replace_all(r"[^\p{L}\p{N}]+", " ")
        .str.strip_chars()
    )


def title_key(title: pl.Expr) -> pl.Expr:
    """Letters and digits of the clean title, lowercased, accents dropped; null if none."""
    key = normalized_for_fingerprint(title)
    return pl.when(key.str.len_chars() > 0).then(key)


def _min_label_over(label: str, key: str) -> pl.Expr:
    return (
        pl.when(pl.col(key).is_not_null())
        .then(pl.col(label).min().over(key))
        .otherwise(pl.col(label))
    )


def _propagate(frame: pl.DataFrame, keys: tuple[str, ...]) -> pl.DataFrame:
    """Give every row the smallest label of any row it shares a key with, transitively."""
    for _ in range(MAX_RESOLUTION_ROUNDS):
        before = frame["label"]
        for key in keys:
            frame = frame.with_columns(label=_min_label_over("label", key))
        if frame["label"].equals(before):
            return frame
    return frame


def resolve_identities(records: pl.DataFrame) -> pl.DataFrame:
    """Group records into papers; return `record_key` and `paper_key` for every record.

    `records` has `record_key`, the normalised identifiers (STRONG_IDS, WEAK_IDS) as
    strings and `year`. A paper's key is its strongest identifier (see paper_key_holders):
    `arxiv:...`, `doi:...`, `openreview:...`, `pwc:...`, `title:<digest>`,
    `abstract:<fingerprint>`.
    """
    values = records.select(
        key_holder="record_key", **{kind: pl.col(kind).cast(pl.String) for kind in KEY_PREFIXES}
    )
    paper_key = pl.coalesce(
        *(
            pl.when(pl.col("key_kind") == kind).then(
                pl.lit(prefix)
                + (stable_digest(pl.col(kind)) if kind == "title_key" else pl.col(kind))
            )
            for kind, prefix in KEY_PREFIXES.items()
        )
    )
    return (
        paper_key_holders(records)
        .join(values, on="key_holder", how="left")
        .select("record_key", paper_key=paper_key)
    )


def paper_key_holders(records: pl.DataFrame) -> pl.DataFrame:
    """Group records into papers; for every record, which identifier names its paper:
    `key_kind` (one of STRONG_IDS, WEAK_IDS) and `key_holder` (the `record_key` of a record
    that has the naming value).

    `records` has `record_key`, the identifiers and `year`. The identifiers may be the
    strings or integer codes that sort as the strings do (what the database sends for
    millions of records: ints take a fraction of the memory). Records sharing a strong
    identifier are one paper. Two groups sharing a weak identifier (a title key, in the
    same or an unknown year; or an abstract fingerprint) are one paper unless a strong
    identifier of one kind differs between them. A paper is named by its strongest kind of
    identifier, the smallest value when it has several. Eager and iterative (a fixpoint),
    so it runs on identifiers only, not on abstracts.
    """
    frame = records.select(
        "record_key", *STRONG_IDS, *WEAK_IDS, pl.col("year").cast(pl.Int32)
    ).with_row_index("label")
    frame = _propagate(frame.with_columns(pl.col("label").cast(pl.Int64)), STRONG_IDS)
    for _ in range(MAX_RESOLUTION_ROUNDS):
        groups = frame.group_by("label").agg(
            *(pl.col(k).drop_nulls().unique().alias(k) for k in STRONG_IDS),
            pl.col("year").drop_nulls().unique().alias("years"),
        )
        edges = _weak_edges(frame, groups)
        if edges.is_empty():
            break
        merged_into = (
            pl.concat([edges, edges.select(left="right", right="left")])
            .group_by("left")
            .agg(pl.col("right").min())
        )
        frame = (
            frame.join(merged_into, left_on="label", right_on="left", how="left")
            .with_columns(label=pl.min_horizontal("label", "right"))
            .drop("right")
        )
        frame = _propagate(frame, STRONG_IDS)
    return _holders(frame)


def _weak_edges(frame: pl.DataFrame, groups: pl.DataFrame) -> pl.DataFrame:
    """Pairs of groups (left < right) that share a weak key and do not disagree."""
    pairs = []
    for key in WEAK_IDS:
        labels = frame.filter(pl.col(key).is_not_null()).select(key, "label").unique()
        small = labels.filter(pl.len().over(key).is_between(2, MAX_WEAK_GROUP))
        pairs.append(
            small.join(small, on=key, suffix="_other")
            .filter(pl.col("label") < pl.col("label_other"))
            .select(left="label", right="label_other")
        )
    candidates = pl.concat(pairs).unique()
    if candidates.is_empty():
        return candidates
    both = candidates.join(groups, left_on="left", right_on="label").join(
        groups, left_on="right", right_on="label", suffix="_right"
    )
    agree = pl.lit(True)
    for key in STRONG_IDS:
        left, right = pl.col(key), pl.col(f"{key}_right")
        agree = agree & (
            (left.list.len() == 0)
            | (right.list.len() == 0)
            | (left.list.set_intersection(right).list.len() > 0)
        )
    years_agree = (
        (pl.col("years").list.len() == 0)
        | (pl.col("years_right").list.len() == 0)
        | (pl.col("years").list.set_intersection(pl.col("years_right")).list.len() > 0)
    )
    return both.filter(agree & years_agree).select("left", "right")


def _holders(frame: pl.DataFrame) -> pl.DataFrame:
    kinds = (*STRONG_IDS, *WEAK_IDS)
    # Per paper and kind, a record holding the smallest value (null when none has one).
    holders = frame.group_by("label").agg(
        pl.col("record_key").min_by(kind).alias(kind) for kind in kinds
    )
    named = holders.select(
        "label",
        key_kind=pl.coalesce(*(pl.when(pl.col(k).is_not_null()).then(pl.lit(k)) for k in kinds)),
        key_holder=pl.coalesce(*kinds),
    )
    return frame.select("record_key", "label").join(named, on="label").drop("label")


def listing_slug(name: pl.Expr) -> pl.Expr:
    """`NeurIPS 2025 Papers` -> `neurips-2025-papers`; a name with no ASCII letters or digits
    gets `listing-<digest>` so that it still has a usable key."""
    ascii_slug = (
        unicode_normalized(name, "NFKD")
        .str.to_lowercase()
        .str.replace_all(r"[^a-z0-9]+", "-")
        .str.strip_chars("-")
    )
    return (
        pl.when(ascii_slug == "")
        .then(pl.lit("listing-") + stable_digest(name).str.slice(0, 12))
        .otherwise(ascii_slug)
    )

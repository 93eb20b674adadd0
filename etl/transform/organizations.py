"""Organisations: the names sources give for where a paper comes from, as Polars expressions.

Two kinds of names arrive: the organisation a source names for the paper (Daily Papers) and
the organisations of the authors' affiliations (one per organisation: the readers split what
an author's affiliation joins, see etl.contracts.AUTHOR). Names are shown as written, cleaned
only at their edges: affiliations carry footnote marks (`OpenAI∗`, `UC Berkeley†`) and the
residue of the lists they were cut from (`, Tsinghua University`). Inside a name nothing
changes: the comma of "University of California, Berkeley" and the `++` of "Megvii Inc
(Face++)" are part of it. The rules are generic, never keyed to a particular organisation.
"""

from __future__ import annotations

import polars as pl

from etl.transform import identity
from etl.transform.text import collapse_whitespace

# Punctuation, symbols and spaces a name cannot start with: all but opening brackets and quotes.
_LEADING_MARKS = r"^[[\p{P}\p{S}\s]--[\p{Ps}\p{Pi}\"']]+"
# ... or end with: all but closing brackets and quotes, the full stop of an abbreviation
# ("Cantina, Inc.") and `+` ("Face++": a `+` joining two names never reaches this point).
_TRAILING_MARKS = r"[[\p{P}\p{S}\s]--[\p{Pe}\p{Pf}\"'.+]]+$"


def organization_name(name: pl.Expr) -> pl.Expr:
    """The name to show: whitespace collapsed, stray punctuation and footnote marks removed
    from both ends (`, Tsinghua University`, `OpenAI*†`); null when nothing is left."""
    cleaned = (
        collapse_whitespace(name).str.replace(_LEADING_MARKS, "").str.replace(_TRAILING_MARKS, "")
    )
    return pl.when(cleaned.str.len_chars() > 0).then(cleaned)


def record_affiliations(records: pl.LazyFrame) -> pl.LazyFrame:
    """One row per record and organisation its authors are affiliated with: `record_key`,
    `organization` (the name to show, as its first author there writes it) and
    `organization_key`."""
    return (
        records.select("record_key", "authors")
        .explode("authors")
        .select("record_key", organization=pl.col("authors").struct.field("affiliations"))
        .explode("organization")
        .with_columns(organization=organization_name(pl.col("organization")))
        .with_columns(organization_key=identity.name_key(pl.col("organization")))
        .filter(pl.col("organization_key").str.len_chars() > 0)
        .unique(["record_key", "organization_key"], keep="first", maintain_order=True)
    )

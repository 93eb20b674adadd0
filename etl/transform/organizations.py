"""Organisations: the names sources give for where a paper comes from, as Polars expressions.

Two kinds of names arrive: the organisation a source names for the paper (Daily Papers) and
the organisations of the authors' affiliations (one per organisation: the readers split what
an author's affiliation joins, see etl.contracts.AUTHOR). Names are shown as written, cleaned
only at their edges: affiliations carry footnote marks (`OpenAI∗`, `UC Berkeley†`) and the
residue of the lists they were cut from (`, Tsinghua University`). Inside a name nothing
changes: the comma of "University of California, Berkeley" and the `++` of "Megvii Inc
(Face++)" are part of it.

One organisation is one key (organization_key): names that differ only by case, accents,
punctuation, spacing, a plural, "The", "and"/"&", "at" or a legal form ("Inc.", "Corporation") are
one organisation. What no rule can know (acronyms, a campus written two ways, a typo, a lab
renamed) is in the reviewed alias file, etl/vocab/organization_aliases.csv, one reason a row,
listed for review by scripts/organization_candidates.py. The rules are generic, never keyed
to a particular organisation.
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
# Words that tell no organisation from another: "The University of Hong Kong" is "University
# of Hong Kong"; "Texas A&M" is "Texas A and M" (name_key turns `&` into a space);
# "University of Illinois at Chicago" is "University of Illinois, Chicago".
_FILLER_WORDS = ["the", "and", "at"]
# Legal forms ending a company's name: "Twitter, Inc." is "Twitter", "Naver Corp" is "NAVER
# Corporation". Never the whole name (a space must come before).
_LEGAL_FORMS = r"(?: (?:inc|incorporated|ltd|limited|llc|corp|corporation|co|gmbh|plc))+$"
# A plural's `s` ("Sorbonne Universités", "Sciences"), not that of a short word or of `ss`.
_PLURAL = r"^(.{2,}[^s])s$"
# `+` joins an author's affiliations; a doubled one is part of a name ("Face++").
_DOUBLED_PLUS = "\x00"


def organization_name(name: pl.Expr) -> pl.Expr:
    """The name to show: whitespace collapsed, stray punctuation and footnote marks removed
    from both ends (`, Tsinghua University`, `OpenAI*†`); null when nothing is left."""
    cleaned = (
        collapse_whitespace(name).str.replace(_LEADING_MARKS, "").str.replace(_TRAILING_MARKS, "")
    )
    return pl.when(cleaned.str.len_chars() > 0).then(cleaned)


def organization_key(name: pl.Expr) -> pl.Expr:
    """The organisation a name is, by rule: letters and digits without accents, lowercased,
    without "the", "and", "at" or a trailing legal form, each word without a plural's `s`, the
    words run together (`The Hong Kong University of Science & Technology` and `Hong Kong
    University of Science and Technologies` -> `hongkonguniversityofsciencetechnology`,
    `Shanghai JiaoTong University` and `Shanghai Jiao Tong University` meet)."""
    words = identity.name_key(name).str.replace(_LEGAL_FORMS, "").str.split(" ")
    return words.list.eval(
        pl.element().filter(~pl.element().is_in(_FILLER_WORDS)).str.replace(_PLURAL, "${1}")
    ).list.join("")


def alias_keys(aliases: pl.DataFrame) -> pl.LazyFrame:
    """The alias file as `alias_key` (the key of an alias) and `alias_of` (the name of the
    organisation it names)."""
    return aliases.lazy().select(
        alias_key=organization_key(pl.col("alias")), alias_of=pl.col("organization")
    )


def _known_keys(aliases: pl.DataFrame) -> pl.Series:
    """The keys of every name the alias file knows: its aliases and their organisations."""
    names = pl.concat([aliases["alias"], aliases["organization"]]).unique()
    return pl.select(organization_key(pl.lit(names))).to_series().unique()


def resolved(frame: pl.LazyFrame, aliases: pl.DataFrame) -> pl.LazyFrame:
    """`organization` (a shown name) as the organisation it names: the alias file's name for
    an alias, else as it is; with its `organization_key` (empty when it has no letter or
    digit)."""
    return (
        frame.with_columns(alias_key=organization_key(pl.col("organization")))
        .join(alias_keys(aliases), on="alias_key", how="left", maintain_order="left")
        .with_columns(organization=pl.coalesce("alias_of", "organization"))
        .with_columns(organization_key=organization_key(pl.col("organization")))
        .drop("alias_key", "alias_of")
    )


def _listed_names(named: pl.LazyFrame, known_keys: pl.Series) -> pl.LazyFrame:
    """Each `organization` that is a comma-separated list, as its names: one name written
    twice ("National University of Singapore, National University of Singapore") once, and
    names the alias file knows, all of them, each on its own row ("national university of
    singaore, National University of Singapore"). Any other comma is part of the name
    ("University of California, Berkeley")."""
    parts = (
        named.select("row", part=pl.col("organization").str.split(","))
        .explode("part")
        .with_columns(part=organization_name(pl.col("part")))
        .filter(pl.col("part").is_not_null())
        .with_columns(part_key=organization_key(pl.col("part")))
    )
    verdicts = parts.group_by("row").agg(
        is_list=(pl.len() > 1) & pl.col("part_key").is_in(known_keys.implode()).all(),
        is_repeat=(pl.len() > 1) & (pl.col("part_key").n_unique() == 1),
    )
    listed = (
        parts.join(verdicts, on="row")
        .filter(
            pl.col("is_list")
            | (pl.col("is_repeat") & pl.col("part_key").is_first_distinct().over("row"))
        )
        .select("row", listed=pl.col("part"))
    )
    return (
        named.join(listed, on="row", how="left", maintain_order="left")
        .with_columns(organization=pl.coalesce("listed", "organization"))
        .drop("listed")
    )


def _written_names(authors: pl.LazyFrame, known_keys: pl.Series) -> pl.LazyFrame:
    """The names in each author's affiliation as written (split at each `+` standing alone)
    that the alias file knows: `author`, `written` and its `written_words` (name_key)."""
    written = (
        pl.col("authors")
        .struct.field("affiliation")
        .str.replace_all("++", _DOUBLED_PLUS, literal=True)
        .str.split("+")
    )
    return (
        authors.select("author", written=written)
        .explode("written")
        .with_columns(
            written=organization_name(
                pl.col("written").str.replace_all(_DOUBLED_PLUS, "++", literal=True)
            )
        )
        .filter(organization_key(pl.col("written")).is_in(known_keys.implode()))
        .select("author", "written", written_words=identity.name_key(pl.col("written")))
    )


def _unfolded(named: pl.LazyFrame, written: pl.LazyFrame) -> pl.LazyFrame:
    """A name a source's normalisation cut down to the organisation that owns it ("Google
    DeepMind" to "Google" in papercopilot's aff_unique_norm) back as the author wrote it,
    when the alias file knows the written name as an organisation: the written name is the
    normalised one followed by more words, in the same author's affiliation."""
    owned_by = identity.name_key(pl.col("organization")) + " "
    matches = (
        named.join(written, on="author")
        .filter(pl.col("written_words").str.starts_with(owned_by))
        .unique("row", keep="first", maintain_order=True)
        .select("row", "written")
    )
    return (
        named.join(matches, on="row", how="left", maintain_order="left")
        .with_columns(organization=pl.coalesce("written", "organization"))
        .drop("written")
    )


def affiliation_names(records: pl.LazyFrame, aliases: pl.DataFrame) -> pl.LazyFrame:
    """Every organisation the records' authors are affiliated with, as each author names
    it: `record_key`, `organization` (the name to show), `organization_key` and
    `written_key`, the name_key of the name as the source gave it (the key organisations were
    published under before these rules: publish finds a spelling's former organisation by
    it)."""
    known_keys = _known_keys(aliases)
    authors = records.select("record_key", "authors").explode("authors").with_row_index("author")
    named = (
        authors.select(
            "record_key", "author", organization=pl.col("authors").struct.field("affiliations")
        )
        .explode("organization")
        .with_columns(organization=organization_name(pl.col("organization")))
        .filter(pl.col("organization").is_not_null())
        .with_row_index("row")
        .with_columns(written_key=identity.name_key(pl.col("organization")))
    )
    return (
        named.pipe(_unfolded, _written_names(authors, known_keys))
        .pipe(_listed_names, known_keys)
        .pipe(resolved, aliases)
        .filter(pl.col("organization_key").str.len_chars() > 0)
        .select("record_key", "organization", "organization_key", "written_key")
    )


def record_affiliations(names: pl.LazyFrame) -> pl.LazyFrame:
    """One row per record and organisation its authors are affiliated with (of
    affiliation_names): `record_key`, `organization` (the name to show, as its first author
    there writes it) and `organization_key`."""
    return names.unique(
        ["record_key", "organization_key"], keep="first", maintain_order=True
    ).select("record_key", "organization", "organization_key")
